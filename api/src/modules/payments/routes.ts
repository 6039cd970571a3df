import { Router } from 'express';
import { payLinkLookupRequestSchema, payLinkPayRequestSchema, payLinkQuoteRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import type { GiftCardService } from '../gift-cards/service';
import { giftCardAttemptThrottle } from '../gift-cards/throttle';
import type { RateLimitService } from '../rate-limits/service';
import type { PaymentService } from './service';

/** The shop's pay-by-link calls. Tokens come in the body, so they never reach a URL in a log. */
export function paymentRoutes(deps: { config: AppConfig; payments: PaymentService; giftCards: GiftCardService; rateLimits: RateLimitService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  // Gift card PINs count per card against the shop's guessing throttle (as the balance lookup and the checkout).
  const withGiftCards = giftCardAttemptThrottle(deps);

  r.post('/api/pay/lookup', csrf, async (req, res) => {
    const { token } = parseOr400(payLinkLookupRequestSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.payments.lookup(token) });
  });

  r.post('/api/pay/quote', csrf, withGiftCards, async (req, res) => {
    const body = parseOr400(payLinkQuoteRequestSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.payments.quote(body) });
  });

  r.post('/api/pay/charge', csrf, withGiftCards, async (req, res) => {
    const body = parseOr400(payLinkPayRequestSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.json(await deps.payments.pay(body));
  });

  return r;
}
