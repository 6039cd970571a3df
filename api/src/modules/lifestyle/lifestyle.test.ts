import { describe, expect, it } from 'vitest';
import {
  da,
  lifestyleAgreementResponseSchema,
  lifestyleAgreementsResponseSchema,
  lifestyleCancellationResponseSchema,
  lifestyleChangeResponseSchema,
  lifestyleConnectResponseSchema,
  lifestyleDocumentResponseSchema,
  lifestyleDocumentsResponseSchema,
  lifestyleErrors,
  lifestyleFrameOptionsResponseSchema,
  lifestylePerksResponseSchema,
  type LifestyleAgreementView,
} from '@optik/shared';
import { LIFESTYLE_DEMO, LIFESTYLE_DEMO_AGREEMENTS as DEMO, seedLifestyleInvoices } from '../../seed/lifestyle';
import { customerAgent, makeTestApp, shopperAgent, staffAgent, testConfig, type TestApp } from '../../test/harness';
import { holderVerifier } from '../../ports/lifestyle';
import { articlesCollection } from '../catalogue/records';
import { invoicesCollection } from '../invoices/records';
import { subscriptionsCollection } from '../subscriptions/records';
import { createLocalLifestylePlatform } from './local-platform';
import { lifestyleAgreementsCollection } from './records';
import { lifestyleRefusals } from './service';

const DAY = 86_400_000;
type Agent = Awaited<ReturnType<typeof customerAgent>>;

/** A test app with the demo agreements' paid invoice history, as after a real start. */
async function setup(opts: Parameters<typeof makeTestApp>[0] = {}) {
  const t = await makeTestApp(opts);
  await seedLifestyleInvoices(t.storage, await t.storage.collection(lifestyleAgreementsCollection).all());
  return t;
}
const kunde = (t: TestApp) => customerAgent(t);
const lars = (t: TestApp) => customerAgent(t, LIFESTYLE_DEMO.email);

function ok<T>(body: { service: 'ok'; data: T } | { service: 'maintenance'; message: string }): T {
  if (body.service !== 'ok') throw new Error('maintenance');
  return body.data;
}
async function getAgreement(s: Agent, id: string): Promise<LifestyleAgreementView> {
  return ok(lifestyleAgreementResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${id}`).expect(200)).body));
}
const connectBody = (extra: object = {}) => ({ agreementNumber: LIFESTYLE_DEMO.agreementNumber, birthDate: LIFESTYLE_DEMO.birthDate, ...extra });

describe('reading agreements', () => {
  it('lists only the customer’s own agreements with what the rules say today, uncached', async () => {
    const t = await setup();
    const s = await kunde(t);
    const res = await s.agent.get('/api/lifestyle/agreements').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = ok(lifestyleAgreementsResponseSchema.parse(res.body));
    expect(list.map((a) => [a.id, a.status])).toEqual([
      [DEMO.glasses, 'Active'],
      [DEMO.sunglasses, 'Active'],
    ]);
    expect(list[0]).toMatchObject({ agreementNumber: '40012345', cancellable: true, winbackAvailable: true, freeMonthsLeft: 0, nextInvoice: { date: '2026-12-01', amount: 34_900, free: null }, exchange: { available: true } });
    expect(list[1]!.exchange).toEqual({ available: false, yearFrom: '2026-06-01', yearTo: '2027-06-01', usedOn: '2026-09-14', nextAvailableOn: '2027-06-01' });
    expect(JSON.stringify(res.body)).not.toContain('holderVerifier');
    // Lars has not connected his agreement yet.
    expect(ok(lifestyleAgreementsResponseSchema.parse((await (await lars(t)).agent.get('/api/lifestyle/agreements').expect(200)).body))).toEqual([]);
  });

  it('answers another customer’s agreement, an unknown id and a bad id as not found or bad request', async () => {
    const t = await setup();
    const s = await lars(t);
    for (const path of [`/api/lifestyle/agreements/${DEMO.glasses}`, `/api/lifestyle/agreements/${DEMO.glasses}/documents`, `/api/lifestyle/agreements/${DEMO.glasses}/perks`, `/api/lifestyle/agreements/${DEMO.glasses}/frames`, '/api/lifestyle/agreements/la-nope']) {
      expect((await s.agent.get(path).expect(404)).body.error.code, path).toBe('not_found');
    }
    await s.agent.get('/api/lifestyle/agreements/bad%20id').expect(400);
  });

  it('is for signed-in customers only', async () => {
    const t = await setup();
    const anon = await shopperAgent(t);
    await anon.agent.get('/api/lifestyle/agreements').expect(401);
    await anon.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}`).expect(401);
    const staff = await staffAgent(t);
    await staff.agent.get('/api/lifestyle/agreements').expect(403);
  });
});

