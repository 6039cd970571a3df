import type { ListOptions, Storage } from '../../storage/port';
import { customerConflictsCollection, customersCollection, customerStoreAccessCollection, emailKey, phoneKey, storeAccessId, type CustomerConflictRecord, type CustomerRecord, type CustomerStoreAccessRecord } from './records';

/** The only code reading and writing the `customers` collection. */
export class CustomerRepository {
  constructor(private readonly storage: Storage) {}

  private get customers() {
    return this.storage.collection(customersCollection);
  }

  private get conflicts() {
    return this.storage.collection(customerConflictsCollection);
  }

  private get grants() {
    return this.storage.collection(customerStoreAccessCollection);
  }

  get(id: string): Promise<CustomerRecord | undefined> {
    return this.customers.get(id);
  }

  getMany(ids: readonly string[]): Promise<CustomerRecord[]> {
    return this.customers.getMany(ids);
  }

  /** The grant that lets `storeId` act for another store's customer, if it has one. */
  grant(storeId: string, customerId: string): Promise<CustomerStoreAccessRecord | undefined> {
    return this.grants.get(storeAccessId(storeId, customerId));
  }

  /** Gives `storeId` access to the customer; a store that has it keeps its first grant. */
  addGrant(grant: Omit<CustomerStoreAccessRecord, 'id'>): Promise<CustomerStoreAccessRecord> {
    const id = storeAccessId(grant.storeId, grant.customerId);
    return this.grants.upsert(id, (g) => g, () => ({ id, ...grant }));
  }

  /** Adds a customer; DuplicateKeyError when its id, CPR index or customer number is taken. */
  insert(record: CustomerRecord): Promise<CustomerRecord> {
    return this.customers.insert(record);
  }

  /** Atomic read-modify-write of one customer (`mutate` may run again when PostgreSQL retries); undefined when there is none. */
  update(id: string, mutate: (current: CustomerRecord) => CustomerRecord): Promise<CustomerRecord | undefined> {
    return this.customers.update(id, mutate);
  }

  /** Records overwritten edits; ids are `<command>:<field>`, so a command records each field once. */
  async addConflicts(records: readonly CustomerConflictRecord[]): Promise<void> {
    for (const r of records) await this.conflicts.insert(r);
  }

  /** A staff member's overwritten edits recorded at or after `from`, newest first. */
  conflictsOf(staffId: string, opts: Pick<ListOptions, 'from' | 'limit'>): Promise<CustomerConflictRecord[]> {
    return this.conflicts.list('byLoser', staffId, { ...opts, desc: true });
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
