import { describe, expect, it } from 'vitest';
import { da, friendsMembershipResponseSchema, type Order } from '@optik/shared';
import { LIFESTYLE_DEMO } from '../../seed/lifestyle';
import { buyableArticle, makeTestApp, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { customerAgent } from '../../test/harness';
import { frameDiscountMessages } from './frame-discount';
import { friendsMessages } from './service';
import { bookingsCollection } from '../booking/records';
import { articlesCollection } from '../catalogue/records';
import { ordersCollection } from '../orders/records';

const DAY = 86_400_000;
const membership = async (s: Awaited<ReturnType<typeof customerAgent>>) => friendsMembershipResponseSchema.parse((await s.agent.get('/api/friends/membership').expect(200)).body).data;

/** A web order of `articleId` for the customer, placed at `createdAt`. */
async function order(t: TestApp, id: string, customerId: string, articleId: string, createdAt: string, status: Order['status'] = 'delivered'): Promise<void> {
  const a = (await t.storage.collection(articlesCollection).get(articleId))!;
  await t.storage.collection(ordersCollection).put({
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
    expect(await membership(s)).toEqual({ member: false, memberSince: null, termsVersion: null, lastVisitOn: null, freeVisit: { available: false, until: null }, coveredPurchases: [], frameDiscountEyeTests: 0 });

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

describe('Friends frame discount: booked eye tests', () => {
  type Agent = Awaited<ReturnType<typeof customerAgent>>;
  const contact = { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' };
  /** Books a synstest on Monday 23 November 2026 at Profil Optik Strøget as the signed-in customer; answers its id. */
  const book = async (s: Agent, start: string) => (await s.post('/api/bookings', { storeId: 'st-002', examType: 'synstest', ageGroup: '18-75', start, contact }).expect(201)).body.data.id as string;
  const usedBy = async (t: TestApp, id: string) => (await t.storage.collection(bookingsCollection).get(id))!.frameDiscountOrderId ?? null;

  it('tells a member how many booked eye tests give the discount at checkout', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    await book(s, '2026-11-23T09:00:00.000Z');
    expect((await membership(s)).frameDiscountEyeTests).toBe(0);
    await s.post('/api/friends/signup', { acceptTerms: true }).expect(200);
    expect((await membership(s)).frameDiscountEyeTests).toBe(1);
    await book(s, '2026-11-23T10:00:00.000Z');
    expect((await membership(s)).frameDiscountEyeTests).toBe(2);
  });

  it('marks a booking for one order only, even when two claim it at once, and gives back only its own marks', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    await s.post('/api/friends/signup', { acceptTerms: true }).expect(200);
    const first = await book(s, '2026-11-23T09:00:00.000Z');
    const second = await book(s, '2026-11-23T10:00:00.000Z');
    const discount = t.services.friends.frameDiscount;
    expect((await discount.eyeTests('u-kunde')).map((b) => b.id)).toEqual([first, second]);

    const results = await Promise.allSettled([discount.claim([first], 'o-a'), discount.claim([first], 'o-b')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(lost.reason).toMatchObject({ status: 409, message: frameDiscountMessages.used });
    const winner = results[0]!.status === 'fulfilled' ? 'o-a' : 'o-b';
    const loser = winner === 'o-a' ? 'o-b' : 'o-a';
    expect(await usedBy(t, first)).toBe(winner);
    // The losing order lets go of what it holds: the winner's mark stays.
    await discount.release([first], loser);
    expect(await usedBy(t, first)).toBe(winner);
    expect((await discount.eyeTests('u-kunde')).map((b) => b.id)).toEqual([second]);

    // A claim of several bookings is all or nothing.
    await expect(discount.claim([second, first], 'o-c')).rejects.toMatchObject({ status: 409 });
    expect(await usedBy(t, second)).toBeNull();
    // A failed payment gives the booking back.
    await discount.claim([second], 'o-d');
    await discount.release([second], 'o-d');
    expect(await usedBy(t, second)).toBeNull();
  });
});
