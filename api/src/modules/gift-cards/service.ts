import { createHmac, timingSafeEqual } from 'node:crypto';
import { da, type GiftCardLookupRequest, type MaskedGiftCardAmount, type Order } from '@optik/shared';
import type { Clock } from '../../deps';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/port';
import { C } from '../../collections';

export const giftCardMessages = {
  empty: 'Gavekortet er brugt op.',
  changed: 'Gavekortets saldo er ændret. Prøv igen.',
} as const;

/** Gift card PINs are kept as a keyed hash; the same function checks them. */
export function hashGiftCardPin(secret: string, number: string, pin: string): string {
  return createHmac('sha256', secret).update(`giftcard:${number}:${pin}`).digest('base64url');
}

/** What one card pays of an amount (øre). */
export interface GiftCardUse {
  number: string;
  use: number;
}

/** Each card in turn pays what it can of `amount` until nothing is left. */
export function apportionGiftCards(cards: readonly { number: string; balance: number }[], amount: number): { uses: GiftCardUse[]; cover: number } {
  let left = amount;
  const uses = cards.map((c) => {
    const use = Math.min(c.balance, left);
    left -= use;
    return { number: c.number, use };
  });
  return { uses, cover: amount - left };
}

/** The order paid `uses` too: each card's part is added to what the order records of it (by card). */
export function withGiftCards<O extends Pick<Order, 'giftCards'>>(order: O, uses: readonly GiftCardUse[]): O {
  if (uses.length === 0) return order;
  const cards = [...(order.giftCards ?? [])];
  for (const u of uses) {
    const i = cards.findIndex((c) => c.number === u.number);
    if (i < 0) cards.push({ number: u.number, amount: u.use });
    else cards[i] = { number: u.number, amount: cards[i]!.amount + u.use };
  }
  return { ...order, giftCards: cards };
}

/** A card as customers and staff see it: the last four digits only. */
export function maskGiftCards(cards: readonly { number: string; amount: number }[]): MaskedGiftCardAmount[] {
  return cards.map((c) => ({ last4: c.number.slice(-4), amount: c.amount }));
}

/** An order as an API answers it: without the numbers of the gift cards that paid it. */
export function hideGiftCardNumbers(order: Order): Order {
  if (!order.giftCards) return order;
  const { giftCards: _numbers, ...rest } = order;
  return rest;
}

/**
 * Which cards get `amount` of a refund back: each card at most what it paid of the order, less
 * what earlier refunds (`creditedBefore` in all) put back — the cards are filled in the order
 * they paid, so the same history always gives the same split.
 */
export function giftCardRefundParts(paid: readonly { number: string; amount: number }[], creditedBefore: number, amount: number): GiftCardUse[] {
  const done = apportionGiftCards(paid.map((c) => ({ number: c.number, balance: c.amount })), creditedBefore).uses;
  const left = paid.map((c, i) => ({ number: c.number, balance: c.amount - done[i]!.use }));
  return apportionGiftCards(left, amount).uses.filter((u) => u.use > 0);
}

/**
 * Puts refunded parts back on their cards, each in one atomic storage update that also notes
 * `reference` on the card: a retried refund (same reference) credits nothing twice. A card that
 * has expired since gets its part too (decision 003).
 */
export async function creditGiftCards(storage: Storage, parts: readonly GiftCardUse[], reference: string): Promise<void> {
  for (const p of parts.filter((x) => x.use > 0)) {
    const credited = await storage
      .collection(C.giftCards)
      .update(p.number, (g) => (g.credits?.includes(reference) ? g : { ...g, balance: g.balance + p.use, credits: [...(g.credits ?? []), reference] }));
    if (!credited) throw new Error(`Gavekort •••• ${p.number.slice(-4)} findes ikke; ${reference} kan ikke sættes tilbage på det.`);
  }
}

/** Parts taken from gift cards, until the rest of the payment is through. */
export interface TakenGiftCards {
  /** What was taken, card by card (the order records it with `withGiftCards`). */
  readonly uses: readonly GiftCardUse[];
  /** Puts every part taken back on its card. */
  giveBack(): Promise<void>;
  /**
   * Runs the charge of the rest; when it throws or does not pay, every card gets its part back.
   * The answer is the charge's.
   */
  payRest<R extends { ok: boolean }>(charge: () => Promise<R>): Promise<R>;
}

class Short extends Error {}

/**
 * Gift cards (payment type 900) — one implementation for the web checkout, the pay-by-link page
 * and the store counter: the PIN checked against its keyed hash, each card's part taken in one
 * atomic storage update (only while the balance still covers it), and given back when the rest
 * of the payment fails. PIN guessing is throttled by `giftCardPinThrottle` on every route that
 * takes PINs.
 */
export class GiftCards {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  private get cards() {
    return this.storage.collection(C.giftCards);
  }

  /**
   * Gift cards named by number and PIN: each must match and be valid (and, for paying, hold a
   * balance). A mismatch says so without telling which part was wrong.
   */
  async check(cards: readonly GiftCardLookupRequest[], opts: { allowEmpty?: boolean } = {}): Promise<{ number: string; balance: number }[]> {
    const out: { number: string; balance: number }[] = [];
    const now = this.clock.now().toISOString();
    for (const c of cards) {
      const rec = await this.cards.get(c.number);
      const hash = Buffer.from(hashGiftCardPin(this.secret, c.number, c.pin));
      const ok = rec && rec.pinHash.length === hash.length && timingSafeEqual(Buffer.from(rec.pinHash), hash) && (!rec.expiresAt || rec.expiresAt > now);
      if (!ok) throw badRequest({ giftCards: da.errors.giftCardMismatch });
      if (rec.balance === 0 && !opts.allowEmpty) throw badRequest({ giftCards: giftCardMessages.empty });
      if (!out.some((x) => x.number === c.number)) out.push({ number: c.number, balance: rec.balance });
    }
    return out;
  }

  /**
   * Takes each card's part atomically, only while its balance still covers it; when one falls
   * short (spent meanwhile), the parts already taken go back and nothing is paid.
   */
  async take(uses: readonly GiftCardUse[]): Promise<TakenGiftCards> {
    const taken: GiftCardUse[] = [];
    const giveBack = async () => {
      for (const t of taken.splice(0)) await this.cards.update(t.number, (g) => ({ ...g, balance: g.balance + t.use }));
    };
    for (const c of uses.filter((x) => x.use > 0)) {
      try {
        await this.cards.update(c.number, (g) => {
          if (g.balance < c.use) throw new Short();
          return { ...g, balance: g.balance - c.use };
        });
      } catch (err) {
        await giveBack();
        throw err instanceof Short ? badRequest({ giftCards: giftCardMessages.changed }) : err;
      }
      taken.push(c);
    }
    return {
      uses: [...taken],
      giveBack,
      payRest: async (charge) => {
        let result;
        try {
          result = await charge();
        } catch (err) {
          await giveBack();
          throw err;
        }
        if (!result.ok) await giveBack();
        return result;
      },
    };
  }
}
