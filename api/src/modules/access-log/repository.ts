import type { Page, Storage } from '../../storage/port';
import type { AccessLogRecord } from '@optik/shared';
import { accessLogCollection } from './records';

/** The only code reading and writing the `accessLog` collection; it only ever adds. */
export class AccessLogRepository {
  constructor(private readonly storage: Storage) {}

  private get log() {
    return this.storage.collection(accessLogCollection);
  }

  append(entry: AccessLogRecord): Promise<AccessLogRecord> {
    return this.log.insert(entry);
  }

  /** One store's entries, newest first, a page at a time. */
  pageForStore(storeId: string, limit: number, after?: string): Promise<Page<AccessLogRecord>> {
    return this.log.page('byStore', storeId, after === undefined ? { desc: true, limit } : { desc: true, limit, after });
  }

  /** One customer's most recent entries, newest first. */
  forCustomer(customerId: string, limit: number): Promise<AccessLogRecord[]> {
    return this.log.list('byCustomer', customerId, { desc: true, limit });
  }
}
