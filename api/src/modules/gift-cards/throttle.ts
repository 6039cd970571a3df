import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { da } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { errorBody } from '../../http/errors';
import type { RateLimitService } from '../rate-limits/service';

/** What the throttle is built from: the limits in the config, the counters in storage. */
export interface ThrottleDeps {
  config: AppConfig;
  rateLimits: RateLimitService;
}

/**
 * A gift card's PIN is short: guessing is throttled per IP (failed attempts only). Every throttle
 * counts under one name in storage, so the balance lookup, the checkout, the pay-by-link page and
 * the store counter count the same attempts — on every API instance.
 */
export function giftCardPinThrottle(deps: ThrottleDeps): RequestHandler {
  return rateLimit({
    windowMs: deps.config.loginRateLimit.windowMs,
    limit: deps.config.loginRateLimit.max,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: deps.rateLimits.store('gift-card-pin'),
    handler: (_req, res) => {
      res.status(429).json(errorBody('rate_limited', da.errors.rateLimited));
    },
  });
}

/** The throttle for requests whose body may name gift cards: only those that try PINs count, so form typos never lock a payment. */
export function giftCardAttemptThrottle(deps: ThrottleDeps): RequestHandler {
  const throttle = giftCardPinThrottle(deps);
  return (req, res, next) => {
    const cards = (req.body as { giftCards?: unknown } | undefined)?.giftCards;
    if (Array.isArray(cards) && cards.length > 0) return throttle(req, res, next);
    next();
  };
}
