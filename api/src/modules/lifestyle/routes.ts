import { Router, type ErrorRequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import {
  da,
  lifestyleAgreementParamsSchema,
  lifestyleConnectRequestSchema,
  lifestyleDocumentParamsSchema,
  lifestyleErrors,
  lifestyleExchangeRequestSchema,
} from '@optik/shared';
import type { AppConfig } from '../../deps';
import { errorBody, parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { LifestyleUnavailableError } from '../../ports/lifestyle';
import { currentUser, requireRole } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { RateLimitService } from '../rate-limits/service';
import { renderDocumentHtml } from './documents';
import type { LifestyleService } from './service';

/**
 * SPEC §2 /min-konto/abonnement/briller/…, /forbind-til-lifestyle and /fortrodmig: the signed-in
 * customer's own Lifestyle agreements only. Reads answer `{ service: 'ok', data }`, or
 * `{ service: 'maintenance', message }` while the platform is down (see lifestyleAnswerSchema);
 * changes answer 503 then.
 */
export function lifestyleRoutes(deps: { config: AppConfig; auth: AuthService; lifestyle: LifestyleService; rateLimits: RateLimitService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const customer = requireRole(deps.auth, ['customer']);
  const svc = deps.lifestyle;
  // Connecting proves a birth date against an agreement number: failed attempts are throttled per account.
  const connectLimiter = rateLimit({
    windowMs: deps.config.loginRateLimit.windowMs,
    limit: deps.config.loginRateLimit.max,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `lifestyle-connect:${currentUser(res).id}`,
    store: deps.rateLimits.store('lifestyle-connect'),
    handler: (_req, res) => {
      res.status(429).json(errorBody('rate_limited', da.errors.rateLimited));
    },
  });

  async function read(res: Response, load: () => Promise<unknown>) {
    res.set('Cache-Control', 'no-store');
    try {
      res.json({ service: 'ok', data: await load() });
    } catch (e) {
      if (!(e instanceof LifestyleUnavailableError)) throw e;
      res.json({ service: 'maintenance', message: lifestyleErrors.maintenance });
    }
  }

  r.get('/api/lifestyle/agreements', customer, async (_req, res) => {
    await read(res, () => svc.list(currentUser(res).id));
  });

  r.get('/api/lifestyle/agreements/:id', customer, async (req, res) => {
    const { id } = parseOr400(lifestyleAgreementParamsSchema, req.params);
    await read(res, () => svc.get(currentUser(res).id, id));
  });

  r.get('/api/lifestyle/agreements/:id/documents', customer, async (req, res) => {
    const { id } = parseOr400(lifestyleAgreementParamsSchema, req.params);
    await read(res, () => svc.documents(currentUser(res).id, id));
  });

  r.get('/api/lifestyle/agreements/:id/documents/:documentId', customer, async (req, res) => {
    const { id, documentId } = parseOr400(lifestyleDocumentParamsSchema, req.params);
    await read(res, async () => (await svc.document(currentUser(res).id, id, documentId)).document);
  });

  /** The document as an HTML file to keep or print. */
  r.get('/api/lifestyle/agreements/:id/documents/:documentId/download', customer, async (req, res) => {
    const { id, documentId } = parseOr400(lifestyleDocumentParamsSchema, req.params);
    const { document, agreementNumber } = await svc.document(currentUser(res).id, id, documentId);
    res.set('Cache-Control', 'no-store');
    res.set('Content-Disposition', `attachment; filename="lifestyle-${agreementNumber}-${document.kind}-${document.createdOn}.html"`);
    res.type('html').send(renderDocumentHtml(document, agreementNumber));
  });

  r.get('/api/lifestyle/agreements/:id/perks', customer, async (req, res) => {
    const { id } = parseOr400(lifestyleAgreementParamsSchema, req.params);
    await read(res, () => svc.perks(currentUser(res).id, id));
  });

  r.get('/api/lifestyle/agreements/:id/frames', customer, async (req, res) => {
    const { id } = parseOr400(lifestyleAgreementParamsSchema, req.params);
    await read(res, () => svc.frameOptions(currentUser(res).id, id));
  });

  r.post('/api/lifestyle/agreements/:id/exchange', csrf, customer, async (req, res) => {
    const { id } = parseOr400(lifestyleAgreementParamsSchema, req.params);
    const { articleId } = parseOr400(lifestyleExchangeRequestSchema, req.body ?? {});
    res.json({ data: await svc.exchange(currentUser(res).id, id, articleId) });
  });

  r.post('/api/lifestyle/agreements/:id/cancellation', csrf, customer, async (req, res) => {
    const { id } = parseOr400(lifestyleAgreementParamsSchema, req.params);
    res.json({ data: await svc.startCancellation(currentUser(res).id, id) });
  });

  r.post('/api/lifestyle/agreements/:id/cancellation/winback', csrf, customer, async (req, res) => {
    const { id } = parseOr400(lifestyleAgreementParamsSchema, req.params);
    res.json({ data: await svc.acceptWinback(currentUser(res).id, id) });
  });

  r.post('/api/lifestyle/agreements/:id/cancellation/confirm', csrf, customer, async (req, res) => {
    const { id } = parseOr400(lifestyleAgreementParamsSchema, req.params);
    res.json({ data: await svc.confirmNotice(currentUser(res).id, id) });
  });

  r.post('/api/lifestyle/connect', csrf, customer, connectLimiter, async (req, res) => {
    const body = parseOr400(lifestyleConnectRequestSchema, req.body ?? {});
    res.json({ data: await svc.connect(currentUser(res).id, body) });
  });

  // Changes (and the file download) while the platform is down: 503 with the SPEC §8 message.
  const unavailable: ErrorRequestHandler = (err, _req, res, next) => {
    if (!(err instanceof LifestyleUnavailableError)) return next(err);
    res.status(503).json(errorBody('unavailable', lifestyleErrors.maintenance));
  };
  r.use(unavailable);

  return r;
}
