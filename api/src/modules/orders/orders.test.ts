import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { catalogueSnapshotResponseSchema, orderSchema } from '@optik/shared';
import { buyableArticle, makeTestApp, staffAgent, type TestApp } from '../../test/harness';
import { ordersCollection } from './records';

const staff = (t: TestApp) => staffAgent(t);
const at = '2026-11-22T09:00:00.000Z';
const customerCmd = (customerId: string) => ({ id: randomUUID(), type: 'customer.create', createdAt: at, payload: { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1' } });
const orderCmd = (payload: object) => ({ id: randomUUID(), type: 'order.create', createdAt: at, payload });

describe('order.create through /api/sync', () => {
  it('prices lines from the server catalogue, with VAT, and waits for payment', async () => {
    const t = await makeTestApp();
    const s = await staff(t);
    const customerId = randomUUID();
    const lens = await buyableArticle(t, (a) => a.allowSubscription && a.category === 'kontaktlinser' && a.skus[0]!.stock >= 2);
    const frame = await buyableArticle(t, (a) => a.category === 'briller');
    const res = await s
      .post('/api/sync', {
        commands: [
          customerCmd(customerId),
          orderCmd({ orderId: randomUUID(), customerId, prescriptionId: null, deliveryMethodId: 119, lines: [{ skuId: lens.skus[0]!.id, quantity: 2, subscriptionInterval: 'M3' }, { skuId: frame.skus[0]!.id, quantity: 1, subscriptionInterval: null }] }),
        ],
      })
      .expect(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const order = orderSchema.parse(res.body.results[1].result);
    expect(order).toMatchObject({ status: 'handled', paymentStatus: 'awaiting-payment', pickupStoreId: 'st-001', createdBy: 'store', shipping: 0 });
    expect(order.orderNumber).toMatch(/^O\d{7}$/);
    expect(order.lines[0]).toMatchObject({ unitPrice: lens.price.subscription!.amount, quantity: 2, subscriptionInterval: 'm3' });
    expect(order.lines[0]!.vat).toBe(Math.round((lens.price.subscription!.amount * 2) / 5));
    expect(order.totalPrice).toBe(lens.price.subscription!.amount * 2 + frame.price.unit.amount);
  });

  it('rejects unknown skus, too many and a customer the server lacks, leaving nothing behind', async () => {
    const t = await makeTestApp();
    const s = await staff(t);
    const customerId = randomUUID();
    await s.post('/api/sync', { commands: [customerCmd(customerId)] }).expect(200);
    const a = await buyableArticle(t);
    const res = await s
      .post('/api/sync', {
        commands: [
          orderCmd({ orderId: randomUUID(), customerId, prescriptionId: null, deliveryMethodId: 101, lines: [{ skuId: 'nope', quantity: 1, subscriptionInterval: null }, { skuId: a.skus[0]!.id, quantity: 13, subscriptionInterval: null }] }),
          orderCmd({ orderId: randomUUID(), customerId: randomUUID(), prescriptionId: null, deliveryMethodId: 101, lines: [{ skuId: a.skus[0]!.id, quantity: 1, subscriptionInterval: null }] }),
          orderCmd({ orderId: randomUUID(), customerId, prescriptionId: null, deliveryMethodId: 101, lines: [] }),
        ],
      })
      .expect(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(res.body.results[0].error.fields['lines.1.quantity']).toBe('Du kan højst købe 12 stk. pr. linje');
    expect(res.body.results[1].error.fields.customerId).toMatch(/findes ikke/);
    expect(res.body.results[2].error.fields.lines).toBe('Tilføj mindst én vare.');
    expect(await t.storage.collection(ordersCollection).count()).toBe(0);
  });

  it('charges home delivery below the free-shipping threshold', async () => {
    const t = await makeTestApp();
    const s = await staff(t);
    const customerId = randomUUID();
    const cheap = await buyableArticle(t, (a) => a.price.unit.amount < 20_000);
    const res = await s.post('/api/sync', { commands: [customerCmd(customerId), orderCmd({ orderId: randomUUID(), customerId, prescriptionId: null, deliveryMethodId: 101, lines: [{ skuId: cheap.skus[0]!.id, quantity: 1, subscriptionInterval: null }] })] }).expect(200);
    expect(res.body.results[1].result).toMatchObject({ shipping: 4900, pickupStoreId: null, totalPrice: cheap.price.unit.amount + 4900 });
  });
});

describe('GET /api/staff/customers/{id}/orders', () => {
  it("shows a store's orders to its own staff only", async () => {
    const t = await makeTestApp();
    const s = await staff(t);
    const customerId = randomUUID();
    const a = await buyableArticle(t);
    await s.post('/api/sync', { commands: [customerCmd(customerId), orderCmd({ orderId: randomUUID(), customerId, prescriptionId: null, deliveryMethodId: 119, lines: [{ skuId: a.skus[0]!.id, quantity: 1, subscriptionInterval: null }] })] }).expect(200);
    expect((await s.agent.get(`/api/staff/customers/${customerId}/orders`).expect(200)).body.data).toHaveLength(1);
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    expect((await other.agent.get(`/api/staff/customers/${customerId}/orders`).expect(200)).body.data).toEqual([]);
    await request(t.app).get(`/api/staff/customers/${customerId}/orders`).expect(401);
  });
});

describe('GET /api/catalogue/snapshot', () => {
  it('answers the whole catalogue from version 0 and nothing newer than the current version', async () => {
    const t = await makeTestApp();
    const all = catalogueSnapshotResponseSchema.parse((await request(t.app).get('/api/catalogue/snapshot').expect(200)).body);
    expect(all.articles.length).toBeGreaterThanOrEqual(1500);
    expect(all.version).toBe(1);
    const none = (await request(t.app).get(`/api/catalogue/snapshot?since=${all.version}`).expect(200)).body;
    expect(none.articles).toEqual([]);
    await request(t.app).get('/api/catalogue/snapshot?since=-1').expect(400);
  });
});
