import { randomUUID } from 'node:crypto';
import { ACCESS_KIND, type AccessAction, type AccessLogEntry, type AccessLogRecord, type DataAccessEntry, type SessionUser, type Store } from '@optik/shared';
import type { Clock } from '../../deps';
import { badRequest } from '../../http/errors';
import { decodeCursor, type Storage } from '../../storage/port';
import { AccessLogRepository } from './repository';

export const accessLogMessages = {
  badCursor: 'Ukendt side i adgangsloggen. Hent loggen forfra.',
} as const;

/** A page of the manager's view. */
export const ACCESS_LOG_PAGE = 50;
/** How many of a customer's most recent accesses My Pages shows. */
export const DATA_ACCESS_MAX = 200;

const WRITES: ReadonlySet<AccessAction> = new Set(['customer.create', 'customer.update', 'prescription.create', 'order.create']);

/** What the views need of the customers module: names and numbers by id, the customer an account is. */
export interface AccessLogCustomers {
  summaries(ids: readonly string[]): Promise<Map<string, { name: string; customerNumber: string; storeId: string | null }>>;
  linkedToAccount(accountId: string, sealedCpr: string | null): Promise<string | null>;
}

/**
 * The access log (docs/decisions/009): staff reads and writes of a customer's personal data and
 * prescriptions are recorded here by the modules that serve them, in the same transaction as
 * the write when there is one. Only adds; kept as an audit log.
 */
export class AccessLogService {
  private readonly repo: AccessLogRepository;

  constructor(
    storage: Storage,
    private readonly clock: Clock,
  ) {
    this.repo = new AccessLogRepository(storage);
  }

  /** Records that `user` (store staff) did `action` on the customer. */
  async record(user: Pick<SessionUser, 'id' | 'name' | 'storeId'>, customerId: string, action: AccessAction): Promise<void> {
    await this.repo.append({
      id: randomUUID(),
      at: this.clock.now().toISOString(),
      action,
      staffId: user.id,
      staffName: user.name,
      storeId: user.storeId ?? '',
      customerId,
    });
  }

  /** A store's log, newest first, one page at a time; `cursor` from the previous page's `next`. */
  async forStore(storeId: string, customers: Pick<AccessLogCustomers, 'summaries'>, cursor?: string): Promise<{ data: AccessLogEntry[]; next: string | null }> {
    if (cursor !== undefined) {
      try {
        decodeCursor(cursor);
      } catch {
        throw badRequest({ cursor: accessLogMessages.badCursor });
      }
    }
    const page = await this.repo.pageForStore(storeId, ACCESS_LOG_PAGE, cursor);
    const known = await customers.summaries([...new Set(page.items.map((e) => e.customerId))]);
    return {
      data: page.items.map((e) => {
        const c = known.get(e.customerId);
        return { ...e, customerName: c?.name ?? null, customerNumber: c?.customerNumber ?? null, customerStoreId: c?.storeId ?? null };
      }),
      next: page.next,
    };
  }

  /**
   * Which stores opened the data of the customer this account is (linked by the CPR e-ID gave
   * the account), newest first; none when the account is linked to no store customer. No staff names.
   */
  async forAccount(
    accountId: string,
    deps: { accounts: { sealedCpr(accountId: string): Promise<string | null> }; customers: Pick<AccessLogCustomers, 'linkedToAccount'>; stores: { store(id: string): Promise<Store | undefined> } },
  ): Promise<DataAccessEntry[]> {
    const { customers, stores } = deps;
    const customerId = await customers.linkedToAccount(accountId, await deps.accounts.sealedCpr(accountId));
    if (!customerId) return [];
    const entries = await this.repo.forCustomer(customerId, DATA_ACCESS_MAX);
    const names = new Map<string, string>();
    for (const id of new Set(entries.map((e) => e.storeId))) names.set(id, (await stores.store(id))?.name ?? id);
    return entries.map((e: AccessLogRecord) => ({ at: e.at, storeId: e.storeId, storeName: names.get(e.storeId) ?? e.storeId, kind: ACCESS_KIND[e.action], write: WRITES.has(e.action) }));
  }
}
