import type { OrderReturn } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { returnsCollection } from './records';

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

  insert(ret: OrderReturn): Promise<OrderReturn> {
    return this.returns.insert(ret);
  }

  update(id: string, change: (current: OrderReturn) => OrderReturn): Promise<OrderReturn | undefined> {
    return this.returns.update(id, change);
  }
}
