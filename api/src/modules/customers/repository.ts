import type { ListOptions, Storage } from '../../storage/port';
import { customersCollection, emailKey, phoneKey, type CustomerRecord } from './records';

/** The only code reading and writing the `customers` collection. */
export class CustomerRepository {
  constructor(private readonly storage: Storage) {}

  private get customers() {
    return this.storage.collection(customersCollection);
  }

  get(id: string): Promise<CustomerRecord | undefined> {
    return this.customers.get(id);
  }

  /** Adds a customer; DuplicateKeyError when its id, CPR index or customer number is taken. */
  insert(record: CustomerRecord): Promise<CustomerRecord> {
    return this.customers.insert(record);
  }

  byCprIndex(index: string): Promise<CustomerRecord | undefined> {
    return this.customers.getBy('cprIndex', index);
  }

  byCustomerNumber(customerNumber: string): Promise<CustomerRecord | undefined> {
    return this.customers.getBy('customerNumber', customerNumber);
  }

  byEmail(email: string, limit: number): Promise<CustomerRecord[]> {
    return this.customers.list('byEmail', emailKey(email), { limit });
  }

  /** Customers with exactly this phone number (none when `phone` is no phone number). */
  async byPhone(phone: string, limit: number): Promise<CustomerRecord[]> {
    const key = phoneKey(phone);
    return key ? this.customers.list('byPhone', key, { limit }) : [];
  }

  /** One store's customers in order of their last change (`from`: changed at or after). */
  forStore(storeId: string, opts?: Pick<ListOptions, 'from' | 'desc' | 'limit'>): Promise<CustomerRecord[]> {
    return this.customers.list('byStore', storeId, opts);
  }
}
