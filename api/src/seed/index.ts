import type { Storage } from '../storage/port';
import { generateAccounts } from './accounts';
import { seedAccountDetails } from './account-details';
import { generateArticles } from './catalogue';
import { generatePages } from './pages';
import { generateDiscountCodes, generateGiftCards } from './payments';
import { generateRequisitions } from './requisitions';
import { generateStores } from './stores';
import { seedMyOrders } from './my-orders';
import { seedSubscriptions } from './subscriptions';
import { seedLifestyle } from './lifestyle';
import { seedCompany } from './company';
import { seedBooking } from './booking';
import { articlesCollection, pagesCollection, storesCollection } from '../modules/catalogue/records';
import { C } from '../collections';

export const SEED_VERSION = 1;

/**
 * First start: fills an empty store with the demo data; later starts keep what was written.
 * `secret` keys the demo gift cards' PIN hashes (the app's secret, so their PINs work); `now`
 * dates the demo orders and the demo store's bookings (the time of the first start by default).
 * One transaction: instances that start at the same moment on one database seed once (the other
 * finds the store no longer empty when its transaction is retried), and a start killed midway
 * leaves no half-seeded store behind.
 */
export function seedIfEmpty(storage: Storage, log: (msg: string) => void = () => {}, opts: { secret?: string; now?: Date } = {}): Promise<{ seeded: boolean; counts: Record<string, number> }> {
  return storage.transaction(() => seed(storage, log, opts));
}

async function seed(storage: Storage, log: (msg: string) => void, opts: { secret?: string; now?: Date }): Promise<{ seeded: boolean; counts: Record<string, number> }> {
  if (!(await storage.isEmpty())) return { seeded: false, counts: {} };
  // Demo data dated relative to the first start (tests pass their clock).
  const now = opts.now ?? new Date();
  const articles = generateArticles();
  const stores = generateStores();
  const pages = generatePages();
  const accounts = await generateAccounts();
  const requisitions = generateRequisitions();
  await storage.collection(articlesCollection).putMany(articles);
  await storage.collection(storesCollection).putMany(stores);
  await storage.collection(pagesCollection).putMany(pages);
  await storage.collection(C.accounts).putMany(accounts);
  await seedAccountDetails(storage);
  await storage.collection(C.requisitions).putMany(requisitions);
  const giftCards = opts.secret ? generateGiftCards(opts.secret) : [];
  await storage.collection(C.giftCards).putMany(giftCards);
  await storage.collection(C.discountCodes).putMany(generateDiscountCodes());
  await seedMyOrders(storage, articles, now);
  await seedSubscriptions(storage, articles);
  await seedLifestyle(storage, articles, opts.secret);
  await seedCompany(storage, opts.secret);
  await seedBooking(storage, stores, opts.secret, now);
  await storage.collection(C.meta).put({ id: 'seed', value: { version: SEED_VERSION, articles: articles.length } });
  const counts = { articles: articles.length, stores: stores.length, pages: pages.length, accounts: accounts.length, requisitions: requisitions.length };
  log(`seed: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}`);
  return { seeded: true, counts };
}
