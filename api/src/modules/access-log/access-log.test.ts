import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessLogResponseSchema, dataAccessResponseSchema, syncResponseSchema } from '@optik/shared';
import { createFieldCrypto } from '../../crypto/field-crypto';
import { buyableArticle, command, customerAgent, makeTestApp, staffAgent, testConfig, type TestApp } from '../../test/harness';
import { accountProfilesCollection } from '../auth/records';
import { customerMessages } from '../customers/service';
import { accessLogCollection } from './records';

const CPR = '070761-4285';
const glasses = {
  rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5,
  leftSphere: -1, leftCylinder: null, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32,
};
const newCustomer = (customerId: string, cpr?: string) =>
  command('customer.create', { customerId, zip: '2100', city: 'København Ø', firstName: 'Søren', lastName: 'Ågård', email: 'soeren@example.dk', phone: '30405060', street: 'Østerbrogade 1', cpr });
const newPrescription = (customerId: string) => command('prescription.create', { prescriptionId: randomUUID(), customerId, examDate: '2026-10-01', confirmedNotOlderThanYear: true, entry: { kind: 'glasses', glasses } });

/** Store 1 (medarbejder1) has a customer with a CPR and a prescription; store 2's staff (medarbejder2) is signed in. */
async function twoStores(t: TestApp) {
  const here = await staffAgent(t);
  const there = await staffAgent(t, 'medarbejder2', 'st-002');
  const customerId = randomUUID();
  const res = await here.post('/api/sync', { commands: [newCustomer(customerId, CPR), newPrescription(customerId)] }).expect(200);
  const [created] = syncResponseSchema.parse(res.body).results;
  const customerNumber = (created!.result as { customerNumber: string }).customerNumber;
  return { here, there, customerId, customerNumber };
}

const search = async (s: Awaited<ReturnType<typeof staffAgent>>, q: string) => ((await s.post('/api/staff/customers/search', { q }).expect(200)).body.data as { id: string }[]).map((c) => c.id);
const logOf = async (t: TestApp) => (await t.storage.collection(accessLogCollection).all()).sort((a, b) => a.at.localeCompare(b.at) || a.action.localeCompare(b.action));

