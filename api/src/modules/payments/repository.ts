import type { Storage } from '../../storage/port';
import { paymentRequestsCollection, type PaymentRequestRecord } from './records';

/** The only code reading and writing the `paymentRequests` collection. */
export class PaymentRequestRepository {
  constructor(private readonly storage: Storage) {}

  private get requests() {
    return this.storage.collection(paymentRequestsCollection);
  }

  get(id: string): Promise<PaymentRequestRecord | undefined> {
    return this.requests.get(id);
  }

  /** The request a link's token belongs to, by the token's hash (a unique key). */
  byTokenHash(tokenHash: string): Promise<PaymentRequestRecord | undefined> {
    return this.requests.getBy('tokenHash', tokenHash);
  }

  /** An order's requests, oldest first. */
  forOrder(orderId: string): Promise<PaymentRequestRecord[]> {
    return this.requests.list('byOrder', orderId);
  }

  insert(record: PaymentRequestRecord): Promise<PaymentRequestRecord> {
    return this.requests.insert(record);
  }

  update(id: string, change: (current: PaymentRequestRecord) => PaymentRequestRecord): Promise<PaymentRequestRecord | undefined> {
    return this.requests.update(id, change);
  }
}
