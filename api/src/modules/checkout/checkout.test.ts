import { describe, expect, it } from 'vitest';
import { checkoutPlaceResponseSchema, checkoutQuoteResponseSchema, formatDkk, type Article } from '@optik/shared';
import { buyableArticle, customerAgent, makeTestApp, OTHER_CUSTOMER, otherCustomerAgent, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { frameDiscountMessages } from '../friends/frame-discount';
import { SIMULATOR_CARDS } from '../../ports/payments';
import { DEMO_PASSWORD } from '../../seed/accounts';
import { bookingsCollection } from '../booking/records';
import { cartsCollection } from '../cart/records';
import { giftCardsCollection } from '../gift-cards/records';
import { giftCardMessages } from '../gift-cards/service';
import { checksMeet } from '../gift-cards/test-checks';
import { ordersCollection } from '../orders/records';
import { subscriptionsCollection } from '../subscriptions/records';
import { checkoutMessages } from './service';

const contact = { firstName: 'Karen', lastName: 'Sørensen', email: 'karen@example.dk', phone: '26272829' };
const address = { street: 'Søndergade 12', zip: '8000', city: 'Aarhus C' };
const card = (cardNumber = '4111 1111 1111 1111') => ({ method: 'card', cardNumber, expiry: '12/29', cvc: '123' });

async function withCart(t: TestApp, articles: { article: Article; quantity: number }[]) {
  const s = await shopperAgent(t);
  for (const { article, quantity } of articles) await s.post('/api/cart/update', { skuId: article.skus[0]!.id, quantity, noCheckoutInfo: true }).expect(200);
  return s;
}

describe('checkout', () => {
  it('quotes from catalogue prices with delivery, then pays by card: order stored, cart emptied, confirmation mailed', async () => {
    const t = await makeTestApp();
    const frame = await buyableArticle(t, (a) => a.category === 'briller' && a.price.unit.amount >= 100_000);
    const s = await withCart(t, [{ article: frame, quantity: 1 }]);
    const quote = checkoutQuoteResponseSchema.parse((await s.post('/api/checkout/quote', { deliveryMethodId: 112 }).expect(200)).body).data;
    expect(quote).toMatchObject({ goods: frame.price.unit.amount, shipping: 9_900, total: frame.price.unit.amount + 9_900, toPay: frame.price.unit.amount + 9_900, giftCardCover: 0, pricesChanged: false });
    expect(quote.vat).toBe(Math.round(quote.total / 5));
    const placed = checkoutPlaceResponseSchema.parse((await s.post('/api/checkout/place', { contact, address, deliveryMethodId: 101, payment: card(), acceptTerms: true }).expect(200)).body);
    if (placed.outcome !== 'paid') throw new Error('not paid');
    expect(placed.order).toMatchObject({ createdBy: 'web', paymentStatus: 'paid', paymentMethod: 'card', status: 'handled', shipping: 0, deliveryAddress: { zip: '8000', city: 'Aarhus C' }, contact });
    expect(placed.order.lines[0]).toMatchObject({ articleId: frame.id, unitPrice: frame.price.unit.amount, vat: Math.round(frame.price.unit.amount / 5) });
    expect(await t.storage.collection(ordersCollection).get(placed.order.id)).toEqual(placed.order);
    expect((await t.storage.collection(cartsCollection).get(s.shopperId))!.items).toEqual([]);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'karen@example.dk', subject: `Tak for din ordre ${placed.order.orderNumber}` });
    // A second submit finds the cart empty.
    expect((await s.post('/api/checkout/place', { contact, address, deliveryMethodId: 101, payment: card(), acceptTerms: true }).expect(409)).body.error.message).toBe(checkoutMessages.emptyCart);
  });

  it('keeps the cart and gives gift cards back when the payment fails, with the SPEC §3 result', async () => {
    const t = await makeTestApp();
    const frame = await buyableArticle(t, (a) => a.category === 'briller' && a.price.unit.amount > 60_000);
    const s = await withCart(t, [{ article: frame, quantity: 1 }]);
    const body = { contact, address, deliveryMethodId: 101, giftCards: [{ number: '6001100000000001', pin: '1234' }], payment: card(SIMULATOR_CARDS.declined), acceptTerms: true };
    const failed = (await s.post('/api/checkout/place', body).expect(200)).body;
    expect(failed).toMatchObject({ outcome: 'failed', failureResult: 0 });
    expect((await t.storage.collection(giftCardsCollection).get('6001100000000001'))!.balance).toBe(50_000);
    expect((await t.storage.collection(cartsCollection).get(s.shopperId))!.items).toHaveLength(1);
    expect(await t.storage.collection(ordersCollection).count()).toBe(0);
    // Paid with the gift card covering part: payment type 900 for 500 kr, the rest by card.
    const ok = checkoutPlaceResponseSchema.parse((await s.post('/api/checkout/place', { ...body, payment: card() }).expect(200)).body);
    if (ok.outcome !== 'paid') throw new Error('not paid');
    expect(ok.order.giftCardAmount).toBe(50_000);
    expect((await t.storage.collection(giftCardsCollection).get('6001100000000001'))!.balance).toBe(0);
  });

  it('two checkouts at once spending one gift card\'s whole balance: one is paid, the other refused with the gift-card error, the card never below zero', async () => {
    const t = await makeTestApp();
    const frame = await buyableArticle(t, (a) => a.category === 'briller' && a.price.unit.amount > 60_000 && a.skus[0]!.stock >= 2);
    const [a, b] = [await withCart(t, [{ article: frame, quantity: 1 }]), await withCart(t, [{ article: frame, quantity: 1 }])];
    const body = { contact, address, deliveryMethodId: 101, giftCards: [{ number: '6001100000000001', pin: '1234' }], payment: card(), acceptTerms: true };
    // Both checkouts have seen the card's 500 kr. before either takes it.
    checksMeet(t.services.giftCards);
    const answers = await Promise.all([a, b].map((s) => s.post('/api/checkout/place', body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const paid = checkoutPlaceResponseSchema.parse(answers.find((r) => r.status === 200)!.body);
    if (paid.outcome !== 'paid') throw new Error('not paid');
    expect(paid.order.giftCardAmount).toBe(50_000);
    expect(answers.find((r) => r.status === 400)!.body.error.fields).toEqual({ giftCards: giftCardMessages.changed });
    expect((await t.storage.collection(giftCardsCollection).get('6001100000000001'))!.balance).toBe(0);
    expect(await t.storage.collection(ordersCollection).count()).toBe(1);
    // The refused shopper keeps the cart; the paid one's is empty.
    const refused = answers[0]!.status === 400 ? a : b;
    expect((await t.storage.collection(cartsCollection).get(refused.shopperId))!.items).toHaveLength(1);
    expect((await t.storage.collection(cartsCollection).get((refused === a ? b : a).shopperId))!.items).toEqual([]);
  });

  it('many checkouts at once with one gift card: the card pays exactly what the paid orders record, never more than it held', async () => {
    const t = await makeTestApp();
    const frame = await buyableArticle(t, (a) => a.category === 'briller' && a.price.unit.amount > 60_000 && a.skus[0]!.stock >= 6);
    const shoppers = [];
    for (let i = 0; i < 6; i++) shoppers.push(await withCart(t, [{ article: frame, quantity: 1 }]));
    const body = { contact, address, deliveryMethodId: 101, giftCards: [{ number: '6001100000000001', pin: '1234' }], payment: card(), acceptTerms: true };
    const answers = await Promise.all(shoppers.map((s) => s.post('/api/checkout/place', body)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect([giftCardMessages.changed, giftCardMessages.empty]).toContain(r.body.error.fields.giftCards);
    }
    const orders = await t.storage.collection(ordersCollection).all();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentStatus: 'paid', giftCardAmount: 50_000, giftCards: [{ number: '6001100000000001', amount: 50_000 }] });
    expect((await t.storage.collection(giftCardsCollection).get('6001100000000001'))!.balance).toBe(0);
  });

  it('pays entirely with a gift card without a payment method, and refuses a wrong PIN, an empty or expired card', async () => {
    const t = await makeTestApp();
    const cheap = await buyableArticle(t, (a) => a.category === 'oejenpleje' && a.price.unit.amount < 20_000);
    const s = await withCart(t, [{ article: cheap, quantity: 1 }]);
    const base = { contact, address, deliveryMethodId: 125, acceptTerms: true };
    for (const [number, pin, message] of [
      ['6001100000000002', '9999', 'Gavekortoplysningerne passede ikke til noget gavekort.'],
      ['6001100000000003', '0000', checkoutMessages.giftCardEmpty],
      ['6001100000000004', '4321', 'Gavekortoplysningerne passede ikke til noget gavekort.'],
    ] as const) {
      expect((await s.post('/api/checkout/place', { ...base, giftCards: [{ number, pin }] }).expect(400)).body.error.fields.giftCards).toBe(message);
    }
    expect((await s.post('/api/checkout/place', base).expect(400)).body.error.fields.payment).toBe(checkoutMessages.noPayment);
    const paid = checkoutPlaceResponseSchema.parse((await s.post('/api/checkout/place', { ...base, giftCards: [{ number: '6001100000000002', pin: '5678' }] }).expect(200)).body);
    if (paid.outcome !== 'paid') throw new Error('not paid');
    expect(paid.order.paymentMethod).toBeNull();
    expect((await t.storage.collection(giftCardsCollection).get('6001100000000002'))!.balance).toBe(250_000 - paid.order.totalPrice);
  });

  it('applies discount codes by their rules and refuses unknown, expired and too-small ones', async () => {
    const t = await makeTestApp();
    const sun = await buyableArticle(t, (a) => a.category === 'solbriller' && a.price.unit.amount >= 100_000);
    const s = await withCart(t, [{ article: sun, quantity: 1 }]);
    const q = async (discountCode: string, status = 200) => (await s.post('/api/checkout/quote', { deliveryMethodId: 101, discountCode }).expect(status)).body;
    expect((await q('velkommen10')).data).toMatchObject({ discount: Math.round(sun.price.unit.amount / 10), discountCode: 'VELKOMMEN10' });
    expect((await q('SOL-25')).data.discount).toBe(Math.round(sun.price.unit.amount / 4));
    expect((await q('LINSER100', 400)).error.fields.discountCode).toBe('Rabatkoden er ugyldig.');
    expect((await q('SOMMER2025', 400)).error.fields.discountCode).toBe('Rabatkoden er ugyldig.');
    expect((await q('FINDES-IKKE', 400)).error.fields.discountCode).toBe('Rabatkoden er ugyldig.');
  });

  it('offers delivery by what is in the cart and needs a parcel shop or store where the option does', async () => {
    const t = await makeTestApp();
    const lens = await buyableArticle(t, (a) => a.category === 'kontaktlinser');
    const s = await withCart(t, [{ article: lens, quantity: 1 }]);
    const ids = (await s.post('/api/checkout/delivery-options').expect(200)).body.data.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([101, 79, 119, 125]));
    expect(ids).not.toContain(117);
    const frame = await buyableArticle(t, (a) => a.category === 'briller');
    await s.post('/api/cart/update', { skuId: frame.skus[0]!.id, quantity: 1, noCheckoutInfo: true }).expect(200);
    expect((await s.post('/api/checkout/delivery-options').expect(200)).body.data.map((o: { id: number }) => o.id)).not.toContain(125);
    const base = { contact, address, payment: card(), acceptTerms: true };
    expect((await s.post('/api/checkout/place', { ...base, deliveryMethodId: 125 }).expect(400)).body.error.fields.deliveryMethodId).toBe(checkoutMessages.noDelivery);
    expect((await s.post('/api/checkout/place', { ...base, deliveryMethodId: 79 }).expect(400)).body.error.fields.collectionPointId).toBe(checkoutMessages.noCollectionPoint);
    expect((await s.post('/api/checkout/place', { ...base, deliveryMethodId: 119, pickupStoreId: 'st-999' }).expect(400)).body.error.fields.pickupStoreId).toBe(checkoutMessages.noStore);
    const points = (await s.agent.get('/api/checkout/collection-points').query({ zip: '8000', deliveryMethodId: 79 }).expect(200)).body.data;
    expect(points).toHaveLength(3);
    expect(points[0]).toMatchObject({ carrier: 'PostNord', zip: '8000', city: 'Aarhus C' });
    const placed = (await s.post('/api/checkout/place', { ...base, deliveryMethodId: 79, collectionPointId: points[1].id }).expect(200)).body;
    expect(placed.order).toMatchObject({ deliveryMethodId: 79, collectionPointId: points[1].id });
  });

  it('validates the form with Danish field errors and needs the terms', async () => {
    const t = await makeTestApp();
    const s = await withCart(t, [{ article: await buyableArticle(t), quantity: 1 }]);
    const res = await s.post('/api/checkout/place', { contact: { ...contact, email: 'nope', firstName: '' }, address: { ...address, zip: '12' }, deliveryMethodId: 101, payment: card() }).expect(400);
    expect(res.body.error.fields).toMatchObject({ 'contact.email': 'E-mail skal indeholde @ og et domæne.', 'contact.firstName': 'Skal udfyldes.', 'address.zip': 'Ugyldigt postnummer.', acceptTerms: 'Du skal acceptere vilkårene.' });
    const faroe = await s.post('/api/checkout/place', { contact, address: { ...address, zip: '3900' }, deliveryMethodId: 101, payment: card(), acceptTerms: true }).expect(400);
    expect(faroe.body.error.fields['address.zip']).toBe('Vi leverer ikke til dette postnummer.');
  });

  it('tells the gift card balance for the right PIN only, and throttles PIN guessing (5 wrong PINs per card)', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    expect((await s.post('/api/giftcard/balance', { number: '6001100000000002', pin: '5678' }).expect(200)).body.data).toMatchObject({ number: '6001100000000002', balance: 250_000 });
    for (let i = 0; i < 5; i++) await s.post('/api/giftcard/balance', { number: '6001100000000002', pin: String(1000 + i) }).expect(400);
    expect((await s.post('/api/giftcard/balance', { number: '6001100000000002', pin: '5678' }).expect(429)).body.error.code).toBe('rate_limited');
  });
});