describe('documents', () => {
  it('lists the agreement’s documents and shows one with the contract terms', async () => {
    const t = await setup();
    const s = await kunde(t);
    const list = ok(lifestyleDocumentsResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/documents`).expect(200)).body));
    expect(list.map((d) => d.kind)).toEqual(['agreement', 'terms']);
    const doc = ok(lifestyleDocumentResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/documents/${list[0]!.id}`).expect(200)).body));
    expect(doc.title).toBe('Lifestyle-aftale nr. 40012345');
    const text = doc.sections.flatMap((x) => [x.heading, ...x.paragraphs]).join(' ');
    expect(text).toContain('349,00\u00a0kr. om måneden');
    expect(text).toContain('30 dages varsel');
    expect(text).toContain('VEN-7K3P9Q');
  });

  it('reaches a document only through its own agreement and only for its owner', async () => {
    const t = await setup();
    const s = await kunde(t);
    // The sunglasses contract is kunde's too, but not the glasses agreement's document.
    await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/documents/lsd-${DEMO.sunglasses}-aftale`).expect(404);
    const other = await lars(t);
    await other.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/documents/lsd-${DEMO.glasses}-aftale`).expect(404);
    await other.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/documents/lsd-${DEMO.glasses}-aftale/download`).expect(404);
  });

  it('downloads a document as an HTML file', async () => {
    const t = await setup();
    const s = await kunde(t);
    const res = await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/documents/lsd-${DEMO.glasses}-vilkaar/download`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="lifestyle-40012345-terms-2026-02-20.html"');
    expect(res.text).toContain('<html lang="da">');
    expect(res.text).toContain('<h1>Vilkår for Lifestyle-aftaler</h1>');
  });
});

