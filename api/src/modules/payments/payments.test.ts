import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payLinkLookupResponseSchema, payLinkPayResponseSchema, paymentRequestSchema, syncResponseSchema } from '@optik/shared';
import { command, makeTestApp, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { SIMULATOR_CARDS } from '../../ports/payments';
import { PAYMENT_SESSION_MS, payMessages } from './service';
import { ordersCollection } from '../orders/records';
import { paymentRequestsCollection } from './records';
import { linkFor, orderInStore, sendRequest, tokenFrom } from './test-orders';

/**
 * An order with a payment request stored but not delivered: the SMS gateway fails after the
 * command's commit, so the device is told to try again (500). The gateway works again afterwards.
 */
async function undelivered(t: TestApp) {
  const { s, orderId } = await orderInStore(t);
  const working = t.sms.send;
  t.sms.send = async () => {
    throw new Error('gateway down');
  };
  const requestId = randomUUID();
  const cmd = command('paymentRequest.send', { requestId, orderId, channel: 'sms' });
  await s.post('/api/sync', { commands: [cmd] }).expect(500);
  t.sms.send = working;
  return { s, cmd, requestId };
}

describe('payment requests (paymentRequest.send through /api/sync)', () => {
  it('sends one SMS with a link to the shop; a replayed command sends nothing more', async () => {
    const t = await makeTestApp();
    const { s, orderId } = await orderInStore(t);
    const { cmd, result } = await sendRequest(s, orderId);
    expect(result.status).toBe('applied');
    const request = paymentRequestSchema.parse(result.result);
    expect(request).toMatchObject({ orderId, channel: 'sms', status: 'sent', sentTo: '+45 •• •• 28 29' });
    expect(t.sms.sent).toHaveLength(1);
    expect(t.sms.sent[0]!.to).toBe('+4526272829');
    expect(t.sms.sent[0]!.text).toMatch(/^Hej Karen\. Betal din ordre O\d{7} hos Profil Optik .+ på [\d.]+,\d{2}\skr\. her: http:\/\/shop\.test\/betal\/[\w-]{40,} \(gælder til 29\.11\.2026\)\.$/);
    const again = syncResponseSchema.parse((await s.post('/api/sync', { commands: [cmd] }).expect(200)).body);
    expect(again.results[0]!.status).toBe('duplicate');
    expect(t.sms.sent).toHaveLength(1);
    // Only the token's hash is stored.
    const stored = await t.storage.collection(paymentRequestsCollection).get(request.id);
    expect(JSON.stringify(stored)).not.toContain(tokenFrom(t.sms.sent[0]!.text));
  });

  it('mails the link when e-mail is chosen, and refuses e-mail for a customer without one', async () => {
    const t = await makeTestApp();
    const { s, orderId } = await orderInStore(t);
    const { result } = await sendRequest(s, orderId, 'email');
    expect(result.status).toBe('applied');
    expect(t.mailer.sent[0]).toMatchObject({ to: 'karen@example.dk', subject: expect.stringMatching(/^Betal din ordre O\d{7}$/) });
    expect(t.mailer.sent[0]!.text).toContain('http://shop.test/betal/');

    const other = await orderInStore(t, { email: undefined });
    const refused = await sendRequest(other.s, other.orderId, 'email');
    expect(refused.result).toMatchObject({ status: 'rejected', error: { fields: { channel: payMessages.noEmail } } });
  });

  it('sends one SMS when the same command arrives in several requests at the same moment, however slow storage and gateway answer', async () => {
    const t = await makeTestApp();
    const { s, orderId } = await orderInStore(t);
    // Lookups and the SMS gateway that take time (as disk and network do): the check "already
    // applied" and the mark "being applied" must still be one step.
    const deliver = t.sms.send.bind(t.sms);
    t.sms.send = (m) => new Promise((r) => setTimeout(r, 25)).then(() => deliver(m));
    const collection = t.storage.collection.bind(t.storage);
    t.storage.collection = ((name: Parameters<typeof collection>[0]) => {
      const c = collection(name);
      if (name.name !== 'syncLog') return c;
      const slowGet = (id: string) => new Promise((r) => setTimeout(r, 25)).then(() => c.get(id));
      return new Proxy(c, { get: (target, prop) => (prop === 'get' ? slowGet : (Reflect.get(target, prop) as (...a: unknown[]) => unknown).bind(target)) });
    }) as typeof t.storage.collection;
    const cmd = command('paymentRequest.send', { requestId: randomUUID(), orderId, channel: 'sms' });
    const answers = await Promise.all([s.post('/api/sync', { commands: [cmd] }), s.post('/api/sync', { commands: [cmd] }), s.post('/api/sync', { commands: [cmd] })]);
    expect(answers.map((a) => a.body.results[0].status).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(t.sms.sent).toHaveLength(1);
  });

  it("refuses another store's order, and a paid one", async () => {
    const t = await makeTestApp();
    const { orderId } = await orderInStore(t);
    const elsewhere = await staffAgent(t, 'medarbejder2', 'st-002');
    const { result } = await sendRequest(elsewhere, orderId);
    expect(result).toMatchObject({ status: 'rejected', error: { fields: { orderId: payMessages.unknownOrder } } });
    expect(t.sms.sent).toHaveLength(0);
  });

  it('a stored but undelivered request (the gateway failed, or the server stopped in between) is delivered when the command is sent again, with the same link', async () => {
    const t = await makeTestApp();
    const { s, cmd, requestId } = await undelivered(t);
    const stored = (await t.storage.collection(paymentRequestsCollection).all())[0]!;
    expect(stored).toMatchObject({ id: requestId, deliveredAt: null, status: 'sent' });
    const retried = syncResponseSchema.parse((await s.post('/api/sync', { commands: [cmd] }).expect(200)).body);
    expect(retried.results[0]).toMatchObject({ status: 'duplicate', result: { id: requestId, status: 'sent' } });
    expect(t.sms.sent).toHaveLength(1);
    expect(await t.storage.collection(paymentRequestsCollection).count()).toBe(1);
    expect((await t.storage.collection(paymentRequestsCollection).get(stored.id))!.deliveredAt).not.toBeNull();
    // The link delivered is the stored request's: it opens the order.
    const shopper = await shopperAgent(t);
    await shopper.post('/api/pay/lookup', { token: tokenFrom(t.sms.sent[0]!.text) }).expect(200);
    // Sent again once more: nothing more goes out.
    await s.post('/api/sync', { commands: [cmd] }).expect(200);
    expect(t.sms.sent).toHaveLength(1);
  });

  it('resumeDelivery sends a stored request once, however often and however concurrently it is asked', async () => {
    const t = await makeTestApp();
    const { requestId } = await undelivered(t);
    await Promise.all([1, 2, 3].map(() => t.services.payments.resumeDelivery(requestId)));
    await t.services.payments.resumeDelivery(requestId);
    expect(t.sms.sent).toHaveLength(1);
    // Unknown ids deliver nothing.
    await t.services.payments.resumeDelivery(randomUUID());
    expect(t.sms.sent).toHaveLength(1);
  });

  it('a newer link supersedes the older ones of the order (through the order index), and each is delivered once', async () => {
    const t = await makeTestApp();
    const { s, orderId } = await orderInStore(t);
    const sent = [];
    for (const channel of ['sms', 'email', 'sms'] as const) {
      sent.push(paymentRequestSchema.parse((await sendRequest(s, orderId, channel)).result.result).id);
      t.clock.advance(1000);
    }
    const requests = await t.storage.collection(paymentRequestsCollection).list('byOrder', orderId);
    expect(requests.map((r) => r.id)).toEqual(sent);
    expect(requests.map((r) => r.status)).toEqual(['superseded', 'superseded', 'sent']);
    expect(requests.every((r) => r.deliveredAt !== null)).toBe(true);
    expect(t.sms.sent).toHaveLength(2);
    expect(t.mailer.sent).toHaveLength(1);
  });
});

describe('pay by link (/api/pay/lookup, /api/pay/charge)', () => {
  it('shows the order and pays it by card; the store sees it paid, and the link is then used', async () => {
    const t = await makeTestApp();
    const { s, token, orderId, total } = await linkFor(t);
    const shopper = await shopperAgent(t);
    const order = payLinkLookupResponseSchema.parse((await shopper.post('/api/pay/lookup', { token }).expect(200)).body).data;
    expect(order).toMatchObject({ customerFirstName: 'Karen', storeName: expect.stringContaining('København'), totalPrice: total, deliveryMethodId: 119, simulated: true });
    expect(order.vat).toBe(Math.round(total / 5));
    const paid = payLinkPayResponseSchema.parse((await shopper.post('/api/pay/charge', { token, payment: { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/28', cvc: '123' } }).expect(200)).body);
    expect(paid).toMatchObject({ outcome: 'paid', method: 'card' });
    const changes = await s.agent.get('/api/staff/orders').expect(200);
    expect(changes.body.data.find((o: { id: string }) => o.id === orderId)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card', paidAt: paid.outcome === 'paid' ? paid.paidAt : '' });
    const used = await shopper.post('/api/pay/lookup', { token }).expect(409);
    expect(used.body.error).toEqual({ code: 'conflict', message: payMessages.paidLink });
    await shopper.post('/api/pay/charge', { token, payment: { method: 'mobilepay', phone: '26272829' } }).expect(409);
  });

  it('answers every failure result of SPEC §3 and leaves the order unpaid', async () => {
    const t = await makeTestApp();
    const { token, orderId } = await linkFor(t);
    const shopper = await shopperAgent(t);
    await shopper.post('/api/pay/lookup', { token }).expect(200);
    const card = (cardNumber: string, extra: object = {}) => shopper.post('/api/pay/charge', { token, payment: { method: 'card', cardNumber, expiry: '12/28', cvc: '123', ...extra } }).expect(200);
    expect((await card(SIMULATOR_CARDS.declined)).body).toMatchObject({ outcome: 'failed', failureResult: 0 });
    expect((await card(SIMULATOR_CARDS.validationsRequired)).body).toMatchObject({ outcome: 'failed', failureResult: 2 });
    expect((await card(SIMULATOR_CARDS.expired)).body).toMatchObject({ outcome: 'failed', failureResult: 99 });
    expect((await shopper.post('/api/pay/charge', { token, payment: { method: 'klarna' } }).expect(200)).body).toMatchObject({ outcome: 'failed', failureResult: 1, message: expect.stringContaining('CPR') });
    expect((await shopper.post('/api/pay/charge', { token, payment: { method: 'mobilepay', phone: '20000000' } }).expect(200)).body).toMatchObject({ outcome: 'failed', failureResult: 0 });
    expect((await t.storage.collection(ordersCollection).get(orderId))!.paymentStatus).toBe('awaiting-payment');
    // Approved in the bank app, the same card pays.
    expect((await card(SIMULATOR_CARDS.validationsRequired, { validated: true })).body).toMatchObject({ outcome: 'paid' });
  });

  it('Klarna pays once the CPR is given; a bad CPR is a field error', async () => {
    const t = await makeTestApp();
    const { token } = await linkFor(t);
    const shopper = await shopperAgent(t);
    const bad = await shopper.post('/api/pay/charge', { token, payment: { method: 'klarna', ssn: '320160-1234' } }).expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['ssn']);
    expect((await shopper.post('/api/pay/charge', { token, payment: { method: 'klarna', ssn: '070761-4285' } }).expect(200)).body).toMatchObject({ outcome: 'paid', method: 'klarna' });
  });

  it('refuses a bad card number, an expired card and a malformed body with field errors', async () => {
    const t = await makeTestApp();
    const { token } = await linkFor(t);
    const shopper = await shopperAgent(t);
    const luhn = await shopper.post('/api/pay/charge', { token, payment: { method: 'card', cardNumber: '4111 1111 1111 1112', expiry: '12/28', cvc: '12' } }).expect(400);
    expect(luhn.body.error.fields).toEqual({ 'payment.cardNumber': 'Kortnummeret er ikke gyldigt. Tjek cifrene.', 'payment.cvc': 'Kontrolcifrene er 3 cifre.' });
    const expired = await shopper.post('/api/pay/charge', { token, payment: { method: 'card', cardNumber: '4111111111111111', expiry: '10/26', cvc: '123' } }).expect(400);
    expect(expired.body.error.fields).toEqual({ expiry: payMessages.cardExpired });
    await shopper.post('/api/pay/charge', { token, payment: { method: 'cash' } }).expect(400);
  });

  it('a payment session older than 15 minutes expires (99) and starts over on the next look', async () => {
    const t = await makeTestApp();
    const { token } = await linkFor(t);
    const shopper = await shopperAgent(t);
    await shopper.post('/api/pay/lookup', { token }).expect(200);
    t.clock.advance(PAYMENT_SESSION_MS + 1000);
    const pay = () => shopper.post('/api/pay/charge', { token, payment: { method: 'card', cardNumber: '4111111111111111', expiry: '12/28', cvc: '123' } }).expect(200);
    expect((await pay()).body).toMatchObject({ outcome: 'failed', failureResult: 99 });
    await shopper.post('/api/pay/lookup', { token }).expect(200);
    expect((await pay()).body).toMatchObject({ outcome: 'paid' });
  });

  it('refuses an unknown, an expired and a replaced link clearly', async () => {
    const t = await makeTestApp();
    const { s, orderId, token } = await linkFor(t);
    const shopper = await shopperAgent(t);
    expect((await shopper.post('/api/pay/lookup', { token: 'x'.repeat(43) }).expect(404)).body.error.message).toBe(payMessages.unknownLink);
    await sendRequest(s, orderId);
    const newest = tokenFrom(t.sms.sent.at(-1)!.text);
    expect((await shopper.post('/api/pay/lookup', { token }).expect(410)).body.error.message).toBe(payMessages.supersededLink);
    await shopper.post('/api/pay/lookup', { token: newest }).expect(200);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await shopper.post('/api/pay/lookup', { token: newest }).expect(410)).body.error.message).toBe(payMessages.expiredLink);
  });

  it('charges an order once when two payments on the same link arrive together', async () => {
    const t = await makeTestApp();
    const { token } = await linkFor(t);
    const shopper = await shopperAgent(t);
    await shopper.post('/api/pay/lookup', { token }).expect(200);
    const body = { token, payment: { method: 'card', cardNumber: '4111111111111111', expiry: '12/28', cvc: '123' } };
    const [a, b] = await Promise.all([shopper.post('/api/pay/charge', body), shopper.post('/api/pay/charge', body)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('needs the shopper CSRF token', async () => {
    const t = await makeTestApp();
    const { token } = await linkFor(t);
    const shopper = await shopperAgent(t);
    await shopper.agent.post('/api/pay/lookup').send({ token }).expect(403);
  });
});
