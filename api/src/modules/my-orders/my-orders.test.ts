import { describe, expect, it, vi } from 'vitest';
import {
  checkoutPlaceResponseSchema,
  formatDkk,
  invoiceSchema,
  isLuhnValid,
  orderSchema,
  myOrderListResponseSchema,
  myOrderResponseSchema,
  orderReturnResponseSchema,
  returnMessages,
  returnRequestSchema,
  type MyOrder,
  type Order,
} from '@optik/shared';
import { DEMO_ORDER_IDS, generateMyInvoices, generateMyOrders } from '../../seed/my-orders';
import type { PaymentProvider } from '../../ports/payments';
import { createSimulatedPayments } from '../../ports/payments';
import { buyableArticle, customerAgent, makeTestApp, otherCustomerAgent, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { giftCardsCollection } from '../gift-cards/records';
import { ordersCollection } from '../orders/records';
import { returnsCollection } from './records';
import { myOrderMessages, RETURN_ADDRESS } from './service';
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
    expect(mail.text).toContain('tilbage til MobilePay');

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
    expect(await t.storage.collection(returnsCollection).count()).toBe(0);
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
    expect(await t.storage.collection(returnsCollection).count()).toBe(0);
  });

  it('lets two submits at once return an item only once', async () => {
    const { t, s } = await setup();
    const path = `/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`;
    const body = { lines: [{ lineIndex: 1, quantity: 1 }], reason: 'changed-mind' };
    const [a, b] = await Promise.all([s.post(path, body), s.post(path, body)]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect(await t.storage.collection(returnsCollection).count()).toBe(1);
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
    expect((await t.storage.collection(ordersCollection).get(DEMO_ORDER_IDS.lenses))!.paymentStatus).toBe('refunded');
  });

  it('is for staff only, and answers unknown return numbers with 404', async () => {
    const { t, s } = await setup();
    await s.post(`/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(201);
    await s.post('/api/staff/returns/confirm', { returnNumber: 'R500001' }).expect(403);
    const anon = await shopperAgent(t);
    await anon.post('/api/staff/returns/confirm', { returnNumber: 'R500001' }).expect(401);
    expect((await confirm(t, 'R999999', 404)).body.error.message).toBe(myOrderMessages.returnNotFound);
    expect((await confirm(t, 'hej', 400)).body.error.fields.returnNumber).toMatch(/Returnummeret/);
    expect((await t.storage.collection(returnsCollection).all())[0]!.status).toBe('pending');
  });

  it('keeps the return pending when the provider refuses the refund', async () => {
    const provider: PaymentProvider = { ...createSimulatedPayments(), refund: async () => ({ ok: false, reason: 'unavailable' }) };
    const t = await withDemoData(await makeTestApp({ ports: () => ({ payments: provider }) }));
    const service = t.services.myOrders;
    const ret = await service.createReturn('u-kunde', DEMO_ORDER_IDS.recent, returnRequestSchema.parse({ lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }));
    await expect(service.confirmReturn(ret.returnNumber, { storeId: 'st-001' })).rejects.toMatchObject({ status: 502, message: myOrderMessages.refundFailed });
    expect((await t.storage.collection(returnsCollection).get(ret.id))!.status).toBe('pending');
  });

  it("refuses another store's confirmation of a return the order's store receives (issue 15), and nothing is refunded", async () => {
    const { t, s } = await setup();
    const base = (await t.storage.collection(ordersCollection).get(DEMO_ORDER_IDS.recent))!;
    await t.storage.collection(ordersCollection).put({ ...base, pickupStoreId: 'st-001' });
    const ret = orderReturnResponseSchema.parse((await s.post(`/api/account/orders/${DEMO_ORDER_IDS.recent}/returns`, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'changed-mind' }).expect(201)).body).data;
    const mails = t.mailer.sent.length;

    const storeB = await staffAgent(t, 'medarbejder2', 'st-002');
    const refused = await storeB.post('/api/staff/returns/confirm', { returnNumber: ret.returnNumber }).expect(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: myOrderMessages.otherStoresReturn });
    expect((await t.storage.collection(returnsCollection).get(ret.id))!).toMatchObject({ status: 'pending', refundedAt: null, refundTransactionId: null });
    expect(t.mailer.sent).toHaveLength(mails);

    // The receiving store confirms it.
    expect(orderReturnResponseSchema.parse((await confirm(t, ret.returnNumber, 200)).body).data.status).toBe('confirmed');
  });
});

describe('demo data', () => {
  it('seeds valid orders and invoices for the demo customer, dated from the start', async () => {
    const t = await makeTestApp();
    const { articles } = await t.services.catalogue.load();
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
    expect((await t.storage.collection(ordersCollection).get(DEMO_ORDER_IDS.cancelled))!.status).toBe('cancelled');
    // The click-and-collect order belongs to st-001; st-002's staff do not see it.
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    await other.post('/api/staff/orders/status', { orderNumber: 'O2500105', status: 'delivered' }).expect(404);
    await s.post('/api/staff/orders/status', { orderNumber: 'O2500105', status: 'delivered' }).expect(403);
    const bad = await staff.post('/api/staff/orders/status', { orderNumber: '42', status: 'shipped' }).expect(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['orderNumber', 'status']);
  });
});

/** Seeded gift cards (seed/payments.ts): 50 kr., 500 kr. and 2.500 kr. */
const SMALL = { number: '6001100000000005', pin: '2468' };
const MEDIUM = { number: '6001100000000001', pin: '1234' };
const LARGE = { number: '6001100000000002', pin: '5678' };

describe('refunds of orders paid (partly) with gift cards', () => {
  const balance = async (t: TestApp, number: string) => (await t.storage.collection(giftCardsCollection).get(number))!.balance;
  /** What the payments port was asked to refund. */
  const refundsOf = (t: TestApp) => vi.spyOn(t.services.payments['provider'], 'refund');
  const returnOf = async (s: Agent, orderId: string, lines: { lineIndex: number; quantity: number }[]) =>
    orderReturnResponseSchema.parse((await s.post(`/api/account/orders/${orderId}/returns`, { lines, reason: 'changed-mind' }).expect(201)).body).data;

  /** The demo customer buys a frame through the checkout (express delivery, always 99 kr.), gift cards first and the rest by card; the warehouse delivers it. */
  async function bought(t: TestApp, s: Agent, giftCards: { number: string; pin: string }[], pick: (price: number) => boolean) {
    const frame = await buyableArticle(t, (a) => a.category === 'briller' && pick(a.price.unit.amount));
    await s.post('/api/cart/update', { skuId: frame.skus[0]!.id, quantity: 1, noCheckoutInfo: true }).expect(200);
    const body = { contact: { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' }, address: { street: 'Søndergade 12', zip: '8000', city: 'Aarhus C' }, deliveryMethodId: 112, giftCards, acceptTerms: true };
    const res = await s.post('/api/checkout/place', { ...body, payment: { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/29', cvc: '123' } }).expect(200);
    // The checkout's answer tells nothing of the card numbers.
    expect(res.text).not.toContain('600110000000');
    const placed = checkoutPlaceResponseSchema.parse(res.body);
    if (placed.outcome !== 'paid') throw new Error('not paid');
    const staff = await staffAgent(t);
    const delivered = await staff.post('/api/staff/orders/status', { orderNumber: placed.order.orderNumber, status: 'delivered' }).expect(200);
    expect(delivered.text).not.toContain('600110000000');
    return (await t.storage.collection(ordersCollection).get(placed.order.id))!;
  }

  /** A demo order (by default `recent`: glasses and sunglasses, delivered 9 days ago), as if paid partly with the gift cards `cards`. */
  async function paidWith(t: TestApp, cards: (total: number) => { number: string; amount: number }[], shipping = 0, id: string = DEMO_ORDER_IDS.recent): Promise<Order> {
    const base = (await t.storage.collection(ordersCollection).get(id))!;
    const totalPrice = base.totalPrice + shipping;
    const giftCards = cards(totalPrice);
    return t.storage.collection(ordersCollection).put({ ...base, shipping, totalPrice, giftCards, giftCardAmount: giftCards.reduce((s, c) => s + c.amount, 0) });
  }

  it('an order paid partly with two gift cards, returned in full with its delivery: the card part through the provider, each gift card gets its part back', async () => {
    const { t, s } = await setup();
    const refunds = refundsOf(t);
    const o = await bought(t, s, [SMALL, MEDIUM], (price) => price >= 150_000);
    expect(o.giftCards).toEqual([
      { number: SMALL.number, amount: 5_000 },
      { number: MEDIUM.number, amount: 50_000 },
    ]);
    expect(await balance(t, SMALL.number)).toBe(0);
    expect(await balance(t, MEDIUM.number)).toBe(0);
    const charged = o.totalPrice - 55_000;
    expect(o).toMatchObject({ paymentMethod: 'card', giftCardAmount: 55_000, shipping: 9_900 });

    // My Pages shows the cards by their last four digits only.
    const page = await s.agent.get(`/api/account/orders/${o.id}`).expect(200);
    expect(page.text).not.toContain('600110000000');
    expect(myOrderResponseSchema.parse(page.body).data.giftCards).toEqual([
      { last4: '0005', amount: 5_000 },
      { last4: '0001', amount: 50_000 },
    ]);

    const ret = await returnOf(s, o.id, [{ lineIndex: 0, quantity: 1 }]);
    expect(ret).toMatchObject({
      shippingRefund: 9_900,
      refundTotal: o.totalPrice,
      refundMethod: 'card',
      methodRefund: charged,
      giftCardRefunds: [
        { last4: '0005', amount: 5_000 },
        { last4: '0001', amount: 50_000 },
      ],
    });
    const split = `${formatDkk(charged)} tilbage til dit betalingskort, ${formatDkk(5_000)} på gavekort •••• 0005 og ${formatDkk(50_000)} på gavekort •••• 0001`;
    expect(t.mailer.sent.at(-1)!.text).toContain(`Du får ${split}, når vi har modtaget varerne.`);
    // Nothing goes back before the parcel is received.
    expect(await balance(t, SMALL.number)).toBe(0);

    const confirmed = orderReturnResponseSchema.parse((await confirm(t, ret.returnNumber, 200)).body).data;
    expect(confirmed).toMatchObject({ status: 'confirmed', refundedAt: t.clock.now().toISOString() });
    expect(refunds.mock.calls.map(([r]) => [r.method, r.amount, r.reference])).toEqual([['card', charged, ret.returnNumber]]);
    expect(await balance(t, SMALL.number)).toBe(5_000);
    expect(await balance(t, MEDIUM.number)).toBe(50_000);
    const mail = t.mailer.sent.at(-1)!.text;
    expect(mail).toContain(`Du får ${split}.`);
    expect(mail).toContain('Det kan tage op til 5 bankdage');
    expect(mail).toContain('Beløbet på gavekortet kan bruges med det samme.');
    expect((await t.storage.collection(ordersCollection).get(o.id))!.paymentStatus).toBe('refunded');
  });

  it('an order paid wholly with a gift card: everything back onto the card, nothing asked of the provider', async () => {
    const { t, s } = await setup();
    const refunds = refundsOf(t);
    const o = await bought(t, s, [LARGE], (price) => price + 9_900 <= 250_000);
    expect(o).toMatchObject({ paymentMethod: null, giftCardAmount: o.totalPrice, giftCards: [{ number: LARGE.number, amount: o.totalPrice }] });
    const ret = await returnOf(s, o.id, [{ lineIndex: 0, quantity: 1 }]);
    expect(ret).toMatchObject({ refundTotal: o.totalPrice, refundMethod: null, methodRefund: 0, giftCardRefunds: [{ last4: '0002', amount: o.totalPrice }] });
    expect(t.mailer.sent.at(-1)!.text).toContain(`Du får ${formatDkk(o.totalPrice)} tilbage på gavekort •••• 0002, når vi har modtaget varerne.`);

    const confirmed = orderReturnResponseSchema.parse((await confirm(t, ret.returnNumber, 200)).body).data;
    expect(confirmed).toMatchObject({ refundedAt: t.clock.now().toISOString(), refundTransactionId: null });
    expect(refunds).not.toHaveBeenCalled();
    expect(await balance(t, LARGE.number)).toBe(250_000);
    const mail = t.mailer.sent.at(-1)!.text;
    expect(mail).toContain(`Du får ${formatDkk(o.totalPrice)} tilbage på gavekort •••• 0002.`);
    expect(mail).not.toContain('bankdage');
  });

  it('two partial returns refund no more than was paid, per method and per card, whichever is confirmed first', async () => {
    const { t, s } = await setup();
    const refunds = refundsOf(t);
    const o = await paidWith(
      t,
      (total) => [
        { number: MEDIUM.number, amount: 50_000 },
        { number: LARGE.number, amount: total - 50_000 - 30_000 },
      ],
      4_900,
    );
    // The card was charged 300 kr.; the glasses alone are worth more than that, and than the first gift card.
    const [glasses, sunglasses] = o.lines.map((l) => l.lineTotal) as [number, number];
    expect(glasses).toBeGreaterThan(30_000 + 50_000);
    const before = { medium: await balance(t, MEDIUM.number), large: await balance(t, LARGE.number) };

    const first = await returnOf(s, o.id, [{ lineIndex: 0, quantity: 1 }]);
    expect(first).toMatchObject({
      refundTotal: glasses,
      methodRefund: 30_000,
      giftCardRefunds: [
        { last4: '0001', amount: 50_000 },
        { last4: '0002', amount: glasses - 80_000 },
      ],
    });
    const second = await returnOf(s, o.id, [{ lineIndex: 1, quantity: 1 }]);
    expect(second).toMatchObject({ shippingRefund: 4_900, refundTotal: sunglasses + 4_900, methodRefund: 0, giftCardRefunds: [{ last4: '0002', amount: sunglasses + 4_900 }] });
    expect(first.refundTotal + second.refundTotal).toBe(o.totalPrice);

    await confirm(t, second.returnNumber, 200);
    await confirm(t, first.returnNumber, 200);
    expect(refunds.mock.calls.map(([r]) => r.amount)).toEqual([30_000]);
    expect(await balance(t, MEDIUM.number)).toBe(before.medium + 50_000);
    expect(await balance(t, LARGE.number)).toBe(before.large + o.giftCardAmount - 50_000);
  });

  it('a provider refusal credits no gift card; the retry pays and credits once', async () => {
    // The provider is down at first, then works again.
    const simulator = createSimulatedPayments();
    let down = true;
    const provider: PaymentProvider = { ...simulator, refund: async (r) => (down ? { ok: false, reason: 'unavailable' } : simulator.refund(r)) };
    const t = await withDemoData(await makeTestApp({ ports: () => ({ payments: provider }) }));
    const o = await paidWith(t, () => [{ number: SMALL.number, amount: 5_000 }]);
    const request = returnRequestSchema.parse({ lines: [{ lineIndex: 0, quantity: 1 }, { lineIndex: 1, quantity: 1 }], reason: 'changed-mind' });
    const ret = await t.services.myOrders.createReturn('u-kunde', o.id, request);
    expect(ret).toMatchObject({ methodRefund: o.totalPrice - 5_000, giftCardRefunds: [{ last4: '0005', amount: 5_000 }] });
    await expect(t.services.myOrders.confirmReturn(ret.returnNumber, { storeId: 'st-001' })).rejects.toMatchObject({ status: 502, message: myOrderMessages.refundFailed });
    expect(await balance(t, SMALL.number)).toBe(5_000);
    expect((await t.storage.collection(returnsCollection).get(ret.id))!).toMatchObject({ status: 'pending', refundedAt: null });

    down = false;
    expect(await t.services.myOrders.confirmReturn(ret.returnNumber, { storeId: 'st-001' })).toMatchObject({ status: 'confirmed' });
    expect(await balance(t, SMALL.number)).toBe(10_000);
    // Confirmed once: a second confirm is refused and credits nothing.
    await expect(t.services.myOrders.confirmReturn(ret.returnNumber, { storeId: 'st-001' })).rejects.toMatchObject({ status: 409 });
    expect(await balance(t, SMALL.number)).toBe(10_000);
  });

  it('two confirms at once credit the gift card once', async () => {
    const { t, s } = await setup();
    const o = await paidWith(t, () => [{ number: SMALL.number, amount: 5_000 }]);
    const ret = await returnOf(s, o.id, [{ lineIndex: 0, quantity: 1 }, { lineIndex: 1, quantity: 1 }]);
    const staff = await staffAgent(t);
    const answers = await Promise.all([1, 2].map(() => staff.post('/api/staff/returns/confirm', { returnNumber: ret.returnNumber })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balance(t, SMALL.number)).toBe(10_000);
  });

  it('a card already credited for the return (keyed by its number) is not credited again when the return is confirmed', async () => {
    const { t, s } = await setup();
    // The `mixed` order as if 10 kr. was paid by MobilePay and the rest with a gift card; its sunglasses come back.
    const o = await paidWith(t, (total) => [{ number: MEDIUM.number, amount: total - 1_000 }], 0, DEMO_ORDER_IDS.mixed);
    const sunglasses = o.lines[2]!.lineTotal;
    const ret = await returnOf(s, o.id, [{ lineIndex: 2, quantity: 1 }]);
    expect(ret).toMatchObject({ methodRefund: 1_000, giftCardRefunds: [{ last4: '0001', amount: sunglasses - 1_000 }] });
    await t.services.giftCards.credit([{ number: MEDIUM.number, use: sunglasses - 1_000 }], ret.returnNumber);
    expect(await balance(t, MEDIUM.number)).toBe(50_000 + sunglasses - 1_000);
    await confirm(t, ret.returnNumber, 200);
    expect(await balance(t, MEDIUM.number)).toBe(50_000 + sunglasses - 1_000);
    expect(t.mailer.sent.at(-1)!.text).toContain(`Du får ${formatDkk(1_000)} tilbage til MobilePay og ${formatDkk(sunglasses - 1_000)} på gavekort •••• 0001.`);
  });

  it('orders from before the cards were recorded give back only what the payment method paid', async () => {
    const { t, s } = await setup();
    const base = (await t.storage.collection(ordersCollection).get(DEMO_ORDER_IDS.recent))!;
    await t.storage.collection(ordersCollection).put({ ...base, giftCardAmount: 10_000 });
    const ret = await returnOf(s, base.id, [{ lineIndex: 0, quantity: 1 }, { lineIndex: 1, quantity: 1 }]);
    expect(ret).toMatchObject({ refundTotal: base.totalPrice - 10_000, methodRefund: base.totalPrice - 10_000, giftCardRefunds: [] });
  });
});
