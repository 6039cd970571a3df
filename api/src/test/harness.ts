import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import request from 'supertest';
import type { Article } from '@optik/shared';
import { createApp, type App } from '../app';
import type { AppConfig, AppDeps, Clock } from '../deps';
import { seedIfEmpty } from '../seed/index';
import { createMemoryMailer } from '../ports/mail';
import { createSimulatedPayments, type PaymentProvider } from '../ports/payments';
import { createMemorySms } from '../ports/sms';
import { createMemoryStorage } from '../storage/memory';
import { createMemoryCoordination } from '../coordination/memory';
import type { Coordination } from '../coordination/port';
import type { Entity, Storage } from '../storage/port';
import { allCollections, C } from '../collections';

export const testConfig: AppConfig = {
  // Tests run the API in demo mode (simulators mounted), as the README's start command does.
  demo: true,
  secret: 'test-secret-test-secret-test-secret-42',
  secureCookies: false,
  sessionTtlMs: 60 * 60 * 1000,
  loginRateLimit: { windowMs: 60_000, max: 5 },
  publicWebUrl: 'http://shop.test',
};

export class TestClock implements Clock {
  constructor(private t = Date.parse('2026-11-22T10:00:00Z')) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

let seeded: Promise<Storage> | null = null;
/** A seeded in-memory store, seeded once per test file and cloned per test app. */
async function seededTemplate(): Promise<Storage> {
  seeded ??= (async () => {
    const s = createMemoryStorage(allCollections);
    await seedIfEmpty(s, () => {}, { secret: testConfig.secret, now: new TestClock().now() });
    return s;
  })();
  return seeded;
}

async function seededCopy(): Promise<Storage> {
  const template = await seededTemplate();
  const storage = createMemoryStorage(allCollections);
  // What every test starts from; orders, invoices and the like are added by the tests that need them (test-customers.ts).
  for (const def of [C.articles, C.stores, C.pages, C.accounts, C.meta, C.requisitions, C.giftCards, C.discountCodes, C.accountProfiles, C.subscriptions, C.lifestyleAgreements, C.lifestyleDocuments, C.friendsMembers, C.companyContracts, C.bookingCalendars, C.bookings, C.bookingDays] as const) {
    await storage.collection<Entity, string, string>(def).putMany(await template.collection<Entity, string, string>(def).all());
  }
  return storage;
}

export interface TestApp extends App {
  storage: Storage;
  clock: TestClock;
  mailer: ReturnType<typeof createMemoryMailer>;
  sms: ReturnType<typeof createMemorySms>;
}

/** Adapters of outside ports in place of the local ones (a Lifestyle platform under maintenance …), given the test's storage. */
type PortOverrides = (storage: Storage) => Partial<Pick<AppDeps, 'payments' | 'paymentAgreements' | 'bookingCalendar' | 'companyRegistry' | 'lifestyle' | 'widgetEventLog' | 'imageResizer' | 'eid' | 'carriers'>>;

export async function makeTestApp(
  opts: {
    storage?: Storage;
    config?: Partial<AppConfig>;
    ports?: PortOverrides;
  } = {},
): Promise<TestApp> {
  const storage = opts.storage ?? (await seededCopy());
  return createTestAppOn({ storage, coordination: createMemoryCoordination(), clock: new TestClock(), mailer: createMemoryMailer(), sms: createMemorySms(), config: opts.config, ports: opts.ports });
}

/**
 * A test app on the given storage, coordination, clock and outboxes, as makeTestApp builds one:
 * for tests that run several "instances" of the API on one storage and count what all of them
 * send. Payments default to a fresh simulator; pass one to share (or count) it.
 */
export function createTestAppOn(opts: {
  storage: Storage;
  coordination: Coordination;
  clock: TestClock;
  mailer: TestApp['mailer'];
  sms: TestApp['sms'];
  payments?: PaymentProvider;
  config?: Partial<AppConfig>;
  ports?: PortOverrides;
}): TestApp {
  const { storage, clock, mailer, sms } = opts;
  const app = createApp({ storage, coordination: opts.coordination, clock, mailer, sms, payments: opts.payments ?? createSimulatedPayments(), config: { ...testConfig, ...opts.config }, logger: pino({ level: 'silent' }), ...opts.ports?.(storage) });
  return { ...app, storage, clock, mailer, sms };
}

/** A browser-like client: keeps cookies and knows its CSRF token after `shopper()`. */
export async function shopperAgent(t: TestApp) {
  const agent = request.agent(t.app);
  const res = await agent.get('/api/site/shopper').expect(200);
  const token = res.body.token as string;
  return {
    agent,
    token,
    shopperId: res.body.shopperId as string,
    post: (path: string, body?: unknown) => {
      const r = agent.post(path).set('CSRF-TOKEN', token);
      return body === undefined ? r : r.send(body as object);
    },
  };
}

/** First seeded article that is sold online and in stock, optionally matching a predicate. */
export async function buyableArticle(t: TestApp, pred: (a: Article) => boolean = () => true): Promise<Article> {
  const all = await t.storage.collection(C.articles).all();
  const a = all.find((x) => x.price.unit.publicationStatus === 20 && x.skus.every((s) => s.stock > 0) && pred(x));
  if (!a) throw new Error('seed has no matching buyable article');
  return a;
}

/** A store staff member (or manager) logged in through the store login, with a CSRF token. */
export async function staffAgent(t: TestApp, username = 'medarbejder1', storeId = 'st-001') {
  const s = await shopperAgent(t);
  await s.post('/api/auth/store/login', { storeId, username, password: 'Demo1234!' }).expect(200);
  return s;
}

/** A signed-in customer (the demo customer unless told otherwise). */
export async function customerAgent(t: TestApp, email = 'kunde@example.dk') {
  const s = await shopperAgent(t);
  await s.post('/api/auth/login', { email, password: 'Demo1234!' }).expect(200);
  return s;
}

/** The second customer of otherCustomerAgent, for tests that give it data of its own. */
export const OTHER_CUSTOMER = { id: 'u-anden', email: 'anden@example.dk' } as const;

/** A second verified customer with the demo password (a copy of the demo account under another id), signed in. */
export async function otherCustomerAgent(t: TestApp) {
  const kunde = (await t.storage.collection(C.accounts).get('u-kunde'))!;
  await t.storage.collection(C.accounts).put({ ...kunde, ...OTHER_CUSTOMER, firstName: 'Ole' });
  return customerAgent(t, OTHER_CUSTOMER.email);
}

let commandClock = 0;
/** An outbox command envelope as the store app sends it. */
export function command(type: string, payload: object) {
  commandClock += 1;
  return { id: randomUUID(), type, createdAt: new Date(Date.parse('2026-11-22T09:00:00Z') + commandClock).toISOString(), payload };
}
