import { Router, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { checkoutPlaceRequestSchema, checkoutQuoteRequestSchema, checkoutQuoteSchema, collectionPointsQuerySchema, da, giftCardLookupRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { errorBody, parseOr400 } from '../../http/errors';
import { readSessionToken, requireCsrf, verifiedShopperId } from '../../http/identity';
import type { AuthService } from '../auth/service';
import type { Storage } from '../../storage/port';
import type { CheckoutService } from './service';

export function checkoutRoutes(deps: { config: AppConfig; auth: AuthService; checkout: CheckoutService; storage: Storage }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const who = async (token: string | null) => (await deps.auth.resolve(token))?.user ?? null;
  // A gift card's PIN is short: guessing is throttled per IP (failed attempts only).
  const pinLimiter = rateLimit({
    windowMs: deps.config.loginRateLimit.windowMs,
    limit: deps.config.loginRateLimit.max,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json(errorBody('rate_limited', da.errors.rateLimited));
    },
  });

  // Only requests that try gift card PINs count against the limit, so form typos never lock a checkout.
  const withGiftCards: RequestHandler = (req, res, next) => {
    const cards = (req.body as { giftCards?: unknown } | undefined)?.giftCards;
    if (Array.isArray(cards) && cards.length > 0) return pinLimiter(req, res, next);
    next();
  };

  r.post('/api/checkout/delivery-options', csrf, async (_req, res) => {
    res.json({ data: await deps.checkout.deliveryOptions(verifiedShopperId(res)) });
  });

  r.get('/api/checkout/collection-points', async (req, res) => {
    const q = parseOr400(collectionPointsQuerySchema, req.query);
    res.json({ data: await deps.checkout.collectionPoints(q.zip, q.deliveryMethodId) });
  });

  r.post('/api/checkout/quote', csrf, withGiftCards, async (req, res) => {
    const body = parseOr400(checkoutQuoteRequestSchema, req.body ?? {});
    const user = await who(readSessionToken(req));
    const quote = await deps.checkout.quote(verifiedShopperId(res), body, user?.role === 'store-staff' || user?.role === 'manager');
    res.json({ data: checkoutQuoteSchema.parse(quote) });
  });

  r.post('/api/checkout/place', csrf, withGiftCards, async (req, res) => {
    const body = parseOr400(checkoutPlaceRequestSchema, req.body ?? {});
    res.json(await deps.checkout.place(verifiedShopperId(res), body, await who(readSessionToken(req))));
  });

  /** SPEC /gavekort: balance by number and PIN; a mismatch says so without telling which part was wrong. */
  r.post('/api/giftcard/balance', csrf, pinLimiter, async (req, res) => {
    const { number, pin } = parseOr400(giftCardLookupRequestSchema, req.body ?? {});
    const [card] = await deps.checkout.checkGiftCards([{ number, pin }], { allowEmpty: true });
    const rec = (await deps.storage.collection('giftCards').get(card!.number))!;
    res.json({ data: { number: rec.id, balance: rec.balance, expiresAt: rec.expiresAt } });
  });

  return r;
}
