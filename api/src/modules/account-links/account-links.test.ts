import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountLinkMessages, eidStartResponseSchema, myOrderListResponseSchema, myStoreLinkResponseSchema, orderListResponseSchema, staffAccountLinkResponseSchema, syncResponseSchema, type Order } from '@optik/shared';
import { buyableArticle, command, customerAgent, makeTestApp, otherCustomerAgent, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { C } from '../../collections';
import { ACCOUNT_LINK_DAYS } from './service';

type Agent = Awaited<ReturnType<typeof shopperAgent>>;

const METTE_CPR = '070761-4285';
const glasses = {
  rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5,
  leftSphere: -1, leftCylinder: null, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32,
};

/** Store 1 creates a customer (with Mette's CPR when asked), a prescription and an order for them. */
async function storeCustomer(t: TestApp, here: Agent, opts: { cpr?: string; email?: string | null } = {}) {
  const customerId = randomUUID();
  const a = await buyableArticle(t);
  const res = await here
    .post('/api/sync', {
      commands: [
        command('customer.create', { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', ...(opts.email === null ? {} : { email: opts.email ?? 'mette.butik@example.dk' }), phone: '30405060', street: 'Søndergade 12', cpr: opts.cpr }),
        command('prescription.create', { prescriptionId: randomUUID(), customerId, examDate: '2026-10-01', confirmedNotOlderThanYear: true, entry: { kind: 'glasses', glasses } }),
        command('order.create', { orderId: randomUUID(), customerId, prescriptionId: null, deliveryMethodId: 119, lines: [{ skuId: a.skus[0]!.id, quantity: 1, subscriptionInterval: null }] }),
      ],
    })
    .expect(200);
  const results = syncResponseSchema.parse(res.body).results;
  expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
  return { customerId, storeOrder: results[2]!.result as Order };
}

/** A web order of the account (as checkout stores one), copied from a store order. */
async function webOrder(t: TestApp, accountId: string, from: Order): Promise<Order> {
  const order: Order = { ...from, id: randomUUID(), orderNumber: `W${Date.now()}${Math.floor(Math.random() * 1000)}`, customerId: accountId, storeId: null, createdBy: 'web', createdAt: t.clock.now().toISOString() };
  await t.storage.collection(C.orders).insert(order);
  return order;
}

/** An e-ID login through the simulator as `person`, asking for the CPR; the agent's session (if any) links the e-ID to its account. */
async function eidLogin(s: Agent, person: string) {
  const url = eidStartResponseSchema.parse((await s.post('/api/eid/start', { requestCpr: true }).expect(200)).body).url;
  const query = Object.fromEntries(new URL(url, 'http://api.test').searchParams);
  const back = await s.agent.post('/api/eid/sim/authorize').type('form').send({ ...query, action: 'login', person }).expect(303);
  const fragment = Object.fromEntries(new URLSearchParams(new URL(back.headers.location!).hash.slice(1)));
  return s.post('/api/eid/callback', fragment).expect(200);
}

const linkOf = async (s: Agent) => myStoreLinkResponseSchema.parse((await s.agent.get('/api/my/store-link').expect(200)).body).data;
const myOrders = async (s: Agent) => myOrderListResponseSchema.parse((await s.agent.get('/api/account/orders').expect(200)).body).data;
const staffOrders = async (s: Agent, customerId: string) => orderListResponseSchema.parse((await s.agent.get(`/api/staff/customers/${customerId}/orders`).expect(200)).body).data;
const tokenIn = (text: string) => /\/min-konto\/butiksprofil#token=([\w-]+)/.exec(text)![1]!;

/** Staff send the link; answers the token from the mail. */
async function sendLink(t: TestApp, s: Agent, customerId: string): Promise<string> {
  const before = t.mailer.sent.length;
  const status = staffAccountLinkResponseSchema.parse((await s.post(`/api/staff/customers/${customerId}/account-link`).expect(200)).body).data;
  expect(status).toMatchObject({ linked: false, hasEmail: true });
  expect(status.pendingUntil).not.toBeNull();
  const mail = t.mailer.sent[before]!;
  expect(mail).toMatchObject({ to: 'mette.butik@example.dk', subject: 'Knyt din kundeprofil til din webkonto' });
  expect(mail.text).not.toContain(METTE_CPR);
  return tokenIn(mail.text);
}

describe('linked accounts: e-ID CPR', () => {
  it('links the account whose e-ID CPR is a store customer’s, once however often the customer logs in; store orders reach My Pages, web orders the store', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const { customerId, storeOrder } = await storeCustomer(t, here, { cpr: METTE_CPR });
    const me = await customerAgent(t);
    const web = await webOrder(t, 'u-kunde', storeOrder);
    expect(await linkOf(me)).toEqual({ link: null, canLinkByCpr: false });
    expect((await myOrders(me)).map((o) => o.id)).toEqual([web.id]);
    expect((await staffOrders(here, customerId)).map((o) => o.id)).toEqual([storeOrder.id]);

    await eidLogin(me, 'mette');
    expect(await linkOf(me)).toMatchObject({ link: { source: 'cpr', storeName: expect.stringMatching(/^Profil Optik/), prescriptionsConsent: false }, canLinkByCpr: false });
    const listed = await myOrders(me);
    expect(listed.map((o) => o.id).sort()).toEqual([web.id, storeOrder.id].sort());
    expect(listed.find((o) => o.id === storeOrder.id)!.storeName).toMatch(/^Profil Optik/);
    expect(listed.find((o) => o.id === web.id)!.storeName).toBeUndefined();
    expect((await staffOrders(here, customerId)).map((o) => [o.id, o.createdBy])).toEqual([[storeOrder.id, 'store'], [web.id, 'web']]);

    // Logging in again (another browser) keeps the one link.
    await eidLogin(await shopperAgent(t), 'mette');
    await eidLogin(me, 'mette');
    expect(await t.storage.collection(C.accountLinks).all()).toEqual([expect.objectContaining({ id: 'u-kunde', customerId, active: true })]);
  });

  it('links nothing for an account whose CPR no store customer has, nor by e-mail or name', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    // Same name and e-mail as the account, another CPR.
    await storeCustomer(t, here, { cpr: '120588-2347', email: 'kunde@example.dk' });
    const me = await customerAgent(t);
    await eidLogin(me, 'mette');
    expect(await linkOf(me)).toEqual({ link: null, canLinkByCpr: false });
    expect(await t.storage.collection(C.accountLinks).count()).toBe(0);
    const refused = await me.post('/api/my/store-link/cpr').expect(404);
    expect(refused.body.error.message).toBe(accountLinkMessages.noCprMatch);
  });

  it('lets the customer unlink; a later e-ID login does not link again by itself, the customer’s own request does', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const { customerId, storeOrder } = await storeCustomer(t, here, { cpr: METTE_CPR });
    const me = await customerAgent(t);
    const web = await webOrder(t, 'u-kunde', storeOrder);
    await eidLogin(me, 'mette');
    expect((await me.post('/api/my/store-link/unlink').expect(200)).body.data).toEqual({ link: null, canLinkByCpr: true });
    expect((await myOrders(me)).map((o) => o.id)).toEqual([web.id]);
    expect((await staffOrders(here, customerId)).map((o) => o.id)).toEqual([storeOrder.id]);
    await me.post('/api/my/store-link/unlink').expect(200);

    await eidLogin(me, 'mette');
    expect((await linkOf(me)).link).toBeNull();
    expect((await me.post('/api/my/store-link/cpr').expect(200)).body.data.link).toMatchObject({ source: 'cpr' });
    expect((await myOrders(me)).map((o) => o.id)).toContain(storeOrder.id);
  });
});

