import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Order } from '@optik/shared';
import type { LocalCustomer, LocalOrder } from '../../db/db';

vi.mock('../../api', () => import('../../fake-api'));
// A shared 2-core machine: the device database and the live queries answer in their own time.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
const { fake } = await import('../../fake-api');
const { db } = await import('../../services');
const { StoreOrders, orderNumberPrefix } = await import('./store-orders');

const customer = {
  id: 'c1', customerNumber: 'K100001', firstName: 'Karen', lastName: 'Sørensen', email: null, phone: '26272829', street: 'Søndergade 12', zip: '8000', city: 'Aarhus C',
  birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: '', updatedAt: '', version: 1, cprMasked: null, syncState: 'synced',
} as LocalCustomer;

/** A store order on the device: a frame for Karen, to collect here, being made. */
const storeOrder = (patch: Partial<LocalOrder> = {}): LocalOrder => ({
  id: 'a0c1d7e2-0000-4000-8000-000000000001',
  customerId: 'c1',
  orderNumber: 'O2600001',
  lines: [{ skuId: 's1', description: 'Stel Aarhus, sort', quantity: 1, subscriptionInterval: null, unitPrice: 100_000 }],
  deliveryMethodId: 119,
  totalPrice: 100_000,
  paymentStatus: 'paid',
  status: 'handled',
  createdBy: 'store',
  pickupStoreId: 'st-001',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  syncState: 'synced',
  ...patch,
});

