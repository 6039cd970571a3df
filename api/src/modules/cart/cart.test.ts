import { describe, expect, it } from 'vitest';
import { apiErrorSchema, cartResponseSchema, shopperResponseSchema } from '@optik/shared';
import { buyableArticle, makeTestApp, shopperAgent } from '../../test/harness';
import { cartsCollection } from './records';

describe('shopper', () => {
  it('issues an httpOnly shopper cookie and a token, and keeps them on later calls', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const again = shopperResponseSchema.parse((await s.agent.get('/api/site/shopper?previewCart=1').expect(200)).body);
    expect(again.shopperId).toBe(s.shopperId);
    expect(again.token).toBe(s.token);
    expect(again.previewCart).toBe(true);
    expect(again.cartHead.cart.items).toEqual([]);
  });

  it('sets the cookie httpOnly and SameSite', async () => {
    const t = await makeTestApp();
    const { default: request } = await import('supertest');
    const res = await request(t.app).get('/api/site/shopper').expect(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/optik_shopper=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});

describe('POST /api/cart/update', () => {
  it('adds, changes and removes a line (quantity 0 removes)', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const a = await buyableArticle(t);
    const sku = a.skus[0]!.id;
    const added = cartResponseSchema.parse((await s.post('/api/cart/update', { skuId: sku, quantity: 2 }).expect(200)).body);
    expect(added.cartHead.cart.items).toHaveLength(1);
    expect(added.cartHead.cart.totalCost).toBe(a.price.unit.amount * 2);
    const changed = (await s.post('/api/cart/update', { skuId: sku, quantity: 12, noCheckoutInfo: true }).expect(200)).body;
    expect(changed.cartHead.cart.items[0].quantity).toBe(12);
    const removed = (await s.post('/api/cart/update', { skuId: sku, quantity: 0 }).expect(200)).body;
    expect(removed.cartHead.cart.items).toEqual([]);
  });

  it.each([
    ['13', { quantity: 13 }, 'quantity'],
    ['-1', { quantity: -1 }, 'quantity'],
    ['"abc"', { quantity: 'abc' }, 'quantity'],
    ['an unknown sku', { skuId: 'sku-does-not-exist', quantity: 1 }, 'skuId'],
  ])('refuses quantity %s with 400 field errors and leaves the cart unchanged', async (_label, patch, field) => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const a = await buyableArticle(t);
    await s.post('/api/cart/update', { skuId: a.skus[0]!.id, quantity: 3 }).expect(200);
    const before = await t.storage.collection(cartsCollection).get(s.shopperId);
    const res = await s.post('/api/cart/update', { skuId: a.skus[0]!.id, ...patch }).expect(400);
    const body = apiErrorSchema.parse(res.body);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields?.[field]).toEqual(expect.any(String));
    expect(await t.storage.collection(cartsCollection).get(s.shopperId)).toEqual(before);
  });

  it('refuses a wrong or missing CSRF token with 403 and changes nothing', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const a = await buyableArticle(t);
    const wrong = await s.agent.post('/api/cart/update').set('CSRF-TOKEN', 'forged').send({ skuId: a.skus[0]!.id, quantity: 1 }).expect(403);
    expect(apiErrorSchema.parse(wrong.body).error.code).toBe('csrf_invalid');
    await s.agent.post('/api/cart/update').send({ skuId: a.skus[0]!.id, quantity: 1 }).expect(403);
    // another shopper's token is wrong too
    const other = await shopperAgent(t);
    await s.agent.post('/api/cart/update').set('CSRF-TOKEN', other.token).send({ skuId: a.skus[0]!.id, quantity: 1 }).expect(403);
    expect(await t.storage.collection(cartsCollection).get(s.shopperId)).toBeUndefined();
  });

  it('accepts subscription intervals case-insensitively and keeps unit and subscription lines apart', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const lens = await buyableArticle(t, (a) => a.allowSubscription && a.price.subscription !== null);
    const sku = lens.skus[0]!.id;
    await s.post('/api/cart/update', { skuId: sku, quantity: 1 }).expect(200);
    const res = await s.post('/api/cart/update', { skuId: sku, quantity: 2, subscriptionInterval: 'M3' }).expect(200);
    const items = res.body.cartHead.cart.items;
    expect(items).toHaveLength(2);
    expect(items[1].subscriptionInterval).toBe('m3');
    expect(items[1].price.amount).toBe(lens.price.subscription!.amount);
    await s.post('/api/cart/update', { skuId: sku, quantity: 1, subscriptionInterval: 'm4' }).expect(400);
  });

  it('keeps a line per eye when the lens prescriptions differ; the same prescription changes its own line', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const lens = await buyableArticle(t, (a) => a.category === 'kontaktlinser' && a.allowSubscription);
    const sku = lens.skus[0]!.id;
    const rx = (power: number) => ({ power, baseCurve: 8.6, diameter: 14.2, cylinder: null, axis: null, addition: null });
    await s.post('/api/cart/update', { skuId: sku, quantity: 2, subscriptionInterval: 'm3', prescription: rx(-1.25) }).expect(200);
    let items = (await s.post('/api/cart/update', { skuId: sku, quantity: 2, subscriptionInterval: 'm3', prescription: rx(-2) }).expect(200)).body.cartHead.cart.items;
    expect(items.map((i: { prescription: { power: number }; quantity: number }) => [i.prescription.power, i.quantity])).toEqual([[-1.25, 2], [-2, 2]]);
    items = (await s.post('/api/cart/update', { skuId: sku, quantity: 0, subscriptionInterval: 'm3', prescription: rx(-1.25) }).expect(200)).body.cartHead.cart.items;
    expect(items.map((i: { prescription: { power: number } }) => i.prescription.power)).toEqual([-2]);
  });

  it('keeps which eye a lens line is for (H/V), and a line bought for each eye with one prescription is for both (issue 16)', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const lens = await buyableArticle(t, (a) => a.category === 'kontaktlinser');
    const sku = lens.skus[0]!.id;
    const rx = (power: number) => ({ power, baseCurve: 8.6, diameter: 14.2, cylinder: null, axis: null, addition: null });
    await s.post('/api/cart/update', { skuId: sku, quantity: 1, prescription: rx(-1.25), eye: 'right' }).expect(200);
    let items = (await s.post('/api/cart/update', { skuId: sku, quantity: 1, prescription: rx(-2), eye: 'left' }).expect(200)).body.cartHead.cart.items;
    expect(items.map((i: { eye: string }) => i.eye)).toEqual(['right', 'left']);
    items = (await s.post('/api/cart/update', { skuId: sku, quantity: 2, prescription: rx(-1.25), eye: 'left' }).expect(200)).body.cartHead.cart.items;
    expect(items.map((i: { eye: string; quantity: number }) => [i.eye, i.quantity])).toEqual([['both', 2], ['left', 1]]);
    await s.post('/api/cart/update', { skuId: sku, quantity: 1, prescription: rx(-1), eye: 'middle' }).expect(400);
  });

  it('keeps the cart through a login, and through a registration and its e-mail verification (issue 16: the subscription notice sends guests there)', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const lens = await buyableArticle(t, (a) => a.allowSubscription && a.price.subscription !== null);
    await s.post('/api/cart/update', { skuId: lens.skus[0]!.id, quantity: 2, subscriptionInterval: 'm1' }).expect(200);
    const cart = async () => (await s.agent.get('/api/site/shopper').expect(200)).body.cartHead.cart.items.map((i: { skuId: string; quantity: number; subscriptionInterval: string }) => [i.skuId, i.quantity, i.subscriptionInterval]);
    const before = await cart();
    expect(before).toEqual([[lens.skus[0]!.id, 2, 'm1']]);

    const password = 'En-lang-kode-2026';
    await s.post('/api/auth/register', { firstName: 'Ida', lastName: 'Holm', email: 'ida.holm@example.dk', phone: '20304050', password, passwordRepeat: password, acceptTerms: true }).expect(201);
    const token = /#token=([\w-]+)/.exec(t.mailer.sent.at(-1)!.text)![1]!;
    await s.post('/api/auth/verify-email', { token }).expect(200);
    expect((await s.agent.get('/api/auth/me').expect(200)).body.user.email).toBe('ida.holm@example.dk');
    expect(await cart()).toEqual(before);

    await s.post('/api/auth/logout').expect(200);
    await s.post('/api/auth/login', { email: 'ida.holm@example.dk', password }).expect(200);
    expect(await cart()).toEqual(before);
  });

  it('refuses a subscription for an article that has none', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const frame = await buyableArticle(t, (a) => !a.allowSubscription);
    const res = await s.post('/api/cart/update', { skuId: frame.skus[0]!.id, quantity: 1, subscriptionInterval: 'm1' }).expect(400);
    expect(res.body.error.fields.subscriptionInterval).toMatch(/abonnement/);
  });

  it('refuses store-only and sold-out articles to online shoppers', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const all = (await t.services.catalogue.load()).articles;
    const storeOnly = all.find((a) => a.price.unit.publicationStatus === 40)!;
    const soldOut = all.find((a) => a.price.unit.publicationStatus === 30)!;
    await s.post('/api/cart/update', { skuId: storeOnly.skus[0]!.id, quantity: 1 }).expect(422);
    const res = await s.post('/api/cart/update', { skuId: soldOut.skus[0]!.id, quantity: 1 }).expect(422);
    expect(res.body.error.message).toBe('Produktet er midlertidigt udsolgt.');
  });

  it('loses no line when many updates for one shopper arrive at once', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const all = (await t.services.catalogue.load()).articles.filter((a) => a.price.unit.publicationStatus === 20 && a.skus[0]!.stock > 0);
    const skus = all.slice(0, 30).map((a) => a.skus[0]!.id);
    await Promise.all(skus.map((skuId) => s.post('/api/cart/update', { skuId, quantity: 1 }).expect(200)));
    const cart = await t.storage.collection(cartsCollection).get(s.shopperId);
    expect(cart!.items.map((i) => i.skuId).sort()).toEqual([...skus].sort());
  });
});

describe('POST /api/cart/empty', () => {
  it('clears every line and answers the empty cart head', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const a = await buyableArticle(t);
    await s.post('/api/cart/update', { skuId: a.skus[0]!.id, quantity: 1 }).expect(200);
    const res = cartResponseSchema.parse((await s.post('/api/cart/empty').expect(200)).body);
    expect(res.cartHead.cart).toEqual({ items: [], totalCost: 0 });
    await s.agent.post('/api/cart/empty').expect(403);
  });
});