describe('checkout: lens subscriptions', () => {
  const subscriptionLens = (t: TestApp) => buyableArticle(t, (a) => a.category === 'kontaktlinser' && a.allowSubscription && a.price.subscription !== null && a.dto && a.skus[0]!.stock >= 2);
  const rx = (a: Article) => ({ power: -2, baseCurve: a.lensParameters!.baseCurves[0]!, diameter: a.lensParameters!.diameters[0]!, cylinder: null, axis: null, addition: null });

  async function withSubscriptionCart(t: TestApp, login?: 'customer' | 'staff') {
    const s = await shopperAgent(t);
    if (login === 'customer') await s.post('/api/auth/login', { email: 'kunde@example.dk', password: DEMO_PASSWORD }).expect(200);
    if (login === 'staff') await s.post('/api/auth/store/login', { storeId: 'st-001', username: 'medarbejder1', password: DEMO_PASSWORD }).expect(200);
    const lens = await subscriptionLens(t);
    await s.post('/api/cart/update', { skuId: lens.skus[0]!.id, quantity: 2, noCheckoutInfo: true, subscriptionInterval: 'm3', prescription: rx(lens) }).expect(200);
    return { s, lens };
  }

  it('starts a lens subscription for a signed-in customer: items at the subscription price, next delivery one interval on, the card as payment agreement', async () => {
    const t = await makeTestApp();
    const { s, lens } = await withSubscriptionCart(t, 'customer');
    const drops = await buyableArticle(t, (a) => a.category === 'oejenpleje');
    await s.post('/api/cart/update', { skuId: drops.skus[0]!.id, quantity: 1, noCheckoutInfo: true }).expect(200);
    const placed = checkoutPlaceResponseSchema.parse((await s.post('/api/checkout/place', { contact, address, deliveryMethodId: 101, payment: card(), acceptTerms: true }).expect(200)).body);
    if (placed.outcome !== 'paid') throw new Error('not paid');
    expect(placed.order.customerId).toBe('u-kunde');
    const mine = (await t.storage.collection(subscriptionsCollection).all()).filter((x) => x.sourceOrderId === placed.order.id);
    expect(mine).toHaveLength(1);
    const sub = mine[0]!;
    const price = lens.price.subscription!.amount;
    expect(sub).toMatchObject({
      customerId: 'u-kunde',
      kind: 'lens',
      statusCode: 100,
      startDate: '2026-11-22',
      nextDelivery: '2027-02-22',
      noticeDayDate: '2027-02-21',
      deliveryInterval: 'm3',
      deliveryDay: 22,
      bindingPeriodExpiry: null,
      lastOrderDate: '2026-11-22',
      lastOrderNumber: placed.order.orderNumber,
      monthlyPrice: Math.round((price * 2) / 3),
      paymentAgreement: { method: 'card', label: 'Kort •••• 1111' },
      delivery: { deliveryMethodId: 101, deliveryAddress: { street: address.street, zip: '8000', city: 'Aarhus C' }, contact },
    });
    // Only the subscription line: the eye drops were bought once.
    expect(sub.items).toEqual([{ articleId: lens.id, skuId: lens.skus[0]!.id, quantity: 2, status: 'active', prescription: rx(lens), description: placed.order.lines[0]!.description, unitPrice: price }]);
    const listed = (await s.agent.get('/api/subscriptions').expect(200)).body.data.map((x: { id: string }) => x.id);
    expect(listed).toContain(sub.id);
    // The confirmation e-mail names the interval in Danish, never its code (issue 16).
    const mail = t.mailer.sent.find((m) => m.text.includes(placed.order.orderNumber))!;
    expect(mail.text).toContain(`2 × ${placed.order.lines[0]!.description} (Abonnement – levering hver 3. måned):`);
    expect(mail.text).not.toMatch(/\bm3\b/);
  });

  it('asks a visitor to log in (401) before anything is charged, and keeps the cart', async () => {
    const t = await makeTestApp();
    const { s } = await withSubscriptionCart(t);
    const res = await s.post('/api/checkout/place', { contact, address, deliveryMethodId: 101, payment: card(), acceptTerms: true }).expect(401);
    expect(res.body.error).toMatchObject({ code: 'unauthenticated', message: checkoutMessages.subscriptionNeedsLogin });
    expect(await t.storage.collection(ordersCollection).count()).toBe(0);
    expect((await t.storage.collection(subscriptionsCollection).all()).filter((x) => x.customerId !== 'u-kunde')).toEqual([]);
    expect((await t.storage.collection(cartsCollection).get(s.shopperId))!.items).toHaveLength(1);
  });

  it('refuses a subscription in a store staff session (403): it belongs to a customer account', async () => {
    const t = await makeTestApp();
    const { s } = await withSubscriptionCart(t, 'staff');
    const res = await s.post('/api/checkout/place', { contact, address, deliveryMethodId: 101, payment: card(), acceptTerms: true }).expect(403);
    expect(res.body.error.message).toBe(checkoutMessages.subscriptionCustomersOnly);
    expect(await t.storage.collection(ordersCollection).count()).toBe(0);
  });

  it('starts no subscription for an order without subscription lines', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: DEMO_PASSWORD }).expect(200);
    const frame = await buyableArticle(t, (a) => a.category === 'briller');
    await s.post('/api/cart/update', { skuId: frame.skus[0]!.id, quantity: 1, noCheckoutInfo: true }).expect(200);
    const before = await t.storage.collection(subscriptionsCollection).count();
    await s.post('/api/checkout/place', { contact, address, deliveryMethodId: 101, payment: card(), acceptTerms: true }).expect(200);
    expect(await t.storage.collection(subscriptionsCollection).count()).toBe(before);
  });
});

