import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { accountDetailsUpdateSchema, passwordResetRequestSchema } from './account';
import { loginRequestSchema, registerRequestSchema, resendVerificationRequestSchema, storeLoginRequestSchema } from './auth';
import { bookingCreateRequestSchema } from './booking';
import { checkoutPlaceRequestSchema } from './checkout';
import { companyAddressSchema, companyPersonSchema, contractSignRequestSchema, employeeRequisitionRequestSchema, eyeHealthDayRequestSchema } from './company';
import { customerCreateRequestSchema } from './customer';
import { LIST_MAX, limitMessages, TEXT_MAX } from './limits';
import { returnRequestSchema } from './my-orders';
import { orderCreateSchema } from './order';
import { mobilePayPaymentSchema } from './payment';
import { requisitionDecisionSchema } from './requisition';
import { siteSearchQuerySchema } from './site-search';
import { storeSearchQuerySchema } from './store';
import { temporaryAddressRequestSchema } from './subscription';
import { customerSearchRequestSchema, syncPayloadSchemas, syncRequestSchema } from './sync';
import { createEventsRequestSchema, providerEventRequestSchema, providerEventSchema, recommendProductsRequestSchema, searchResultsRequestSchema, selectedFilterSchema, suggestionsQuerySchema } from './widget';

/** Issue 15 finding 8: a 200,000-character first name was stored. */
const LONG = 'a'.repeat(200_000);

