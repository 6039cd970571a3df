import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCollections, C } from '../collections';
import { DEMO_CUSTOMER_ID } from '../seed/my-orders';
import { seedIfEmpty } from '../seed/index';
import { openLowdbStorage } from '../storage/lowdb';
import { defineCollection, type Entity, type Storage } from '../storage/port';
import { openPostgresStorage, type PostgresStorage } from '../storage/postgres';
import { customerAgent, makeTestApp, staffAgent } from '../test/harness';
import { freshDatabase, stopTestPostgres } from '../test/postgres';
import { ImportRefused, importEmbedded, redactUrl } from './import-embedded';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The embedded store's app secret, as the API keeps it in DATA_DIR/secret.key. */
const SECRET = 'import-test-secret-import-test-secret-0123';
const CPR = '070761-4285';
const glasses = {
  rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5,
  leftSphere: -1, leftCylinder: null, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32,
};

let dataDir: string;
let db: { url: string; drop(): Promise<void> };
const customerId = randomUUID();
const prescriptionId = randomUUID();
const opened: PostgresStorage[] = [];

/** The seeded embedded store of a real installation, plus a customer with a CPR and a prescription (both encrypted with the app secret). */
async function embeddedStore(dir: string) {
  await writeFile(path.join(dir, 'secret.key'), SECRET, { mode: 0o600 });
  const storage = await openLowdbStorage({ dir, collections: allCollections });
  try {
    await seedIfEmpty(storage, () => {}, { secret: SECRET });
    const t = await makeTestApp({ storage, config: { secret: SECRET } });
    const s = await staffAgent(t);
    const commands = [
      { id: randomUUID(), type: 'customer.create', createdAt: '2026-11-22T09:00:00.000Z', payload: { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1', cpr: CPR } },
      { id: randomUUID(), type: 'prescription.create', createdAt: '2026-11-22T09:01:00.000Z', payload: { prescriptionId, customerId, examDate: '2026-10-01', confirmedNotOlderThanYear: true, entry: { kind: 'glasses', glasses } } },
    ];
    const res = await s.post('/api/sync', { commands }).expect(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
  } finally {
    await storage.close();
  }
}

async function openTarget(): Promise<PostgresStorage> {
  const s = await openPostgresStorage({ url: db.url, collections: allCollections, poolSize: 4 });
  opened.push(s);
  return s;
}

/** Every collection's records, by id. */
async function snapshot(storage: Storage): Promise<Map<string, Entity[]>> {
  const out = new Map<string, Entity[]>();
  for (const def of allCollections) out.set(def.name, await storage.collection(def).all());
  return out;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'optik-import-'));
  await embeddedStore(dataDir);
  db = await freshDatabase();
});

afterAll(async () => {
  for (const s of opened.splice(0)) await s.close();
  await db?.drop();
  await rm(dataDir, { recursive: true, force: true });
  await stopTestPostgres();
});

