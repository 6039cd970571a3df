import type { Order } from '@optik/shared';
import type { Page, Storage } from '../../storage/port';
import { ordersCollection } from './records';

/** The only code reading and writing the `orders` collection; other modules go through OrderService. */
export class OrderRepository {
  constructor(private readonly storage: Storage) {}

  private get orders() {
    return this.storage.collection(ordersCollection);
  }

  get(id: string): Promise<Order | undefined> {
    return this.orders.get(id);
  }

  byNumber(orderNumber: string): Promise<Order | undefined> {
    return this.orders.getBy('orderNumber', orderNumber);
  }

  /** A customer's orders, oldest first. */
  forCustomer(customerId: string): Promise<Order[]> {
    return this.orders.list('byCustomer', customerId);
  }

  /** A store's orders (its own and web orders collected there) by their last change, oldest first; from `since` (inclusive) when given. */
  forStore(storeId: string, since?: string): Promise<Order[]> {
    return this.orders.list('byReceivingStore', storeId, since === undefined ? undefined : { from: since });
  }

  /** All orders, oldest first, a page at a time. */
  page(after: string | null, limit: number): Promise<Page<Order>> {
    return this.orders.page('byTime', 'all', after === null ? { limit } : { limit, after });
  }

  /** Adds a new order; DuplicateKeyError when its id or number is taken. */
  insert(order: Order): Promise<Order> {
    return this.orders.insert(order);
  }

  /** Atomic read-modify-write; undefined when there is no such order. */
  update(id: string, change: (current: Order) => Order): Promise<Order | undefined> {
    return this.orders.update(id, change);
  }

  remove(id: string): Promise<boolean> {
    return this.orders.remove(id);
  }
}
