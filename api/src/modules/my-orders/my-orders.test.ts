import { describe, expect, it } from 'vitest';
import { invoiceSchema, isLuhnValid, orderSchema, myOrderListResponseSchema, myOrderResponseSchema, orderReturnResponseSchema, returnMessages, returnRequestSchema, type MyOrder } from '@optik/shared';
import { DEMO_ORDER_IDS, generateMyInvoices, generateMyOrders } from '../../seed/my-orders';
import type { PaymentProvider } from '../../ports/payments';
import { createSimulatedPayments } from '../../ports/payments';
import { customerAgent, makeTestApp, otherCustomerAgent, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { CatalogueService } from '../catalogue/service';
import { myOrderMessages, MyOrdersService, RETURN_ADDRESS } from './service';
import { withDemoData } from './test-customers';

type Agent = Awaited<ReturnType<typeof customerAgent>>;

async function order(s: Agent, id: string): Promise<MyOrder> {
  return myOrderResponseSchema.parse((await s.agent.get(`/api/account/orders/${id}`).expect(200)).body).data;
}

async function setup() {
  const t = await withDemoData(await makeTestApp());
  return { t, s: await customerAgent(t) };
}

async function confirm(t: TestApp, returnNumber: string, status: number) {
  const staff = await staffAgent(t);
  return staff.post('/api/staff/returns/confirm', { returnNumber }).expect(status);
}

describe('GET /api/account/orders', () => {
  it("lists the customer's own orders, newest first, with status and shipment method", async () => {
    const { t, s } = await setup();
    const list = myOrderListResponseSchema.parse((await s.agent.get('/api/account/orders').expect(200)).body).data;
    expect(list.map((o) => o.orderNumber)).toEqual(['O2500105', 'O2500103', 'O2500101', 'O2500106', 'O2500102', 'O2500104']);
    expect(list[0]).toMatchObject({ status: 'handled', displayStatus: 'Handling', shipmentMethod: 'Click and collect i butik', deliveredAt: null, returnStatus: null });
    expect(list.find((o) => o.id === DEMO_ORDER_IDS.lenses)).toMatchObject({ displayStatus: 'Delivered', itemCount: 4, shipmentMethod: 'Brevpost' });
    expect(list.find((o) => o.id === DEMO_ORDER_IDS.cancelled)).toMatchObject({ displayStatus: 'Canceled' });

    const other = await otherCustomerAgent(t);
    expect((await other.agent.get('/api/account/orders').expect(200)).body).toEqual({ data: [] });
  });

  it('needs a signed-in customer', async () => {
    const { t } = await setup();
    const anon = await shopperAgent(t);
    expect((await anon.agent.get('/api/account/orders').expect(401)).body.error.code).toBe('unauthenticated');
    const staff = await staffAgent(t);
    expect((await staff.agent.get('/api/account/orders').expect(403)).body.error.code).toBe('forbidden');
  });
});

describe('GET /api/account/orders/:id', () => {
  it('tells per line what can still be returned, until when and why not', async () => {
    const { s } = await setup();
    const mixed = await order(s, DEMO_ORDER_IDS.mixed);
    const [glasses, glassesCase, sunglasses] = mixed.lines;
    expect(glasses).toMatchObject({ withdrawalDays: 30, returnable: null, lensKind: null });
    expect(glasses!.notReturnableReason).toMatch(/^Fortrydelsesfristen udløb /);
    expect(glassesCase!.returnable).toBeNull();
    expect(sunglasses).toMatchObject({ withdrawalDays: 90, notReturnableReason: null, returnable: { maxQuantity: 1, unitRefund: sunglasses!.unitPrice, openedUnitRefund: null } });
    expect(mixed).toMatchObject({ shipmentMethod: 'Afhentning i pakkeshop', paymentMethod: 'mobilepay', returns: [], vat: Math.round(mixed.totalPrice / 5) });

    const lenses = await order(s, DEMO_ORDER_IDS.lenses);
    const [monthly, daily] = lenses.lines;
    // Ordered 10 days before the test clock: the first month of the six is in use, five are left.
    expect(monthly).toMatchObject({ lensKind: 'monthly', monthsLeft: 5, returnable: { maxQuantity: 2, openedUnitRefund: Math.round((monthly!.unitPrice * 5) / 6) } });
    expect(daily).toMatchObject({ lensKind: 'other-lens', monthsLeft: null, returnable: { openedUnitRefund: null } });

    const handling = await order(s, DEMO_ORDER_IDS.handling);
    expect(handling.lines[0]).toMatchObject({ returnable: null, withdrawalDeadline: null, notReturnableReason: returnMessages.notDelivered });
  });

  it("refuses another customer's order as not found", async () => {
    const { t } = await setup();
    const other = await otherCustomerAgent(t);
    const res = await other.agent.get(`/api/account/orders/${DEMO_ORDER_IDS.recent}`).expect(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: myOrderMessages.orderNotFound });
    await other.agent.get('/api/account/orders/findes-ikke').expect(404);
  });
});

