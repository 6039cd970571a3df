import { describe, expect, it } from 'vitest';
import { da, friendsMembershipResponseSchema, type Order } from '@optik/shared';
import { LIFESTYLE_DEMO } from '../../seed/lifestyle';
import { buyableArticle, makeTestApp, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { customerAgent } from '../my-orders/test-customers';
import { friendsMessages } from './service';

const DAY = 86_400_000;
const membership = async (s: Awaited<ReturnType<typeof customerAgent>>) => friendsMembershipResponseSchema.parse((await s.agent.get('/api/friends/membership').expect(200)).body).data;

/** A web order of `articleId` for the customer, placed at `createdAt`. */
async function order(t: TestApp, id: string, customerId: string, articleId: string, createdAt: string, status: Order['status'] = 'delivered'): Promise<void> {
  const a = (await t.storage.collection('articles').get(articleId))!;
  await t.storage.collection('orders').put({
    id,
    orderNumber: `O${id}`,
    status,
    paymentStatus: 'paid',
    deliveryMethodId: 101,
    pickupStoreId: null,
    customerId,
    prescriptionId: null,
    storeId: null,
    createdBy: 'web',
    lines: [{ articleId, skuId: a.skus[0]!.id, description: a.name, quantity: 1, unitPrice: a.price.unit.amount, vat: 0, lineTotal: a.price.unit.amount, subscriptionInterval: null, prescription: null, prescriptionGlasses: null }],
    shipping: 0,
    totalPrice: a.price.unit.amount,
    createdAt,
    paidAt: createdAt,
    paymentMethod: 'card',
    contact: null,
    deliveryAddress: null,
    collectionPointId: null,
    discount: 0,
    discountCode: null,
    giftCardAmount: 0,
  });
}

describe('Friends membership', () => {
  it('signs up with the terms accepted, welcomes by mail, and keeps one membership on a repeat', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    expect(await membership(s)).toEqual({ member: false, memberSince: null, termsVersion: null, lastVisitOn: null, freeVisit: { available: false, until: null }, coveredPurchases: [] });

    const joined = friendsMembershipResponseSchema.parse((await s.post('/api/friends/signup', { acceptTerms: true }).expect(200)).body).data;
    expect(joined).toMatchObject({ member: true, memberSince: '2026-11-22', termsVersion: 1 });
    expect(t.mailer.sent).toEqual([expect.objectContaining({ to: 'kunde@example.dk', subject: 'Velkommen i Friends' })]);
    expect(t.mailer.sent[0]!.text).toContain('50 % rabat på stellet');

    t.clock.advance(DAY);
    const again = friendsMembershipResponseSchema.parse((await (await customerAgent(t)).post('/api/friends/signup', { acceptTerms: true }).expect(200)).body).data;
    expect(again.memberSince).toBe('2026-11-22');
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('refuses a signup without accepted terms and changes nothing', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    for (const body of [{}, { acceptTerms: false }]) {
      const res = await s.post('/api/friends/signup', body).expect(400);
      expect(res.body.error.fields).toEqual({ acceptTerms: da.validation.termsRequired });
    }
    expect((await membership(s)).member).toBe(false);
  });

  it('shows the accident cover and exchange guarantee on glasses bought as a member', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    await s.post('/api/friends/signup', { acceptTerms: true }).expect(200);
    const glasses = await buyableArticle(t, (a) => a.category === 'briller');
    const lenses = await buyableArticle(t, (a) => a.category === 'kontaktlinser');
    await order(t, '1', 'u-kunde', glasses.id, '2026-11-22T11:00:00.000Z');
    await order(t, '2', 'u-kunde', lenses.id, '2026-11-22T11:00:00.000Z');
    await order(t, '3', 'u-kunde', glasses.id, '2026-11-01T11:00:00.000Z'); // before joining
    await order(t, '4', 'u-kunde', glasses.id, '2026-11-22T12:00:00.000Z', 'cancelled');
    await order(t, '5', 'u-anden', glasses.id, '2026-11-22T12:00:00.000Z'); // someone else's

    t.clock.advance(120 * DAY);
    const m = await membership(await customerAgent(t));
    expect(m.coveredPurchases).toEqual([
      { orderId: '1', orderNumber: 'O1', purchasedOn: '2026-11-22', description: glasses.name, accidentCoverUntil: '2027-11-21', accidentCoverActive: true, exchangeUntil: '2027-03-01', exchangeActive: false },
    ]);
  });

  it('shows the free visit within a year of the last one', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t, LIFESTYLE_DEMO.email);
    expect(await membership(s)).toMatchObject({ member: true, lastVisitOn: '2026-11-20', freeVisit: { available: true, until: '2027-11-20' } });
  });

  it('lets a member leave and join again later', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t, LIFESTYLE_DEMO.email);
    const left = friendsMembershipResponseSchema.parse((await s.post('/api/friends/leave').expect(200)).body).data;
    expect(left).toMatchObject({ member: false, coveredPurchases: [] });
    expect((await s.post('/api/friends/leave').expect(409)).body.error.message).toBe(friendsMessages.notMember);
    const back = friendsMembershipResponseSchema.parse((await s.post('/api/friends/signup', { acceptTerms: true }).expect(200)).body).data;
    // A new membership from today; the last visit is still known.
    expect(back).toMatchObject({ member: true, memberSince: '2026-11-22', lastVisitOn: '2026-11-20' });
  });

  it('reaches only the signed-in customer’s own membership', async () => {
    const t = await makeTestApp();
    await (await customerAgent(t, LIFESTYLE_DEMO.email)).agent.get('/api/friends/membership').expect(200);
    // kunde sees her own (none), never Lars's.
    expect((await membership(await customerAgent(t))).member).toBe(false);
    const anon = await shopperAgent(t);
    await anon.agent.get('/api/friends/membership').expect(401);
    await anon.post('/api/friends/signup', { acceptTerms: true }).expect(401);
    await (await staffAgent(t)).agent.get('/api/friends/membership').expect(403);
    const s = await customerAgent(t);
    await s.agent.post('/api/friends/signup').send({ acceptTerms: true }).expect(403);
    await s.agent.post('/api/friends/leave').expect(403);
  });
});
