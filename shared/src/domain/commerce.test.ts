import { describe, expect, it } from 'vitest';
import type { ArticlePrice, PricePart } from '../schemas/article';
import { BADGE_CAP, badgeLabel, canIncreaseQuantity, cartCount, cartTotal, MAX_LINE_QUANTITY } from './cart-rules';
import { formatDkk, parseDkk, vatOfGross } from './money';
import { displayPrice } from './price-display';
import { toUrl, UNKNOWN_ROUTE_MARKER } from './routes';

describe('DKK formatting', () => {
  it('formats øre as 1.234,50 kr. with a no-break space', () => {
    expect(formatDkk(123450)).toBe('1.234,50\u00a0kr.');
    expect(formatDkk(0)).toBe('0,00\u00a0kr.');
    expect(formatDkk(99)).toBe('0,99\u00a0kr.');
    expect(formatDkk(123456789)).toBe('1.234.567,89\u00a0kr.');
    expect(formatDkk(-4900)).toBe('-49,00\u00a0kr.');
  });
  it('matches Intl da-DK where the runtime has it', () => {
    const intl = new Intl.NumberFormat('da-DK', { style: 'currency', currency: 'DKK' }).format(1234.5);
    if (intl.includes('kr.')) expect(formatDkk(123450)).toBe(intl);
  });
  it('parses Danish amounts back to øre', () => {
    expect(parseDkk('1.234,50')).toBe(123450);
    expect(parseDkk('1234,5')).toBe(123450);
    expect(parseDkk('1234 kr.')).toBe(123400);
    expect(parseDkk('12,345')).toBeNull();
    expect(parseDkk('abc')).toBeNull();
  });
  it('takes 25 % VAT out of a gross price', () => {
    expect(vatOfGross(12500)).toBe(2500);
    expect(vatOfGross(99)).toBe(20);
  });
});

describe('cart rules', () => {
  it('caps the badge at 9', () => {
    expect(BADGE_CAP).toBe(9);
    expect(badgeLabel(0)).toBe('');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
  });
  it('allows increasing only editable lines below 12', () => {
    expect(MAX_LINE_QUANTITY).toBe(12);
    expect(canIncreaseQuantity({ isEditAble: true, quantity: 11 })).toBe(true);
    expect(canIncreaseQuantity({ isEditAble: true, quantity: 12 })).toBe(false);
    expect(canIncreaseQuantity({ isEditAble: false, quantity: 1 })).toBe(false);
  });
  it('totals in øre', () => {
    const items = [
      { quantity: 2, price: { amount: 19900, ordinaryPrice: 19900, isCampaign: false } },
      { quantity: 1, price: { amount: 5000, ordinaryPrice: 6000, isCampaign: true } },
    ];
    expect(cartTotal(items)).toBe(44800);
    expect(cartCount(items)).toBe(3);
  });
});

const part = (status: number, amount = 100000, ordinary = amount): PricePart => ({
  publicationStatus: status,
  currency: 'DKK',
  isCampaign: amount < ordinary,
  ordinaryPrice: ordinary,
  couponPrice: null,
  fromPrice: false,
  amount,
});

describe('price display (SPEC §4)', () => {
  it('maps publicationStatus to availability and hides unknown statuses', () => {
    expect(displayPrice({ unit: part(20), subscription: null }, { storeMode: false })?.availability).toBe('in-stock');
    expect(displayPrice({ unit: part(30), subscription: null }, { storeMode: false })?.availability).toBe('out-of-stock');
    expect(displayPrice({ unit: part(40), subscription: null }, { storeMode: false })?.availability).toBe('store-only');
    expect(displayPrice({ unit: part(0), subscription: null }, { storeMode: false })?.availability).toBe('store-only');
    expect(displayPrice({ unit: part(10), subscription: null }, { storeMode: false })).toBeNull();
  });
  it('shows the subscription price in store mode when its status is not 0', () => {
    const price: ArticlePrice = { unit: part(20, 30000), subscription: part(20, 25000) };
    expect(displayPrice(price, { storeMode: true })).toMatchObject({ part: 'subscription', amount: 25000 });
    expect(displayPrice(price, { storeMode: false })).toMatchObject({ part: 'unit', amount: 30000 });
    expect(displayPrice({ ...price, subscription: part(0, 25000) }, { storeMode: true })).toMatchObject({ part: 'unit' });
  });
  it('marks a campaign only when the amount is below the ordinary price', () => {
    expect(displayPrice({ unit: part(20, 80000, 100000), subscription: null }, { storeMode: false })?.isCampaign).toBe(true);
  });
});

describe('toUrl (SPEC §2)', () => {
  it('fills placeholders and encodes values', () => {
    const warn = (m: string) => warnings.push(m);
    const warnings: string[] = [];
    expect(toUrl('orderReturn', { orderId: 'O-1 2' }, { warn })).toBe('/min-konto/ordrer/O-1%202/returnering');
    expect(toUrl('subscriptionInvoice', { financeTypeId: 3, id: 9, subscriptionId: 'S1' }, { warn })).toBe('/min-konto/betaling-fakturaer/3/inv/9/S1');
    expect(toUrl('lifestyleAgreement', { product: 'briller' }, { warn })).toBe('/briller-lifestyle-aftale');
    expect(warnings).toEqual([]);
  });
  it('returns a marker and warns for an unknown key, a pathless route and a missing parameter', () => {
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    expect(toUrl('nope', {}, { warn })).toBe(`${UNKNOWN_ROUTE_MARKER}nope`);
    expect(toUrl('faq', {}, { warn })).toBe(`${UNKNOWN_ROUTE_MARKER}faq`);
    expect(toUrl('order', {}, { warn })).toBe('/min-konto/ordrer/#mangler-orderId');
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('nope');
  });
});
