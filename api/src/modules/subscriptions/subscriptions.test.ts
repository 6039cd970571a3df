import { describe, expect, it } from 'vitest';
import { subscriptionListResponseSchema, subscriptionMessages, subscriptionPaymentResponseSchema, subscriptionResponseSchema, type Article, type Subscription } from '@optik/shared';
import { SIMULATOR_CARDS } from '../../ports/payments';
import { buyableArticle, makeTestApp, shopperAgent, staffAgent, type TestApp, customerAgent, otherCustomerAgent } from '../../test/harness';
import { articlesCollection } from '../catalogue/records';
import { subscriptionsCollection } from './records';

const ACTIVE = 'ls-demo-aktiv';
const PAUSED = 'ls-demo-pause';
const lensPath = (id: string, action = '') => `/api/subscriptions/lens/${id}${action ? `/${action}` : ''}`;


const read = async (s: Awaited<ReturnType<typeof customerAgent>>, id: string) => subscriptionResponseSchema.parse((await s.agent.get(lensPath(id)).expect(200)).body).data;

/** A lens sold by subscription, in stock, with the values its prescription must use. */
const subscriptionLens = (t: TestApp) => buyableArticle(t, (a) => a.category === 'kontaktlinser' && a.allowSubscription && a.price.subscription !== null && !a.lensParameters?.cylinders && !a.lensParameters?.additions);
const rxFor = (a: Article, power = -3) => ({ power, baseCurve: a.lensParameters!.baseCurves[0]!, diameter: a.lensParameters!.diameters[0]!, cylinder: null, axis: null, addition: null });

describe('subscriptions: list and read', () => {
  it('lists the customer’s own subscriptions of both kinds, newest first, without caching', async () => {
    const t = await makeTestApp();
    const lifestyle: Subscription = { ...(await t.storage.collection(subscriptionsCollection).get(ACTIVE))!, id: 'lifestyle-1', kind: 'lifestyle', startDate: '2026-11-21', items: [], deliveryInterval: null, nextDelivery: null };
    await t.storage.collection(subscriptionsCollection).put(lifestyle);
    const s = await customerAgent(t);
    const res = await s.agent.get('/api/subscriptions').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = subscriptionListResponseSchema.parse(res.body).data;
    const stored = (await t.storage.collection(subscriptionsCollection).all()).filter((x) => x.customerId === 'u-kunde');
    expect(list).toHaveLength(stored.length);
    expect(list.map((x) => x.id)).toEqual(expect.arrayContaining(['lifestyle-1', ACTIVE, PAUSED]));
    expect(new Set(list.map((x) => x.kind))).toEqual(new Set(['lens', 'lifestyle']));
    const starts = list.map((x) => x.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(list.indexOf(list.find((x) => x.id === ACTIVE)!)).toBeLessThan(list.indexOf(list.find((x) => x.id === PAUSED)!));
  });

  it('shows one lens subscription with its SPEC §3 fields', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const sub = await read(s, ACTIVE);
    expect(sub).toMatchObject({ statusCode: 100, startDate: '2026-08-14', nextDelivery: '2027-02-14', deliveryInterval: 'm3', noticeDayDate: '2027-02-13', bindingPeriodExpiry: null, lastOrderDate: '2026-11-14' });
    expect(sub.monthlyPrice).toBe(Math.round(sub.items.reduce((x, i) => x + i.unitPrice! * i.quantity, 0) / 3));
  });

  it('needs a signed-in customer: 401 for a visitor, 403 for store staff', async () => {
    const t = await makeTestApp();
    const visitor = await shopperAgent(t);
    expect((await visitor.agent.get('/api/subscriptions').expect(401)).body.error.code).toBe('unauthenticated');
    await visitor.post(lensPath(ACTIVE, 'pause')).expect(401);
    const staff = await staffAgent(t);
    await staff.agent.get('/api/subscriptions').expect(403);
  });

  it('a customer reaches only their own subscriptions: another’s id is not found for reading and every action', async () => {
    const t = await makeTestApp();
    const other = await otherCustomerAgent(t);
    expect(subscriptionListResponseSchema.parse((await other.agent.get('/api/subscriptions').expect(200)).body).data).toEqual([]);
    await other.agent.get(lensPath(ACTIVE)).expect(404);
    for (const action of ['pause', 'reactivate', 'cancel', 'temporary-address/remove']) await other.post(lensPath(ACTIVE, action)).expect(404);
    await other.post(lensPath(ACTIVE, 'interval'), { deliveryInterval: 'm1' }).expect(404);
    await other.post(lensPath(ACTIVE, 'temporary-address'), { street: 'Havnegade 1', zip: '5000', city: 'Odense C', from: '2026-12-01', to: '2026-12-20' }).expect(404);
    const lens = await subscriptionLens(t);
    await other.post(lensPath(ACTIVE, `products/${lens.id}`), { skuId: lens.skus[0]!.id, quantity: 1, prescription: rxFor(lens) }).expect(404);
    await other.post(lensPath(ACTIVE, 'payment-method'), { method: 'card', cardNumber: '4111111111111111', expiry: '12/29', cvc: '123' }).expect(404);
    // Nothing changed for the owner.
    expect(await t.storage.collection(subscriptionsCollection).get(ACTIVE)).toMatchObject({ statusCode: 100, deliveryInterval: 'm3', temporaryAddress: null });
  });

  it('answers 404 for an unknown id and for a Lifestyle agreement on the lens route', async () => {
    const t = await makeTestApp();
    await t.storage.collection(subscriptionsCollection).put({ ...(await t.storage.collection(subscriptionsCollection).get(ACTIVE))!, id: 'lifestyle-1', kind: 'lifestyle' });
    const s = await customerAgent(t);
    await s.agent.get(lensPath('findes-ikke')).expect(404);
    await s.agent.get(lensPath('lifestyle-1')).expect(404);
  });
});

