import type { Storage } from '../../storage/port';
import { cartsCollection, type CartRecord } from './records';

/** The only code that reaches the carts collection; a cart's id is its shopper id. */
export class CartRepository {
  constructor(private readonly storage: Storage) {}

  private get carts() {
    return this.storage.collection(cartsCollection);
  }

  get(shopperId: string): Promise<CartRecord | undefined> {
    return this.carts.get(shopperId);
  }

  /** Atomic read-modify-write of an existing cart; undefined when the shopper has none. */
  update(shopperId: string, change: (current: CartRecord) => CartRecord): Promise<CartRecord | undefined> {
    return this.carts.update(shopperId, change);
  }

  /**
   * Applies `change` to the shopper's cart, creating it from `fresh` first when there is none.
   * One transaction, so two first writes at once cannot both create it (or lose a line).
   */
  upsert(shopperId: string, fresh: () => CartRecord, change: (current: CartRecord) => CartRecord): Promise<CartRecord> {
    return this.storage.transaction(async () => (await this.carts.update(shopperId, change)) ?? this.carts.insert(change(fresh())));
  }
}