describe('perks and the yearly exchange', () => {
  it('shows the perks, the referral code and what has been earned', async () => {
    const t = await setup();
    const s = await kunde(t);
    const perks = ok(lifestylePerksResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/perks`).expect(200)).body));
    expect(perks.perks.map((p) => p.id)).toEqual(['exchange', 'service', 'insurance', 'eye-test', 'referral']);
    expect(perks.referral).toEqual({ code: 'VEN-7K3P9Q', friendsReferred: 0, monthsEarned: 0, friendMonths: 2, referrerMonths: 1, active: true });
    expect(perks.agreement.id).toBe(DEMO.glasses);
  });

  it('offers frames sold online within the agreement’s allowance', async () => {
    const t = await setup();
    const s = await kunde(t);
    const frames = ok(lifestyleFrameOptionsResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/frames`).expect(200)).body));
    expect(frames.length).toBeGreaterThan(20);
    const current = (await t.storage.collection(lifestyleAgreementsCollection).get(DEMO.glasses))!.product.articleId;
    for (const f of frames) {
      const a = (await t.storage.collection(articlesCollection).get(f.articleId))!;
      expect(a.category).toBe('briller');
      expect(a.dto && a.price.unit.publicationStatus === 20).toBe(true);
      expect(f.price).toBeLessThanOrEqual(300_000);
      expect(f.articleId).not.toBe(current);
    }
  });

  it('exchanges once per agreement year, with an addendum and a confirmation mail', async () => {
    const t = await setup();
    const s = await kunde(t);
    const frames = ok(lifestyleFrameOptionsResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/frames`).expect(200)).body));
    const frame = frames[3]!;
    const after = lifestyleChangeResponseSchema.parse((await s.post(`/api/lifestyle/agreements/${DEMO.glasses}/exchange`, { articleId: frame.articleId }).expect(200)).body).data;
    expect(after.product).toMatchObject({ articleId: frame.articleId, name: frame.name, brand: frame.brand });
    expect(after.exchanges).toEqual([expect.objectContaining({ date: '2026-11-22', articleId: frame.articleId })]);
    expect(after.exchange).toMatchObject({ available: false, usedOn: '2026-11-22', nextAvailableOn: '2027-03-01' });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'kunde@example.dk', subject: 'Din ombytning er bestilt' });
    const docs = ok(lifestyleDocumentsResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/documents`).expect(200)).body));
    expect(docs.map((d) => d.kind)).toEqual(['agreement', 'terms', 'exchange']);
    expect((await t.storage.collection(subscriptionsCollection).get(DEMO.glasses))!.yearlyExchange).toEqual({ available: false, usedAt: '2026-11-22' });

    const again = await s.post(`/api/lifestyle/agreements/${DEMO.glasses}/exchange`, { articleId: frames[4]!.articleId }).expect(409);
    expect(again.body.error.message).toBe(lifestyleRefusals.exchangeUsed('2027-03-01'));
    // The next agreement year allows one again.
    t.clock.advance(100 * DAY);
    await (await kunde(t)).post(`/api/lifestyle/agreements/${DEMO.glasses}/exchange`, { articleId: frames[4]!.articleId }).expect(200);
  });

  it('refuses frames outside the agreement, bad input, missing CSRF and another customer', async () => {
    const t = await setup();
    const s = await kunde(t);
    const path = `/api/lifestyle/agreements/${DEMO.glasses}/exchange`;
    const articles = await t.storage.collection(articlesCollection).all();
    const dear = articles.find((a) => a.category === 'briller' && a.dto && a.price.unit.publicationStatus === 20 && a.price.unit.amount > 300_000)!;
    expect((await s.post(path, { articleId: dear.id }).expect(422)).body.error.message).toBe(lifestyleRefusals.frameNotInAgreement(300_000));
    const storeOnly = articles.find((a) => a.category === 'briller' && (!a.dto || a.price.unit.publicationStatus !== 20));
    if (storeOnly) expect((await s.post(path, { articleId: storeOnly.id }).expect(422)).body.error.message).toBe(da.errors.frameNotOnline);
    const lens = articles.find((a) => a.category === 'kontaktlinser')!;
    expect((await s.post(path, { articleId: lens.id }).expect(400)).body.error.fields).toEqual({ articleId: 'Vælg det stel, du vil bytte til.' });
    expect((await s.post(path, {}).expect(400)).body.error.fields.articleId).toBe('Vælg det stel, du vil bytte til.');
    await s.agent.post(path).send({ articleId: dear.id }).expect(403);
    const other = await lars(t);
    await other.post(path, { articleId: dear.id }).expect(404);
    expect((await t.storage.collection(lifestyleAgreementsCollection).get(DEMO.glasses))!.exchanges).toEqual([]);
  });

  it('refuses an exchange when this year’s is used', async () => {
    const t = await setup();
    const s = await kunde(t);
    const frames = ok(lifestyleFrameOptionsResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.sunglasses}/frames`).expect(200)).body));
    const res = await s.post(`/api/lifestyle/agreements/${DEMO.sunglasses}/exchange`, { articleId: frames[0]!.articleId }).expect(409);
    expect(res.body.error.message).toBe(lifestyleRefusals.exchangeUsed('2027-06-01'));
  });
});

describe('cancellation with the winback offer (/fortrodmig)', () => {
  it('offers 3 free months; accepting keeps the agreement and makes the next 3 invoices free', async () => {
    const t = await setup();
    const s = await kunde(t);
    const base = `/api/lifestyle/agreements/${DEMO.glasses}/cancellation`;
    const start = lifestyleCancellationResponseSchema.parse((await s.post(base).expect(200)).body).data;
    expect(start.winbackOffer).toEqual({ freeMonths: 3, value: 3 * 34_900 });
    expect(start.terminationDate).toBe('2026-12-22');
    // Starting again before answering shows the same offer.
    expect(lifestyleCancellationResponseSchema.parse((await s.post(base).expect(200)).body).data.winbackOffer).toEqual({ freeMonths: 3, value: 104_700 });

    const kept = lifestyleChangeResponseSchema.parse((await s.post(`${base}/winback`).expect(200)).body).data;
    expect(kept).toMatchObject({ status: 'Active', noticeGivenOn: null, freeMonthsLeft: 3, winbackAvailable: false, cancellable: true, nextInvoice: { date: '2026-12-01', amount: 0, gross: 34_900, free: 'winback' } });
    expect(kept.freeMonths).toEqual([{ reason: 'winback', months: 3, grantedOn: '2026-11-22' }]);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'kunde@example.dk', subject: 'Tak, fordi du bliver' });
    expect(t.mailer.sent.at(-1)!.text).toContain('1. december 2026');
    expect((await t.storage.collection(subscriptionsCollection).get(DEMO.glasses))!.campaign).toBe('3 gratis måneder tilbage');

    // Once per agreement: no second offer, no second acceptance.
    expect((await s.post(`${base}/winback`).expect(409)).body.error.message).toBe(lifestyleRefusals.winbackUsed);
    expect(lifestyleCancellationResponseSchema.parse((await s.post(base).expect(200)).body).data.winbackOffer).toBeNull();
    const docs = ok(lifestyleDocumentsResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.glasses}/documents`).expect(200)).body));
    expect(docs.map((d) => d.kind)).toEqual(['agreement', 'terms', 'winback']);
  });

  it('declining gives notice: the agreement ends 30 days later, with a confirmation document and mail', async () => {
    const t = await setup();
    const s = await kunde(t);
    const base = `/api/lifestyle/agreements/${DEMO.sunglasses}/cancellation`;
    await s.post(base).expect(200);
    const ended = lifestyleChangeResponseSchema.parse((await s.post(`${base}/confirm`).expect(200)).body).data;
    expect(ended).toMatchObject({ status: 'Active', noticeGivenOn: '2026-11-22', terminationDate: '2026-12-22', cancellable: false, winbackAvailable: false });
    expect(ended.winback).toEqual({ offeredOn: '2026-11-22', acceptedOn: null, declinedOn: '2026-11-22' });
    // The last month is charged for the 21 days up to the end only.
    expect(ended.nextInvoice).toEqual({ date: '2026-12-01', amount: Math.round((19_900 * 21) / 31), gross: Math.round((19_900 * 21) / 31), free: null });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'kunde@example.dk', subject: 'Bekræftelse af din opsigelse' });
    expect(t.mailer.sent.at(-1)!.text).toContain('22. december 2026');
    const docs = ok(lifestyleDocumentsResponseSchema.parse((await s.agent.get(`/api/lifestyle/agreements/${DEMO.sunglasses}/documents`).expect(200)).body));
    expect(docs.at(-1)!.kind).toBe('notice');
    expect((await t.storage.collection(subscriptionsCollection).get(DEMO.sunglasses))).toMatchObject({ statusCode: 100, noticeDayDate: '2026-12-22', cancelledAt: '2026-11-22' });

    // Refused now: a second notice, the winback, a new start.
    expect((await s.post(`${base}/confirm`).expect(409)).body.error.message).toBe(lifestyleRefusals.noticeAlreadyGiven('2026-12-22'));
    await s.post(`${base}/winback`).expect(409);
    await s.post(base).expect(409);

    // On the termination date the agreement is Terminated: no more invoices after the pro-rata one.
    t.clock.advance(30 * DAY);
    const after = await getAgreement(await kunde(t), DEMO.sunglasses);
    expect(after).toMatchObject({ status: 'Terminated', terminatedOn: '2026-12-22', nextInvoice: null, cancellable: false });
    expect((await t.storage.collection(subscriptionsCollection).get(DEMO.sunglasses))!.statusCode).toBe(200);
    const invoices = (await t.services.invoices.listForSubscription(DEMO.sunglasses)).filter((i) => i.paymentStatus === 'not-paid');
    expect(invoices.map((i) => [i.id, i.amountLeft, i.lines[0]!.description])).toEqual([[`inv-${DEMO.sunglasses}-007`, 13_481, 'Lifestyle-aftale nr. 40012346, 1. december 2026 – 21. december 2026']]);
  });

  it('refuses accepting an offer that was never made, and another customer’s agreement', async () => {
    const t = await setup();
    const s = await kunde(t);
    expect((await s.post(`/api/lifestyle/agreements/${DEMO.glasses}/cancellation/winback`).expect(409)).body.error.message).toBe(lifestyleRefusals.winbackNotOffered);
    const other = await lars(t);
    await other.post(`/api/lifestyle/agreements/${DEMO.glasses}/cancellation`).expect(404);
    await other.post(`/api/lifestyle/agreements/${DEMO.glasses}/cancellation/confirm`).expect(404);
    await s.agent.post(`/api/lifestyle/agreements/${DEMO.glasses}/cancellation/confirm`).expect(403);
    expect((await t.storage.collection(lifestyleAgreementsCollection).get(DEMO.glasses))!.noticeGivenOn).toBeNull();
  });
});

