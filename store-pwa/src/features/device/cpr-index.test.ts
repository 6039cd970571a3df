import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceCustomer, SessionResponse } from '@optik/shared';

let recent: DeviceCustomer[] = [];
vi.mock('../../api', () => ({
  api: { recentCustomers: async () => ({ ok: true, status: 200, data: { data: recent } }) },
}));
const { db, refreshCustomers } = await import('../../services');
const { StoreDb } = await import('../../db/db');
const { openVault } = await import('../../db/vault');
const { createSyncEngine } = await import('../../sync/engine');
const { createCustomer } = await import('../customers/create-customer');
const { cprDigits, cprIndexOf } = await import('./cpr-index');

const session = { user: { id: 'u1', role: 'store-staff', name: 'Anders Møller', email: null, storeId: 'st-001', storeName: 'København K', companyId: null }, expiresAt: '2099-01-01T00:00:00.000Z' } as SessionResponse;
const fields = { zip: '2100', city: 'København Ø', firstName: 'Ole', lastName: 'Lokal', email: '', phone: '30405060', street: 'Vej 1' };
const serverCustomer = (id: string, cprForIndex: string | null): DeviceCustomer => ({
  id, customerNumber: 'K100001', firstName: 'Ida', lastName: 'Server', email: null, phone: '30405061', street: 'Vej 2', zip: '2100', city: 'København Ø',
  cpr: cprForIndex ? `${cprForIndex.slice(0, 6)}-XXXX` : null, cprForIndex,
  birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: '2026-11-22T09:00:00.000Z', updatedAt: '2026-11-22T09:00:00.000Z', version: 1,
});

/** Every string anywhere in every row of every table of the device database. */
async function allStrings(d: InstanceType<typeof StoreDb>): Promise<string[]> {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const table of d.tables) walk(await table.toArray());
  return out;
}

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(() => {
  recent = [];
});

describe('the CPR blind index on the device', () => {
  it('gives the same index for the same CPR, with or without dash, and none for what is not a full CPR', async () => {
    const a = await cprIndexOf(db, '070761-4285');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await cprIndexOf(db, '0707614285')).toBe(a);
    expect(await cprIndexOf(db, ' 070761 4285 ')).toBe(a);
    expect(await cprIndexOf(db, '010160-1235')).not.toBe(a);
    expect(await cprIndexOf(db, '070761')).toBeNull();
    expect(await cprIndexOf(db, 'Ole Jensen')).toBeNull();
    expect(cprDigits('070761-4285')).toBe('0707614285');
  });

  it("is keyed by this device: another device's key gives another index for the same CPR, and the key cannot be read out", async () => {
    const other = new StoreDb('optik-store-other');
    try {
      expect(await cprIndexOf(other, '070761-4285')).not.toBe(await cprIndexOf(db, '070761-4285'));
      const key = (await db.meta.get('cpr-index-key'))!.value as CryptoKey;
      expect(key.extractable).toBe(false);
      expect(key.algorithm).toMatchObject({ name: 'HMAC' });
    } finally {
      other.close();
      await other.delete();
    }
  });

  it('indexes a customer created on the device and one from the device copy, and stores the CPR in clear nowhere', async () => {
    const engine = createSyncEngine({ db, vault: await openVault(db), send: async () => ({ ok: false, status: 0, error: { code: 'internal', message: 'offline' } }) });
    const created = await createCustomer(engine, session, { fields, cpr: { value: '070761-4285', masked: '070761-XXXX', confirmed: false } });
    recent = [serverCustomer('c-server', '010160-1235'), serverCustomer('c-none', null)];
    expect(await refreshCustomers()).toBe(true);

    expect((await db.customers.get(created.id))!.cprIndex).toBe(await cprIndexOf(db, '0707614285'));
    const fromServer = (await db.customers.get('c-server'))!;
    expect(fromServer).toMatchObject({ cprMasked: '010160-XXXX', cprIndex: await cprIndexOf(db, '0101601235') });
    expect(fromServer).not.toHaveProperty('cprForIndex');
    expect((await db.customers.get('c-none'))!.cprIndex).toBeNull();
    // Found by the index, as the search screen does.
    expect((await db.customers.where('cprIndex').equals((await cprIndexOf(db, '010160-1235'))!).toArray()).map((c) => c.id)).toEqual(['c-server']);

    const strings = await allStrings(db);
    for (const clear of ['0707614285', '070761-4285', '0101601235', '010160-1235']) expect(strings.filter((s) => s.includes(clear))).toEqual([]);
    // The CPR still reaches the server: sealed in the outbox, opened only when sent.
    const row = (await db.outbox.toArray())[0]!;
    expect(await (await openVault(db)).open(row.sealed!)).toMatchObject({ cpr: '070761-4285' });
  });
});
