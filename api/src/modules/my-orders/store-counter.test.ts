import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { orderListResponseSchema, orderReturnListResponseSchema, orderReturnSchema, orderSchema, returnMessages, syncResponseSchema } from '@optik/shared';
import { DEMO_ORDER_IDS } from '../../seed/my-orders';
import { command, createTestAppOn, makeTestApp, staffAgent, TestClock, type TestApp } from '../../test/harness';
import { createMemoryMailer } from '../../ports/mail';
import { createMemorySms } from '../../ports/sms';
import { createMemoryCoordination } from '../../coordination/memory';
import { C } from '../../collections';
import { ordersCollection } from '../orders/records';
import { orderNoticesCollection, returnsCollection } from './records';
import { myOrderMessages } from './service';
import { withDemoData } from './test-customers';

/**
 * The store app's counter (issue 17): order steps and returns as sync commands, applied with the
 * rules of the order-status and return routes, each effect once however often a command comes.
 */

type Staff = Awaited<ReturnType<typeof staffAgent>>;
type Command = ReturnType<typeof command>;

async function push(s: Staff, ...commands: Command[]) {
  return syncResponseSchema.parse((await s.post('/api/sync', { commands }).expect(200)).body).results;
}

/** The demo web order O2500105: click and collect in st-001 (København K), being made; the demo customer's mobile is 20304050. */
const CLICK_AND_COLLECT = DEMO_ORDER_IDS.handling;
const status = (orderId: string, to: string, from?: string) => command('order.status', { orderId, status: to, ...(from ? { from } : {}) });
const readySms = (t: TestApp) => t.sms.sent.filter((m) => m.text.includes('klar til afhentning'));
const readyMail = (t: TestApp) => t.mailer.sent.filter((m) => m.subject.includes('klar til afhentning'));

async function setup(): Promise<{ t: TestApp; s: Staff }> {
  const t = await withDemoData(await makeTestApp());
  return { t, s: await staffAgent(t) };
}

describe('GET /api/staff/orders (the device copy of the store’s orders)', () => {
  it('includes web orders collected in this store, never in another store', async () => {
    const { t, s } = await setup();
    const mine = orderListResponseSchema.parse((await s.agent.get('/api/staff/orders').expect(200)).body).data;
    expect(mine.map((o) => o.orderNumber)).toEqual(['O2500105']);
    expect(mine[0]).toMatchObject({ createdBy: 'web', storeId: null, pickupStoreId: 'st-001', status: 'handled' });
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    expect(orderListResponseSchema.parse((await other.agent.get('/api/staff/orders').expect(200)).body).data).toEqual([]);
  });
});