describe('subscriptions: pause, reactivate, cancel (SPEC §4)', () => {
  it('pauses, refuses a second pause, reactivates, and refuses reactivating an active one', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const paused = subscriptionResponseSchema.parse((await s.post(lensPath(ACTIVE, 'pause')).expect(200)).body).data;
    expect(paused).toMatchObject({ statusCode: 520, nextDelivery: '2027-02-14', pausedAt: t.clock.now().toISOString() });
    expect((await s.post(lensPath(ACTIVE, 'pause')).expect(409)).body.error).toMatchObject({ code: 'conflict', message: subscriptionMessages.alreadyPaused });
    const again = subscriptionResponseSchema.parse((await s.post(lensPath(ACTIVE, 'reactivate')).expect(200)).body).data;
    expect(again).toMatchObject({ statusCode: 100, nextDelivery: '2027-02-14', pausedAt: null });
    expect((await s.post(lensPath(ACTIVE, 'reactivate')).expect(409)).body.error.message).toBe(subscriptionMessages.notPaused);
  });

  it('reactivating after the next delivery passed during the pause delivers from tomorrow', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const sub = subscriptionResponseSchema.parse((await s.post(lensPath(PAUSED, 'reactivate')).expect(200)).body).data;
    expect(sub).toMatchObject({ statusCode: 100, nextDelivery: '2026-11-23', noticeDayDate: '2026-11-22', deliveryDay: 23 });
  });

  it('cancel is final: no next delivery, and reactivation, pausing and changes are refused', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const cancelled = subscriptionResponseSchema.parse((await s.post(lensPath(PAUSED, 'cancel')).expect(200)).body).data;
    expect(cancelled).toMatchObject({ statusCode: 200, nextDelivery: null, noticeDayDate: null, cancelledAt: t.clock.now().toISOString() });
    expect((await s.post(lensPath(PAUSED, 'reactivate')).expect(409)).body.error.message).toBe(subscriptionMessages.cancelledFinal);
    expect((await s.post(lensPath(PAUSED, 'pause')).expect(409)).body.error.message).toBe(subscriptionMessages.cancelledNoChanges);
    expect((await s.post(lensPath(PAUSED, 'cancel')).expect(409)).body.error.message).toBe(subscriptionMessages.alreadyCancelled);
    expect((await s.post(lensPath(PAUSED, 'interval'), { deliveryInterval: 'm1' }).expect(409)).body.error.message).toBe(subscriptionMessages.cancelledNoChanges);
    expect((await s.post(lensPath(PAUSED, 'payment-method'), { method: 'mobilepay', phone: '20304050' }).expect(409)).body.error.message).toBe(subscriptionMessages.cancelledNoChanges);
    expect((await t.storage.collection(subscriptionsCollection).get(PAUSED))!.statusCode).toBe(200);
  });

  it('refuses to cancel inside a binding period', async () => {
    const t = await makeTestApp();
    await t.storage.collection(subscriptionsCollection).update(ACTIVE, (x) => ({ ...x, bindingPeriodExpiry: '2027-01-31' }));
    const s = await customerAgent(t);
    expect((await s.post(lensPath(ACTIVE, 'cancel')).expect(409)).body.error.message).toBe(subscriptionMessages.bound('2027-01-31'));
  });

  it('needs the CSRF token for every change', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    expect((await s.agent.post(lensPath(ACTIVE, 'cancel')).expect(403)).body.error.code).toBe('csrf_invalid');
    expect((await t.storage.collection(subscriptionsCollection).get(ACTIVE))!.statusCode).toBe(100);
  });
});