describe('POST /api/account/orders/:id/returns', () => {
  it('registers a pending return of a line within its period and mails the label and instructions', async () => {
    const { t, s } = await setup();
    const before = await order(s, DEMO_ORDER_IDS.mixed);
    const res = await s.post(`/api/account/orders/${DEMO_ORDER_IDS.mixed}/returns`, { lines: [{ lineIndex: 2, quantity: 1 }], reason: 'does-not-fit' }).expect(201);
    const ret = orderReturnResponseSchema.parse(res.body).data;
    expect(ret).toMatchObject({
      returnNumber: 'R500001',
      status: 'pending',
      orderNumber: 'O2500102',
      lines: [{ lineIndex: 2, quantity: 1, opened: false, refund: before.lines[2]!.unitPrice }],
      shippingRefund: 0,
      refundTotal: before.lines[2]!.unitPrice,
      refundMethod: 'mobilepay',
      label: { code: 'RR000500001DK', status: 'sent' },
      confirmedAt: null,
    });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: 'kunde@example.dk', subject: 'Din returnering R500001 af ordre O2500102' });
    expect(mail.text).toContain('RR000500001DK');
    expect(mail.text).toContain(RETURN_ADDRESS);
    expect(mail.text).toContain('på MobilePay');

    const after = await order(s, DEMO_ORDER_IDS.mixed);
    expect(after.lines[2]).toMatchObject({ pendingReturnQuantity: 1, returnable: null, notReturnableReason: returnMessages.allReturned });
    expect(after.returns.map((r) => r.returnNumber)).toEqual(['R500001']);
    const list = myOrderListResponseSchema.parse((await s.agent.get('/api/account/orders').expect(200)).body).data;
    expect(list.find((o) => o.id === DEMO_ORDER_IDS.mixed)!.returnStatus).toBe('pending');
  });

  it('refuses a line outside its withdrawal period, stores nothing and says why', async () => {
    const { t, s } = await setup();
    const res = await s.post(`/api/account/orders/${DEMO_ORDER_IDS.mixed}/returns`, { lines: [{ lineIndex: 2, quantity: 1 }, { lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(422);
    expect(res.body.error.code).toBe('unprocessable');
    expect(res.body.error.fields['lines.1.quantity']).toMatch(/^Fortrydelsesfristen udløb \d+\. \w+ 2026\.$/);
    expect(await t.storage.collection('returns').count()).toBe(0);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('refuses orders not delivered, more items than are left, and unknown lines', async () => {
    const { s } = await setup();
    const handling = await s.post(`/api/account/orders/${DEMO_ORDER_IDS.handling}/returns`, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(422);
    expect(handling.body.error.fields['lines.0.quantity']).toBe(returnMessages.notDelivered);
    const cancelled = await s.post(`/api/account/orders/${DEMO_ORDER_IDS.cancelled}/returns`, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(422);
    expect(cancelled.body.error.fields['lines.0.quantity']).toBe(returnMessages.cancelled);
    const tooMany = await s.post(`/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`, { lines: [{ lineIndex: 0, quantity: 2 }], reason: 'changed-mind' }).expect(422);
    expect(tooMany.body.error.fields['lines.0.quantity']).toBe(returnMessages.tooMany(1));
    const unknown = await s.post(`/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`, { lines: [{ lineIndex: 7, quantity: 1 }], reason: 'changed-mind' }).expect(422);
    expect(unknown.body.error.fields['lines.0.lineIndex']).toBe('Varen findes ikke på ordren.');
  });

  it('validates the request with Danish field messages', async () => {
    const { s } = await setup();
    const path = `/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`;
    const empty = await s.post(path, { lines: [], reason: 'changed-mind' }).expect(400);
    expect(empty.body.error.fields.lines).toBe('Vælg mindst én vare, du vil returnere.');
    const noReason = await s.post(path, { lines: [{ lineIndex: 0, quantity: 1 }] }).expect(400);
    expect(noReason.body.error.fields.reason).toBe('Vælg en årsag til returneringen.');
    const other = await s.post(path, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'other', comment: '  ' }).expect(400);
    expect(other.body.error.fields.comment).toBe('Fortæl kort, hvorfor du returnerer varen.');
    const twice = await s.post(path, { lines: [{ lineIndex: 0, quantity: 1 }, { lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(400);
    expect(twice.body.error.fields.lines).toBe('Hver vare kan kun vælges én gang.');
    const zero = await s.post(path, { lines: [{ lineIndex: 0, quantity: 0 }], reason: 'changed-mind' }).expect(400);
    expect(zero.body.error.fields['lines.0.quantity']).toBe('Vælg mindst 1 stk.');
    // Without the CSRF header nothing happens.
    await s.agent.post(path).send({ lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(403);
  });

  it('refunds an opened monthly-lens box for the months left, and refuses opened daily lenses', async () => {
    const { s } = await setup();
    const lenses = await order(s, DEMO_ORDER_IDS.lenses);
    const path = `/api/account/orders/${DEMO_ORDER_IDS.lenses}/returns`;
    const daily = await s.post(path, { lines: [{ lineIndex: 1, quantity: 1, opened: true }], reason: 'changed-mind' }).expect(422);
    expect(daily.body.error.fields['lines.0.quantity']).toBe(returnMessages.openedLens);
    const res = await s.post(path, { lines: [{ lineIndex: 0, quantity: 1, opened: true }, { lineIndex: 0 + 1, quantity: 1 }], reason: 'changed-mind' }).expect(201);
    const ret = orderReturnResponseSchema.parse(res.body).data;
    const monthly = lenses.lines[0]!;
    expect(ret.lines[0]).toEqual({ lineIndex: 0, description: monthly.description, quantity: 1, opened: true, monthsLeft: 5, refund: Math.round((monthly.unitPrice * 5) / 6) });
    expect(ret.lines[1]).toMatchObject({ opened: false, refund: lenses.lines[1]!.unitPrice });
  });

  it("refuses a return on another customer's order", async () => {
    const { t } = await setup();
    const other = await otherCustomerAgent(t);
    await other.post(`/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(404);
    expect(await t.storage.collection('returns').count()).toBe(0);
  });

  it('lets two submits at once return an item only once', async () => {
    const { t, s } = await setup();
    const path = `/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`;
    const body = { lines: [{ lineIndex: 1, quantity: 1 }], reason: 'changed-mind' };
    const [a, b] = await Promise.all([s.post(path, body), s.post(path, body)]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect(await t.storage.collection('returns').count()).toBe(1);
  });
});

describe('POST /api/staff/returns/confirm', () => {
  it('confirms a received return, refunds it to the original payment method and mails the customer', async () => {
    const { t, s } = await setup();
    const created = orderReturnResponseSchema.parse((await s.post(`/api/account/orders/${DEMO_ORDER_IDS.mixed}/returns`, { lines: [{ lineIndex: 2, quantity: 1 }], reason: 'defective' }).expect(201)).body).data;
    t.clock.advance(20 * 60_000);
    const res = await confirm(t, 'r500001', 200);
    const ret = orderReturnResponseSchema.parse(res.body).data;
    expect(ret).toMatchObject({ id: created.id, status: 'confirmed', confirmedAt: t.clock.now().toISOString(), refundedAt: t.clock.now().toISOString() });
    expect(ret.refundTransactionId).toMatch(/^sim-refund-/);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'kunde@example.dk', subject: 'Vi har modtaget din returnering R500001' });
    expect(t.mailer.sent.at(-1)!.text).toContain('tilbage til MobilePay');
    const after = await order(s, DEMO_ORDER_IDS.mixed);
    expect(after.lines[2]).toMatchObject({ returnedQuantity: 1, pendingReturnQuantity: 0 });
    expect(after.paymentStatus).toBe('paid');

    // Confirmed is final.
    const again = await confirm(t, 'R500001', 409);
    expect(again.body.error.message).toBe('Returneringen er allerede bekræftet.');
  });

  it('refunds the delivery charge when the whole order comes back, and marks the order refunded', async () => {
    const { t, s } = await setup();
    const lenses = await order(s, DEMO_ORDER_IDS.lenses);
    const res = await s.post(`/api/account/orders/${DEMO_ORDER_IDS.lenses}/returns`, { lines: [{ lineIndex: 0, quantity: 2 }, { lineIndex: 1, quantity: 1 }, { lineIndex: 2, quantity: 1 }], reason: 'changed-mind' }).expect(201);
    const ret = orderReturnResponseSchema.parse(res.body).data;
    expect(ret).toMatchObject({ shippingRefund: 2_900, refundTotal: lenses.totalPrice, refundMethod: 'klarna' });
    await confirm(t, ret.returnNumber, 200);
    expect((await t.storage.collection('orders').get(DEMO_ORDER_IDS.lenses))!.paymentStatus).toBe('refunded');
  });

  it('is for staff only, and answers unknown return numbers with 404', async () => {
    const { t, s } = await setup();
    await s.post(`/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(201);
    await s.post('/api/staff/returns/confirm', { returnNumber: 'R500001' }).expect(403);
    const anon = await shopperAgent(t);
    await anon.post('/api/staff/returns/confirm', { returnNumber: 'R500001' }).expect(401);
    expect((await confirm(t, 'R999999', 404)).body.error.message).toBe(myOrderMessages.returnNotFound);
    expect((await confirm(t, 'hej', 400)).body.error.fields.returnNumber).toMatch(/Returnummeret/);
    expect((await t.storage.collection('returns').all())[0]!.status).toBe('pending');
  });

  it('keeps the return pending when the provider refuses the refund', async () => {
    const t = await withDemoData(await makeTestApp());
    const provider: PaymentProvider = { ...createSimulatedPayments(), refund: async () => ({ ok: false, reason: 'unavailable' }) };
    const service = new MyOrdersService(t.storage, t.clock, new CatalogueService(t.storage), provider, t.mailer);
    const ret = await service.createReturn('u-kunde', DEMO_ORDER_IDS.recent, returnRequestSchema.parse({ lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }));
    await expect(service.confirmReturn(ret.returnNumber)).rejects.toMatchObject({ status: 502, message: myOrderMessages.refundFailed });
    expect((await t.storage.collection('returns').get(ret.id))!.status).toBe('pending');
  });
});

describe('demo data', () => {
  it('seeds valid orders and invoices for the demo customer, dated from the start', async () => {
    const t = await makeTestApp();
    const articles = await t.storage.collection('articles').all();
    const orders = generateMyOrders(articles, t.clock.now());
    for (const o of orders) expect(orderSchema.parse(o)).toEqual(o);
    expect(orders.every((o) => o.customerId === 'u-kunde')).toBe(true);
    const invoices = generateMyInvoices(t.clock.now());
    for (const i of invoices) expect(invoiceSchema.parse(i)).toEqual(i);
    expect(new Set(invoices.map((i) => i.paymentStatus))).toEqual(new Set(['paid', 'not-paid', 'partly-paid', 'in-collection']));
    for (const i of invoices) expect(isLuhnValid(i.ocrNumber)).toBe(true);
  });
});

describe('POST /api/staff/orders/status', () => {
  it('lets the store hand over a click-and-collect order, which then has its withdrawal period', async () => {
    const { t, s } = await setup();
    const staff = await staffAgent(t);
    const controlled = await staff.post('/api/staff/orders/status', { orderNumber: 'o2500105', status: 'controlled' }).expect(200);
    expect(controlled.body.data).toMatchObject({ status: 'controlled' });
    const delivered = await staff.post('/api/staff/orders/status', { orderNumber: 'O2500105', status: 'delivered' }).expect(200);
    expect(delivered.body.data).toMatchObject({ status: 'delivered', deliveredAt: t.clock.now().toISOString() });
    const mine = await order(s, DEMO_ORDER_IDS.handling);
    expect(mine).toMatchObject({ displayStatus: 'Delivered', deliveredAt: t.clock.now().toISOString() });
    expect(mine.lines[0]).toMatchObject({ withdrawalDeadline: '2026-12-22', returnable: { maxQuantity: 1 } });
  });

  it('refuses transitions SPEC §4 does not allow, other stores and customers', async () => {
    const { t, s } = await setup();
    const staff = await staffAgent(t);
    const back = await staff.post('/api/staff/orders/status', { orderNumber: 'O2500101', status: 'handled' }).expect(409);
    expect(back.body.error.message).toBe('En ordre, der er leveret, kan ikke blive under behandling.');
    await staff.post('/api/staff/orders/status', { orderNumber: 'O2500106', status: 'delivered' }).expect(409);
    expect((await t.storage.collection('orders').get(DEMO_ORDER_IDS.cancelled))!.status).toBe('cancelled');
    // The click-and-collect order belongs to st-001; st-002's staff do not see it.
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    await other.post('/api/staff/orders/status', { orderNumber: 'O2500105', status: 'delivered' }).expect(404);
    await s.post('/api/staff/orders/status', { orderNumber: 'O2500105', status: 'delivered' }).expect(403);
    const bad = await staff.post('/api/staff/orders/status', { orderNumber: '42', status: 'shipped' }).expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['orderNumber', 'status']);
  });
});