describe('checkout: Friends 50 % off the frame with a booked eye test', () => {
  type Agent = Awaited<ReturnType<typeof shopperAgent>>;
  /** Monday 23 November 2026, 10:00 in Copenhagen (the test clock is Sunday 22nd): a free time at Profil Optik Strøget. */
  const MONDAY_10 = '2026-11-23T09:00:00.000Z';
  const frameOf = (t: TestApp) => buyableArticle(t, (a) => a.category === 'briller' && a.price.unit.amount >= 100_000 && a.skus[0]!.stock >= 3);
  const placeBody = { contact, address, deliveryMethodId: 101, payment: card(), acceptTerms: true };

  async function join(s: Agent) {
    await s.post('/api/friends/signup', { acceptTerms: true }).expect(200);
  }
  /** Books an eye test as the signed-in customer of `s`; answers the booking id. */
  async function bookEyeTest(s: Agent, over: Record<string, unknown> = {}): Promise<string> {
    const res = await s.post('/api/bookings', { storeId: 'st-002', examType: 'synstest', ageGroup: '18-75', start: MONDAY_10, contact, ...over }).expect(201);
    return res.body.data.id as string;
  }
  async function addFrame(s: Agent, frame: Article, quantity = 1) {
    await s.post('/api/cart/update', { skuId: frame.skus[0]!.id, quantity, noCheckoutInfo: true }).expect(200);
  }
  const quote = async (s: Agent, body: object = { deliveryMethodId: 101 }) => checkoutQuoteResponseSchema.parse((await s.post('/api/checkout/quote', body).expect(200)).body).data;
  async function place(s: Agent, body: object = placeBody) {
    const placed = checkoutPlaceResponseSchema.parse((await s.post('/api/checkout/place', body).expect(200)).body);
    if (placed.outcome !== 'paid') throw new Error('not paid');
    return placed.order;
  }
  const usedBy = async (t: TestApp, bookingId: string) => (await t.storage.collection(bookingsCollection).get(bookingId))!.frameDiscountOrderId ?? null;
  /** The demo customer signed in as a Friends member with a booked eye test. */
  async function bookedMember() {
    const t = await makeTestApp();
    const frame = await frameOf(t);
    const s = await customerAgent(t);
    await join(s);
    return { t, frame, s, bookingId: await bookEyeTest(s) };
  }

  it('takes half the frame price off one frame for a member with a booked eye test, as its own amount in quote, order, VAT and mail, once per eye test', async () => {
    const { t, frame, s, bookingId } = await bookedMember();
    const price = frame.price.unit.amount;
    const half = Math.floor(price / 2);
    await addFrame(s, frame, 2);
    const drops = await buyableArticle(t, (a) => a.category === 'oejenpleje');
    await s.post('/api/cart/update', { skuId: drops.skus[0]!.id, quantity: 1, noCheckoutInfo: true }).expect(200);

    const goods = price * 2 + drops.price.unit.amount;
    const q = await quote(s);
    // One eye test: one of the two frames at half price; the eye drops at full price.
    expect(q).toMatchObject({ goods, friendsDiscount: half, discount: 0, shipping: 0, total: goods - half, toPay: goods - half });
    expect(q.vat).toBe(Math.round((goods - half) / 5));
    // A discount code is worked out on what is left after the Friends discount.
    const withCode = await quote(s, { deliveryMethodId: 101, discountCode: 'VELKOMMEN10' });
    expect(withCode).toMatchObject({ friendsDiscount: half, discount: Math.round((goods - half) / 10), total: goods - half - Math.round((goods - half) / 10) });

    const order = await place(s);
    expect(order).toMatchObject({ customerId: 'u-kunde', friendsDiscount: half, totalPrice: goods - half });
    expect(order.lines[0]).toMatchObject({ articleId: frame.id, quantity: 2, lineTotal: price * 2, friendsDiscount: half, vat: Math.round((price * 2 - half) / 5) });
    expect(order.lines[1]).toMatchObject({ articleId: drops.id, friendsDiscount: 0 });
    expect(await t.storage.collection(ordersCollection).get(order.id)).toEqual(order);
    expect(await usedBy(t, bookingId)).toBe(order.id);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.subject).toBe(`Tak for din ordre ${order.orderNumber}`);
    expect(mail.text).toContain(`Friends-rabat (50 % på stellet): −${formatDkk(half)}`);
    expect(mail.text).toContain(`I alt: ${formatDkk(goods - half)} (heraf moms ${formatDkk(Math.round((goods - half) / 5))})`);
    // The booking is not shown with the mark (it is the shop's bookkeeping).
    expect((await s.post(`/api/bookings/${bookingId}/view`, {}).expect(200)).body.data).not.toHaveProperty('frameDiscountOrderId');

    // My Pages shows it, and a returned frame brings back what was paid for it.
    const mine = (await s.agent.get(`/api/account/orders/${order.id}`).expect(200)).body.data;
    expect(mine.friendsDiscount).toBe(half);
    await t.storage.collection(ordersCollection).update(order.id, (o) => ({ ...o, status: 'delivered', deliveredAt: '2026-11-22T10:00:00.000Z' }));
    const delivered = (await s.agent.get(`/api/account/orders/${order.id}`).expect(200)).body.data;
    expect(delivered.lines[0].returnable.unitRefund).toBe(Math.floor((price * 2 - half) / 2));
    expect(delivered.lines[1].returnable.unitRefund).toBe(drops.price.unit.amount);

    // The eye test is used: the next order has no Friends discount.
    await addFrame(s, frame);
    expect((await quote(s)).friendsDiscount).toBe(0);
    expect((await place(s)).friendsDiscount ?? 0).toBe(0);
    expect(await usedBy(t, bookingId)).toBe(order.id);
  });

  it('gives nothing to a non-member, to a member without a booked eye test, or for a cancelled booking', async () => {
    const t = await makeTestApp();
    const frame = await frameOf(t);
    const s = await customerAgent(t);
    const bookingId = await bookEyeTest(s);
    await addFrame(s, frame);
    // Booked, but not a member.
    expect((await quote(s)).friendsDiscount).toBe(0);
    // A member, but the demo customer's only eye test (March) is too long ago, and the others are lens exams.
    await s.post(`/api/bookings/${bookingId}/cancel`, {}).expect(200);
    await join(s);
    expect(await t.storage.collection(bookingsCollection).countBy('byCustomer', 'u-kunde')).toBeGreaterThan(1);
    const q = await quote(s);
    expect(q).toMatchObject({ friendsDiscount: 0, total: frame.price.unit.amount });
    const order = await place(s);
    expect(order.friendsDiscount ?? 0).toBe(0);
    expect(await usedBy(t, bookingId)).toBeNull();
    expect(t.mailer.sent.at(-1)!.text).not.toContain('Friends-rabat');
  });

  it('gives nothing for sunglasses or a driving-licence certificate, and nothing to a visitor or a store session', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    await join(s);
    await bookEyeTest(s, { examType: 'kørekort' });
    await addFrame(s, await frameOf(t));
    expect((await quote(s)).friendsDiscount).toBe(0);
    await bookEyeTest(s, { start: '2026-11-23T10:00:00.000Z' });
    expect((await quote(s)).friendsDiscount).toBeGreaterThan(0);
    const sunOnly = await customerAgent(t);
    await addFrame(sunOnly, await buyableArticle(t, (a) => a.category === 'solbriller'));
    expect((await quote(sunOnly)).friendsDiscount).toBe(0);
    const visitor = await shopperAgent(t);
    await addFrame(visitor, await frameOf(t));
    expect((await quote(visitor)).friendsDiscount).toBe(0);
    const staff = await staffAgent(t);
    await addFrame(staff, await frameOf(t));
    expect((await quote(staff)).friendsDiscount).toBe(0);
  });

  it("never counts another customer's booking", async () => {
    const { t, frame, bookingId } = await bookedMember();
    const other = await otherCustomerAgent(t);
    await join(other);
    await addFrame(other, frame);
    expect((await quote(other)).friendsDiscount).toBe(0);
    expect((await place(other)).friendsDiscount ?? 0).toBe(0);
    expect(await usedBy(t, bookingId)).toBeNull();
    // A booking made without signing in, even with the member's e-mail, belongs to no account.
    const guest = await shopperAgent(t);
    await guest.post('/api/bookings', { storeId: 'st-002', examType: 'synstest', ageGroup: '18-75', start: '2026-11-23T10:00:00.000Z', contact: { ...contact, email: OTHER_CUSTOMER.email } }).expect(201);
    await addFrame(other, frame);
    expect((await quote(other)).friendsDiscount).toBe(0);
  });

  it('leaves the eye test unused when the payment fails, and uses it when the next try is paid', async () => {
    const { t, frame, s, bookingId } = await bookedMember();
    await addFrame(s, frame);
    const failed = (await s.post('/api/checkout/place', { ...placeBody, payment: card(SIMULATOR_CARDS.declined) }).expect(200)).body;
    expect(failed).toMatchObject({ outcome: 'failed', failureResult: 0 });
    expect(await usedBy(t, bookingId)).toBeNull();
    expect(await t.storage.collection(ordersCollection).count()).toBe(0);
    // A refused order (no parcel shop chosen) does not use it either.
    await s.post('/api/checkout/place', { ...placeBody, deliveryMethodId: 79 }).expect(400);
    expect(await usedBy(t, bookingId)).toBeNull();
    const order = await place(s);
    expect(order.friendsDiscount).toBe(Math.floor(frame.price.unit.amount / 2));
    expect(await usedBy(t, bookingId)).toBe(order.id);
  });

  it('lets only one of two orders placed at once from two browsers use the same eye test', async () => {
    const { t, frame, s: a, bookingId } = await bookedMember();
    const b = await customerAgent(t);
    await addFrame(a, frame);
    await addFrame(b, frame);
    expect((await quote(a)).friendsDiscount).toBeGreaterThan(0);
    expect((await quote(b)).friendsDiscount).toBeGreaterThan(0);
    const results = await Promise.all([a.post('/api/checkout/place', placeBody), b.post('/api/checkout/place', placeBody)]);
    const paid = results.filter((r) => r.status === 200).map((r) => checkoutPlaceResponseSchema.parse(r.body)).flatMap((r) => (r.outcome === 'paid' ? [r.order] : []));
    const discounted = paid.filter((o) => (o.friendsDiscount ?? 0) > 0);
    expect(discounted).toHaveLength(1);
    expect(await usedBy(t, bookingId)).toBe(discounted[0]!.id);
    // The other one either paid full price (it looked after the mark) or was told the price changed.
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.error).toMatchObject({ code: 'conflict', message: frameDiscountMessages.used });
    expect(paid.length + results.filter((r) => r.status === 409).length).toBe(2);
  });
});
