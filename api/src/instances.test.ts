import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingErrors, fromCopenhagen, parseIsoDate, payLinkPayResponseSchema, syncResponseSchema, type SyncResult } from '@optik/shared';
import { allCollections, C } from './collections';
import { createPostgresCoordination } from './coordination/postgres';
import { leasedJob } from './hourly-job';
import { customerMessages } from './modules/customers/service';
import { payMessages } from './modules/payments/service';
import { linkFor, orderInStore } from './modules/payments/test-orders';
import { createMemoryMailer } from './ports/mail';
import { createSimulatedPayments, type ChargeRequest, type PaymentProvider } from './ports/payments';
import { createMemorySms } from './ports/sms';
import { seedIfEmpty } from './seed/index';
import { openPostgresStorage, type PostgresStorage } from './storage/postgres';
import { command, createTestAppOn, staffAgent, testConfig, TestClock, type TestApp } from './test/harness';
import { freshDatabase, stopTestPostgres } from './test/postgres';

/**
 * Issue 14: two API instances on one PostgreSQL. Each instance has its own storage (pool),
 * coordination and Express app, as two processes behind a load balancer would; they share only
 * the database — and, so that the tests can count across both, the clock, the SMS and mail
 * outboxes and the simulated payment provider. Every test splits its requests over both
 * instances and fails if they kept what must hold across them in their own memory.
 */

const PASSWORD = 'Demo1234!';
/** Failed logins per window per address and account; the rate-limit test makes 10 and expects the 11th refused. */
const LOGIN_LIMIT = 10;

const clock = new TestClock();
const sms = createMemorySms();
const mailer = createMemoryMailer();
/** Every charge either instance asked of the (shared) simulated provider. */
const charges: ChargeRequest[] = [];

let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let storageA: PostgresStorage;
let storageB: PostgresStorage;
const coordinations: ReturnType<typeof createPostgresCoordination>[] = [];
let A: TestApp;
let B: TestApp;

/** The simulator, shared, counting charges; a charge takes a moment, as a real provider's does. */
function countingPayments(): PaymentProvider {
  const sim = createSimulatedPayments();
  return {
    ...sim,
    charge: async (req) => {
      charges.push(req);
      await new Promise((r) => setTimeout(r, 20));
      return sim.charge(req);
    },
  };
}

beforeAll(async () => {
  db = await freshDatabase();
  const open = () => openPostgresStorage({ url: db!.url, collections: allCollections, poolSize: 10 });
  [storageA, storageB] = await Promise.all([open(), open()]);
  // Seeded once, through A; B finds the data there.
  expect((await seedIfEmpty(storageA, () => {}, { secret: testConfig.secret })).seeded).toBe(true);
  expect((await seedIfEmpty(storageB, () => {}, { secret: testConfig.secret })).seeded).toBe(false);
  const payments = countingPayments();
  const config = { loginRateLimit: { windowMs: 60_000, max: LOGIN_LIMIT } };
  const instance = (storage: PostgresStorage) => {
    const coordination = createPostgresCoordination({ url: db!.url, poolSize: 5 });
    coordinations.push(coordination);
    return createTestAppOn({ storage, coordination, clock, sms, mailer, payments, config });
  };
  A = instance(storageA);
  B = instance(storageB);
});

afterAll(async () => {
  await storageA?.close();
  await storageB?.close();
  for (const c of coordinations) await c.close();
  await db?.drop();
  await stopTestPostgres();
});

/**
 * A browser behind a load balancer: one cookie jar, each request sent to the instance the test
 * names. Cookies are kept as the server set them (signed), and dropped when it clears them.
 */
class Browser {
  private readonly cookies = new Map<string, string>();
  private token = '';

  /** A new shopper: cookie and CSRF token from the instance given. */
  static async open(on: TestApp): Promise<Browser> {
    const b = new Browser();
    const res = await b.get(on, '/api/site/shopper').expect(200);
    b.token = res.body.token as string;
    return b;
  }

