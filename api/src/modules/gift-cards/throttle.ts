import type { RequestHandler } from 'express';
import { da, giftCardLookupRequestSchema, type GiftCardLookupRequest } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { HttpError } from '../../http/errors';
import type { RateLimitService } from '../rate-limits/service';
import type { GiftCardService } from './service';

/** Wrong PINs a card takes before it is blocked (issue 15: whatever the address they came from). */
export const GIFT_CARD_PIN_ATTEMPTS = 5;
/** How long a card stays blocked after its last counted wrong PIN. */
export const GIFT_CARD_BLOCK_MS = 60 * 60_000;

/** What the throttle is built from: the counters in storage and the cards whose PINs it checks. */
export interface ThrottleDeps {
  config: AppConfig;
  rateLimits: RateLimitService;
  giftCards: GiftCardService;
}

/**
 * Whose attempts count together: the shop's (shoppers, the pay-by-link page) or the store
 * counter's (staff, the customer present with the card). Shoppers' wrong PINs never block the
 * counter, and the other way round.
 */
export type PinCounter = 'shop' | 'store';

/** The cards a request names (`giftCards: [{number, pin}]`, or a body that is one card); ones not well-formed are left to the route's validation. */
function cardsOf(body: unknown): GiftCardLookupRequest[] {
  if (typeof body !== 'object' || body === null) return [];
  const list = Object.hasOwn(body, 'giftCards') ? (body as { giftCards: unknown }).giftCards : Object.hasOwn(body, 'number') && Object.hasOwn(body, 'pin') ? [body] : [];
  if (!Array.isArray(list)) return [];
  const cards = new Map<string, GiftCardLookupRequest>();
  // The schemas allow at most 3 cards; a longer list is refused by the route's validation, so only the first ones are looked at.
  for (const item of list.slice(0, 3)) {
    const card = giftCardLookupRequestSchema.safeParse(item);
    if (card.success && !cards.has(card.data.number)) cards.set(card.data.number, card.data);
  }
  return [...cards.values()];
}

/**
 * Gift-card PIN guessing is throttled per card, in storage (every API instance counts the same
 * attempts): each card named in the request is first counted as an attempt — atomically, so of
 * any number of concurrent guesses no more than `GIFT_CARD_PIN_ATTEMPTS` get tried — then its PIN
 * is checked; a right PIN takes its attempt back, a wrong one keeps it and the request is answered
 * with the mismatch. A card with `GIFT_CARD_PIN_ATTEMPTS` wrong PINs is blocked for an hour
 * (429 with Retry-After) whoever asks, and its PIN is not checked meanwhile; other cards, and the
 * other counter, are not affected. The counters are keyed by a keyed hash of the card number.
 * Requests without cards pass untouched, so form typos never lock a payment.
 */
export function giftCardPinThrottle(deps: ThrottleDeps, counter: PinCounter = 'shop'): RequestHandler {
  const name = counter === 'store' ? 'gift-card-pin-store' : 'gift-card-pin';
  return async (req, _res, next) => {
    for (const card of cardsOf(req.body)) {
      const attempt = await deps.rateLimits.attempt(name, card.number, { limit: GIFT_CARD_PIN_ATTEMPTS, windowMs: GIFT_CARD_BLOCK_MS });
      if (!attempt.allowed) {
        const seconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
        throw new HttpError(429, 'rate_limited', da.errors.rateLimited, undefined, { 'Retry-After': String(seconds) });
      }
      let wrong = false;
      try {
        await deps.giftCards.balance(card);
      } catch (err) {
        // Only a mismatch (wrong PIN, unknown or expired card) is a guess; anything else gives the attempt back.
        wrong = err instanceof HttpError && err.status === 400;
        throw err;
      } finally {
        if (!wrong) await deps.rateLimits.unhit(name, card.number);
      }
    }
    next();
  };
}

/** The same throttle, for requests whose body may name gift cards (checkout, pay-by-link). */
export const giftCardAttemptThrottle = giftCardPinThrottle;
