import { describe, expect, it } from 'vitest';
import { invoiceMessages, invoiceMethodChangeResponseSchema, invoicePayResponseSchema, myInvoiceListSchema, myInvoiceResponseSchema, paymentFailureMessages } from '@optik/shared';
import { SIMULATOR_CARDS } from '../../ports/payments';
import { DEMO_INVOICE_IDS } from '../../seed/my-orders';
import { customerAgent, makeTestApp, OTHER_CUSTOMER, otherCustomerAgent, shopperAgent } from '../../test/harness';
import { withDemoData } from '../my-orders/test-customers';
import { invoiceServiceMessages } from './service';
import { invoicesCollection, savedCardsCollection } from './records';

const card = (cardNumber = '4111 1111 1111 1111', extra: object = {}) => ({ method: 'card', cardNumber, expiry: '12/29', cvc: '123', ...extra });

async function setup() {
  const t = await withDemoData(await makeTestApp());
  return { t, s: await customerAgent(t) };
}

describe('GET /api/account/invoices', () => {
  it("lists the customer's own invoices, open ones first by due date, with overdue and payable flags", async () => {
    const { t, s } = await setup();
    await t.storage.collection(invoicesCollection).put({ ...(await t.storage.collection(invoicesCollection).get(DEMO_INVOICE_IDS.due))!, id: 'inv-other', customerId: OTHER_CUSTOMER.id });
    const { data, card: saved } = myInvoiceListSchema.parse((await s.agent.get('/api/account/invoices').expect(200)).body);
    expect(data.map((i) => i.id)).toEqual([DEMO_INVOICE_IDS.overdue, DEMO_INVOICE_IDS.partly, DEMO_INVOICE_IDS.due, DEMO_INVOICE_IDS.paid, DEMO_INVOICE_IDS.collection]);
    expect(saved).toBeNull();
    const by = (id: string) => data.find((i) => i.id === id)!;
    expect(by(DEMO_INVOICE_IDS.overdue)).toMatchObject({ payable: true, overdue: true, canChangeMethod: true, paymentStatus: 'not-paid' });
    expect(by(DEMO_INVOICE_IDS.partly)).toMatchObject({ payable: true, overdue: false, amountLeft: 32_500, originalAmountDue: 62_500 });
    expect(by(DEMO_INVOICE_IDS.paid)).toMatchObject({ payable: false, overdue: false, canChangeMethod: false });
    expect(by(DEMO_INVOICE_IDS.collection)).toMatchObject({ payable: false, overdue: true, paymentStatus: 'in-collection' });
    for (const i of data) expect(i.ocrNumber).toMatch(/^\d{16}$/);

    const other = await otherCustomerAgent(t);
    expect(myInvoiceListSchema.parse((await other.agent.get('/api/account/invoices').expect(200)).body).data.map((i) => i.id)).toEqual(['inv-other']);
  });

  it('needs a signed-in customer', async () => {
    const { t } = await setup();
    const anon = await shopperAgent(t);
    await anon.agent.get('/api/account/invoices').expect(401);
    await anon.agent.get(`/api/account/invoices/${DEMO_INVOICE_IDS.due}`).expect(401);
  });
});

describe('GET /api/account/invoices/:id', () => {
  it("shows the customer's invoice and refuses another customer's as not found", async () => {
    const { t, s } = await setup();
    const inv = myInvoiceResponseSchema.parse((await s.agent.get(`/api/account/invoices/${DEMO_INVOICE_IDS.due}`).expect(200)).body).data;
    expect(inv.lines.map((l) => l.vat)).toEqual([0, 10_000]);
    const other = await otherCustomerAgent(t);
    const res = await other.agent.get(`/api/account/invoices/${DEMO_INVOICE_IDS.due}`).expect(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: invoiceServiceMessages.notFound });
  });
});