describe('connecting an agreement (/forbind-til-lifestyle) with a friend’s code', () => {
  it('connects with number and birth date; the friend gets 2 free months and the code’s owner 1', async () => {
    const t = await setup();
    const s = await lars(t);
    const res = lifestyleConnectResponseSchema.parse((await s.post('/api/lifestyle/connect', connectBody({ referralCode: ' ven-7k3p9q ' })).expect(200)).body).data;
    expect(res.referralApplied).toBe(true);
    expect(res.agreement).toMatchObject({ id: DEMO.unconnected, customerId: LIFESTYLE_DEMO.accountId, connectedOn: '2026-11-22', status: 'Created', referredByCode: 'VEN-7K3P9Q', freeMonthsLeft: 2, nextInvoice: { date: '2026-12-01', amount: 0, free: 'referral-friend' } });
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['kunde@example.dk', 'Tak for din anbefaling'],
      [LIFESTYLE_DEMO.email, 'Din Lifestyle-aftale er forbundet'],
    ]);
    const referrer = await getAgreement(await kunde(t), DEMO.glasses);
    expect(referrer.freeMonths).toEqual([{ reason: 'referral-referrer', months: 1, grantedOn: '2026-11-22' }]);
    expect(referrer.nextInvoice).toMatchObject({ date: '2026-12-01', amount: 0, free: 'referral-referrer' });
    expect((await t.storage.collection(subscriptionsCollection).get(DEMO.unconnected))).toMatchObject({ customerId: LIFESTYLE_DEMO.accountId, kind: 'lifestyle', statusCode: 100 });
    expect(ok(lifestyleAgreementsResponseSchema.parse((await s.agent.get('/api/lifestyle/agreements').expect(200)).body)).map((a) => a.id)).toEqual([DEMO.unconnected]);

    // Created → Active on the start date; the first two months' invoices are free.
    t.clock.advance(40 * DAY);
    expect((await getAgreement(await lars(t), DEMO.unconnected)).status).toBe('Active');
    const invoices = await t.services.invoices.listForSubscription(DEMO.unconnected);
    expect(invoices.map((i) => [i.originalAmountDue, i.paymentStatus])).toEqual([
      [0, 'paid'],
      [0, 'paid'],
    ]);
    expect(invoices[0]!.lines.map((l) => l.amount)).toEqual([29_900, -29_900]);
  });

  it('gives the SPEC §8 message for a wrong birth date, an unknown number and someone else’s agreement', async () => {
    const t = await setup();
    const s = await lars(t);
    for (const body of [connectBody({ birthDate: '160385' }), connectBody({ agreementNumber: '40019999' }), { agreementNumber: '40012345', birthDate: '040581' }]) {
      const res = await s.post('/api/lifestyle/connect', body).expect(422);
      expect(res.body.error).toEqual({ code: 'unprocessable', message: lifestyleErrors.connectionFailed });
    }
    expect((await t.storage.collection(lifestyleAgreementsCollection).get(DEMO.unconnected))!.customerId).toBeNull();
    // Once connected, it is Lars's: nobody else can connect it, and Lars is told it already is.
    await s.post('/api/lifestyle/connect', connectBody()).expect(200);
    expect((await s.post('/api/lifestyle/connect', connectBody()).expect(409)).body.error.message).toBe(lifestyleRefusals.alreadyConnected);
    expect((await (await kunde(t)).post('/api/lifestyle/connect', connectBody()).expect(422)).body.error.message).toBe(lifestyleErrors.connectionFailed);
  });

  it('validates the fields with Danish messages and keeps the agreement unconnected on a bad code', async () => {
    const t = await setup();
    const s = await lars(t);
    const bad = await s.post('/api/lifestyle/connect', { agreementNumber: '123', birthDate: '310285', referralCode: 'abc' }).expect(400);
    expect(bad.body.error.fields).toEqual({
      agreementNumber: 'Aftalenummeret består af 8 cifre. Du finder det øverst på din aftale.',
      birthDate: 'Datoen findes ikke. Kontrollér fødselsdatoen.',
      referralCode: 'Koden skal skrives som VEN- og 6 tegn, fx VEN-7K3P9Q.',
    });
    expect((await s.post('/api/lifestyle/connect', {}).expect(400)).body.error.fields).toMatchObject({ agreementNumber: da.validation.required, birthDate: da.validation.required });
    const unknown = await s.post('/api/lifestyle/connect', connectBody({ referralCode: 'VEN-000000' })).expect(400);
    expect(unknown.body.error.fields).toEqual({ referralCode: lifestyleRefusals.referral['unknown-code'] });
    expect((await t.storage.collection(lifestyleAgreementsCollection).get(DEMO.unconnected))!.customerId).toBeNull();
  });

  it('refuses the owner’s own code and a second referral for the same friend', async () => {
    const t = await setup();
    // Two more agreements signed in a store, not yet connected.
    const template = (await t.storage.collection(lifestyleAgreementsCollection).get(DEMO.unconnected))!;
    const extra = (id: string, agreementNumber: string, referralCode: string) => ({ ...template, id, agreementNumber, referralCode, holderVerifier: holderVerifier('test-secret-test-secret-test-secret-42', agreementNumber, '040581') });
    await t.storage.collection(lifestyleAgreementsCollection).put(extra('la-2001', '40020001', 'VEN-AAAAAA'));
    await t.storage.collection(lifestyleAgreementsCollection).put(extra('la-2002', '40020002', 'VEN-BBBBBB'));
    const s = await kunde(t);
    // kunde's own glasses code on kunde's new agreement.
    const own = await s.post('/api/lifestyle/connect', { agreementNumber: '40020001', birthDate: '040581', referralCode: DEMO.glassesCode }).expect(400);
    expect(own.body.error.fields).toEqual({ referralCode: lifestyleRefusals.referral['own-code'] });
    // Lars's code works once for kunde …
    await (await lars(t)).post('/api/lifestyle/connect', connectBody()).expect(200);
    await s.post('/api/lifestyle/connect', { agreementNumber: '40020001', birthDate: '040581', referralCode: 'VEN-9D2H6W' }).expect(200);
    // … and not again on the next agreement.
    const twice = await s.post('/api/lifestyle/connect', { agreementNumber: '40020002', birthDate: '040581', referralCode: 'VEN-9D2H6W' }).expect(400);
    expect(twice.body.error.fields).toEqual({ referralCode: lifestyleRefusals.referral['already-referred'] });
    // Without a code it connects.
    await s.post('/api/lifestyle/connect', { agreementNumber: '40020002', birthDate: '040581' }).expect(200);
  });

  it('throttles repeated failed attempts per account', async () => {
    const t = await setup();
    const s = await lars(t);
    for (let i = 0; i < 5; i++) await s.post('/api/lifestyle/connect', connectBody({ birthDate: '160385' })).expect(422);
    const res = await s.post('/api/lifestyle/connect', connectBody()).expect(429);
    expect(res.body.error).toEqual({ code: 'rate_limited', message: da.errors.rateLimited });
  });

  it('is for signed-in customers with a CSRF token', async () => {
    const t = await setup();
    const anon = await shopperAgent(t);
    await anon.post('/api/lifestyle/connect', connectBody()).expect(401);
    const s = await lars(t);
    await s.agent.post('/api/lifestyle/connect').send(connectBody()).expect(403);
  });
});

