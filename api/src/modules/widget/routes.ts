import { randomUUID } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import {
  da,
  createEventsRequestSchema,
  productListingRequestSchema,
  recommendationKindSchema,
  recommendProductsRequestSchema,
  relatedRequestSchema,
  searchResultsRequestSchema,
  suggestionsQuerySchema,
} from '@optik/shared';
import type { AppConfig } from '../../deps';
import { errorBody, HttpError, parseOr400 } from '../../http/errors';
import type { RateLimitService } from '../rate-limits/service';
import { toDisplay } from './engine';
import type { WidgetService } from './service';

/**
 * CORS for the widget's callers: the shop and the configured origins get their own origin
 * back; preflights answer 204. Other origins get no CORS headers (the browser blocks them).
 */
function cors(config: AppConfig): RequestHandler {
  const allowed = new Set([config.publicWebUrl, ...(config.widgetOrigins ?? [])]);
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origin && allowed.has(origin)) {
      res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '600' });
      res.vary('Origin');
    }
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  };
}

/**
 * Clients of this API family send JSON as `text/plain` (a "simple" request, no preflight) and
 * beacons as JSON arrays: a text body is parsed as JSON here; bad JSON answers the JSON error.
 */
const textJsonOf = (limit: string): RequestHandler[] => [
  express.text({ type: ['text/plain', 'text/plain;charset=UTF-8'], limit }),
  (req, _res, next) => {
    if (typeof req.body === 'string') {
      try {
        req.body = req.body.trim() ? JSON.parse(req.body) : {};
      } catch {
        throw new HttpError(400, 'malformed_json', da.errors.malformedJson);
      }
    }
    next();
  },
];
const textJson = textJsonOf('256kb');

/** The largest create-events body (JSON or text): 100 events of ordinary size fit many times over. */
export const EVENTS_BODY_LIMIT = '64kb';
/** Create-events calls per client address per minute, unless the config says otherwise (each call ≤ 100 events). */
export const EVENTS_RATE_LIMIT = { windowMs: 60_000, max: 30 } as const;
const EVENT_PATHS = ['/v2/create-events', '/create-events'];

/**
 * POST /v2/create-events and /create-events (beacons), mounted before the app's JSON parser: CORS,
 * then a per-client-address rate limit (counters in storage, shared by every instance; one
 * bucket per address, never one for all), then the body at most EVENTS_BODY_LIMIT (413 JSON
 * otherwise) — the limit is checked before a byte of the body is read.
 */
export function widgetEventRoutes(deps: { config: AppConfig; widget: WidgetService; rateLimits: RateLimitService }): Router {
  const r = Router();
  const { windowMs, max } = deps.config.widgetEventRateLimit ?? EVENTS_RATE_LIMIT;
  const limiter = rateLimit({
    windowMs,
    limit: max,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    store: deps.rateLimits.store('widget-events'),
    handler: (_req, res) => {
      res.status(429).json(errorBody('rate_limited', da.errors.rateLimited));
    },
  });
  r.use(EVENT_PATHS, cors(deps.config), limiter, express.json({ limit: EVENTS_BODY_LIMIT }), ...textJsonOf(EVENTS_BODY_LIMIT));

  const events: RequestHandler = async (req, res) => {
    // A beacon sends the events array alone.
    const body = Array.isArray(req.body) ? { market: req.body[0]?.market, tenant: req.body[0]?.tenant, events: req.body } : (req.body ?? {});
    const parsed = parseOr400(createEventsRequestSchema, body);
    res.json({ success: true, stored: await deps.widget.createEvents(parsed.events, parsed.market, parsed.tenant) });
  };
  r.post(EVENT_PATHS, events);
  return r;
}

export function widgetRoutes(deps: { config: AppConfig; widget: WidgetService }): Router {
  const r = Router();
  const { widget } = deps;
  r.use('/v2', cors(deps.config), ...textJson);

  r.post('/v2/search/results', async (req, res) => {
    res.json(await widget.searchResults(parseOr400(searchResultsRequestSchema, req.body ?? {})));
  });

  r.post('/v2/product-listing', async (req, res) => {
    res.json(await widget.productListing(parseOr400(productListingRequestSchema, req.body ?? {})));
  });

  r.get('/v2/search/suggestions', async (req, res) => {
    const q = parseOr400(suggestionsQuerySchema, req.query);
    res.json(await widget.suggestions(q.query));
  });

  r.post('/v2/search/related', async (req, res) => {
    const body = parseOr400(relatedRequestSchema, req.body ?? {});
    const id = randomUUID();
    const list = await widget.related(body.product_id, body.limit);
    res.json({ displays: list.map((a, i) => toDisplay(a, { recommendation_id: `${id}:${i}` })), recommendation_request_id: id });
  });

  r.post('/v2/recommend/products/:kind', async (req, res) => {
    const { kind } = parseOr400(z.object({ kind: recommendationKindSchema }), req.params);
    res.json(await widget.recommend(kind, parseOr400(recommendProductsRequestSchema, req.body ?? {})));
  });

  return r;
}