  private remember(res: request.Response) {
    const set = res.headers['set-cookie'] as unknown as string[] | undefined;
    for (const cookie of set ?? []) {
      const [pair = '', ...attrs] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.trim().split('=');
        return (k.toLowerCase() === 'expires' && Date.parse(v) <= Date.now()) || (k.toLowerCase() === 'max-age' && Number(v) <= 0);
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private withCookies(r: request.Test): request.Test {
    const header = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return header ? r.set('Cookie', header) : r;
  }

  get(on: TestApp, path: string): request.Test {
    return this.withCookies(request(on.app).get(path)).on('response', (res: request.Response) => this.remember(res));
  }

  post(on: TestApp, path: string, body: object = {}): request.Test {
    return this.withCookies(request(on.app).post(path))
      .set('CSRF-TOKEN', this.token)
      .send(body)
      .on('response', (res: request.Response) => this.remember(res));
  }
}

/** The instance the i-th of several concurrent requests goes to: every other one to each. */
const either = (i: number) => (i % 2 ? B : A);

describe('two API instances on one PostgreSQL', () => {
  it('stores one customer when 20 customer.create commands with one CPR arrive at once, split across both instances', async () => {
    // Four staff sessions of one store, two made on each instance (logins one by one).
    const staff = [await staffAgent(A), await staffAgent(B, 'leder1'), await staffAgent(B), await staffAgent(A, 'leder1')];
    const customers = storageA.collection(C.customers);
    const before = await customers.count();
    const create = (patch: Record<string, unknown>) =>
      command('customer.create', { customerId: randomUUID(), zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1', ...patch });
    const commands = Array.from({ length: 20 }, (_, i) => create({ lastName: `Nummer${String.fromCharCode(97 + i)}`, cpr: '070761-4285' }));
    const answers = await Promise.all(commands.map((c, i) => staff[i % staff.length]!.post('/api/sync', { commands: [c] }).expect(200)));

    const results = answers.map((r) => syncResponseSchema.parse(r.body).results[0]!);
    const applied = results.filter((r) => r.status === 'applied');
    expect(applied).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 'applied');
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r).toMatchObject({ status: 'rejected', result: null, error: { code: 'validation_failed', fields: { cpr: customerMessages.cprTaken } } });
    const winner = applied[0]!.result as { id: string; customerNumber: string };
    expect(await customers.count()).toBe(before + 1);
    // Either instance finds that one customer by the CPR.
    for (const s of [staff[0]!, staff[1]!]) {
      const found = await s.post('/api/staff/customers/search', { q: '0707614285' }).expect(200);
      expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([winner.id]);
    }
    // The 19 refused took no customer number: the next customer, made on the other instance, gets the next one.
    const next = await staff[2]!.post('/api/sync', { commands: [create({ cpr: undefined })] }).expect(200);
    expect(next.body.results[0].result.customerNumber).toBe(`K${Number(winner.customerNumber.slice(1)) + 1}`);
  });

  it('stores one account when 20 registrations of one e-mail arrive at once, split across both instances', async () => {
    const [onA, onB] = [await Browser.open(A), await Browser.open(B)];
    const accounts = storageA.collection(C.accounts);
    const before = await accounts.count();
    const mailsBefore = mailer.sent.length;
    const spellings = ['sofie.dahl@example.dk', 'Sofie.Dahl@Example.dk', 'SOFIE.DAHL@EXAMPLE.DK', 'sofie.dahl@EXAMPLE.dk'];
    const registration = (email: string) => ({ firstName: 'Sofie', lastName: 'Dahl', email, phone: '20304050', password: 'langkode123', passwordRepeat: 'langkode123', acceptTerms: true });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? onB.post(B, '/api/auth/register', registration(spellings[i % 4]!)) : onA.post(A, '/api/auth/register', registration(spellings[i % 4]!)))));

    // Issue 15: a taken e-mail is answered like a new one (the owner is mailed a notice instead).
    expect(answers.map((r) => r.status)).toEqual(Array<number>(20).fill(201));
    expect(await accounts.count()).toBe(before + 1);
    const stored = (await storageB.collection(C.accounts).getBy('email', 'sofie.dahl@example.dk'))!;
    expect(await storageB.collection(C.verifications).countBy('byAccount', stored.id)).toBe(1);
    // One verification mail, from whichever instance won; the others are notices to the owner.
    expect(mailer.sent.slice(mailsBefore).filter((m) => /#token=/.test(m.text)).map((m) => m.to)).toEqual(['sofie.dahl@example.dk']);
  });

  it('charges a pay link once when it is paid through both instances at the same moment', async () => {
    const { token, orderId, total } = await linkFor(A);
    const chargesBefore = charges.length;
    const payers = [await Browser.open(A), await Browser.open(B)];
    await payers[0]!.post(A, '/api/pay/lookup', { token }).expect(200);
    const card = { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/28', cvc: '123' };
    // Three attempts through each instance (a double click, a reload), all at once.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => payers[i % 2]!.post(either(i), '/api/pay/charge', { token, payment: card })));

    // One charge at the provider, whichever instance made it; the other attempts found the order paid.
    expect(charges.slice(chargesBefore)).toEqual([expect.objectContaining({ method: 'card', amount: total })]);
    const paid = answers.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    expect(payLinkPayResponseSchema.parse(paid[0]!.body)).toMatchObject({ outcome: 'paid', method: 'card' });
    for (const r of answers.filter((a) => a.status !== 200)) expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: { code: 'conflict', message: payMessages.paidLink } });
    expect((await storageB.collection(C.orders).get(orderId))!.paymentStatus).toBe('paid');
  });

  it('gives the last free examiner of a time to exactly one of the requests sent to both instances at once', async () => {
    // Profil Optik Strøget has one examiner; Monday 23 November 2026 at 10:00 is free in the seed.
    const start = fromCopenhagen({ ...parseIsoDate('2026-11-23')!, minutes: 10 * 60 }).toISOString();
    const bookings = storageA.collection(C.bookings);
    const before = await bookings.count();
    const visitors = await Promise.all(Array.from({ length: 6 }, (_, i) => Browser.open(either(i))));
    const answers = await Promise.all(
      visitors.map((v, i) =>
        v.post(either(i), '/api/bookings', { storeId: 'st-002', examType: 'synstest', ageGroup: '18-75', start, contact: { firstName: 'Ida', lastName: 'Holm', email: `besoeg${i}@example.dk`, phone: '20 30 40 50' } }),
      ),
    );

    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body.error).toEqual({ code: 'conflict', message: bookingErrors.slotTaken });
    expect(await bookings.count()).toBe(before + 1);
    expect((await storageB.collection(C.bookingDays).get('st-002|2026-11-23'))!.holds).toHaveLength(1);
  });

