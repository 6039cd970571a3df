import { Router } from 'express';
import { checkoutPlaceRequestSchema, checkoutQuoteRequestSchema, checkoutQuoteSchema, collectionPointsQuerySchema, giftCardLookupRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { readSessionToken, requireCsrf, verifiedShopperId } from '../../http/identity';
import type { AuthService } from '../auth/service';
import type { GiftCardService } from '../gift-cards/service';
import { giftCardAttemptThrottle, giftCardPinThrottle } from '../gift-cards/throttle';
import type { RateLimitService } from '../rate-limits/service';
import type { CheckoutService } from './service';

export function checkoutRoutes(deps: { config: AppConfig; auth: AuthService; checkout: CheckoutService; giftCards: GiftCardService; rateLimits: RateLimitService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const who = async (token: string | null) => (await deps.auth.resolve(token))?.user ?? null;
  // PIN guessing is throttled per card by the shop's gift-card throttle (its counters shared with pay-by-link).
  const pinLimiter = giftCardPinThrottle(deps);
  const withGiftCards = giftCardAttemptThrottle(deps);

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
    const quote = await deps.checkout.quote(verifiedShopperId(res), body, user?.role === 'store-staff' || user?.role === 'manager', user?.role === 'customer' ? user.id : null);
    res.json({ data: checkoutQuoteSchema.parse(quote) });
  });

  r.post('/api/checkout/place', csrf, withGiftCards, async (req, res) => {
    const body = parseOr400(checkoutPlaceRequestSchema, req.body ?? {});
    res.json(await deps.checkout.place(verifiedShopperId(res), body, await who(readSessionToken(req))));
  });

  /** SPEC /gavekort: balance by number and PIN; a mismatch says so without telling which part was wrong. */
  r.post('/api/giftcard/balance', csrf, pinLimiter, async (req, res) => {
    const { number, pin } = parseOr400(giftCardLookupRequestSchema, req.body ?? {});
    res.json({ data: await deps.giftCards.balance({ number, pin }) });
  });

  return r;
}