describe('subscriptions: interval and temporary address', () => {
  it('changes the interval from the last delivery and reprices the month; refuses the same or an unknown interval', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const before = await read(s, ACTIVE);
    const sub = subscriptionResponseSchema.parse((await s.post(lensPath(ACTIVE, 'interval'), { deliveryInterval: 'M1' }).expect(200)).body).data;
    expect(sub).toMatchObject({ deliveryInterval: 'm1', nextDelivery: '2026-12-14', noticeDayDate: '2026-12-13' });
    // The same delivery every month instead of every third: the monthly price is the whole delivery.
    const perDelivery = sub.items.reduce((x, i) => x + i.unitPrice! * i.quantity, 0);
    expect(before.monthlyPrice).toBe(Math.round(perDelivery / 3));
    expect(sub.monthlyPrice).toBe(perDelivery);
    expect((await s.post(lensPath(ACTIVE, 'interval'), { deliveryInterval: 'm1' }).expect(400)).body.error.fields.deliveryInterval).toBe(subscriptionMessages.sameInterval);
    expect((await s.post(lensPath(ACTIVE, 'interval'), { deliveryInterval: 'm4' }).expect(400)).body.error.fields).toHaveProperty('deliveryInterval');
  });

  it('sets a temporary address with the postcode’s city, removes it, and refuses a bad window or postcode', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const address = { street: 'Strandvejen 3', zip: '9990', city: 'skagen', from: '2026-12-01', to: '2027-01-15' };
    const sub = subscriptionResponseSchema.parse((await s.post(lensPath(ACTIVE, 'temporary-address'), address).expect(200)).body).data;
    expect(sub.temporaryAddress).toEqual({ ...address, city: 'Skagen' });
    const bad = await s.post(lensPath(ACTIVE, 'temporary-address'), { ...address, zip: '3900', from: '2026-11-01', to: '2026-10-01' }).expect(400);
    expect(bad.body.error.fields).toEqual({ zip: 'Vi leverer ikke til dette postnummer.', from: subscriptionMessages.fromInPast, to: subscriptionMessages.toBeforeFrom });
    const empty = await s.post(lensPath(ACTIVE, 'temporary-address'), { street: '', zip: '12', city: '', from: '', to: '' }).expect(400);
    expect(empty.body.error.fields).toMatchObject({ street: 'Skal udfyldes.', zip: 'Ugyldigt postnummer.', city: 'Skal udfyldes.' });
    expect((await t.storage.collection(subscriptionsCollection).get(ACTIVE))!.temporaryAddress).toEqual({ ...address, city: 'Skagen' });
    const removed = subscriptionResponseSchema.parse((await s.post(lensPath(ACTIVE, 'temporary-address/remove')).expect(200)).body).data;
    expect(removed.temporaryAddress).toBeNull();
  });
});