describe('store boundaries (decision 009)', () => {
  it("lists another store's customer by no free text, only by exact CPR or exact customer number", async () => {
    const t = await makeTestApp();
    const { here, there, customerId, customerNumber } = await twoStores(t);
    for (const q of ['Søren', 'soeren', 'gård', customerNumber.slice(0, 4), customerNumber.slice(0, -1), 'soeren@example.dk', 'example.dk', '30405060', '+45 30 40 50 60', '3040']) {
      expect(await search(there, q), q).toEqual([]);
    }
    // Its own store finds it by any of them.
    for (const q of ['gård', customerNumber.slice(0, 4), 'soeren@example.dk', '+45 30 40 50 60']) expect(await search(here, q), q).toEqual([customerId]);
    expect(await search(there, '0707614285')).toEqual([customerId]);
    expect(await search(there, customerNumber)).toEqual([customerId]);
    expect(await search(there, customerNumber.slice(1))).toEqual([customerId]);
  });

  it("answers 404 for another store's customer's prescriptions until the store opens the customer by exact lookup", async () => {
    const t = await makeTestApp();
    const { there, customerId, customerNumber } = await twoStores(t);
    const before = await there.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(404);
    // As for a customer that does not exist: nothing tells the customer is there.
    const missing = await there.agent.get(`/api/staff/customers/${randomUUID()}/prescriptions`).expect(404);
    expect(before.body).toEqual(missing.body);
    // Free text does not open the customer.
    await search(there, 'Ågård');
    await there.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(404);
    expect(await search(there, customerNumber)).toEqual([customerId]);
    const after = await there.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(200);
    expect(after.body.data).toHaveLength(1);
    expect(after.body.data[0]).toMatchObject({ customerId, storeId: 'st-001', entry: { kind: 'glasses', glasses } });
  });

  it("rejects prescription.create and order.create for another store's customer before the exact lookup, applies them after", async () => {
    const t = await makeTestApp();
    const { there, customerId } = await twoStores(t);
    const a = await buyableArticle(t);
    const order = () => command('order.create', { orderId: randomUUID(), customerId, prescriptionId: null, deliveryMethodId: 119, lines: [{ skuId: a.skus[0]!.id, quantity: 1, subscriptionInterval: null }] });
    const refused = syncResponseSchema.parse((await there.post('/api/sync', { commands: [newPrescription(customerId), order()] }).expect(200)).body).results;
    for (const r of refused) expect(r).toMatchObject({ status: 'rejected', result: null, error: { code: 'forbidden', message: 'Kunden hører til en anden butik – slå kunden op på CPR eller kundenummer først.' } });
    expect(customerMessages.otherStore).toBe(refused[0]!.error!.message);
    expect((await t.storage.collection(accessLogCollection).all()).filter((e) => e.storeId === 'st-002')).toEqual([]);

    expect(await search(there, '070761-4285')).toEqual([customerId]);
    const applied = syncResponseSchema.parse((await there.post('/api/sync', { commands: [newPrescription(customerId), order()] }).expect(200)).body).results;
    expect(applied.map((r) => r.status)).toEqual(['applied', 'applied']);
  });

  it("answers a new command that reuses another store's customer or order id with a conflict, never that store's record", async () => {
    const t = await makeTestApp();
    const { here, there, customerId, customerNumber } = await twoStores(t);
    const a = await buyableArticle(t);
    const orderId = randomUUID();
    const order = (forCustomer: string) => command('order.create', { orderId, customerId: forCustomer, prescriptionId: null, deliveryMethodId: 119, lines: [{ skuId: a.skus[0]!.id, quantity: 1, subscriptionInterval: null }] });
    const placed = syncResponseSchema.parse((await here.post('/api/sync', { commands: [order(customerId)] }).expect(200)).body).results[0]!;
    expect(placed.status).toBe('applied');
    const orderNumber = (placed.result as { orderNumber: string }).orderNumber;
    // Store 2, with a customer of its own, sends new commands carrying store 1's ids.
    const mine = randomUUID();
    const res = syncResponseSchema.parse((await there.post('/api/sync', { commands: [newCustomer(customerId), newCustomer(mine), order(mine)] }).expect(200)).body).results;
    expect(res[0]).toMatchObject({ status: 'rejected', result: null, error: { code: 'conflict' } });
    expect(res[1]!.status).toBe('applied');
    expect(res[2]).toMatchObject({ status: 'rejected', result: null, error: { code: 'conflict' } });
    const refused = JSON.stringify([res[0], res[2]]);
    for (const secret of [customerNumber, orderNumber, customerId, 'Ågård', '4285']) expect(refused).not.toContain(secret);
  });

  it("refuses an order with another customer's prescription", async () => {
    const t = await makeTestApp();
    const { here, customerId } = await twoStores(t);
    const [theirs] = (await here.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(200)).body.data as { id: string }[];
    const other = randomUUID();
    const a = await buyableArticle(t);
    const res = await here.post('/api/sync', { commands: [newCustomer(other), command('order.create', { orderId: randomUUID(), customerId: other, prescriptionId: theirs!.id, deliveryMethodId: 119, lines: [{ skuId: a.skus[0]!.id, quantity: 1, subscriptionInterval: null }] })] }).expect(200);
    expect(res.body.results[1]).toMatchObject({ status: 'rejected', error: { fields: { prescriptionId: 'Recepten findes ikke.' } } });
  });

  it('writes one access-log entry per access, naming staff, store, customer and action but no personal value', async () => {
    const t = await makeTestApp();
    const { here, there, customerId, customerNumber } = await twoStores(t);
    const staff1 = { staffId: 'u-medarbejder1', staffName: 'Anders Møller', storeId: 'st-001', customerId };
    const staff2 = { staffId: 'u-medarbejder2', staffName: 'Sofie Larsen', storeId: 'st-002', customerId };
    // Creating the customer and their prescription: one entry each.
    expect(await logOf(t)).toEqual([expect.objectContaining({ ...staff1, action: 'customer.create' }), expect.objectContaining({ ...staff1, action: 'prescription.create' })]);
    t.clock.advance(1000);
    await here.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(200);
    t.clock.advance(1000);
    await search(there, 'Ågård');
    await there.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(404);
    expect(await t.storage.collection(accessLogCollection).count()).toBe(3);
    await search(there, customerNumber);
    t.clock.advance(1000);
    await there.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(200);
    t.clock.advance(1000);
    const rx = newPrescription(customerId);
    await there.post('/api/sync', { commands: [rx] }).expect(200);
    // A replayed command is answered from the sync log: no second entry.
    await there.post('/api/sync', { commands: [rx] }).expect(200);
    const log = await logOf(t);
    expect(log.slice(2).map(({ id: _id, at: _at, ...e }) => e)).toEqual([
      { ...staff1, action: 'prescriptions.read' },
      { ...staff2, action: 'customer.lookup' },
      { ...staff2, action: 'prescriptions.read' },
      { ...staff2, action: 'prescription.create' },
    ]);
    const text = JSON.stringify(log);
    for (const personal of ['0707614285', '070761', 'Søren', 'Ågård', 'soeren@example.dk', '30405060', 'Østerbrogade']) expect(text).not.toContain(personal);
  });

  it("shows a manager their own store's log, newest first, by cursor; staff get 403", async () => {
    const t = await makeTestApp();
    const { there, customerId, customerNumber } = await twoStores(t);
    for (let i = 0; i < 60; i += 1) {
      t.clock.advance(1000);
      await there.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(404);
    }
    await search(there, customerNumber);
    const manager = await staffAgent(t, 'leder1', 'st-001');
    const first = accessLogResponseSchema.parse((await manager.agent.get('/api/staff/access-log').expect(200)).body);
    // Store 1's entries only: store 2's lookup of store 1's customer is in store 2's log.
    // (Both written at one moment, by one sync request.)
    expect(first.data.map((e) => e.action).sort()).toEqual(['customer.create', 'prescription.create']);
    expect(first.data.find((e) => e.action === 'prescription.create')).toMatchObject({ staffName: 'Anders Møller', storeId: 'st-001', customerId, customerName: 'Søren Ågård', customerNumber, customerStoreId: 'st-001' });
    expect(first.next).toBeNull();
    await staffAgent(t, 'medarbejder1', 'st-001').then((s) => s.agent.get('/api/staff/access-log').expect(403));
    await there.agent.get('/api/staff/access-log').expect(403);
    expect((await manager.agent.get('/api/staff/access-log?cursor=bm9wZQ').expect(400)).body.error.code).toBe('validation_failed');

    // Paged: 60 reads by store 1's own staff, newest first, 50 a page.
    const own = await staffAgent(t);
    for (let i = 0; i < 60; i += 1) {
      t.clock.advance(1000);
      await own.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(200);
    }
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = accessLogResponseSchema.parse((await manager.agent.get(`/api/staff/access-log${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`).expect(200)).body);
      pages.push(page.data);
      cursor = page.next;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([50, 12]);
    const all = pages.flat();
    expect(all.map((e) => e.at)).toEqual(all.map((e) => e.at).sort().reverse());
    expect(all.every((e) => e.storeId === 'st-001')).toBe(true);
  });

  it('shows the signed-in customer which stores opened their data, with no staff names', async () => {
    const t = await makeTestApp();
    const { there, customerNumber } = await twoStores(t);
    const me = await customerAgent(t);
    // Not linked to a store customer (no CPR from e-ID): nothing to show.
    expect(dataAccessResponseSchema.parse((await me.agent.get('/api/my/data-access').expect(200)).body).data).toEqual([]);
    // The account's CPR (as an e-ID login with CPR keeps it) is the store customer's.
    const profile = (await t.storage.collection(accountProfilesCollection).get('u-kunde'))!;
    await t.storage.collection(accountProfilesCollection).put({ ...profile, cprSealed: createFieldCrypto(testConfig.secret, 'cpr').encrypt(CPR, 'u-kunde') });
    t.clock.advance(60_000);
    await search(there, customerNumber);
    const res = await me.agent.get('/api/my/data-access').expect(200);
    const list = dataAccessResponseSchema.parse(res.body).data;
    const seen = list.map(({ storeId, kind, write }) => ({ storeId, kind, write }));
    // Newest first; store 1 created the customer and the prescription at one moment.
    expect(seen[0]).toEqual({ storeId: 'st-002', kind: 'personal-data', write: false });
    expect(seen.slice(1)).toHaveLength(2);
    expect(seen.slice(1)).toEqual(expect.arrayContaining([{ storeId: 'st-001', kind: 'prescriptions', write: true }, { storeId: 'st-001', kind: 'personal-data', write: true }]));
    expect(list[0]!.storeName).toMatch(/^Profil Optik/);
    expect(JSON.stringify(res.body)).not.toMatch(/Sofie|Anders|medarbejder/);
    // Another customer's account sees none of it; staff are no customers.
    await there.agent.get('/api/my/data-access').expect(403);
  });
});
