import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDaysIso, isLuhnValid, vatOfGross } from '@optik/shared';
import { makeTestApp, type TestApp } from '../../test/harness';
import { isValidOcr, luhnCheckDigit, nextOcrNumber } from './ocr';
import { invoicesCollection } from '../invoices/records';
import { ordersCollection } from '../orders/records';
import { subscriptionsCollection } from './records';
import { nameUuid } from './scheduler';

const ACTIVE = 'ls-demo-aktiv';
const PAUSED = 'ls-demo-pause';
/** 06:00 in Copenhagen on the active demo subscription's next delivery date. */
const DELIVERY_DAY = new Date('2027-02-14T05:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

const orders = (t: TestApp) => t.storage.collection(ordersCollection).all();
const invoices = (t: TestApp) => t.storage.collection(invoicesCollection).all();
const sub = async (t: TestApp, id: string) => (await t.storage.collection(subscriptionsCollection).get(id))!;

describe('OCR numbers', () => {
  it('completes a payload with its Luhn (mod 10) check digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit('00000000000000')).toBe('0');
    // 1 + 2×1 (the second digit from the right doubled) + 7 = 10.
    expect(luhnCheckDigit('10000000000001')).toBe('7');
    expect(isValidOcr('100000000000017')).toBe(true);
    expect(isValidOcr('100000000000018')).toBe(false);
    expect(isValidOcr('10000000000017')).toBe(false);
  });

  it('numbers invoices 15 digits long, each unique and valid', async () => {
    const t = await makeTestApp();
    const a = await nextOcrNumber(t.storage);
    const b = await nextOcrNumber(t.storage);
    expect(a).toMatch(/^1\d{14}$/);
    expect(a).not.toBe(b);
    expect(isLuhnValid(a) && isLuhnValid(b)).toBe(true);
    // One changed digit is caught.
    expect(isValidOcr(`${a.slice(0, 5)}${(Number(a[5]) + 1) % 10}${a.slice(6)}`)).toBe(false);
  });
});