describe('subscriptions: add a product (/nyt-produkt/{articleId})', () => {
  it('adds a subscription lens with its prescription at the subscription price, and adds to the same line next time', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const lens = await subscriptionLens(t);
    const body = { skuId: lens.skus[0]!.id, quantity: 2, prescription: rxFor(lens) };
    const sub = subscriptionResponseSchema.parse((await s.post(lensPath(ACTIVE, `products/${lens.id}`), body).expect(200)).body).data;
    const line = sub.items.at(-1)!;
    expect(line).toMatchObject({ articleId: lens.id, quantity: 2, status: 'active', unitPrice: lens.price.subscription!.amount, prescription: rxFor(lens) });
    expect(sub.monthlyPrice).toBe(Math.round(sub.items.reduce((x, i) => x + i.unitPrice! * i.quantity, 0) / 3));
    const more = subscriptionResponseSchema.parse((await s.post(lensPath(ACTIVE, `products/${lens.id}`), { ...body, quantity: 3 }).expect(200)).body).data;
    expect(more.items).toHaveLength(sub.items.length);
    expect(more.items.at(-1)!.quantity).toBe(5);
    expect((await s.post(lensPath(ACTIVE, `products/${lens.id}`), { ...body, quantity: 8 }).expect(400)).body.error.fields.quantity).toMatch(/højst købe 12/);
  });

  it('refuses products not sold by subscription (SPEC §8), unknown products and variants, and prescriptions the lens is not made in', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const frame = await buyableArticle(t, (a) => a.category === 'briller');
    const refused = await s.post(lensPath(ACTIVE, `products/${frame.id}`), { skuId: frame.skus[0]!.id, quantity: 1, prescription: null }).expect(422);
    expect(refused.body.error.message).toBe(subscriptionMessages.notForSubscription);
    await s.post(lensPath(ACTIVE, 'products/findes-ikke'), { skuId: 'x', quantity: 1, prescription: null }).expect(404);
    const lens = await subscriptionLens(t);
    expect((await s.post(lensPath(ACTIVE, `products/${lens.id}`), { skuId: 'sku-findes-ikke', quantity: 1, prescription: rxFor(lens) }).expect(400)).body.error.fields.skuId).toBe('Varianten findes ikke.');
    const noRx = await s.post(lensPath(ACTIVE, `products/${lens.id}`), { skuId: lens.skus[0]!.id, quantity: 1, prescription: null }).expect(400);
    expect(noRx.body.error.fields['prescription.power']).toBe('Skal udfyldes.');
    const wrong = await s.post(lensPath(ACTIVE, `products/${lens.id}`), { skuId: lens.skus[0]!.id, quantity: 1, prescription: { ...rxFor(lens), baseCurve: 9.9 } }).expect(400);
    expect(wrong.body.error.fields['prescription.baseCurve']).toBe(subscriptionMessages.notOffered);
    expect((await s.post(lensPath(ACTIVE, `products/${lens.id}`), { skuId: lens.skus[0]!.id, quantity: 0, prescription: rxFor(lens) }).expect(400)).body.error.fields.quantity).toBe('Vælg mindst 1.');
    expect((await t.storage.collection(subscriptionsCollection).get(ACTIVE))!.items).toHaveLength(3);
  });

  it('refuses a sold-out product and one sold only in stores', async () => {
    const t = await makeTestApp();
    const lens = await subscriptionLens(t);
    const withStatus = (publicationStatus: number): Article => ({ ...lens, price: { ...lens.price, unit: { ...lens.price.unit, publicationStatus } } });
    const s = await customerAgent(t);
    const body = { skuId: lens.skus[0]!.id, quantity: 1, prescription: rxFor(lens) };
    await t.storage.collection(articlesCollection).put(withStatus(30));
    t.services.catalogue.invalidate();
    expect((await s.post(lensPath(ACTIVE, `products/${lens.id}`), body).expect(422)).body.error.message).toBe('Produktet er midlertidigt udsolgt.');
    await t.storage.collection(articlesCollection).put(withStatus(40));
    t.services.catalogue.invalidate();
    expect((await s.post(lensPath(ACTIVE, `products/${lens.id}`), body).expect(422)).body.error.message).toBe('Produktet kan kun købes ved at besøge en butik.');
  });
});

