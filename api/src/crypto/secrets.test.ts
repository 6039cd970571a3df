import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { C } from '../collections';
import { loadConfig } from '../config';
import { makeTestApp, staffAgent, type TestApp } from '../test/harness';
import { createFieldCrypto } from './field-crypto';
import { fieldKeysOf } from './keys';

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );
}


const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
async function tempDir() {
  const d = await mkdtemp(path.join(os.tmpdir(), 'optik-secrets-'));
  dirs.push(d);
  return d;
}
const mode = async (p: string) => (await stat(p)).mode & 0o777;

const APP_SECRET = 'app-secret-app-secret-app-secret-0123456';
const DATA_KEY = 'c3'.repeat(32);
const CPR = '070761-4285';
const glasses = {
  rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5,
  leftSphere: -1, leftCylinder: null, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32,
};

/** A customer with a CPR number and a prescription, created through staff sync. */
async function customerWithPrescription(t: TestApp): Promise<{ customerId: string; prescriptionId: string }> {
  const customerId = randomUUID();
  const prescriptionId = randomUUID();
  const s = await staffAgent(t);
  const commands = [
    { id: randomUUID(), type: 'customer.create', createdAt: '2026-11-22T09:00:00.000Z', payload: { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1', cpr: CPR } },
    { id: randomUUID(), type: 'prescription.create', createdAt: '2026-11-22T09:01:00.000Z', payload: { prescriptionId, customerId, examDate: '2026-10-01', confirmedNotOlderThanYear: true, entry: { kind: 'glasses', glasses } } },
  ];
  const res = await s.post('/api/sync', { commands }).expect(200);
  expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
  return { customerId, prescriptionId };
}

describe('secrets in production: from the environment only', () => {
  it('refuses to start without APP_SECRET and DATA_ENCRYPTION_KEY, naming each, and writes nothing to the data folder', async () => {
    const dir = await tempDir();
    for (const env of [{ NODE_ENV: 'production' }, { DEMO: '0' }]) {
      const err = await failure(loadConfig({ ...env, DATA_DIR: dir }));
      expect(err).toBeInstanceOf(Error);
      expect(err.message).toMatch(/APP_SECRET: skal sættes i produktion/);
      expect(err.message).toMatch(/DATA_ENCRYPTION_KEY: skal sættes i produktion/);
    }
    const onlySecret = await failure(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, APP_SECRET }));
    expect(onlySecret.message).toContain('DATA_ENCRYPTION_KEY');
    expect(onlySecret.message).not.toContain('APP_SECRET');
    expect(await readdir(dir)).toEqual([]);
  });

  it('with both set, uses them and generates no key file; the data folder is 0700', async () => {
    const dir = await tempDir();
    const config = await loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, APP_SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, DATA_ENCRYPTION_KEY_ID: 'k1' });
    expect(config.app.secret).toBe(APP_SECRET);
    expect(config.app.dataKeys?.current.id).toBe('k1');
    expect(config.app.dataKeys?.current.key.toString('hex')).toBe(DATA_KEY);
    // Production keys the CPR index by the data key, not by the signing secret.
    expect(config.app.dataKeys?.indexKeyId).toBe('k1');
    expect(await readdir(dir)).toEqual([]);
    expect(await mode(dir)).toBe(0o700);
  });

  it('refuses a DATA_ENCRYPTION_KEY that is not 64 hex characters (also the former ≥ 32-character kind) with a Danish message', async () => {
    const dir = await tempDir();
    const err = await failure(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, APP_SECRET, DATA_ENCRYPTION_KEY: APP_SECRET }));
    expect(err.message).toContain('DATA_ENCRYPTION_KEY: skal være 32 tilfældige bytes skrevet som 64 hex-tegn');
    expect(err.message).not.toContain(APP_SECRET);
  });

  it('with STORAGE_URL, demo mode too needs both from the environment (every instance must share them)', async () => {
    const dir = await tempDir();
    const err = await failure(loadConfig({ DEMO: '1', DATA_DIR: dir, STORAGE_URL: 'postgres://localhost/x' }));
    expect(err.message).toMatch(/APP_SECRET: skal sættes, når STORAGE_URL er sat/);
    expect(err.message).toMatch(/DATA_ENCRYPTION_KEY: skal sættes, når STORAGE_URL er sat/);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('secrets in demo mode: generated once into DATA_DIR', () => {
  it('from a clean folder: secret.key and a separate data.key (64 hex), both 0600, the same on the next start', async () => {
    const dir = await tempDir();
    const first = await loadConfig({ DEMO: '1', DATA_DIR: dir });
    expect((await readdir(dir)).sort()).toEqual(['data.key', 'secret.key']);
    expect(await mode(path.join(dir, 'secret.key'))).toBe(0o600);
    expect(await mode(path.join(dir, 'data.key'))).toBe(0o600);
    expect(await mode(dir)).toBe(0o700);
    const dataKey = (await readFile(path.join(dir, 'data.key'), 'utf8')).trim();
    expect(dataKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.app.dataKeys?.current.key.toString('hex')).toBe(dataKey);
    expect(dataKey).not.toBe(first.app.secret);
    const again = await loadConfig({ DEMO: '1', DATA_DIR: dir });
    expect(again.app.secret).toBe(first.app.secret);
    expect(again.app.dataKeys?.current.id).toBe(first.app.dataKeys?.current.id);
  });

  it('a demo folder from before the key ring (only secret.key, 0644) keeps opening its CPR numbers and prescriptions and finding customers by CPR; new values get a key id', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'secret.key'), APP_SECRET, { mode: 0o644 });
    // Data written by the API as it was: everything sealed (v1) and indexed with the app secret.
    const before = await makeTestApp({ config: { secret: APP_SECRET } });
    const old = await customerWithPrescription(before);
    const oldRecord = (await before.storage.collection(C.customers).get(old.customerId))!;
    expect(oldRecord.cprSealed?.startsWith('v1.')).toBe(true);

    const config = await loadConfig({ DEMO: '1', DATA_DIR: dir });
    expect(config.app.secret).toBe(APP_SECRET);
    expect(await mode(path.join(dir, 'secret.key'))).toBe(0o600);
    const t = await makeTestApp({ storage: before.storage, config: config.app });
    const found = await t.services.customers.search(CPR, null);
    expect(found.map((c) => c.id)).toEqual([old.customerId]);
    expect(found[0]!.cpr).toMatch(/^070761/);
    const rx = (await t.storage.collection(C.prescriptions).get(old.prescriptionId))!;
    expect(JSON.parse(createFieldCrypto(fieldKeysOf(config.app), 'prescription').decrypt(rx.sealed, rx.id)).kind).toBe('glasses');

    // A new customer is sealed under data.key (v2 with its id); the same CPR is still refused as taken.
    const fresh = await t.services.customers.create({ customerId: randomUUID(), zip: '8000', city: 'Aarhus C', firstName: 'Ny', lastName: 'Kunde', phone: '20304051', street: 'Vej 2', cpr: '211062-5629' }, 'st-001');
    const freshRecord = (await t.storage.collection(C.customers).get(fresh.id))!;
    expect(freshRecord.cprSealed?.startsWith(`v2.${config.app.dataKeys!.current.id}.`)).toBe(true);
    await expect(t.services.customers.create({ customerId: randomUUID(), zip: '8000', city: 'Aarhus C', firstName: 'Dobbelt', lastName: 'Kunde', phone: '20304052', street: 'Vej 3', cpr: CPR }, 'st-001')).rejects.toThrow();
  });
});