/** First message per field, as the API and the forms report them. */
function fields(r: { success: boolean; error?: z.core.$ZodError }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

/** A copy of `base` with `value` at `path`. */
function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

type Schema = z.ZodMiniType;
/** A valid value of exactly `n` characters for the kind of field. */
const fill = {
  text: (n: number) => 'a'.repeat(n),
  email: (n: number) => `${'a'.repeat(n - '@example.dk'.length)}@example.dk`,
  // Spaces inside a phone number are allowed; it is still eight digits.
  phone: (n: number) => `2${' '.repeat(n - 8)}0304050`,
};

const contact = { firstName: 'Ida', lastName: 'Holm', email: 'ida@example.dk', phone: '20304050' };
const address = { street: 'Vestergade 3', zip: '8000', city: 'Aarhus C' };
const uuid = () => crypto.randomUUID();
const registration = { ...contact, password: 'langkode123', passwordRepeat: 'langkode123', acceptTerms: true };
const customer = { ...address, firstName: 'Mette', lastName: 'Jensen', phone: '20304050' };
const booking = { contact, storeId: 'st-001', examType: 'synstest', ageGroup: '18-75', start: '2026-11-23T09:00:00.000Z' };
const checkout = { contact, address, deliveryMethodId: 101, acceptTerms: true };
const person = { name: 'Camilla Thomsen', email: 'firma@example.dk', phone: '20304050' };
const eyeHealthDay = { organisationNumber: '29446423', dateFrom: '2026-12-01', dateTo: '2026-12-02', employees: 10, location: address, contact: person, note: '' };
const ctx = { tenant: 'profil-optik', market: 'dk' };
const event = { event_type: 'click', product_id: 'a-00001' };
const envelope = () => ({ id: uuid(), type: 'customer.create', createdAt: '2026-11-22T09:30:00.000Z', payload: {} });
const line = { skuId: 'a-00001-1', quantity: 1, subscriptionInterval: null };

type TextRow = [name: string, schema: Schema, base: unknown, path: (string | number)[], max: number, message: string, kind?: keyof typeof fill];
const tooLong = limitMessages.tooLong;

const textRows: TextRow[] = [
  // Names
  ['register first name', registerRequestSchema, registration, ['firstName'], TEXT_MAX.name, tooLong(100)],
  ['register last name', registerRequestSchema, registration, ['lastName'], TEXT_MAX.name, tooLong(100)],
  ['account details first name', accountDetailsUpdateSchema, { ...customer }, ['firstName'], TEXT_MAX.name, tooLong(100)],
  ['booking contact first name', bookingCreateRequestSchema, booking, ['contact', 'firstName'], TEXT_MAX.name, tooLong(100)],
  ['checkout contact first name', checkoutPlaceRequestSchema, checkout, ['contact', 'firstName'], TEXT_MAX.name, tooLong(100)],
  ['staff customer.create first name', customerCreateRequestSchema, customer, ['firstName'], TEXT_MAX.name, tooLong(100)],
  ['outbox customer.create first name', syncPayloadSchemas['customer.create'], { ...customer, customerId: uuid() }, ['firstName'], TEXT_MAX.name, tooLong(100)],
  ['company contact name', companyPersonSchema, person, ['name'], TEXT_MAX.name, tooLong(100)],
  ['contract signer name', contractSignRequestSchema, { token: 'x'.repeat(43), name: 'Jens Nørgaard', consent: true }, ['name'], TEXT_MAX.name, tooLong(100)],
  ['requisition employee name', employeeRequisitionRequestSchema, { organisationNumber: '29446423', employeeReference: 'M-1042', employeeName: 'Ida Holm', employeeEmail: 'ida@example.dk', kind: 'glasses', storeId: 'st-001' }, ['employeeName'], TEXT_MAX.name, tooLong(100)],
  // E-mail (RFC 5321: 254)
  ['register e-mail', registerRequestSchema, registration, ['email'], TEXT_MAX.email, tooLong(254), 'email'],
  ['login e-mail', loginRequestSchema, { email: 'ida@example.dk', password: 'x' }, ['email'], TEXT_MAX.email, tooLong(254), 'email'],
  ['reset-link e-mail', passwordResetRequestSchema, { email: 'ida@example.dk' }, ['email'], TEXT_MAX.email, tooLong(254), 'email'],
  ['resend-verification e-mail', resendVerificationRequestSchema, { email: 'ida@example.dk' }, ['email'], TEXT_MAX.email, tooLong(254), 'email'],
  ['booking contact e-mail', bookingCreateRequestSchema, booking, ['contact', 'email'], TEXT_MAX.email, tooLong(254), 'email'],
  ['staff customer.create e-mail', customerCreateRequestSchema, customer, ['email'], TEXT_MAX.email, tooLong(254), 'email'],
  ['checkout e-mail', checkoutPlaceRequestSchema, checkout, ['contact', 'email'], TEXT_MAX.email, tooLong(254), 'email'],
  ['company contact e-mail', companyPersonSchema, person, ['email'], TEXT_MAX.email, tooLong(254), 'email'],
  // Phone
  ['register phone', registerRequestSchema, registration, ['phone'], TEXT_MAX.phone, tooLong(32), 'phone'],
  ['account details phone', accountDetailsUpdateSchema, customer, ['phone'], TEXT_MAX.phone, tooLong(32), 'phone'],
  ['staff customer.create phone', customerCreateRequestSchema, customer, ['phone'], TEXT_MAX.phone, tooLong(32), 'phone'],
  ['MobilePay phone', mobilePayPaymentSchema, { method: 'mobilepay', phone: '20304050' }, ['phone'], TEXT_MAX.phone, tooLong(32), 'phone'],
  // Passwords
  ['store login password', storeLoginRequestSchema, { storeId: 'st-001', username: 'medarbejder1', password: 'x' }, ['password'], TEXT_MAX.password, tooLong(200)],
  ['login password', loginRequestSchema, { email: 'ida@example.dk', password: 'x' }, ['password'], TEXT_MAX.password, tooLong(200)],
  ['store login user name', storeLoginRequestSchema, { storeId: 'st-001', username: 'medarbejder1', password: 'x' }, ['username'], TEXT_MAX.username, tooLong(100)],
  // Street and city
  ['account details street', accountDetailsUpdateSchema, customer, ['street'], TEXT_MAX.street, tooLong(120)],
  ['staff customer.create street', customerCreateRequestSchema, customer, ['street'], TEXT_MAX.street, tooLong(120)],
  ['staff customer.create city', customerCreateRequestSchema, customer, ['city'], TEXT_MAX.city, tooLong(60)],
  ['checkout street', checkoutPlaceRequestSchema, checkout, ['address', 'street'], TEXT_MAX.street, tooLong(120)],
  ['checkout city', checkoutPlaceRequestSchema, checkout, ['address', 'city'], TEXT_MAX.city, tooLong(60)],
  ['temporary address street', temporaryAddressRequestSchema, { ...address, from: '2026-12-01', to: '2026-12-10' }, ['street'], TEXT_MAX.street, tooLong(120)],
  ['company address street', companyAddressSchema, address, ['street'], TEXT_MAX.street, tooLong(120)],
  // Notes and comments
  ['booking note to the store', bookingCreateRequestSchema, booking, ['noteToStore'], TEXT_MAX.freeText, 'Beskeden til butikken må højst være 500 tegn.'],
  ['return comment', returnRequestSchema, { lines: [{ lineIndex: 0, quantity: 1 }], reason: 'other', comment: 'Forkert farve' }, ['comment'], TEXT_MAX.freeText, 'Skriv højst 500 tegn.'],
  ['requisition decision note', requisitionDecisionSchema, { requisitionId: 'r-1', decision: 'rejected', note: 'Ikke omfattet' }, ['note'], TEXT_MAX.freeText, 'Noten må højst være 500 tegn.'],
  ['eye-health day note', eyeHealthDayRequestSchema, eyeHealthDay, ['note'], 1000, tooLong(1000)],
  // Search queries
  ['widget search query', searchResultsRequestSchema, { ...ctx, query: 'ray' }, ['query'], TEXT_MAX.query, tooLong(200)],
  ['widget suggestions query', suggestionsQuerySchema, { ...ctx, query: 'ray' }, ['query'], TEXT_MAX.query, tooLong(200)],
  ['site search query', siteSearchQuerySchema, { q: 'ray' }, ['q'], TEXT_MAX.query, tooLong(200)],
  ['store search query', storeSearchQuerySchema, { q: 'Aarhus' }, ['q'], 100, 'Søgningen må højst være 100 tegn.'],
  ['staff customer search', customerSearchRequestSchema, { q: 'Mette' }, ['q'], 100, tooLong(100)],
  // Widget ids, filters and event fields
  ['widget filter field', searchResultsRequestSchema, { ...ctx, filters: [{ field: 'brand', op: 'in', data: ['Gucci'] }] }, ['filters', 0, 'field'], TEXT_MAX.id, tooLong(100)],
  ['widget shopper id', searchResultsRequestSchema, { ...ctx, dsid: 'd-1' }, ['dsid'], TEXT_MAX.id, tooLong(100)],
  ['widget recommendation product id', recommendProductsRequestSchema, { ...ctx, product_id: 'a-00001' }, ['product_id'], TEXT_MAX.id, tooLong(100)],
  ['tracking event product id', providerEventRequestSchema, event, ['product_id'], TEXT_MAX.id, tooLong(100)],
  ['tracking event session id', providerEventRequestSchema, { ...event, session_id: 's-1' }, ['session_id'], TEXT_MAX.id, tooLong(100)],
  ['tracking event currency', providerEventRequestSchema, { event_type: 'purchase', transaction_id: 't-1', currency: 'DKK', products: [{ sku: 'a', price: 1, quantity: 1 }] }, ['currency'], TEXT_MAX.code, tooLong(40)],
  ['tracking event sku', providerEventRequestSchema, { event_type: 'purchase', transaction_id: 't-1', currency: 'DKK', products: [{ sku: 'a', price: 1, quantity: 1 }] }, ['products', 0, 'sku'], TEXT_MAX.id, tooLong(100)],
  ['outbox command type', syncRequestSchema, { commands: [envelope()] }, ['commands', 0, 'type'], TEXT_MAX.commandType, tooLong(64)],
];

type ListRow = [name: string, schema: Schema, base: unknown, path: (string | number)[], max: number, item: () => unknown];
const listRows: ListRow[] = [
  ['tracking events per call', createEventsRequestSchema, { ...ctx, events: [event] }, ['events'], LIST_MAX.events, () => event],
  ['tracking event product ids', providerEventRequestSchema, { ...event, product_ids: ['a'] }, ['product_ids'], LIST_MAX.products, () => 'a-00001'],
  ['tracking event products', providerEventRequestSchema, { event_type: 'purchase', transaction_id: 't-1', currency: 'DKK', products: [] }, ['products'], LIST_MAX.products, () => ({ sku: 'a', price: 1, quantity: 1 })],
  ['widget recommendation product ids', recommendProductsRequestSchema, { ...ctx, product_ids: ['a'] }, ['product_ids'], 100, () => 'a-00001'],
  ['widget filters', searchResultsRequestSchema, { ...ctx, filters: [] }, ['filters'], LIST_MAX.filters, () => ({ field: 'brand', op: 'in', data: ['Gucci'] })],
  ['outbox commands per request', syncRequestSchema, { commands: [envelope()] }, ['commands'], LIST_MAX.syncCommands, envelope],
  ['store order lines', orderCreateSchema, { orderId: uuid(), customerId: uuid(), prescriptionId: null, lines: [line], deliveryMethodId: 119 }, ['lines'], LIST_MAX.orderLines, () => line],
];

describe('every string from outside has a maximum (issue 15)', () => {
  it.each(textRows)('%s: 200,000 characters are refused with the Danish message, the maximum is accepted', (_name, schema, base, path, max, message, kind = 'text') => {
    expect(fields(z.safeParse(schema, base))).toEqual({});
    expect(fields(z.safeParse(schema, withValue(base, path, LONG)))).toEqual({ [path.join('.')]: message });
    const atMax = fill[kind](max);
    expect(atMax).toHaveLength(max);
    expect(fields(z.safeParse(schema, withValue(base, path, atMax)))).toEqual({});
  });

  it('reads stored tracking events without the limits, so events stored before them still load', () => {
    const stored = { event_type: 'click', product_id: 'x'.repeat(500), currency: 'x'.repeat(100) };
    expect(providerEventSchema.safeParse(stored).success).toBe(true);
    expect(providerEventRequestSchema.safeParse(stored).success).toBe(false);
  });

  it('bounds a widget filter value: a value, a list or a list of lists, none of them long', () => {
    for (const data of ['Gucci', 12.5, true, ['Ray-Ban', 'Gucci'], [100, 2500.5], [['Solbriller', 'Barn']], undefined]) {
      expect(selectedFilterSchema.safeParse({ field: 'brand', op: 'in', data }).success, JSON.stringify(data)).toBe(true);
    }
    for (const data of [LONG, [LONG], [[LONG]], Array.from({ length: LIST_MAX.filterValues + 1 }, () => 'a'), [[['too deep']]], { an: 'object' }]) {
      expect(selectedFilterSchema.safeParse({ field: 'brand', op: 'in', data }).success).toBe(false);
    }
  });
});

describe('every list from outside has a maximum (issue 15)', () => {
  it.each(listRows)('%s: one over the maximum is refused with the Danish message, the maximum is accepted', (_name, schema, base, path, max, item) => {
    expect(fields(z.safeParse(schema, base))).toEqual({});
    const over = fields(z.safeParse(schema, withValue(base, path, Array.from({ length: max + 1 }, item))));
    expect(over[path.join('.')]).toBe(limitMessages.tooMany(max));
    expect(fields(z.safeParse(schema, withValue(base, path, Array.from({ length: max }, item))))).toEqual({});
  });
});
