import { createHmac, timingSafeEqual } from 'node:crypto';
import { da, type GiftCardLookupRequest } from '@optik/shared';
import type { Clock } from '../../deps';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/port';

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

/** Parts taken from gift cards, until the rest of the payment is through. */
export interface TakenGiftCards {
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
    return this.storage.collection('giftCards');
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