describe('sync order.status', () => {
  it('moves a click-and-collect order to ready (one SMS to the customer, naming the store) and hands it over; a replay changes and sends nothing more', async () => {
    const { t, s } = await setup();
    const ready = status(CLICK_AND_COLLECT, 'controlled', 'handled');
    const [applied] = await push(s, ready);
    expect(applied).toMatchObject({ status: 'applied', error: null });
    expect(orderSchema.parse(applied!.result)).toMatchObject({ id: CLICK_AND_COLLECT, status: 'controlled', updatedAt: t.clock.now().toISOString() });
    expect(readySms(t)).toEqual([
      { to: '+4520304050', text: expect.stringMatching(/^Hej Mette\. Din ordre O2500105 er klar til afhentning i Profil Optik København K, /), idempotencyKey: `order-notice:ready-for-pickup:${CLICK_AND_COLLECT}` },
    ]);
    expect((await t.storage.collection(orderNoticesCollection).all())[0]).toMatchObject({ channel: 'sms', deliveredAt: t.clock.now().toISOString() });

    t.clock.advance(60_000);
    const [again] = await push(s, ready);
    expect(again).toEqual({ ...applied, status: 'duplicate' });
    expect(readySms(t)).toHaveLength(1);

    const [handedOver] = await push(s, status(CLICK_AND_COLLECT, 'delivered', 'controlled'));
    expect(handedOver!.result).toMatchObject({ status: 'delivered', deliveredAt: t.clock.now().toISOString() });
    expect(readySms(t)).toHaveLength(1);
    expect(readyMail(t)).toEqual([]);
  });

  it('refuses a step SPEC §4 does not allow, and another store’s order, with Danish reasons and no change', async () => {
    const { t, s } = await setup();
    const [back] = await push(s, status(DEMO_ORDER_IDS.cancelled, 'handled'));
    expect(back).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: 'En ordre, der er annulleret, kan ikke blive under behandling.' } });
    const [twice] = await push(s, status(CLICK_AND_COLLECT, 'controlled'), status(CLICK_AND_COLLECT, 'controlled')).then((r) => r.slice(1));
    expect(twice).toMatchObject({ status: 'rejected', error: { message: 'En ordre, der er kontrolleret, kan ikke blive kontrolleret.' } });

    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    const [foreign] = await push(other, status(CLICK_AND_COLLECT, 'delivered'));
    expect(foreign).toMatchObject({ status: 'rejected', error: { code: 'not_found', message: myOrderMessages.orderNotFound } });
    const [bad] = await push(s, command('order.status', { orderId: CLICK_AND_COLLECT, status: 'shipped' }));
    expect(bad).toMatchObject({ status: 'rejected', error: { code: 'validation_failed', fields: { status: expect.any(String) } } });

    expect((await t.storage.collection(ordersCollection).get(CLICK_AND_COLLECT))!.status).toBe('controlled');
    expect((await t.storage.collection(ordersCollection).get(DEMO_ORDER_IDS.cancelled))!.status).toBe('cancelled');
    expect(readySms(t)).toHaveLength(1);
  });

  it('two tablets mark the order ready at once: one applies, one is refused, one SMS', async () => {
    const { t, s } = await setup();
    const other = await staffAgent(t, 'leder1');
    const [a, b] = await Promise.all([push(s, status(CLICK_AND_COLLECT, 'controlled')), push(other, status(CLICK_AND_COLLECT, 'controlled'))]);
    expect([a[0]!.status, b[0]!.status].sort()).toEqual(['applied', 'rejected']);
    expect(readySms(t)).toHaveLength(1);
  });

  it('e-mails the customer once when the order has no mobile number', async () => {
    const { t, s } = await setup();
    const base = (await t.storage.collection(ordersCollection).get(CLICK_AND_COLLECT))!;
    await t.storage.collection(ordersCollection).put({ ...base, contact: { ...base.contact!, phone: '' } });
    await t.storage.collection(C.accounts).update('u-kunde', (a) => ({ ...a, phone: null }));
    const ready = status(CLICK_AND_COLLECT, 'controlled');
    await push(s, ready);
    await push(s, ready);
    expect(readyMail(t)).toEqual([{ to: 'kunde@example.dk', subject: 'Din ordre O2500105 er klar til afhentning', text: expect.stringContaining('klar til afhentning i Profil Optik København K') }]);
    expect(readySms(t)).toEqual([]);
  });

  it('a notice lost to a crash after the commit goes out when the command is replayed, and only then', async () => {
    const { storage } = await makeTestApp();
    const sms = createMemorySms();
    const deliver = sms.send.bind(sms);
    let gatewayDown = true;
    sms.send = async (m) => {
      if (gatewayDown) throw new Error('SMS gateway unavailable');
      return deliver(m);
    };
    const t = await withDemoData(createTestAppOn({ storage, coordination: createMemoryCoordination(), clock: new TestClock(), mailer: createMemoryMailer(), sms }));
    const s = await staffAgent(t);
    const ready = status(CLICK_AND_COLLECT, 'controlled');
    // The step commits; the delivery after it fails, so the request fails and the device will resend.
    await s.post('/api/sync', { commands: [ready] }).expect(500);
    expect((await t.storage.collection(ordersCollection).get(CLICK_AND_COLLECT))!.status).toBe('controlled');
    expect((await t.storage.collection(orderNoticesCollection).all())[0]!.deliveredAt).toBeNull();
    gatewayDown = false;
    expect((await push(s, ready))[0]!.status).toBe('duplicate');
    expect(readySms(t)).toHaveLength(1);
    await push(s, ready);
    expect(readySms(t)).toHaveLength(1);
  });
});

