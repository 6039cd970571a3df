import type { OrderReturn } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { orderNoticesCollection, returnsCollection, type OrderNoticeRecord } from './records';

/** The only code reading and writing the `returns` collection. */
export class ReturnRepository {
  constructor(private readonly storage: Storage) {}

  private get returns() {
    return this.storage.collection(returnsCollection);
  }

  get(id: string): Promise<OrderReturn | undefined> {
    return this.returns.get(id);
  }

  /** The return with this return number (a unique key). */
  byNumber(returnNumber: string): Promise<OrderReturn | undefined> {
    return this.returns.getBy('returnNumber', returnNumber);
  }

  /** An order's returns, oldest first. */
  forOrder(orderId: string): Promise<OrderReturn[]> {
    return this.returns.list('byOrder', orderId);
  }

  /** A customer's returns (all orders), oldest first. */
  forCustomer(customerId: string): Promise<OrderReturn[]> {
    return this.returns.list('byCustomer', customerId);
  }

  /** The returns a store received, newest first (at most `limit`). */
  forStore(storeId: string, limit: number): Promise<OrderReturn[]> {
    return this.returns.list('byStore', storeId, { desc: true, limit });
  }

  insert(ret: OrderReturn): Promise<OrderReturn> {
    return this.returns.insert(ret);
  }

  update(id: string, change: (current: OrderReturn) => OrderReturn): Promise<OrderReturn | undefined> {
    return this.returns.update(id, change);
  }
}

/** The only code reading and writing the `orderNotices` collection. */
export class OrderNoticeRepository {
  constructor(private readonly storage: Storage) {}

  private get notices() {
    return this.storage.collection(orderNoticesCollection);
  }

  get(id: string): Promise<OrderNoticeRecord | undefined> {
    return this.notices.get(id);
  }

  /** DuplicateKeyError when the order already has this notice. */
  insert(notice: OrderNoticeRecord): Promise<OrderNoticeRecord> {
    return this.notices.insert(notice);
  }

  update(id: string, change: (current: OrderNoticeRecord) => OrderNoticeRecord): Promise<OrderNoticeRecord | undefined> {
    return this.notices.update(id, change);
  }
}