describe('subscriptions: payment method (/opdater-betaling)', () => {
  it('registers a card (masked) or a MobilePay agreement: "updated"', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const card = subscriptionPaymentResponseSchema.parse((await s.post(lensPath(ACTIVE, 'payment-method'), { method: 'card', cardNumber: '5555 5555 5555 4444', expiry: '0830', cvc: '123' }).expect(200)).body);
    if (card.outcome !== 'updated') throw new Error('not updated');
    expect(card.data.paymentAgreement).toMatchObject({ method: 'card', label: 'Kort •••• 4444', expiry: '08/30', registeredAt: t.clock.now().toISOString() });
    expect(JSON.stringify(await t.storage.collection(subscriptionsCollection).get(ACTIVE))).not.toContain('5555555555554444');
    const mp = subscriptionPaymentResponseSchema.parse((await s.post(lensPath(PAUSED, 'payment-method'), { method: 'mobilepay', phone: '+45 22 33 44 55' }).expect(200)).body);
    if (mp.outcome !== 'updated') throw new Error('not updated');
    expect(mp.data.paymentAgreement).toMatchObject({ method: 'mobilepay', label: 'MobilePay •• •• 44 55', expiry: null });
  });

  it('answers "update cancelled" with the SPEC §3 result and keeps the old method; bad details are field errors', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const declined = subscriptionPaymentResponseSchema.parse((await s.post(lensPath(ACTIVE, 'payment-method'), { method: 'card', cardNumber: SIMULATOR_CARDS.declined, expiry: '12/29', cvc: '123' }).expect(200)).body);
    expect(declined).toMatchObject({ outcome: 'update-cancelled', failureResult: 0 });
    const approval = subscriptionPaymentResponseSchema.parse((await s.post(lensPath(ACTIVE, 'payment-method'), { method: 'card', cardNumber: SIMULATOR_CARDS.validationsRequired, expiry: '12/29', cvc: '123' }).expect(200)).body);
    expect(approval).toMatchObject({ outcome: 'update-cancelled', failureResult: 2 });
    expect((await t.storage.collection(subscriptionsCollection).get(ACTIVE))!.paymentAgreement!.label).toBe('Kort •••• 1111');
    const bad = await s.post(lensPath(ACTIVE, 'payment-method'), { method: 'card', cardNumber: '4111 1111 1111 1112', expiry: '13/29', cvc: '12' }).expect(400);
    expect(bad.body.error.fields).toMatchObject({ cardNumber: 'Kortnummeret er ikke gyldigt. Tjek cifrene.', expiry: 'Skriv udløbsdatoen som MM/ÅÅ.', cvc: 'Kontrolcifrene er 3 cifre.' });
    expect((await s.post(lensPath(ACTIVE, 'payment-method'), { method: 'card', cardNumber: '4111111111111111', expiry: '10/26', cvc: '123' }).expect(400)).body.error.fields.expiry).toBe('Kortet er udløbet.');
    expect((await s.post(lensPath(ACTIVE, 'payment-method'), { method: 'klarna' }).expect(400)).body.error.fields).toHaveProperty('method');
  });
});
