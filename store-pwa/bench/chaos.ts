// Chaos run of the offline engine against the real API (`pnpm bench`): 1,000 commands from a
// device database — customer.create, order.create for that customer and paymentRequest.send by
// SMS for that order, each waiting for the one before — go through a proxy that drops
// connections, delays, duplicates requests and answers 5xx (sometimes after the API applied the
// batch), and the API is killed and restarted mid-run on the same data folder.
// Expected: 0 lost, 0 duplicated customers, orders, payment requests and SMS.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApiClient, responseSchemas } from '@optik/shared/client';
import { buildApi, startApi } from '../../scripts/bench-processes';
import { StoreDb } from '../src/db/db';
import { openVault } from '../src/db/vault';
import { createSyncEngine } from '../src/sync/engine';

const COMMANDS = Number(process.env.CHAOS_COMMANDS ?? 1000);
const API_PORT = Number(process.env.CHAOS_API_PORT ?? 4390);

// Deterministic chaos, so a failing run can be replayed.
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

const stats = { requests: 0, dropped: 0, delayed: 0, duplicated: 0, fiveXXBefore: 0, fiveXXAfter: 0, restarts: 0 };

const startChaosApi = (dataDir: string) => startApi(API_PORT, dataDir, { LOGIN_RATE_LIMIT_MAX: '1000' });

function forward(req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const up = http.request({ host: '127.0.0.1', port: API_PORT, path: req.url, method: req.method, headers: req.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    up.on('error', reject);
    up.end(body);
  });
}

function chaosProxy(): Promise<http.Server> {
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
        await Promise.all([forward(req, body), forward(req, body)]);
      }
      const up = await forward(req, body);
      if (isSync && roll >= 0.4 && roll < 0.5) {
        // Applied upstream, but the device never hears it.
        stats.fiveXXAfter += 1;
        res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"code":"internal","message":"chaos"}}');
        return;
      }
      res.writeHead(up.status, up.headers).end(up.body);
    } catch {
      // upstream down (restart in progress)
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

await buildApi();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'optik-chaos-'));
let api = await startChaosApi(dataDir);
const proxy = await chaosProxy();
const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
const client = createApiClient({ baseUrl: base, responses: responseSchemas, fetch: cookieFetch(), maxAttempts: 1 });
const login = await createApiClient({ baseUrl: `http://127.0.0.1:${API_PORT}`, responses: responseSchemas, fetch: cookieFetch() }).storeLogin({ storeId: 'st-001', username: 'medarbejder1', password: 'Demo1234!' });
if (!login.ok) throw new Error('login failed');
// Log the chaos client in through the proxy (retrying past the chaos) so it has its own cookies.
for (let ok = false; !ok; ) ok = (await client.storeLogin({ storeId: 'st-001', username: 'medarbejder1', password: 'Demo1234!' })).ok;

const db = new StoreDb('chaos');
let clock = 0;
const engine = createSyncEngine({ db, vault: await openVault(db), send: (commands) => client.sync({ commands }), now: () => clock, random: rand, batchSize: 5 });
// A frame sold online and in stock, from the catalogue copy the device would hold.
const snapshot = await createApiClient({ baseUrl: `http://127.0.0.1:${API_PORT}`, responses: responseSchemas }).getCatalogueSnapshot(0);
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
let restarted = false;
/** How long the killed API took to come back (start-up, journal replay): part of the drain time. */
let restartMs = 0;
for (;;) {
  rounds += 1;
  const r = await engine.drain(1);
  done += r.applied + r.rejected;
  const left = COMMANDS - done;
  if (!restarted && left < COMMANDS / 2) {
    // Kill the API mid-run and bring it back on the same data.
    api.kill('SIGKILL');
    await new Promise((res) => api.once('exit', res));
    const down = performance.now();
    api = await startChaosApi(dataDir);
    restartMs = performance.now() - down;
    restarted = true;
    stats.restarts += 1;
  }
  if (left === 0) break;
  if (r.stoppedBy.kind === 'offline' || r.stoppedBy.kind === 'waiting') clock += 60_000; // skip the backoff wait in virtual time
  if (rounds > 20_000) throw new Error('did not drain');
}
const drainMs = performance.now() - t0;

// Count what the API stored, straight from its data files after a clean stop (which folds the journal into them).
api.kill('SIGTERM');
await new Promise((res) => api.once('exit', res));
const leftJournals = (await readdir(dataDir)).filter((f) => f.startsWith('journal-'));
if (leftJournals.length > 0) throw new Error(`the API left its journal behind on a clean stop: ${leftJournals.join(', ')}`);
const file = JSON.parse(await readFile(path.join(dataDir, 'customers.json'), 'utf8')) as { customers: Record<string, { lastName: string }> };
const orderFile = JSON.parse(await readFile(path.join(dataDir, 'orders.json'), 'utf8')) as { orders?: Record<string, { customerId: string }>; paymentRequests?: Record<string, { orderId: string }> };
/** Distinct keys seen, and how many records beyond one per key. */
function tally(keys: string[]) {
  const per = new Map<string, number>();
  for (const k of keys) per.set(k, (per.get(k) ?? 0) + 1);
  return { distinct: per.size, duplicated: [...per.values()].reduce((n, v) => n + v - 1, 0) };
}
const customers = tally(Object.values(file.customers).map((c) => c.lastName).filter((n) => n.startsWith('Kaos')));
const orders = tally(Object.values(orderFile.orders ?? {}).filter((o) => mine.customers.has(o.customerId)).map((o) => o.customerId));
const requests = tally(Object.values(orderFile.paymentRequests ?? {}).filter((r) => mine.orders.has(r.orderId)).map((r) => r.orderId));
const smsDir = path.join(dataDir, 'sms');
const smsTexts = await Promise.all((await readdir(smsDir).catch(() => [])).map(async (f) => (JSON.parse(await readFile(path.join(smsDir, f), 'utf8')) as { text: string }).text));
const sms = tally(smsTexts.map((t) => /ordre (O\d+)/.exec(t)?.[1] ?? t));
const sent = await db.outbox.where('status').equals('sent').count();

console.log(`\nChaos sync: ${COMMANDS} commands (customers, their orders, SMS payment requests), proxy faults and one API kill -9 + restart`);
console.table({ ...stats, rounds, 'time to drain (ms)': Math.round(drainMs), '… of which the API restart (ms)': Math.round(restartMs) });
const rows = {
  customers: { expected: expected.customers, onServer: customers.distinct, lost: expected.customers - customers.distinct, duplicated: customers.duplicated },
  orders: { expected: expected.orders, onServer: orders.distinct, lost: expected.orders - orders.distinct, duplicated: orders.duplicated },
  paymentRequests: { expected: expected.paymentRequests, onServer: requests.distinct, lost: expected.paymentRequests - requests.distinct, duplicated: requests.duplicated },
  sms: { expected: expected.paymentRequests, onServer: sms.distinct, lost: expected.paymentRequests - sms.distinct, duplicated: sms.duplicated },
};
console.table(rows);
console.log(`sent on device: ${sent} of ${COMMANDS}`);
proxy.close();
if (process.env.CHAOS_KEEP) console.log(`data kept in ${dataDir}`);
else await rm(dataDir, { recursive: true, force: true });
if (Object.values(rows).some((r) => r.lost !== 0 || r.duplicated !== 0) || sent !== COMMANDS) {
  console.error('CHAOS FAILED');
  process.exit(1);
}
process.exit(0);