describe('sync return.receive and return.confirm', () => {
  /** The demo order O2500101 (glasses and sunglasses, paid by card, delivered 9 days ago), as collected in st-001. */
  async function collectedOrder(t: TestApp) {
    const base = (await t.storage.collection(ordersCollection).get(DEMO_ORDER_IDS.recent))!;
    return t.storage.collection(ordersCollection).put({ ...base, deliveryMethodId: 119, pickupStoreId: 'st-001' });
  }
  const receive = (orderId: string, returnId = randomUUID(), lines = [{ lineIndex: 1, quantity: 1 }]) =>
    command('return.receive', { returnId, orderId, request: { lines, reason: 'does-not-fit', comment: '' } });
  const confirm = (returnId: string) => command('return.confirm', { returnId });

  it('receives a return at the counter and refunds it once, however often both commands come', async () => {
    const { t, s } = await setup();
    const order = await collectedOrder(t);
    const refunds = vi.spyOn(t.services.payments['provider'], 'refund');
    const received = receive(order.id);
    const returnId = (received.payload as { returnId: string }).returnId;
    const approved = confirm(returnId);

    const first = await push(s, received, approved);
    expect(first.map((r) => r.status)).toEqual(['applied', 'applied']);
    const ret = orderReturnSchema.parse(first[0]!.result);
    expect(ret).toMatchObject({ id: returnId, orderNumber: 'O2500101', status: 'pending', storeId: 'st-001', reason: 'does-not-fit', label: { status: 'cancelled' } });
    expect(ret.lines).toEqual([expect.objectContaining({ lineIndex: 1, quantity: 1, refund: order.lines[1]!.lineTotal })]);
    const done = orderReturnSchema.parse(first[1]!.result);
    expect(done).toMatchObject({ status: 'confirmed', refundTotal: order.lines[1]!.lineTotal, refundedAt: t.clock.now().toISOString(), storeId: 'st-001' });
    expect(refunds).toHaveBeenCalledTimes(1);
    expect(refunds).toHaveBeenCalledWith({ method: 'card', amount: order.lines[1]!.lineTotal, originalReference: 'O2500101', reference: ret.returnNumber });
    // No return label is mailed for goods handed in; the customer hears once that they were received.
    expect(t.mailer.sent.map((m) => m.subject)).toEqual([`Vi har modtaget din returnering ${ret.returnNumber}`]);

    // Replayed (a lost answer), both at once from two requests, and a new confirm command for the same return.
    const replays = await Promise.all([push(s, received, approved), push(s, received, approved)]);
    expect(replays.flat().map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const [again] = await push(s, confirm(returnId));
    expect(again).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: 'Returneringen er allerede bekræftet.' } });
    expect(refunds).toHaveBeenCalledTimes(1);
    expect(t.mailer.sent).toHaveLength(1);
    expect(await t.storage.collection(returnsCollection).count()).toBe(1);

    // The store's list of received returns: st-001's, never st-002's.
    const list = orderReturnListResponseSchema.parse((await s.agent.get('/api/staff/returns').expect(200)).body).data;
    expect(list.map((r) => [r.returnNumber, r.status, r.refundTotal])).toEqual([[ret.returnNumber, 'confirmed', order.lines[1]!.lineTotal]]);
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    expect(orderReturnListResponseSchema.parse((await other.agent.get('/api/staff/returns').expect(200)).body).data).toEqual([]);
  });

  it('the same batch sent twice at the same moment refunds once', async () => {
    const { t, s } = await setup();
    const order = await collectedOrder(t);
    const refunds = vi.spyOn(t.services.payments['provider'], 'refund');
    const received = receive(order.id);
    const approved = confirm((received.payload as { returnId: string }).returnId);
    const [a, b] = await Promise.all([push(s, received, approved), push(s, received, approved)]);
    expect([...a, ...b].map((r) => r.status).sort()).toEqual(['applied', 'applied', 'duplicate', 'duplicate']);
    expect(refunds).toHaveBeenCalledTimes(1);
    expect(await t.storage.collection(returnsCollection).count()).toBe(1);
  });

  it('refuses another store, an order not handed over yet and too many items, with Danish reasons and nothing stored or refunded', async () => {
    const { t, s } = await setup();
    const order = await collectedOrder(t);
    const refunds = vi.spyOn(t.services.payments['provider'], 'refund');
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    const [foreign] = await push(other, receive(order.id));
    expect(foreign).toMatchObject({ status: 'rejected', error: { code: 'not_found', message: myOrderMessages.orderNotFound } });
    const [early] = await push(s, receive(CLICK_AND_COLLECT, randomUUID(), [{ lineIndex: 0, quantity: 1 }]));
    expect(early).toMatchObject({ status: 'rejected', error: { message: myOrderMessages.refused, fields: { 'lines.0.quantity': returnMessages.notDelivered } } });
    const [tooMany] = await push(s, receive(order.id, randomUUID(), [{ lineIndex: 0, quantity: 2 }]));
    expect(tooMany!.error!.fields).toEqual({ 'lines.0.quantity': returnMessages.tooMany(1) });
    expect(await t.storage.collection(returnsCollection).count()).toBe(0);

    // st-001's return cannot be confirmed by st-002.
    const received = receive(order.id);
    const returnId = (received.payload as { returnId: string }).returnId;
    await push(s, received);
    const [notTheirs] = await push(other, confirm(returnId));
    expect(notTheirs).toMatchObject({ status: 'rejected', error: { code: 'forbidden', message: myOrderMessages.otherStoresReturn } });
    const [unknown] = await push(s, confirm(randomUUID()));
    expect(unknown).toMatchObject({ status: 'rejected', error: { message: myOrderMessages.returnNotFound } });
    expect(refunds).not.toHaveBeenCalled();
    expect((await t.storage.collection(returnsCollection).get(returnId))!.status).toBe('pending');
  });

  it('keeps the return received when the provider refuses, and a resent confirmation refunds it then', async () => {
    const { t, s } = await setup();
    const order = await collectedOrder(t);
    const refunds = vi.spyOn(t.services.payments['provider'], 'refund').mockResolvedValueOnce({ ok: false, reason: 'unavailable' });
    const received = receive(order.id);
    const returnId = (received.payload as { returnId: string }).returnId;
    const [, refused] = await push(s, received, confirm(returnId));
    expect(refused).toMatchObject({ status: 'rejected', error: { message: myOrderMessages.refundFailed } });
    expect((await t.storage.collection(returnsCollection).get(returnId))!.status).toBe('pending');
    const [resent] = await push(s, confirm(returnId));
    expect(resent).toMatchObject({ status: 'applied', result: { status: 'confirmed' } });
    expect(refunds).toHaveBeenCalledTimes(2);
  });
});
