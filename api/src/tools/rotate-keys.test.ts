import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allCollections, C } from '../collections';
import type { AppConfig } from '../deps';
import { createFieldCrypto } from '../crypto/field-crypto';
import { cprIndexOf, fieldKeysOf, keyIdOf, parseDataKeyRing, type DataKeyRing } from '../crypto/keys';
import { seedIfEmpty } from '../seed/index';
import { openLowdbStorage } from '../storage/lowdb';
import type { Storage } from '../storage/port';
import { openPostgresStorage } from '../storage/postgres';
import { makeTestApp, staffAgent, type TestApp } from '../test/harness';
import { freshDatabase, stopTestPostgres } from '../test/postgres';
import { rotateKeys, RotateRefused, type RotateCount } from './rotate-keys';

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
}


const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LEGACY = 'rotate-test-secret-rotate-test-secret-0123';
const hexA = 'a1'.repeat(32);
const hexB = 'b2'.repeat(32);
const hexGone = 'd4'.repeat(32);
const idA = keyIdOf(Buffer.from(hexA, 'hex'));
const idB = keyIdOf(Buffer.from(hexB, 'hex'));
const glasses = {
  rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5,
  leftSphere: -1, leftCylinder: null, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32,
};

function ring(key: string, oldKeys?: string): DataKeyRing {
  // Production's default: the CPR index keyed by the current key (rotate-keys moves it along).
  const parsed = parseDataKeyRing({ key, oldKeys, defaultIndex: 'current' });
  if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
  return parsed.ring;
}
const legacyOnly: Partial<AppConfig> = { secret: LEGACY };
const underA: Partial<AppConfig> = { secret: LEGACY, dataKeys: ring(hexA) };
const underBwithA: Partial<AppConfig> = { secret: LEGACY, dataKeys: ring(hexB, `${idA}:${hexA}`) };
const underBonly: Partial<AppConfig> = { secret: LEGACY, dataKeys: ring(hexB) };