describe('subscription scheduler: runDue(now)', () => {
  it('creates the due delivery: an order with VAT per line, a paid invoice with an OCR number, the next date one interval on, and a mail', async () => {
    const t = await makeTestApp();
    const before = await sub(t, ACTIVE);
    const out = await t.services.subscriptionScheduler.runDue(DELIVERY_DAY);
    expect(out).toEqual([{ subscriptionId: ACTIVE, deliveryDate: '2027-02-14', orderNumber: expect.stringMatching(/^O\d+$/), paid: true, created: true }]);

    const [order] = await orders(t);
    expect(order).toMatchObject({ id: nameUuid(`lens-delivery:${ACTIVE}:2027-02-14`), status: 'handled', paymentStatus: 'paid', paymentMethod: 'card', customerId: 'u-kunde', deliveryMethodId: 101, shipping: 0, deliveryAddress: before.delivery!.deliveryAddress, contact: before.delivery!.contact });
    expect(order!.lines).toHaveLength(before.items.length);
    for (const [i, line] of order!.lines.entries()) {
      const item = before.items[i]!;
      expect(line).toMatchObject({ skuId: item.skuId, quantity: item.quantity, unitPrice: item.unitPrice, lineTotal: item.unitPrice! * item.quantity, vat: vatOfGross(item.unitPrice! * item.quantity), subscriptionInterval: 'm3', prescription: item.prescription });
    }
    expect(order!.totalPrice).toBe(order!.lines.reduce((s, l) => s + l.lineTotal, 0));

    const [invoice] = await invoices(t);
    expect(invoice).toMatchObject({ customerId: 'u-kunde', subscriptionId: ACTIVE, originalAmountDue: order!.totalPrice, amountLeft: 0, paymentStatus: 'paid', paymentMethod: 'payment-card', dueDate: '2027-02-14', createdAt: DELIVERY_DAY.toISOString() });
    expect(isValidOcr(invoice!.ocrNumber)).toBe(true);
    expect(invoice!.lines.map((l) => l.vat)).toEqual(order!.lines.map((l) => l.vat));

    expect(await sub(t, ACTIVE)).toMatchObject({ nextDelivery: '2027-05-14', noticeDayDate: '2027-05-13', lastOrderDate: '2027-02-14', lastOrderNumber: order!.orderNumber, statusCode: 100 });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'kunde@example.dk', subject: `Din linselevering er på vej (ordre ${order!.orderNumber})` });
    expect(t.mailer.sent.at(-1)!.text).toContain('Beløbet er trukket med Kort •••• 1111.');
  });

  it('is idempotent: a second run for the same date creates nothing, and a run after a crash before the date moved only finishes the step', async () => {
    const t = await makeTestApp();
    await t.services.subscriptionScheduler.runDue(DELIVERY_DAY);
    expect(await t.services.subscriptionScheduler.runDue(DELIVERY_DAY)).toEqual([]);
    expect(await t.services.subscriptionScheduler.runDue(new Date('2027-02-14T22:00:00Z'))).toEqual([]);
    // As if the process died after the order and invoice but before the next date was written.
    await t.storage.collection(subscriptionsCollection).update(ACTIVE, (s) => ({ ...s, nextDelivery: '2027-02-14' }));
    const again = await t.services.subscriptionScheduler.runDue(DELIVERY_DAY);
    expect(again).toEqual([expect.objectContaining({ subscriptionId: ACTIVE, created: false })]);
    expect(await orders(t)).toHaveLength(1);
    expect(await invoices(t)).toHaveLength(1);
    expect((await sub(t, ACTIVE)).nextDelivery).toBe('2027-05-14');
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('two runs at once make one delivery', async () => {
    const t = await makeTestApp();
    await Promise.all([t.services.subscriptionScheduler.runDue(DELIVERY_DAY), t.services.subscriptionScheduler.runDue(DELIVERY_DAY)]);
    expect(await orders(t)).toHaveLength(1);
    expect(await invoices(t)).toHaveLength(1);
  });

  it('delivers only what is due: 1,000 subscriptions with later dates and one due make exactly one delivery', async () => {
    const t = await makeTestApp();
    const template = await sub(t, ACTIVE);
    const later = Array.from({ length: 1000 }, (_, i) => ({ ...template, id: `ls-senere-${i}`, nextDelivery: addDaysIso('2027-02-15', i % 365) }));
    await t.storage.collection(subscriptionsCollection).putMany(later);
    const out = await t.services.subscriptionScheduler.runDue(DELIVERY_DAY);
    expect(out).toEqual([expect.objectContaining({ subscriptionId: ACTIVE, deliveryDate: '2027-02-14', created: true })]);
    expect(await orders(t)).toHaveLength(1);
    expect(await invoices(t)).toHaveLength(1);
    expect((await sub(t, 'ls-senere-0')).nextDelivery).toBe('2027-02-15');
    expect((await sub(t, 'ls-senere-999')).lastOrderDate).toBe(template.lastOrderDate);
  });

  it('delivers every due subscription when there are more than one page of them', async () => {
    const t = await makeTestApp();
    const template = await sub(t, ACTIVE);
    const due = Array.from({ length: 150 }, (_, i) => ({ ...template, id: `ls-forfalden-${String(i).padStart(3, '0')}`, nextDelivery: addDaysIso('2027-01-01', i % 40) }));
    await t.storage.collection(subscriptionsCollection).putMany(due);
    const out = await t.services.subscriptionScheduler.runDue(DELIVERY_DAY);
    expect(new Set(out.map((o) => o.subscriptionId))).toEqual(new Set([ACTIVE, ...due.map((d) => d.id)]));
    expect(await orders(t)).toHaveLength(151);
    // Each moved past today, so a second run finds nothing.
    expect(await t.services.subscriptionScheduler.runDue(DELIVERY_DAY)).toEqual([]);
  });

  it('does nothing before the delivery date', async () => {
    const t = await makeTestApp();
    expect(await t.services.subscriptionScheduler.runDue(new Date('2027-02-13T22:59:00Z'))).toEqual([]);
    expect(await orders(t)).toHaveLength(0);
  });

  it('skips paused and cancelled subscriptions: no order, no invoice, no payment (SPEC §4)', async () => {
    const t = await makeTestApp();
    await t.storage.collection(subscriptionsCollection).update(ACTIVE, (s) => ({ ...s, statusCode: 200, nextDelivery: '2027-02-14' }));
    expect((await sub(t, PAUSED)).statusCode).toBe(520);
    await t.storage.collection(subscriptionsCollection).update(PAUSED, (s) => ({ ...s, nextDelivery: '2027-02-14' }));
    expect(await t.services.subscriptionScheduler.runDue(DELIVERY_DAY)).toEqual([]);
    expect(await orders(t)).toHaveLength(0);
    expect(await invoices(t)).toHaveLength(0);
    expect((await sub(t, PAUSED)).nextDelivery).toBe('2027-02-14');
  });

  it('delivers to the temporary address inside its window (to the door), and to the usual place outside it', async () => {
    const t = await makeTestApp();
    const temporary = { street: 'Strandvejen 3', zip: '9990', city: 'Skagen', from: '2027-02-01', to: '2027-02-14' };
    await t.storage.collection(subscriptionsCollection).update(PAUSED, (s) => ({ ...s, statusCode: 100, nextDelivery: '2027-02-14', temporaryAddress: temporary }));
    await t.services.subscriptionScheduler.runDue(DELIVERY_DAY);
    const inside = (await orders(t)).find((o) => o.id === nameUuid(`lens-delivery:${PAUSED}:2027-02-14`))!;
    expect(inside).toMatchObject({ deliveryMethodId: 101, pickupStoreId: null, deliveryAddress: { street: 'Strandvejen 3', zip: '9990', city: 'Skagen' } });
    // The next delivery (2027-04-03) is after the window: collected in the store again.
    await t.services.subscriptionScheduler.runDue(new Date('2027-04-03T06:00:00Z'));
    const outside = (await orders(t)).find((o) => o.id === nameUuid(`lens-delivery:${PAUSED}:2027-04-03`))!;
    expect(outside).toMatchObject({ deliveryMethodId: 119, pickupStoreId: 'st-001' });
  });

  it('invoices a subscription without a payment agreement: not paid, due in 14 days, the OCR number in the mail', async () => {
    const t = await makeTestApp();
    await t.storage.collection(subscriptionsCollection).update(ACTIVE, (s) => ({ ...s, paymentAgreement: null }));
    const [out] = await t.services.subscriptionScheduler.runDue(DELIVERY_DAY);
    expect(out!.paid).toBe(false);
    const [order] = await orders(t);
    expect(order).toMatchObject({ paymentStatus: 'awaiting-payment', paidAt: null, paymentMethod: null });
    const [invoice] = await invoices(t);
    expect(invoice).toMatchObject({ paymentStatus: 'not-paid', paymentMethod: 'invoice', amountLeft: order!.totalPrice, dueDate: '2027-02-28' });
    expect(t.mailer.sent.at(-1)!.text).toContain(`Betal fakturaen senest 28. februar 2027 med OCR-nummer ${invoice!.ocrNumber}.`);
  });

  it('after downtime sends one catch-up delivery and moves to the next date after today', async () => {
    const t = await makeTestApp();
    await t.storage.collection(subscriptionsCollection).update(ACTIVE, (s) => ({ ...s, deliveryInterval: 'm1', nextDelivery: '2026-09-14' }));
    const out = await t.services.subscriptionScheduler.runDue(new Date('2026-11-22T10:00:00Z'));
    expect(out.map((o) => o.deliveryDate)).toEqual(['2026-09-14']);
    expect((await sub(t, ACTIVE)).nextDelivery).toBe('2026-12-14');
    expect(await orders(t)).toHaveLength(1);
  });

  it('is started by the app on an interval with its clock, and stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await makeTestApp();
    t.clock.advance(DELIVERY_DAY.getTime() - t.clock.now().getTime());
    const stop = t.services.subscriptionScheduler.start(t.clock, 60_000);
    await vi.waitFor(async () => expect(await orders(t)).toHaveLength(1));
    // Three months later the hourly tick makes the next one.
    t.clock.advance(89 * 24 * 60 * 60 * 1000);
    vi.advanceTimersByTime(60_000);
    await vi.waitFor(async () => expect(await orders(t)).toHaveLength(2));
    stop();
    t.clock.advance(92 * 24 * 60 * 60 * 1000);
    vi.advanceTimersByTime(120_000);
    await t.services.subscriptionScheduler.runDue(new Date(0));
    expect(await orders(t)).toHaveLength(2);
  });
});