describe('POST /api/account/invoices/:id/pay', () => {
  it('answers a declined card with result 0 and changes nothing, then pays with a good card', async () => {
    const { t, s } = await setup();
    const path = `/api/account/invoices/${DEMO_INVOICE_IDS.overdue}/pay`;
    const declined = invoicePayResponseSchema.parse((await s.post(path, { payment: card(SIMULATOR_CARDS.declined) }).expect(200)).body);
    expect(declined).toEqual({ outcome: 'failed', failureResult: 0, message: paymentFailureMessages[0] });
    expect((await t.storage.collection(invoicesCollection).get(DEMO_INVOICE_IDS.overdue))).toMatchObject({ amountLeft: 62_500, paymentStatus: 'not-paid' });

    const paid = invoicePayResponseSchema.parse((await s.post(path, { payment: card() }).expect(200)).body);
    if (paid.outcome !== 'paid') throw new Error('not paid');
    expect(paid.amount).toBe(62_500);
    expect(paid.invoice).toMatchObject({ amountLeft: 0, paymentStatus: 'paid', payable: false, overdue: false });
    expect(paid.invoice.payments).toEqual([{ at: t.clock.now().toISOString(), amount: 62_500, method: 'card', transactionId: expect.stringMatching(/^sim-/) }]);

    // Paid is paid: a second attempt is refused, nothing is charged again.
    const again = await s.post(path, { payment: card() }).expect(409);
    expect(again.body.error.message).toBe('Fakturaen er allerede betalt.');
  });

  it('pays what is left of a partly paid invoice and asks Klarna for the CPR number first', async () => {
    const { s } = await setup();
    const path = `/api/account/invoices/${DEMO_INVOICE_IDS.partly}/pay`;
    expect(invoicePayResponseSchema.parse((await s.post(path, { payment: { method: 'klarna' } }).expect(200)).body)).toEqual({ outcome: 'failed', failureResult: 1, message: paymentFailureMessages[1] });
    const paid = invoicePayResponseSchema.parse((await s.post(path, { payment: { method: 'klarna', ssn: '070761-4285' } }).expect(200)).body);
    expect(paid).toMatchObject({ outcome: 'paid', amount: 32_500, invoice: { amountLeft: 0, paymentStatus: 'paid' } });
  });

  it('asks for the bank approval (result 2) and an expired transaction starts over (99)', async () => {
    const { s } = await setup();
    const path = `/api/account/invoices/${DEMO_INVOICE_IDS.due}/pay`;
    expect(invoicePayResponseSchema.parse((await s.post(path, { payment: card(SIMULATOR_CARDS.validationsRequired) }).expect(200)).body)).toMatchObject({ failureResult: 2 });
    expect(invoicePayResponseSchema.parse((await s.post(path, { payment: card(SIMULATOR_CARDS.expired) }).expect(200)).body)).toMatchObject({ failureResult: 99, message: paymentFailureMessages[99] });
    expect(invoicePayResponseSchema.parse((await s.post(path, { payment: card(SIMULATOR_CARDS.validationsRequired, { validated: true }) }).expect(200)).body)).toMatchObject({ outcome: 'paid' });
  });

  it('refuses invoices in collection, bad details and other customers’ invoices', async () => {
    const { t, s } = await setup();
    const collection = await s.post(`/api/account/invoices/${DEMO_INVOICE_IDS.collection}/pay`, { payment: card() }).expect(409);
    expect(collection.body.error.message).toBe(invoiceMessages.notPayable('in-collection'));
    const bad = await s.post(`/api/account/invoices/${DEMO_INVOICE_IDS.due}/pay`, { payment: { method: 'card', cardNumber: '4111 1111 1111 1112', expiry: '13/29', cvc: '12' } }).expect(400);
    expect(bad.body.error.fields).toEqual({ 'payment.cardNumber': 'Kortnummeret er ikke gyldigt. Tjek cifrene.', 'payment.expiry': 'Skriv udløbsdatoen som MM/ÅÅ.', 'payment.cvc': 'Kontrolcifrene er 3 cifre.' });
    const expired = await s.post(`/api/account/invoices/${DEMO_INVOICE_IDS.due}/pay`, { payment: { ...card(), expiry: '01/25' } }).expect(400);
    expect(expired.body.error.fields).toEqual({ 'payment.expiry': 'Kortet er udløbet.' });
    await s.agent.post(`/api/account/invoices/${DEMO_INVOICE_IDS.due}/pay`).send({ payment: card() }).expect(403);

    const other = await otherCustomerAgent(t);
    await other.post(`/api/account/invoices/${DEMO_INVOICE_IDS.due}/pay`, { payment: card() }).expect(404);
    expect(await t.storage.collection(invoicesCollection).get(DEMO_INVOICE_IDS.due)).toMatchObject({ amountLeft: 95_000, paymentStatus: 'not-paid' });
  });

  it('charges an invoice once when two payments arrive at the same time', async () => {
    const { s } = await setup();
    const path = `/api/account/invoices/${DEMO_INVOICE_IDS.overdue}/pay`;
    const [a, b] = await Promise.all([s.post(path, { payment: card() }), s.post(path, { payment: card() })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});

describe('POST /api/account/invoices/:id/payment-method', () => {
  it('updates to e-invoice, and to a card the provider accepts; the card is saved as its last four digits', async () => {
    const { t, s } = await setup();
    const path = `/api/account/invoices/${DEMO_INVOICE_IDS.overdue}/payment-method`;
    const einvoice = invoiceMethodChangeResponseSchema.parse((await s.post(path, { method: 'e-invoice' }).expect(200)).body);
    expect(einvoice).toMatchObject({ result: 'updated', method: 'e-invoice', message: 'Betalingsmetoden er ændret til e-faktura.', invoice: { paymentMethod: 'e-invoice' } });
    const toCard = invoiceMethodChangeResponseSchema.parse((await s.post(path, { method: 'payment-card', card: card('4111 1111 1111 1111') }).expect(200)).body);
    expect(toCard).toMatchObject({ result: 'updated', method: 'payment-card', invoice: { paymentMethod: 'payment-card' } });
    expect(myInvoiceListSchema.parse((await s.agent.get('/api/account/invoices').expect(200)).body).card).toEqual({ last4: '1111' });
    expect((await t.storage.collection(savedCardsCollection).get('u-kunde'))!.token).toMatch(/^sim-card-/);
  });

  it("answers 'update cancelled' when the provider declines the card, and keeps the old method", async () => {
    const { t, s } = await setup();
    const path = `/api/account/invoices/${DEMO_INVOICE_IDS.overdue}/payment-method`;
    const res = invoiceMethodChangeResponseSchema.parse((await s.post(path, { method: 'payment-card', card: card(SIMULATOR_CARDS.declined) }).expect(200)).body);
    expect(res).toMatchObject({ result: 'update-cancelled', failureResult: 0, method: 'invoice', invoice: { paymentMethod: 'invoice' } });
    expect(res.message).toBe(invoiceServiceMessages.cancelled(paymentFailureMessages[0]));
    expect(await t.storage.collection(savedCardsCollection).count()).toBe(0);
  });

  it('refuses paid invoices, unknown methods and other customers’ invoices', async () => {
    const { t, s } = await setup();
    const paid = await s.post(`/api/account/invoices/${DEMO_INVOICE_IDS.paid}/payment-method`, { method: 'e-invoice' }).expect(409);
    expect(paid.body.error.message).toBe(invoiceServiceMessages.methodLocked);
    const unknown = await s.post(`/api/account/invoices/${DEMO_INVOICE_IDS.due}/payment-method`, { method: 'automatic-direct-debit' }).expect(400);
    expect(unknown.body.error.code).toBe('validation_failed');
    const other = await otherCustomerAgent(t);
    await other.post(`/api/account/invoices/${DEMO_INVOICE_IDS.due}/payment-method`, { method: 'e-invoice' }).expect(404);
    expect((await t.storage.collection(invoicesCollection).get(DEMO_INVOICE_IDS.due))!.paymentMethod).toBe('e-invoice');
  });
});