/** A web order collected in this store, as GET /api/staff/orders answers it. */
const webOrder = (patch: Partial<Order> = {}): Order =>
  orderSchema.parse({
    id: 'w-1', orderNumber: 'O2600002', status: 'controlled', paymentStatus: 'paid', deliveryMethodId: 119, pickupStoreId: 'st-001', customerId: 'u-kunde', prescriptionId: null, storeId: null, createdBy: 'web',
    lines: [{ articleId: 'a', skuId: 's2', description: 'Solbrille Skagen', quantity: 2, unitPrice: 61_725, vat: 24_690, lineTotal: 123_450, subscriptionInterval: null, prescription: null, prescriptionGlasses: null }],
    shipping: 0, totalPrice: 123_450, createdAt: '2026-11-22T09:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
    contact: { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' }, ...patch,
  });

beforeEach(async () => {
  fake.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.customers.add(customer);
});
afterEach(cleanup);

const cards = () => within(screen.getByRole('list', { name: 'Ordrer' })).queryAllByRole('listitem', { name: /^O\d+|Ordrenummer/ });
const card = (name: string) => screen.getByRole('listitem', { name });
const outbox = () => db.outbox.orderBy('seq').toArray();

describe('Ordrer (the store’s orders)', () => {
  it('shows the store’s own orders and web orders collected here (from the device copy), the latest change first, in Danish', async () => {
    await db.orders.add(storeOrder());
    fake.orders = [webOrder()];
    render(<StoreOrders />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['O2600002', 'O2600001']);
    const web = card('O2600002');
    expect(web.textContent).toContain('Mette Jensen');
    expect(web.textContent).toContain('Webordre');
    expect(web.textContent).toContain('Bestilt 22.11.2026');
    expect(web.textContent).toContain('2 × Solbrille Skagen');
    expect(web.textContent).toContain('1.234,50\u00a0kr. · Betalt');
    expect(within(web).getByText('Klar til afhentning').tagName).toBe('STRONG');
    const own = card('O2600001');
    expect(own.textContent).toContain('Karen Sørensen');
    expect(own.textContent).toContain('Butiksordre');
    expect(within(own).getByText('I produktion')).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Viser 2 ordrer.');
    // The device copy keeps what the screen needs of the web order.
    expect(await db.orders.get('w-1')).toMatchObject({ status: 'controlled', createdBy: 'web', pickupStoreId: 'st-001', contactName: 'Mette Jensen', updatedAt: '2026-11-22T10:00:00.000Z', syncState: 'synced' });
  });

  it('filters by status and finds an order by its number, typed loosely', async () => {
    await db.orders.bulkAdd([
      storeOrder(),
      storeOrder({ id: 'o-2', orderNumber: 'O2600010', status: 'delivered', updatedAt: '2026-11-21T09:00:00.000Z' }),
      storeOrder({ id: 'o-3', orderNumber: 'O2600011', status: 'cancelled' }),
    ]);
    render(<StoreOrders />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'delivered' } });
    await waitFor(() => expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['O2600010']));
    expect(within(card('O2600010')).getByText('Udleveret')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Find ordrenummer'), { target: { value: ' 260001' } });
    await waitFor(() => expect(cards().map((c) => within(c).getByRole('heading').textContent).sort()).toEqual(['O2600010', 'O2600011']));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    await waitFor(() => expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['O2600011']));
    fireEvent.change(screen.getByLabelText('Find ordrenummer'), { target: { value: 'o2699' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ingen ordrer passer til søgningen.'));
    expect(orderNumberPrefix('o 2600 001')).toBe('O2600001');
  });

  it('offline: ready for pickup, then handed over — each a local change and its order.status command, the second waiting for the first', async () => {
    await db.orders.add(storeOrder());
    render(<StoreOrders />);
    fireEvent.click(await screen.findByRole('button', { name: 'Meld O2600001 klar til afhentning' }));
    await waitFor(() => expect(within(card('O2600001')).getByRole('status').textContent).toBe('O2600001 er meldt klar til afhentning. Kunden får én SMS eller e-mail, når ændringen er sendt.'));
    await waitFor(() => expect(card('O2600001').textContent).toContain('Klar til afhentning · Venter på synkronisering'));
    expect(await db.orders.get(storeOrder().id)).toMatchObject({ status: 'controlled', syncState: 'pending' });
    const [ready] = await outbox();
    expect(ready).toMatchObject({ type: 'order.status', status: 'pending', payload: { orderId: storeOrder().id, status: 'controlled', from: 'handled' }, entity: { table: 'orders', id: storeOrder().id }, dependsOn: [] });

    fireEvent.click(screen.getByRole('button', { name: 'Udlevér O2600001 til kunden' }));
    await waitFor(async () => expect(await outbox()).toHaveLength(2));
    const [, handedOver] = await outbox();
    expect(handedOver).toMatchObject({ payload: { status: 'delivered', from: 'controlled' }, dependsOn: [ready!.id] });
    await waitFor(() => expect(within(card('O2600001')).getByText('Udleveret')).toBeDefined());
    expect(screen.queryByRole('button', { name: /O2600001/ })).toBeNull();
  });

  it('online: the server’s answer makes the order synced with its state', async () => {
    await db.orders.add(storeOrder());
    fake.online = true;
    fake.answer = () => ({ status: 'applied', result: { ...webOrder({ id: storeOrder().id, orderNumber: 'O2600001', status: 'controlled', updatedAt: '2026-11-22T11:00:00.000Z' }) }, error: null });
    render(<StoreOrders />);
    fireEvent.click(await screen.findByRole('button', { name: 'Meld O2600001 klar til afhentning' }));
    await waitFor(async () => expect(await db.orders.get(storeOrder().id)).toMatchObject({ status: 'controlled', syncState: 'synced', updatedAt: '2026-11-22T11:00:00.000Z' }));
    expect(fake.sent.map((c) => c.type)).toEqual(['order.status']);
    expect((await outbox())[0]!.status).toBe('sent');
  });

  it('a refused step shows the server’s Danish reason; undoing it puts the previous status back', async () => {
    await db.orders.add(storeOrder({ status: 'controlled' }));
    fake.online = true;
    fake.answer = () => ({ status: 'rejected', result: null, error: { code: 'not_found', message: 'Ordren blev ikke fundet.' } });
    render(<StoreOrders />);
    fireEvent.click(await screen.findByRole('button', { name: 'Udlevér O2600001 til kunden' }));
    expect((await within(card('O2600001')).findByRole('alert')).textContent).toBe('Afvist af serveren: Ordren blev ikke fundet.');
    await waitFor(() => expect(card('O2600001').textContent).toContain('Udleveret · Afvist — se Synkronisering'));
    fireEvent.click(screen.getByRole('button', { name: 'Fortryd ændringen af O2600001' }));
    await waitFor(async () => expect(await db.orders.get(storeOrder().id)).toMatchObject({ status: 'controlled', syncState: 'synced' }));
    expect((await outbox()).map((r) => r.status)).toEqual(['discarded']);
    expect(within(card('O2600001')).getByRole('status').textContent).toBe('Ændringen af O2600001 er fortrudt.');
    await waitFor(() => expect(within(card('O2600001')).getByText('Klar til afhentning')).toBeDefined());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: 'Udlevér O2600001 til kunden' })).toBeDefined();
  });
});