describe('import-embedded: the embedded store into PostgreSQL', () => {
  it('copies every collection in one transaction: the same counts, and the same records by key and by index', async () => {
    const lines: string[] = [];
    const result = await importEmbedded({ from: dataDir, to: db.url, log: (l) => lines.push(l) });
    expect(lines.join('\n')).not.toContain(db.url);

    const source = await openLowdbStorage({ dir: dataDir, collections: allCollections });
    const target = await openTarget();
    try {
      const before = await snapshot(source);
      expect(result.counts.map((c) => c.collection)).toEqual(allCollections.map((d) => d.name));
      for (const def of allCollections) {
        const n = before.get(def.name)!.length;
        expect({ collection: def.name, records: await target.collection(def).count() }).toEqual({ collection: def.name, records: n });
        expect(result.counts.find((c) => c.collection === def.name)?.records).toBe(n);
      }
      expect(result.total).toBe([...before.values()].reduce((s, rows) => s + rows.length, 0));
      expect(result.total).toBeGreaterThan(1500);

      // An account by its unique e-mail key, the demo customer's orders through an index (in index order), the CPR customer and its prescription.
      const account = await target.collection(C.accounts).getBy('email', 'kunde@example.dk');
      expect(account).toBeDefined();
      expect(account).toEqual(await source.collection(C.accounts).getBy('email', 'kunde@example.dk'));
      const orders = await target.collection(C.orders).list('byCustomer', DEMO_CUSTOMER_ID, { desc: true });
      expect(orders.length).toBeGreaterThan(0);
      expect(orders).toEqual(await source.collection(C.orders).list('byCustomer', DEMO_CUSTOMER_ID, { desc: true }));
      expect(await target.collection(C.customers).get(customerId)).toEqual(await source.collection(C.customers).get(customerId));
      expect(await target.collection(C.prescriptions).get(prescriptionId)).toEqual(await source.collection(C.prescriptions).get(prescriptionId));
      // The whole catalogue, in the order the embedded store holds it.
      expect(await target.collection(C.articles).all()).toEqual(before.get('articles'));
    } finally {
      await source.close();
    }
  }, 60_000);

  it('refuses a second import into a database that holds data, naming what it holds, and changes nothing', async () => {
    const target = await openTarget();
    const before = await target.collection(C.accounts).count();
    const err = await importEmbedded({ from: dataDir, to: db.url }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportRefused);
    expect((err as Error).message).toMatch(/indeholder allerede data \(articles: \d+, .*accounts: \d+/);
    expect((err as Error).message).toContain(redactUrl(db.url));
    expect(await target.collection(C.accounts).count()).toBe(before);
  });

  it('the API on the imported database, with APP_SECRET = DATA_ENCRYPTION_KEY = the embedded secret: logins, CPR and prescriptions work', async () => {
    const storage = await openTarget();
    const t = await makeTestApp({ storage, config: { secret: SECRET, dataKey: SECRET } });
    const shopper = await customerAgent(t, 'kunde@example.dk');
    // The session is signed with the app secret; the demo customer's orders come from the imported indexes.
    const mine = await shopper.agent.get('/api/account/orders').expect(200);
    const imported = await storage.collection(C.orders).list('byCustomer', DEMO_CUSTOMER_ID);
    expect((mine.body.data as { id: string }[]).map((o) => o.id).sort()).toEqual(imported.map((o) => o.id).sort());
    // The CPR decrypts (masked for staff) and the keyed CPR index still finds the customer.
    expect(await t.services.customers.get(customerId)).toMatchObject({ id: customerId, cpr: '070761-XXXX' });
    expect((await t.services.customers.search(CPR, null)).map((c) => c.id)).toEqual([customerId]);
    const staff = await staffAgent(t);
    const list = await staff.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(200);
    expect(list.body.data[0]).toMatchObject({ id: prescriptionId, entry: { kind: 'glasses', glasses } });

    // With another data key the same records cannot be read: why the import's header insists on the secret.
    const wrong = await makeTestApp({ storage, config: { secret: SECRET, dataKey: 'another-data-key-another-data-key-0123' } });
    await expect(wrong.services.customers.get(customerId)).rejects.toThrow();
    expect(await wrong.services.customers.search(CPR, null)).toEqual([]);
  }, 30_000);

  it('refuses a folder that holds no embedded store, and records sharing a unique key, moving nothing', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'optik-import-empty-'));
    const old = await mkdtemp(path.join(os.tmpdir(), 'optik-import-old-'));
    const other = await freshDatabase();
    try {
      await expect(importEmbedded({ from: empty, to: other.url })).rejects.toThrow(/er ikke et indlejret lager/);
      await expect(importEmbedded({ from: dataDir, to: 'mysql://x' })).rejects.toBeInstanceOf(ImportRefused);

      // Written before the e-mail was a unique key: two records share one. PostgreSQL would refuse the second.
      const schema = z.object({ id: z.string(), email: z.string() });
      const before = defineCollection({ name: 'people', schema, file: { group: 'people', durable: true } });
      const now = defineCollection({ name: 'people', schema, file: { group: 'people', durable: true }, unique: { email: (p) => p.email } });
      const embedded = await openLowdbStorage({ dir: old, collections: [before] });
      await embedded.collection(before).putMany([{ id: 'p1', email: 'same@example.dk' }, { id: 'p2', email: 'same@example.dk' }]);
      await embedded.close();
      const err = await importEmbedded({ from: old, to: other.url, collections: [now] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImportRefused);
      expect((err as Error).message).toBe('people: flere poster deler nøglen email; ret dem i det indlejrede lager (API\'et advarer om dem ved start) og importér igen. Intet er flyttet.');
      const target = await openPostgresStorage({ url: other.url, collections: [now], poolSize: 2 });
      try {
        expect(await target.collection(now).count()).toBe(0);
      } finally {
        await target.close();
      }
    } finally {
      await other.drop();
      await rm(empty, { recursive: true, force: true });
      await rm(old, { recursive: true, force: true });
    }
  }, 30_000);

  it('the command exits 1 on a database that holds data and never prints the password', async () => {
    const url = new URL(db.url);
    // A trust-authenticated server ignores a password; an embedded one has its own. Either way there is one to hide.
    if (!url.password) url.password = 'must-not-be-printed';
    const password = decodeURIComponent(url.password);
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/tools/import-embedded.ts', '--from', dataDir, '--to', url.toString()], { cwd: apiDir, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      child.stderr.on('data', (b: Buffer) => (out += b.toString()));
      child.on('error', reject);
      child.on('exit', (c) => resolve({ code: c, output: out }));
    });
    expect(code).toBe(1);
    expect(output).toMatch(/indeholder allerede data/);
    expect(output).toContain('***');
    expect(output).not.toContain(password);
  }, 60_000);
});