  it('applies a sync command that reaches both instances at once only once, and sends its SMS once', async () => {
    const { orderId } = await orderInStore(A);
    // One store device, signed in on A; its requests go to whichever instance answers.
    const device = await Browser.open(A);
    await device.post(A, '/api/auth/store/login', { storeId: 'st-001', username: 'medarbejder1', password: PASSWORD }).expect(200);
    const smsBefore = sms.sent.length;
    // The SMS gateway takes a moment, so a second delivery would have time to start.
    const deliver = sms.send.bind(sms);
    sms.send = (m) => new Promise((r) => setTimeout(r, 25)).then(() => deliver(m));
    try {
      const cmd = command('paymentRequest.send', { requestId: randomUUID(), orderId, channel: 'sms' });
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => device.post(either(i), '/api/sync', { commands: [cmd] }).expect(200)));
      const results: SyncResult[] = answers.map((r) => syncResponseSchema.parse(r.body).results[0]!);
      expect(results.map((r) => r.status).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
      const applied = results.find((r) => r.status === 'applied')!;
      for (const r of results) expect(r.result).toEqual(applied.result);
      expect(await storageB.collection(C.paymentRequests).countBy('byOrder', orderId)).toBe(1);
      expect(await storageA.collection(C.syncLog).get(cmd.id)).toMatchObject({ status: 'applied' });
    } finally {
      sms.send = deliver;
    }
    expect(sms.sent.slice(smsBefore)).toHaveLength(1);
    expect(sms.sent.at(-1)!.text).toMatch(/\/betal\/[\w-]+/);
  });

  it('knows a session made on one instance on the other, and shows there the cart filled on the first', async () => {
    const browser = await Browser.open(A);
    await browser.post(A, '/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
    const me = await browser.get(B, '/api/auth/me').expect(200);
    expect(me.body.user).toMatchObject({ role: 'customer', email: 'kunde@example.dk' });
    // My Pages on B: the customer's orders.
    const orders = await browser.get(B, '/api/account/orders').expect(200);
    expect(orders.body.data.length).toBeGreaterThan(0);
    expect((await browser.post(B, '/api/auth/user/getUser').expect(200)).body.user).toEqual({ isStore: false, name: 'Mette Jensen' });

    const article = (await storageA.collection(C.articles).all()).find((a) => a.price.unit.publicationStatus === 20 && a.skus.every((s) => s.stock > 0))!;
    const sku = article.skus[0]!.id;
    await browser.post(A, '/api/cart/update', { skuId: sku, quantity: 2 }).expect(200);
    const onB = await browser.get(B, '/api/site/shopper').expect(200);
    expect(onB.body.cartHead.cart.items).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(onB.body.cartHead.cart.totalCost).toBe(article.price.unit.amount * 2);
    // … and B changes it, A sees that.
    await browser.post(B, '/api/cart/update', { skuId: sku, quantity: 3 }).expect(200);
    expect((await browser.get(A, '/api/site/shopper').expect(200)).body.cartHead.cart.items[0].quantity).toBe(3);

    // Logged out through B, the session is gone on A too.
    await browser.post(B, '/api/auth/logout').expect(200);
    await browser.get(A, '/api/auth/me').expect(200, { user: null });
  });

  it("drops B's catalogue cache when a price change is committed through A, without restarting B", async () => {
    await storageB.listening();
    const article = (await storageA.collection(C.articles).all()).find((a) => a.price.unit.publicationStatus === 20)!;
    const price = async (on: TestApp) => (await request(on.app).get(`/api/article/${article.id}`).expect(200)).body.data.price.unit.amount as number;
    // B has read (and cached) the catalogue before the change.
    expect(await price(B)).toBe(article.price.unit.amount);
    const changed = article.price.unit.amount + 10_000;
    await storageA.collection(C.articles).put({ ...article, price: { ...article.price, unit: { ...article.price.unit, amount: changed } } });
    await expect.poll(() => price(B), { timeout: 10_000 }).toBe(changed);
    await expect.poll(() => price(A), { timeout: 10_000 }).toBe(changed);
  });

  it('lets 5 of 10 concurrent failed logins split across both instances through, then paces the account on both', async () => {
    // An account of its own (a copy of the demo customer), so no other test's logins count.
    const kunde = (await storageA.collection(C.accounts).get('u-kunde'))!;
    await storageA.collection(C.accounts).put({ ...kunde, id: 'u-begraenset', email: 'begraenset@example.dk' });
    const browser = await Browser.open(A);
    const wrong = { email: 'begraenset@example.dk', password: 'forkert' };
    const attempts = await Promise.all(Array.from({ length: LOGIN_LIMIT }, (_, i) => browser.post(either(i), '/api/auth/login', wrong)));
    expect(attempts.map((r) => r.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);

    // The right password now: must wait its pause on both.
    for (const on of [A, B]) {
      const refused = await browser.post(on, '/api/auth/login', { ...wrong, password: PASSWORD }).expect(429);
      expect(refused.body.error.code).toBe('rate_limited');
    }
    // Another account from the same address is not locked out.
    await browser.post(B, '/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
  });

  it('runs an hourly job started on both instances in the same hour once, and once again the next hour', async () => {
    // A clock of its own: the shared one stays put for the other tests' sessions and limits.
    const jobClock = new TestClock(Date.parse('2026-11-26T10:00:00Z'));
    let runs = 0;
    // A run that takes a moment, so the other instance's looks come while it runs as well as after.
    const run = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 20));
    };
    const instances = [storageA, storageB].map((storage, i) => leasedJob(run, { name: 'instances-test-job', storage, clock: jobClock, holder: `instance-${i}` }));
    // Several looks from each instance at once, as their timers might fire together.
    const ticks = () => Promise.all(Array.from({ length: 6 }, (_, i) => instances[i % 2]!.tick()));
    expect((await ticks()).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Later in the same hour: nobody runs it.
    jobClock.advance(30 * 60 * 1000);
    expect((await ticks()).filter(Boolean)).toHaveLength(0);
    jobClock.advance(30 * 60 * 1000);
    expect((await ticks()).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
    expect(await storageB.collection(C.jobLeases).get('instances-test-job')).toEqual({ id: 'instances-test-job', holder: null, leaseUntil: null, lastRunSlot: '2026-11-26T11' });
  });
});
