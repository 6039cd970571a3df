import { afterAll, describe, expect, it } from 'vitest';
import type { Customer } from '@optik/shared';
import { hashToken } from '../../http/identity';
import { HttpError } from '../../http/errors';
import { createMemoryMailer } from '../../ports/mail';
import { createMemoryStorage } from '../../storage/memory';
import { openPostgresStorage } from '../../storage/postgres';
import type { Storage } from '../../storage/port';
import { testConfig } from '../../test/harness';
import { freshDatabase, stopTestPostgres } from '../../test/postgres';
import { accountLinksCollection, accountLinkTokensCollection } from './records';
import { AccountLinkService, type AccountLinkDeps } from './service';

afterAll(() => stopTestPostgres());

const collections = [accountLinksCollection, accountLinkTokensCollection];
const clock = { now: () => new Date('2026-11-26T10:00:00Z') };
const customer = (id: string) => ({ id, customerNumber: 'K100001', firstName: 'Mette', email: 'mette@example.dk', storeId: 'st-001' }) as Customer;

/** The service with the other modules stubbed: every account's e-ID CPR is customer `c-cpr`'s. */
function service(storage: Storage) {
  const customers: AccountLinkDeps['customers'] = {
    get: async (id) => customer(id),
    accessFor: async () => 'own',
    linkedToAccount: async (_accountId, sealed) => (sealed ? 'c-cpr' : null),
    recordAccess: async () => {},
  };
  return new AccountLinkService({
    storage,
    clock,
    config: testConfig,
    mailer: createMemoryMailer(),
    customers,
    orders: { listForCustomer: async () => [] },
    prescriptions: { ofCustomer: async () => [] },
    accounts: { sealedCpr: async () => 'sealed' },
    stores: { store: async () => undefined },
  });
}

const outcome = (p: Promise<unknown>) => p.then(() => 200, (err: unknown) => (err instanceof HttpError ? err.status : Promise.reject(err)));

/** Many accounts at once, over both instances: one mailed link confirmed by all of them, and a CPR link of all of them to one customer. */
async function race(a: Storage, b: Storage) {
  const services = [service(a), service(b)];
  await a.collection(accountLinkTokensCollection).insert({ id: hashToken('the-mailed-token-000000'), customerId: 'c-mail', storeId: 'st-001', sentBy: 's', sentAt: clock.now().toISOString(), expiresAt: '2026-12-03T10:00:00.000Z', usedBy: null, usedAt: null });
  const confirms = await Promise.all(Array.from({ length: 8 }, (_, i) => outcome(services[i % 2]!.confirm(`u-${i}`, 'the-mailed-token-000000', false))));
  expect(confirms.filter((s) => s === 200)).toHaveLength(1);
  expect(confirms.filter((s) => s !== 200).every((s) => s === 410 || s === 409)).toBe(true);
  const cprLinks = await Promise.all(Array.from({ length: 8 }, (_, i) => services[i % 2]!.linkByCpr(`v-${i}`)));
  expect(cprLinks.filter(Boolean)).toHaveLength(1);
  const stored = await b.collection(accountLinksCollection).all();
  expect(stored.filter((l) => l.active && l.customerId === 'c-mail')).toHaveLength(1);
  expect(stored.filter((l) => l.active && l.customerId === 'c-cpr')).toHaveLength(1);
  expect(await b.collection(accountLinksCollection).getBy('customerId', 'c-cpr')).toMatchObject({ source: 'cpr', active: true });
}

describe('account links: one account ↔ one store customer, kept by the storage layer', () => {
  it('on the embedded engine (memory and lowdb)', async () => {
    const storage = createMemoryStorage(collections);
    await race(storage, storage);
  });

  it('on PostgreSQL, two instances', async () => {
    const db = await freshDatabase();
    const open = () => openPostgresStorage({ url: db.url, collections, poolSize: 6 });
    const [a, b] = await Promise.all([open(), open()]);
    try {
      await race(a, b);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
