import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customerSchema, orderListResponseSchema } from '@optik/shared';
import { z } from 'zod';
import { buyableArticle, command, makeTestApp, shopperAgent, staffAgent } from '../../test/harness';

const customer = (customerId: string, lastName: string, cpr?: string) => command('customer.create', { customerId, zip: '2100', city: 'København Ø', firstName: 'Ole', lastName, phone: '30405060', street: 'Østerbrogade 1', cpr });

describe('the device copy: recent customers and changed orders of this store only', () => {
  it("answers this store's customers, masked, and only those changed since a time", async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    await here.post('/api/sync', { commands: [customer(randomUUID(), 'Her', '070761-4285')] }).expect(200);
    await there.post('/api/sync', { commands: [customer(randomUUID(), 'Der')] }).expect(200);
    const list = z.object({ data: z.array(customerSchema) }).parse((await here.agent.get('/api/staff/customers/recent').expect(200)).body).data;
    expect(list.map((c) => c.lastName)).toEqual(['Her']);
    expect(list[0]!.cpr).toBe('070761-XXXX');
    t.clock.advance(60_000);
    const since = t.clock.now().toISOString();
    expect((await here.agent.get(`/api/staff/customers/recent?since=${encodeURIComponent(since)}`).expect(200)).body.data).toEqual([]);
    await here.post('/api/sync', { commands: [customer(randomUUID(), 'Senere')] }).expect(200);
    expect((await here.agent.get(`/api/staff/customers/recent?since=${encodeURIComponent(since)}`).expect(200)).body.data.map((c: { lastName: string }) => c.lastName)).toEqual(['Senere']);
    expect((await here.agent.get('/api/staff/customers/recent?since=igår').expect(400)).body.error.code).toBe('validation_failed');
  });

  it("answers this store's orders changed since a time, never another store's", async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    const a = await buyableArticle(t);
    const mine = randomUUID();
    await here
      .post('/api/sync', { commands: [customer(mine, 'Ordre'), command('order.create', { orderId: randomUUID(), customerId: mine, prescriptionId: null, deliveryMethodId: 119, lines: [{ skuId: a.skus[0]!.id, quantity: 1, subscriptionInterval: null }] })] })
      .expect(200);
    const orders = orderListResponseSchema.parse((await here.agent.get('/api/staff/orders').expect(200)).body).data;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ storeId: 'st-001', paymentStatus: 'awaiting-payment', updatedAt: orders[0]!.createdAt });
    expect((await there.agent.get('/api/staff/orders').expect(200)).body.data).toEqual([]);
    t.clock.advance(1000);
    expect((await here.agent.get(`/api/staff/orders?since=${encodeURIComponent(t.clock.now().toISOString())}`).expect(200)).body.data).toEqual([]);
  });

  it('refuses shoppers and anonymous callers', async () => {
    const t = await makeTestApp();
    const anon = await shopperAgent(t);
    await anon.agent.get('/api/staff/orders').expect(401);
    await anon.agent.get('/api/staff/customers/recent').expect(401);
    await anon.agent.get('/api/staff/requisitions').expect(401);
  });
});
