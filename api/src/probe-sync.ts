import { mkdtemp } from 'node:fs/promises';
import os from 'node:os'; import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { openLowdbStorage } from './storage/lowdb';
import { allCollections } from './collections';
import { seedIfEmpty } from './seed/index';
import { createApp } from './app';
import { createMemoryCoordination } from './coordination/memory';
import { systemClock } from './deps';
import { createMemoryMailer } from './ports/mail';
import { createMemorySms } from './ports/sms';
import { createSimulatedPayments } from './ports/payments';
const dir = await mkdtemp(path.join(os.tmpdir(), 'p-'));
const storage = await openLowdbStorage({ dir, collections: allCollections });
await seedIfEmpty(storage);
const { services } = createApp({ storage, coordination: createMemoryCoordination(), clock: systemClock, logger: pino({ level: 'silent' }), mailer: createMemoryMailer(), sms: createMemorySms(), payments: createSimulatedPayments(), config: { secret: 'x'.repeat(40), secureCookies: false, sessionTtlMs: 1e6, loginRateLimit: { windowMs: 1, max: 1 }, publicWebUrl: 'http://x' } });
const user = { id: 'u-staff-1', role: 'store-staff', storeId: 'st-001', firstName: 'a', lastName: 'b', email: null } as never;
const t = performance.now();
for (let i = 0; i < 200; i++) {
  const id = randomUUID();
  const s = performance.now();
  const r = await services.sync.push([{ id: randomUUID(), type: 'customer.create', payload: { customerId: id, zip: '8000', city: 'Aarhus C', firstName: 'A', lastName: `K${i}`, phone: String(20000000 + i), street: 'x' } } as never], user);
  if (i % 50 === 0) console.log(i, r[0]!.status, (performance.now() - s).toFixed(1));
}
console.log('per command ms', (performance.now() - t) / 200);
await storage.close();
