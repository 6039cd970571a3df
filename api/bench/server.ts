// Benchmark target: the real app on a lowdb DATA_DIR, and in the same process a bare
// node:http JSON endpoint answering the same article, as the baseline of the same run.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '../src/app';
import { systemClock } from '../src/deps';
import { createMemoryMailer } from '../src/ports/mail';
import { createSimulatedPayments } from '../src/ports/payments';
import { createMemorySms } from '../src/ports/sms';
import { seedIfEmpty } from '../src/seed/index';
import { openLowdbStorage } from '../src/storage/lowdb';
import { C } from '../src/collections';
import { allCollections } from '../src/collections';
import { createMemoryCoordination } from '../src/coordination/memory';

const dir = process.argv[2]!;
const storage = await openLowdbStorage({ dir, collections: allCollections });
await seedIfEmpty(storage);
const { app, services } = createApp({
  storage,
  coordination: createMemoryCoordination(),
  clock: systemClock,
  logger: pino({ level: 'silent' }),
  mailer: createMemoryMailer(),
  sms: createMemorySms(),
  payments: createSimulatedPayments(),
  config: {
    demo: true,
    secret: 'bench-secret-bench-secret-bench-secret',
    secureCookies: false,
    sessionTtlMs: 3_600_000,
    loginRateLimit: { windowMs: 60_000, max: 10 },
    publicWebUrl: 'http://localhost:5173',
  },
});
await services.search.search('warm up');
const [article] = await storage.collection(C.articles).all();
const body = JSON.stringify({ data: article });

const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
const api = app.listen(0, '127.0.0.1');
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
await new Promise<void>((r) => (api.listening ? r() : api.once('listening', () => r())));
process.stdout.write(
  JSON.stringify({ api: (api.address() as AddressInfo).port, bare: (bare.address() as AddressInfo).port, articleId: article!.id }) + '\n',
);
