import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Customer, type Order, type Prescription } from '@optik/shared';

const calls: string[] = [];
let customers: Customer[] = [];
let orders: Order[] = [];
let prescriptions: Prescription[] = [];
/** While set, the customer read waits for it: a refresh held in flight. */
let customersGate: Promise<void> | null = null;
vi.mock('./api', () => ({
  staffReturns: async () => ({ ok: true, status: 200, data: { data: [] } }),
  api: {
    recentCustomers: async (since?: string) => {
      calls.push(`customers:${since ?? ''}`);
      const answer = customers;
      await customersGate;
      return { ok: true, status: 200, data: { data: answer } };
    },
    get: async () => ({ ok: true, status: 200, data: { data: [] } }),
    staffOrders: async (since?: string) => (calls.push(`orders:${since ?? ''}`), { ok: true, status: 200, data: { data: orders } }),
    requisitions: async () => (calls.push('requisitions'), { ok: true, status: 200, data: { data: [] } }),
    customerPrescriptions: async () => ({ ok: true, status: 200, data: { data: prescriptions } }),
    customerOrders: async () => ({ ok: true, status: 200, data: { data: orders } }),
  },
}));
const { db, refreshCustomerRecords, refreshCustomers, refreshDeviceCopy, refreshOrders } = await import('./services');
const { openVault } = await import('./db/vault');

const serverCustomer = (id: string, updatedAt: string, patch: Partial<Customer> = {}): Customer => ({
  id, customerNumber: 'K100001', firstName: 'Ole', lastName: 'Server', email: null, phone: '30405060', street: 'Vej 1', zip: '2100', city: 'København Ø', cpr: '070761-XXXX',
  birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: updatedAt, updatedAt, version: 1, ...patch,
});
const serverOrder = (id: string, updatedAt: string, patch: Partial<Order> = {}): Order =>
  orderSchema.parse({
  id, orderNumber: 'O2600001', status: 'handled', paymentStatus: 'awaiting-payment', deliveryMethodId: 119, pickupStoreId: 'st-001', customerId: 'c1', prescriptionId: null, storeId: 'st-001', createdBy: 'store',
  lines: [{ articleId: 'a', skuId: 's', description: 'Stel', quantity: 1, unitPrice: 100000, vat: 20000, lineTotal: 100000, subscriptionInterval: null, prescription: null, prescriptionGlasses: null }],
  shipping: 0, totalPrice: 100000, createdAt: '2026-11-22T09:00:00.000Z', paidAt: null, paymentMethod: null, updatedAt, ...patch,
  });

beforeEach(async () => {
  calls.length = 0;
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(() => {
  customersGate = null;
  customers = [];
  orders = [];
  prescriptions = [];
});

describe("the device's copy of this store's customers and orders", () => {
  it('keeps customers masked, asks only for changes since the newest it has, and never overwrites an unsynced local edit', async () => {
    customers = [serverCustomer('c1', '2026-11-22T09:00:00.000Z'), serverCustomer('c2', '2026-11-22T09:05:00.000Z')];
    await db.customers.add({ ...serverCustomer('c2', '2026-11-22T08:00:00.000Z', { lastName: 'Lokal' }), cprMasked: null, syncState: 'pending' } as never);
    expect(await refreshCustomers()).toBe(true);
    expect(await db.customers.get('c1')).toMatchObject({ lastName: 'Server', cprMasked: '070761-XXXX', syncState: 'synced' });
    expect(await db.customers.get('c1')).not.toHaveProperty('cpr');
    expect((await db.customers.get('c2'))!.lastName).toBe('Lokal');
    customers = [];
    await refreshCustomers();
    expect(calls).toEqual(['customers:', 'customers:2026-11-22T09:05:00.000Z']);
  });

  it('turns a local order paid when the server says so, and adds the store orders made on other devices', async () => {
    await db.orders.add({ id: 'o1', customerId: 'c1', orderNumber: null, lines: [], deliveryMethodId: 119, totalPrice: 99000, paymentStatus: 'awaiting-payment', createdAt: '', syncState: 'synced' });
    orders = [serverOrder('o1', '2026-11-22T10:00:00.000Z', { paymentStatus: 'paid', paidAt: '2026-11-22T10:00:00.000Z', paymentMethod: 'card' }), serverOrder('o2', '2026-11-22T10:01:00.000Z', { orderNumber: 'O2600002' })];
    await refreshOrders();
    expect(await db.orders.get('o1')).toMatchObject({ orderNumber: 'O2600001', paymentStatus: 'paid', paidAt: '2026-11-22T10:00:00.000Z', totalPrice: 100000 });
    expect(await db.orders.get('o2')).toMatchObject({ orderNumber: 'O2600002', syncState: 'synced', lines: [{ description: 'Stel', quantity: 1 }] });
    orders = [];
    await refreshOrders();
    expect(calls.at(-1)).toBe('orders:2026-11-22T10:01:00.000Z');
  });

  it("brings a server-found customer's prescriptions down sealed with the device key, and their orders in this store", async () => {
    const entry = { kind: 'glasses' as const, glasses: { rightSphere: -1.25, rightCylinder: null, rightAxis: null, rightAddition: null, rightPupillaryDistance: 31.5, leftSphere: -1, leftCylinder: null, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32 } };
    prescriptions = [{ id: 'rx1', customerId: 'c1', storeId: 'st-002', examDate: '2026-10-01', entry, createdAt: '2026-10-01T10:00:00.000Z' }];
    orders = [serverOrder('o9', '2026-11-22T10:00:00.000Z')];
    expect(await refreshCustomerRecords('c1')).toBe(true);
    const row = (await db.prescriptions.get('rx1'))!;
    expect(row).toMatchObject({ customerId: 'c1', kind: 'glasses', examDate: '2026-10-01', syncState: 'synced' });
    expect(JSON.stringify(row)).not.toContain('-1.25');
    expect(await (await openVault(db)).open(row.sealed)).toEqual(entry);
    expect(await db.orders.get('o9')).toMatchObject({ customerId: 'c1', orderNumber: 'O2600001' });
  });

  it('a refresh asked while one runs is followed by one more run, so a customer made on the server meanwhile comes down', async () => {
    let open!: () => void;
    customersGate = new Promise<void>((r) => (open = r));
    const first = refreshDeviceCopy(); // reads the customers before the new one exists, and waits
    await vi.waitFor(() => expect(calls).toEqual(['customers:']));
    customers = [serverCustomer('c-new', '2026-11-22T11:00:00.000Z', { lastName: 'Imens' })];
    const second = refreshDeviceCopy();
    const third = refreshDeviceCopy();
    expect(third).toBe(second); // asked twice meanwhile: still one more run
    customersGate = null;
    open();
    await first;
    expect(await db.customers.get('c-new')).toBeUndefined();
    await second;
    expect(await db.customers.get('c-new')).toMatchObject({ lastName: 'Imens', syncState: 'synced' });
    expect(calls.filter((c) => c.startsWith('customers:'))).toEqual(['customers:', 'customers:']);
  });
});
