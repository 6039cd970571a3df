import { describe, expect, it } from 'vitest';
import {
  bookingSchema,
  cartUpdateRequestSchema,
  companyContractSchema,
  customerCreateRequestSchema,
  giftCardLookupRequestSchema,
  orderDisplayStatus,
  purchaseEventSchema,
  registerRequestSchema,
  subscriptionIntervalSchema,
  temporaryAddressSchema,
} from './index';

/** First message per field, as the API reports them. */
function messages(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('shared schemas', () => {
  it('accepts subscription intervals case-insensitively', () => {
    expect(subscriptionIntervalSchema.parse('M3')).toBe('m3');
    expect(subscriptionIntervalSchema.safeParse('m4').success).toBe(false);
  });

  it('refuses cart quantities over 12 or below 0 with Danish messages', () => {
    expect(messages(cartUpdateRequestSchema.safeParse({ skuId: 'x', quantity: 13 }))).toEqual({ quantity: 'Du kan højst købe 12 stk. pr. linje' });
    expect(messages(cartUpdateRequestSchema.safeParse({ skuId: 'x', quantity: -1 }))).toEqual({ quantity: 'Antal kan ikke være negativt' });
    expect(messages(cartUpdateRequestSchema.safeParse({ skuId: 'x', quantity: 'abc' }))).toEqual({ quantity: 'Antal skal være et helt tal' });
  });

  it('checks registration fields and the password repeat', () => {
    const r = registerRequestSchema.safeParse({ firstName: 'Søren', lastName: 'Ågård', email: 'a@b.dk', phone: '20304050', password: 'langkode1', passwordRepeat: 'langkode2', acceptTerms: true });
    expect(messages(r)).toEqual({ passwordRepeat: 'Adgangskoderne er ikke ens.' });
  });

  it('creates customers postcode first, with CPR in DDMMYY-XXXX form', () => {
    const ok = customerCreateRequestSchema.safeParse({ zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '+45 20 30 40 50', street: 'Søndergade 1', cpr: '070761-4285' });
    expect(ok.success).toBe(true);
    const bad = customerCreateRequestSchema.safeParse({ zip: '80', city: '', firstName: 'M$', lastName: 'J', phone: 'x', street: '', cpr: '0707614' });
    expect(Object.keys(messages(bad)).sort()).toEqual(['city', 'cpr', 'firstName', 'phone', 'street', 'zip']);
  });

  it('maps order lifecycle to the display statuses', () => {
    expect(orderDisplayStatus.controlled).toBe('Handling');
    expect(orderDisplayStatus.stopped).toBe('Canceled');
  });

  it('requires gift-card number and PIN', () => {
    expect(messages(giftCardLookupRequestSchema.safeParse({ number: '', pin: '' }))).toEqual({ number: 'Skal udfyldes.', pin: 'Skal udfyldes.' });
  });

  it('validates bookings, temporary addresses and company contracts', () => {
    expect(bookingSchema.safeParse({ id: 'b', storeId: 'st-001', examType: 'synstest', ageGroup: '18-75', start: 's', end: 'e', noteToStore: 'x'.repeat(501), requisitionType: null, workingDistances: null, tools: null, other: null, status: 'requested', confirmationState: 1, customerId: null }).success).toBe(false);
    expect(messages(temporaryAddressSchema.safeParse({ street: 'Vej 1', zip: '8000', city: 'Aarhus C', from: '2026-12-10', to: '2026-12-01' }))).toEqual({ to: 'Slutdatoen skal ligge efter startdatoen.' });
    const contract = companyContractSchema.safeParse({ organisationNumber: '13748136' });
    expect(messages(contract).organisationNumber).toBe('CVR-nummeret skal skrives som NN-NN-NN-NN.');
  });

  it('applies the SPEC §5 purchase-event rules', () => {
    const ok = purchaseEventSchema.parse({ transaction_id: 1234, currency: 'DKK', items: [{ item_id: 77, price: 199.5, quantity: 2 }] });
    expect(ok.transaction_id).toBe('1234');
    expect(ok.items[0]!.item_id).toBe('77');
    expect(messages(purchaseEventSchema.safeParse({ transaction_id: 'x', currency: '', items: [] })).currency).toBe('purchase event requires a currency string');
    expect(messages(purchaseEventSchema.safeParse({ transaction_id: 'x', currency: 'DKK', items: [{ item_id: '', price: 1, quantity: 0 }] }))).toEqual({
      'items.0.item_id': 'purchase item requires a non-empty item_id',
      'items.0.quantity': 'purchase item requires a non-zero quantity',
    });
    expect(purchaseEventSchema.safeParse('nope').success).toBe(false);
    expect(messages(purchaseEventSchema.safeParse({ transaction_id: 'x', currency: 'DKK', items: 'x' })).items).toBe('purchase event requires an items array');
  });
});
