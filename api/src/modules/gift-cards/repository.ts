import type { Storage } from '../../storage/port';
import { giftCardsCollection, type GiftCardRecord } from './records';

/** The only code reading and writing the `giftCards` collection (the id is the card number). */
export class GiftCardRepository {
  constructor(private readonly storage: Storage) {}

  private get cards() {
    return this.storage.collection(giftCardsCollection);
  }

  get(number: string): Promise<GiftCardRecord | undefined> {
    return this.cards.get(number);
  }

  /** Atomic read-modify-write of one card; undefined when there is no such card. */
  update(number: string, change: (current: GiftCardRecord) => GiftCardRecord): Promise<GiftCardRecord | undefined> {
    return this.cards.update(number, change);
  }
}