describe('linked accounts: the link staff mail', () => {
  it('mails a single-use link the signed-in customer confirms; confirming again answers the same link, another account gets 410', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const { customerId, storeOrder } = await storeCustomer(t, here);
    const token = await sendLink(t, here, customerId);
    const me = await customerAgent(t);

    // Not signed in: no preview, no link.
    const anonymous = await shopperAgent(t);
    await anonymous.post('/api/my/store-link/confirm', { token }).expect(401);

    const preview = (await me.post('/api/my/store-link/preview', { token }).expect(200)).body.data;
    expect(preview.storeName).toMatch(/^Profil Optik/);
    const first = myStoreLinkResponseSchema.parse((await me.post('/api/my/store-link/confirm', { token, prescriptionsConsent: false }).expect(200)).body).data;
    expect(first.link).toMatchObject({ source: 'staff-link', prescriptionsConsent: false });
    const again = (await me.post('/api/my/store-link/confirm', { token }).expect(200)).body.data;
    expect(again).toEqual(first);
    expect((await myOrders(me)).map((o) => o.id)).toEqual([storeOrder.id]);

    const other = await otherCustomerAgent(t);
    for (const path of ['/api/my/store-link/preview', '/api/my/store-link/confirm']) {
      const res = await other.post(path, { token }).expect(410);
      expect(res.body.error).toEqual({ code: 'gone', message: accountLinkMessages.linkGone });
    }
    expect((await linkOf(other)).link).toBeNull();
    expect(staffAccountLinkResponseSchema.parse((await here.agent.get(`/api/staff/customers/${customerId}/account-link`).expect(200)).body).data).toMatchObject({ linked: true, source: 'staff-link', pendingUntil: null });
    // Linked: no second link is sent.
    expect((await here.post(`/api/staff/customers/${customerId}/account-link`).expect(409)).body.error.message).toBe(accountLinkMessages.alreadyLinked);
  });

  it('refuses an expired link, and a link replaced by a newer one', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const { customerId } = await storeCustomer(t, here);
    const me = await customerAgent(t);
    const old = await sendLink(t, here, customerId);
    const fresh = await sendLink(t, here, customerId);
    await me.post('/api/my/store-link/confirm', { token: old }).expect(410);
    t.clock.advance(ACCOUNT_LINK_DAYS * 24 * 60 * 60 * 1000 - 1);
    await (await customerAgent(t)).post('/api/my/store-link/preview', { token: fresh }).expect(200);
    t.clock.advance(1);
    const later = await customerAgent(t);
    await later.post('/api/my/store-link/preview', { token: fresh }).expect(410);
    await later.post('/api/my/store-link/confirm', { token: fresh }).expect(410);
    expect(await t.storage.collection(C.accountLinks).count()).toBe(0);
    // A malformed token gets the same Danish answer, as a field error.
    expect((await later.post('/api/my/store-link/confirm', { token: 'x' }).expect(400)).body.error.fields.token).toBe(accountLinkMessages.linkGone);
  });

  it('refuses a link for an account linked to another store customer (the link still works after unlinking), and one customer for two accounts', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const first = await storeCustomer(t, here);
    const second = await storeCustomer(t, here);
    const me = await customerAgent(t);
    await me.post('/api/my/store-link/confirm', { token: await sendLink(t, here, first.customerId) }).expect(200);
    const token = await sendLink(t, here, second.customerId);
    expect((await me.post('/api/my/store-link/confirm', { token }).expect(409)).body.error.message).toBe(accountLinkMessages.accountTaken);
    await me.post('/api/my/store-link/unlink').expect(200);
    expect((await me.post('/api/my/store-link/confirm', { token }).expect(200)).body.data.link).toMatchObject({ source: 'staff-link' });
    expect((await myOrders(me)).map((o) => o.id)).toEqual([second.storeOrder.id]);

    // Two accounts confirming links to one customer at once: the unique key leaves one link.
    const third = await storeCustomer(t, here);
    const [a, b] = [await sendLink(t, here, third.customerId), await sendLink(t, here, third.customerId)];
    expect(a).not.toBe(b);
    await me.post('/api/my/store-link/unlink').expect(200);
    const other = await otherCustomerAgent(t);
    const both = await Promise.all([me.post('/api/my/store-link/confirm', { token: b }), other.post('/api/my/store-link/confirm', { token: b })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
    expect((await t.storage.collection(C.accountLinks).all()).filter((l) => l.active && l.customerId === third.customerId)).toHaveLength(1);
  });

  it('needs an e-mail on the customer and a customer this store may act for', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const { customerId } = await storeCustomer(t, here, { email: null });
    const res = await here.post(`/api/staff/customers/${customerId}/account-link`).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message: accountLinkMessages.noEmail });
    expect(t.mailer.sent).toHaveLength(0);
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    await there.post(`/api/staff/customers/${customerId}/account-link`).expect(404);
    await there.agent.get(`/api/staff/customers/${customerId}/account-link`).expect(404);
    const me = await customerAgent(t);
    await me.post(`/api/staff/customers/${customerId}/account-link`).expect(403);
  });
  it('comes as a sync command from the counter too (queued offline): applied once, one mail however often it is replayed; refused with the reason', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const { customerId } = await storeCustomer(t, here);
    const send = command('accountLink.send', { customerId });
    const before = t.mailer.sent.length;
    const first = syncResponseSchema.parse((await here.post('/api/sync', { commands: [send, send] }).expect(200)).body).results;
    expect(first.map((r) => r.status)).toEqual(['applied', 'duplicate']);
    expect(first[0]!.result).toMatchObject({ linked: false, hasEmail: true });
    expect(syncResponseSchema.parse((await here.post('/api/sync', { commands: [send] }).expect(200)).body).results[0]!.status).toBe('duplicate');
    expect(t.mailer.sent.slice(before).filter((m) => m.to === 'mette.butik@example.dk')).toHaveLength(1);
    // The mailed link works as the route's does.
    const me = await customerAgent(t);
    await me.post('/api/my/store-link/confirm', { token: tokenIn(t.mailer.sent.at(-1)!.text), prescriptionsConsent: false }).expect(200);

    const { customerId: noMail } = await storeCustomer(t, here, { email: null });
    const refused = syncResponseSchema.parse((await here.post('/api/sync', { commands: [command('accountLink.send', { customerId: noMail })] }).expect(200)).body).results[0]!;
    expect(refused).toMatchObject({ status: 'rejected', error: { message: accountLinkMessages.noEmail } });
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    const elsewhere = syncResponseSchema.parse((await there.post('/api/sync', { commands: [command('accountLink.send', { customerId })] }).expect(200)).body).results[0]!;
    expect(elsewhere.status).toBe('rejected');
  });
});

