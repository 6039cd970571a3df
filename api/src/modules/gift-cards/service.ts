import { createHmac, timingSafeEqual } from 'node:crypto';
import { da, type GiftCardLookupRequest, type MaskedGiftCardAmount, type Order } from '@optik/shared';
import type { Clock } from '../../deps';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/port';
import type { GiftCardRecord } from './records';
import { GiftCardRepository } from './repository';

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

/** The order lets go of `uses` (their payment failed): each card's part comes off what the order records of it. */
export function withoutGiftCards<O extends Pick<Order, 'giftCards'>>(order: O, uses: readonly GiftCardUse[]): O {
  if (uses.length === 0) return order;
  const cards = (order.giftCards ?? []).map((c) => ({ ...c, amount: c.amount - uses.filter((u) => u.number === c.number).reduce((s, u) => s + u.use, 0) })).filter((c) => c.amount > 0);
  if (cards.length > 0) return { ...order, giftCards: cards };
  const { giftCards: _none, ...rest } = order;
  return rest as O;
}

/** What the order records of its gift cards, as parts (what a cancelled order gives back). */
export const giftCardUsesOf = (order: Pick<Order, 'giftCards'>): GiftCardUse[] => (order.giftCards ?? []).map((c) => ({ number: c.number, use: c.amount }));

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
 * Gift cards (payment type 900) — one implementation for the web checkout, the pay-by-link page,
 * the store counter and refunds: the PIN checked against its keyed hash; each card's part taken
 * in a transaction (only while the balance still covers it, all cards or none) that the caller
 * extends with the order holding the parts, so a balance is never taken without an order
 * recording it (or given back without the order letting go of it). PIN guessing is throttled by
 * `giftCardPinThrottle` on every route that takes PINs.
 */
export class GiftCardService {
  private readonly cards: GiftCardRepository;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {
    this.cards = new GiftCardRepository(storage);
  }

  /** The card named by number and PIN, when both match and it has not expired; a mismatch says so without telling which part was wrong. */
  private async verified(card: GiftCardLookupRequest): Promise<GiftCardRecord> {
    const rec = await this.cards.get(card.number);
    const hash = Buffer.from(hashGiftCardPin(this.secret, card.number, card.pin));
    const ok = rec && rec.pinHash.length === hash.length && timingSafeEqual(Buffer.from(rec.pinHash), hash) && (!rec.expiresAt || rec.expiresAt > this.clock.now().toISOString());
    if (!ok) throw badRequest({ giftCards: da.errors.giftCardMismatch });
    return rec;
  }

  /**
   * Gift cards named by number and PIN: each must match and be valid (and, for paying, hold a
   * balance). Nothing is taken: `reserve` takes the parts.
   */
  async check(cards: readonly GiftCardLookupRequest[], opts: { allowEmpty?: boolean } = {}): Promise<{ number: string; balance: number }[]> {
    const out: { number: string; balance: number }[] = [];
    for (const c of cards) {
      const rec = await this.verified(c);
      if (rec.balance === 0 && !opts.allowEmpty) throw badRequest({ giftCards: giftCardMessages.empty });
      if (!out.some((x) => x.number === c.number)) out.push({ number: c.number, balance: rec.balance });
    }
    return out;
  }

  /** SPEC /gavekort: a card's balance and expiry for its number and PIN (an empty card too). */
  async balance(card: GiftCardLookupRequest): Promise<{ number: string; balance: number; expiresAt: string | null }> {
    const rec = await this.verified(card);
    return { number: rec.id, balance: rec.balance, expiresAt: rec.expiresAt };
  }

  /**
   * Takes each card's part, all or none, in one transaction — a savepoint of the caller's, whose
   * order then records the parts in the same commit. A card whose balance no longer covers its
   * part (spent meanwhile) refuses the lot. Answers the parts taken (those above zero).
   */
  async reserve(uses: readonly GiftCardUse[]): Promise<GiftCardUse[]> {
    const parts = uses.filter((u) => u.use > 0);
    if (parts.length === 0) return [];
    await this.storage.transaction(async () => {
      for (const c of parts) {
        const taken = await this.cards.update(c.number, (g) => {
          if (g.balance < c.use) throw badRequest({ giftCards: giftCardMessages.changed });
          return { ...g, balance: g.balance - c.use };
        });
        if (!taken) throw badRequest({ giftCards: giftCardMessages.changed });
      }
    });
    return parts;
  }

  /**
   * Puts reserved parts back (the payment they were for did not go through). Call it in the
   * transaction in which the order lets go of them: that is what makes it happen once.
   */
  async giveBack(uses: readonly GiftCardUse[]): Promise<void> {
    await this.storage.transaction(async () => {
      for (const u of uses.filter((x) => x.use > 0)) {
        const back = await this.cards.update(u.number, (g) => ({ ...g, balance: g.balance + u.use }));
        if (!back) throw new Error(`Gavekort •••• ${u.number.slice(-4)} findes ikke; beløbet kan ikke sættes tilbage på det.`);
      }
    });
  }

  /**
   * Puts refunded parts back on their cards in one transaction (a savepoint of the caller's),
   * noting `reference` (the return number) on each card: a retried refund credits nothing twice.
   * A card that has expired since gets its part too (decision 003).
   */
  async credit(parts: readonly GiftCardUse[], reference: string): Promise<void> {
    await this.storage.transaction(async () => {
      for (const p of parts.filter((x) => x.use > 0)) {
        const credited = await this.cards.update(p.number, (g) => (g.credits?.includes(reference) ? g : { ...g, balance: g.balance + p.use, credits: [...(g.credits ?? []), reference] }));
        if (!credited) throw new Error(`Gavekort •••• ${p.number.slice(-4)} findes ikke; ${reference} kan ikke sættes tilbage på det.`);
      }
    });
  }
}