describe('the monthly run', () => {
  it('invoices each begun month once, applies free months, and creates nothing on a second run', async () => {
    const t = await setup();
    const s = await kunde(t);
    await s.post(`/api/lifestyle/agreements/${DEMO.glasses}/cancellation`).expect(200);
    await s.post(`/api/lifestyle/agreements/${DEMO.glasses}/cancellation/winback`).expect(200);
    const before = await t.storage.collection(invoicesCollection).count();

    t.clock.advance(9 * DAY); // 1 December
    const run = t.services.lifestyle;
    expect(await run.runDue()).toBe(3);
    await run.runDue();
    const created = (await t.storage.collection(invoicesCollection).all()).slice(before);
    expect(created.map((i) => [i.id, i.originalAmountDue, i.paymentStatus, i.dueDate])).toEqual([
      [`inv-${DEMO.glasses}-010`, 0, 'paid', '2026-12-15'],
      [`inv-${DEMO.sunglasses}-007`, 19_900, 'not-paid', '2026-12-15'],
    ]);
    expect(created[0]!.ocrNumber).toMatch(/^24001234500010\d$/);
    expect(created[0]!.lines).toEqual([
      { description: 'Lifestyle-aftale nr. 40012345, 1. december 2026 – 31. december 2026', amount: 34_900, vat: 6_980 },
      { description: 'Gratis måned (tilbud ved opsigelse)', amount: -34_900, vat: -6_980 },
    ]);
  });
});

describe('maintenance (SPEC §8)', () => {
  it('answers reads with the maintenance message and refuses changes with 503', async () => {
    const t = await setup({ ports: (storage) => ({ lifestyle: createLocalLifestylePlatform(storage, { secret: testConfig.secret, maintenance: true }) }) });
    const s = await kunde(t);
    for (const path of ['/api/lifestyle/agreements', `/api/lifestyle/agreements/${DEMO.glasses}`, `/api/lifestyle/agreements/${DEMO.glasses}/documents`, `/api/lifestyle/agreements/${DEMO.glasses}/perks`]) {
      expect((await s.agent.get(path).expect(200)).body, path).toEqual({ service: 'maintenance', message: lifestyleErrors.maintenance });
    }
    const res = await s.post(`/api/lifestyle/agreements/${DEMO.glasses}/cancellation`).expect(503);
    expect(res.body.error).toEqual({ code: 'unavailable', message: lifestyleErrors.maintenance });
    await (await lars(t)).post('/api/lifestyle/connect', connectBody()).expect(503);
  });
});