async function customerWithPrescription(t: TestApp, cpr: string): Promise<{ customerId: string; prescriptionId: string }> {
  const customerId = randomUUID();
  const prescriptionId = randomUUID();
  const s = await staffAgent(t);
  const commands = [
    { id: randomUUID(), type: 'customer.create', createdAt: '2026-11-22T09:00:00.000Z', payload: { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1', cpr } },
    { id: randomUUID(), type: 'prescription.create', createdAt: '2026-11-22T09:01:00.000Z', payload: { prescriptionId, customerId, examDate: '2026-10-01', confirmedNotOlderThanYear: true, entry: { kind: 'glasses', glasses } } },
    { id: randomUUID(), type: 'customer.update', createdAt: '2026-11-22T09:02:00.000Z', payload: { customerId, changes: { notes: { value: 'Tørre øjne', base: null } } } },
  ];
  const res = await s.post('/api/sync', { commands }).expect(200);
  expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
  return { customerId, prescriptionId };
}

const byCollection = (counts: RotateCount[]) => Object.fromEntries(counts.map((c) => [`${c.collection}.${c.field}`, { resealed: c.resealed, reindexed: c.reindexed }]));

/**
 * Data sealed three ways (v1 with the legacy secret, v2 under A, v2 under B), rotated to B:
 * before, everything opens with B + A; after rotate-keys, with B alone — also finding each
 * customer by exact CPR (the index moved to B). A second run changes nothing.
 */
async function rotationScenario(storage: Storage) {
  const v1App = await makeTestApp({ storage, config: legacyOnly });
  const v1 = await customerWithPrescription(v1App, '070761-4285');
  const aApp = await makeTestApp({ storage, config: underA });
  const a = await customerWithPrescription(aApp, '211062-5629');
  await storage.collection(C.accountProfiles).put({ id: 'u-kunde', street: '', zip: '', city: '', cprSealed: createFieldCrypto(fieldKeysOf({ secret: LEGACY, dataKeys: underA.dataKeys! }), 'cpr').encrypt('010160-1235', 'u-kunde'), updatedAt: '2026-11-22T09:00:00.000Z' });
  const bApp = await makeTestApp({ storage, config: underBwithA });
  const b = await customerWithPrescription(bApp, '020280-1005');

  const sealedOf = async (id: string) => (await storage.collection(C.customers).get(id))!.cprSealed!;
  expect((await sealedOf(v1.customerId)).startsWith('v1.')).toBe(true);
  expect((await sealedOf(a.customerId)).startsWith(`v2.${idA}.`)).toBe(true);
  expect((await sealedOf(b.customerId)).startsWith(`v2.${idB}.`)).toBe(true);
  // With B current and A kept, every value opens.
  for (const id of [v1.customerId, a.customerId, b.customerId]) expect(bApp.services.customers.toPublic((await storage.collection(C.customers).get(id))!).cpr).toMatch(/^\d{6}-/);

  const keysBwithA = fieldKeysOf({ secret: LEGACY, dataKeys: underBwithA.dataKeys! });
  expect(byCollection(await rotateKeys({ storage, keys: keysBwithA, batchSize: 2 }))).toEqual({
    'customers.cprSealed': { resealed: 2, reindexed: 2 },
    'accountProfiles.cprSealed': { resealed: 1, reindexed: 0 },
    'prescriptions.sealed': { resealed: 2, reindexed: 0 },
    'customers.notesSealed': { resealed: 2, reindexed: 0 },
    'customerConflicts.sealed': { resealed: 0, reindexed: 0 },
  });
  // Idempotent: nothing left to do.
  expect(byCollection(await rotateKeys({ storage, keys: keysBwithA }))).toEqual({
    'customers.cprSealed': { resealed: 0, reindexed: 0 },
    'accountProfiles.cprSealed': { resealed: 0, reindexed: 0 },
    'prescriptions.sealed': { resealed: 0, reindexed: 0 },
    'customers.notesSealed': { resealed: 0, reindexed: 0 },
    'customerConflicts.sealed': { resealed: 0, reindexed: 0 },
  });

  // B alone: every value opens, every customer is found by exact CPR, prescriptions and the profile open.
  const onlyB = await makeTestApp({ storage, config: underBonly });
  const keysB = fieldKeysOf({ secret: LEGACY, dataKeys: underBonly.dataKeys! });
  for (const [cpr, ids] of [['070761-4285', v1], ['211062-5629', a], ['020280-1005', b]] as const) {
    expect((await sealedOf(ids.customerId)).startsWith(`v2.${idB}.`)).toBe(true);
    const found = await onlyB.services.customers.search(cpr, null);
    expect(found.map((c) => c.id)).toEqual([ids.customerId]);
    expect(found[0]!.cpr!.slice(0, 6)).toBe(cpr.slice(0, 6));
    expect(found[0]!.notes).toBe('Tørre øjne');
    const rx = (await storage.collection(C.prescriptions).get(ids.prescriptionId))!;
    expect(rx.sealed.startsWith(`v2.${idB}.`)).toBe(true);
    expect(JSON.parse(createFieldCrypto(keysB, 'prescription').decrypt(rx.sealed, rx.id)).glasses.rightAxis).toBe(90);
  }
  const profile = (await storage.collection(C.accountProfiles).get('u-kunde'))!;
  expect(createFieldCrypto(keysB, 'cpr').decrypt(profile.cprSealed!, 'u-kunde')).toBe('010160-1235');

  // A value under a key id nobody configured stops the run, naming record and key id; its batch is left as it was.
  const strayId = randomUUID();
  const stray = createFieldCrypto({ legacy: LEGACY, ring: ring(hexGone) }, 'cpr').encrypt('070761-4285', strayId);
  const record = (await storage.collection(C.customers).get(v1.customerId))!;
  await storage.collection(C.customers).put({ ...record, id: strayId, customerNumber: `${record.customerNumber}9`, cprSealed: stray, cprIndex: cprIndexOf('stale', 'x') });
  const err = await failure(rotateKeys({ storage, keys: keysB }));
  expect(err).toBeInstanceOf(RotateRefused);
  expect(err.message).toContain(`customers/${strayId}`);
  expect(err.message).toContain(`nøgle-id "${keyIdOf(Buffer.from(hexGone, 'hex'))}"`);
  expect((await storage.collection(C.customers).get(strayId))!.cprSealed).toBe(stray);
  await storage.collection(C.customers).remove(strayId);
}

describe('rotate-keys', () => {
  it('on the embedded engine: v1 and key-A values re-sealed under B in batches, found by CPR with B alone, idempotent', async () => {
    const t = await makeTestApp();
    await rotationScenario(t.storage);
  });

  it('on PostgreSQL: the same', async () => {
    const db = await freshDatabase();
    const storage = await openPostgresStorage({ url: db.url, collections: allCollections, poolSize: 4 });
    try {
      await seedIfEmpty(storage, () => {}, { secret: LEGACY });
      await rotationScenario(storage);
    } finally {
      await storage.close();
      await db.drop();
    }
  });

  it('the command on a demo data folder from before the ring: generates data.key, re-seals the v1 values, prints counts and no value', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-rotate-'));
    try {
      await writeFile(path.join(dir, 'secret.key'), LEGACY, { mode: 0o600 });
      const store = await openLowdbStorage({ dir, collections: allCollections });
      const t = await makeTestApp({ storage: store, config: legacyOnly });
      const id = randomUUID();
      await t.services.customers.create({ customerId: id, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1', cpr: '070761-4285' }, 'st-001');
      await store.close();

      const res = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/tools/rotate-keys.ts'], {
          cwd: apiDir,
          env: { ...process.env, DEMO: '1', DATA_DIR: dir, APP_SECRET: undefined, DATA_ENCRYPTION_KEY: undefined, STORAGE_URL: undefined },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (b: Buffer) => (output += b.toString()));
        child.stderr.on('data', (b: Buffer) => (output += b.toString()));
        child.on('error', reject);
        child.on('exit', (code) => resolve({ code, output }));
      });
      expect(res.output).toContain('customers.cprSealed: 1 poster, 1 krypteret igen');
      expect(res.code).toBe(0);
      expect(res.output).not.toContain('070761');
      const dataKey = (await readFile(path.join(dir, 'data.key'), 'utf8')).trim();
      const reopened = await openLowdbStorage({ dir, collections: allCollections });
      try {
        expect((await reopened.collection(C.customers).get(id))!.cprSealed!.startsWith(`v2.${keyIdOf(Buffer.from(dataKey, 'hex'))}.`)).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

afterAll(async () => {
  await stopTestPostgres();
});
