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
import { errorBody, HttpError, parseOr422 } from '../../http/errors';
import type { RateLimitService } from '../rate-limits/service';
import type { WidgetService } from './service';

/**
 * CORS for the widget's callers: the shop and the configured origins get their own origin
 * back, with credentials allowed (Depict's client sends beacons with credentials, issue 18) —
 * never `*`; preflights answer 204. Other origins get no CORS headers (the browser blocks them).
 */
function cors(config: AppConfig): RequestHandler {
  const allowed = new Set([config.publicWebUrl, ...(config.widgetOrigins ?? [])]);
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origin && allowed.has(origin)) {
      res.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
      });
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
 * beacons as JSON arrays — Depict's client's beacon falls back to a form content type when the
 * browser refuses a JSON one: such a text body is parsed as JSON here; bad JSON answers the JSON
 * error (400: not JSON at all; a JSON body that fails validation answers 422).
 */
const textJsonOf = (limit: string, types: string[] = ['text/plain']): RequestHandler[] => [
  express.text({ type: types, limit }),
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
  r.use(EVENT_PATHS, cors(deps.config), limiter, express.json({ limit: EVENTS_BODY_LIMIT }), ...textJsonOf(EVENTS_BODY_LIMIT, ['text/plain', 'application/x-www-form-urlencoded']));

  const events: RequestHandler = async (req, res) => {
    // A beacon sends the events array alone, each event with its tenant and market and its `type` (Depict's name for `event_type`).
    const body = Array.isArray(req.body) ? { market: beaconField(req.body[0], 'market'), tenant: beaconField(req.body[0], 'tenant'), events: req.body.map(withEventType) } : (req.body ?? {});
    const parsed = parseOr422(createEventsRequestSchema, body);
    res.json({ success: true, stored: await deps.widget.createEvents(parsed.events, parsed.market, parsed.tenant) });
  };
  r.post(EVENT_PATHS, events);
  return r;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const beaconField = (event: unknown, name: 'market' | 'tenant'): unknown => (isRecord(event) ? event[name] : undefined);
/** A beacon event names its type `type`; ours `event_type` (left as it is when given). */
const withEventType = (event: unknown): unknown => (isRecord(event) && event.event_type === undefined && event.type !== undefined ? { ...event, event_type: event.type } : event);

export function widgetRoutes(deps: { config: AppConfig; widget: WidgetService }): Router {
  const r = Router();
  const { widget } = deps;
  r.use('/v2', cors(deps.config), ...textJson);

  r.post('/v2/search/results', async (req, res) => {
    res.json(await widget.searchResults(parseOr422(searchResultsRequestSchema, req.body ?? {})));
  });

  r.post('/v2/product-listing', async (req, res) => {
    res.json(await widget.productListing(parseOr422(productListingRequestSchema, req.body ?? {})));
  });

  r.get('/v2/search/suggestions', async (req, res) => {
    const q = parseOr422(suggestionsQuerySchema, req.query);
    res.json(await widget.suggestions(q.query));
  });

  r.post('/v2/search/related', async (req, res) => {
    res.json(await widget.relatedTo(parseOr422(relatedRequestSchema, req.body ?? {})));
  });

  r.post('/v2/recommend/products/:kind', async (req, res) => {
    const { kind } = parseOr422(z.object({ kind: recommendationKindSchema }), req.params);
    res.json(await widget.recommend(kind, parseOr422(recommendProductsRequestSchema, req.body ?? {})));
  });

  return r;
}