describe('linked accounts: what each side sees', () => {
  it('shows the store prescriptions on My Pages only with the customer’s consent', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const { customerId } = await storeCustomer(t, here);
    const me = await customerAgent(t);
    expect((await me.agent.get('/api/my/store-link/prescriptions').expect(404)).body.error.message).toBe(accountLinkMessages.notLinked);
    await me.post('/api/my/store-link/consent', { prescriptionsConsent: true }).expect(404);

    await me.post('/api/my/store-link/confirm', { token: await sendLink(t, here, customerId), prescriptionsConsent: false }).expect(200);
    expect((await me.agent.get('/api/my/store-link/prescriptions').expect(403)).body.error.message).toBe(accountLinkMessages.noConsent);
    expect((await me.post('/api/my/store-link/consent', { prescriptionsConsent: true }).expect(200)).body.data.link.prescriptionsConsent).toBe(true);
    const rx = (await me.agent.get('/api/my/store-link/prescriptions').expect(200)).body.data;
    expect(rx).toEqual([expect.objectContaining({ customerId, entry: { kind: 'glasses', glasses } })]);
    await me.post('/api/my/store-link/consent', { prescriptionsConsent: false }).expect(200);
    await me.agent.get('/api/my/store-link/prescriptions').expect(403);

    // Consent given in the confirmation.
    const t2 = await makeTestApp();
    const here2 = await staffAgent(t2);
    const second = await storeCustomer(t2, here2);
    const me2 = await customerAgent(t2);
    await me2.post('/api/my/store-link/confirm', { token: await sendLink(t2, here2, second.customerId), prescriptionsConsent: true }).expect(200);
    expect((await me2.agent.get('/api/my/store-link/prescriptions').expect(200)).body.data).toHaveLength(1);
  });

  it('shows the web orders only to the staff of the customer’s own store, each read logged', async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const { customerId, storeOrder } = await storeCustomer(t, here, { cpr: METTE_CPR });
    const me = await customerAgent(t);
    await me.post('/api/my/store-link/confirm', { token: await sendLink(t, here, customerId) }).expect(200);
    const web = await webOrder(t, 'u-kunde', storeOrder);
    const log = async () => (await t.storage.collection(C.accessLog).all()).filter((e) => e.action === 'web-orders.read').map((e) => [e.storeId, e.customerId]);
    expect(await log()).toEqual([]);

    // Another store that opened the customer by CPR sees its own orders of them (none), no web orders.
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    await there.post('/api/staff/customers/search', { q: METTE_CPR }).expect(200);
    expect(await staffOrders(there, customerId)).toEqual([]);
    expect(await log()).toEqual([]);

    const seen = await staffOrders(here, customerId);
    expect(seen.map((o) => o.id)).toEqual([storeOrder.id, web.id]);
    expect(await log()).toEqual([['st-001', customerId]]);
  });
});
