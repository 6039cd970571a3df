import { describe, expect, it } from 'vitest';
import type { CheckoutQuote } from '@optik/shared';
import { checkoutReducer, initialCheckout, type CheckoutState } from './checkout-reducer';

const quote: CheckoutQuote = {
  lines: [],
  goods: 40_000,
  discount: 4_000,
  discountCode: 'VELKOMMEN10',
  friendsDiscount: 0,
  shipping: 0,
  total: 36_000,
  vat: 7_200,
  giftCardCover: 0,
  toPay: 36_000,
  pricesChanged: false,
};
const withErrors = (errors: CheckoutState['errors']): CheckoutState => ({ ...initialCheckout, errors });
const saved = { contact: { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' }, address: { zip: '8000', city: 'Aarhus C', street: 'Søndergade 12' } };

describe('checkout reducer', () => {
  it('keeps a choice only when the API accepted it, and then drops that field’s error', () => {
    const s = checkoutReducer(withErrors({ discountCode: 'Rabatkoden er ugyldig.', 'contact.email': 'x' }), { type: 'quote-accepted', choices: { giftCards: [], discountCode: 'VELKOMMEN10' }, quote, field: 'discountCode' });
    expect(s.choices.discountCode).toBe('VELKOMMEN10');
    expect(s.quote).toEqual({ state: 'ready', data: quote });
    expect(s.errors).toEqual({ 'contact.email': 'x' });
  });

  it('fills blank contact fields from the account and the address only as a whole and only when none is typed', () => {
    const typed = checkoutReducer(initialCheckout, { type: 'contact', field: 'firstName', value: 'Mette Marie' });
    const s = checkoutReducer(typed, { type: 'prefill', saved });
    expect(s.contact).toEqual({ firstName: 'Mette Marie', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' });
    expect(s.address).toEqual(saved.address);

    const started = checkoutReducer(initialCheckout, { type: 'address', field: 'zip', value: '5000' });
    expect(checkoutReducer(started, { type: 'prefill', saved }).address).toEqual({ zip: '5000', city: '', street: '' });
    // No saved street: no address (a postcode alone is not one).
    expect(checkoutReducer(initialCheckout, { type: 'prefill', saved: { contact: {}, address: { zip: '8000', city: 'Aarhus C', street: null } } }).address).toEqual(initialCheckout.address);
  });

  it('takes the city for a found postcode only while that postcode is still typed', () => {
    let s = checkoutReducer(withErrors({ 'address.zip': 'Postnummeret findes ikke.' }), { type: 'address', field: 'zip', value: '8000' });
    s = checkoutReducer(s, { type: 'postcode-found', zip: '8000', city: 'Aarhus C' });
    expect(s.address.city).toBe('Aarhus C');
    expect(s.errors).toEqual({});
    const moved = checkoutReducer({ ...s, address: { ...s.address, zip: '5000', city: '' } }, { type: 'postcode-found', zip: '8000', city: 'Aarhus C' });
    expect(moved.address.city).toBe('');
  });

  it('a delivery choice clears the delivery, parcel shop and store errors; picking one clears its own', () => {
    const s = checkoutReducer(withErrors({ deliveryMethodId: 'a', collectionPointId: 'b', pickupStoreId: 'c', acceptTerms: 'd' }), { type: 'choose-delivery', id: 79 });
    expect(s.selectedDelivery).toBe(79);
    expect(s.errors).toEqual({ acceptTerms: 'd' });
    const p = checkoutReducer(withErrors({ collectionPointId: 'Vælg en pakkeshop.' }), { type: 'pick', field: 'collectionPointId', value: 'pn-1' });
    expect(p.collectionPointId).toBe('pn-1');
    expect(p.errors).toEqual({});
  });

  it('accepting the terms clears their error; unticking keeps errors as they are', () => {
    expect(checkoutReducer(withErrors({ acceptTerms: 'Du skal acceptere vilkårene.' }), { type: 'terms', accepted: true }).errors).toEqual({});
    expect(checkoutReducer(withErrors({ acceptTerms: 'x' }), { type: 'terms', accepted: false }).errors).toEqual({ acceptTerms: 'x' });
  });

  it('a rechecked field loses its error when fixed; on change a still wrong field keeps its message, on blur it takes the new one', () => {
    const s = withErrors({ 'contact.email': 'E-mail skal indeholde @ og et domæne.', 'contact.phone': 'p' });
    expect(checkoutReducer(s, { type: 'rechecked', field: 'contact.email', found: undefined, onBlur: false }).errors).toEqual({ 'contact.phone': 'p' });
    expect(checkoutReducer(s, { type: 'rechecked', field: 'contact.email', found: 'Ny besked', onBlur: false })).toBe(s);
    expect(checkoutReducer(s, { type: 'rechecked', field: 'contact.email', found: 'Ny besked', onBlur: true }).errors['contact.email']).toBe('Ny besked');
    // A field without an error is not given one by a recheck.
    expect(checkoutReducer(s, { type: 'rechecked', field: 'contact.firstName', found: 'Skal udfyldes.', onBlur: true })).toBe(s);
  });

  it('a successful apply empties its input; a refused one keeps it', () => {
    const typed = { ...initialCheckout, discountInput: 'velkommen10', gift: { number: '6001', pin: '1234' }, applying: true };
    expect(checkoutReducer(typed, { type: 'applying', applying: false, clear: 'discount' })).toMatchObject({ applying: false, discountInput: '', gift: { number: '6001', pin: '1234' } });
    expect(checkoutReducer(typed, { type: 'applying', applying: false, clear: 'gift' })).toMatchObject({ discountInput: 'velkommen10', gift: { number: '', pin: '' } });
    expect(checkoutReducer(typed, { type: 'applying', applying: false })).toMatchObject({ discountInput: 'velkommen10', gift: { number: '6001', pin: '1234' } });
  });

  it('errors come with their alert, and replace the previous ones', () => {
    const s = checkoutReducer(withErrors({ 'contact.email': 'x' }), { type: 'errors', errors: { 'address.street': 'y' }, alert: 'Ret de markerede felter, og prøv igen.' });
    expect(s.errors).toEqual({ 'address.street': 'y' });
    expect(s.alert).toBe('Ret de markerede felter, og prøv igen.');
  });
});
