import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { da } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { errorBody } from '../../http/errors';

const throttles = new WeakMap<AppConfig, RequestHandler>();

/**
 * A gift card's PIN is short: guessing is throttled per IP (failed attempts only). One throttle
 * per app, so the balance lookup, the checkout, the pay-by-link page and the store counter
 * count the same attempts.
 */
export function giftCardPinThrottle(config: AppConfig): RequestHandler {
  let limiter = throttles.get(config);
  if (!limiter) {
    limiter = rateLimit({
      windowMs: config.loginRateLimit.windowMs,
      limit: config.loginRateLimit.max,
      skipSuccessfulRequests: true,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).json(errorBody('rate_limited', da.errors.rateLimited));
      },
    });
    throttles.set(config, limiter);
  }
  return limiter;
}

/** The throttle for requests whose body may name gift cards: only those that try PINs count, so form typos never lock a payment. */
export function giftCardAttemptThrottle(config: AppConfig): RequestHandler {
  const throttle = giftCardPinThrottle(config);
  return (req, res, next) => {
    const cards = (req.body as { giftCards?: unknown } | undefined)?.giftCards;
    if (Array.isArray(cards) && cards.length > 0) return throttle(req, res, next);
    next();
  };
}
