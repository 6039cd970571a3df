import { describe, expect, it } from 'vitest';
import { BADGE_CAP, badgeLabel, canIncreaseQuantity, cartCount, cartTotal, MAX_LINE_QUANTITY } from './cart-rules';

describe('cart constants (SPEC §9)', () => {
  it('caps a line at 12 and the badge at 9', () => {
    expect(MAX_LINE_QUANTITY).toBe(12);
    expect(BADGE_CAP).toBe(9);
  });
});

describe('badgeLabel', () => {
  it('is empty for an empty cart', () => {
    expect(badgeLabel(0)).toBe('');
    expect(badgeLabel(-1)).toBe('');
    expect(badgeLabel(Number.NaN)).toBe('');
  });
  it('shows 1–9 as the number', () => {
    for (let n = 1; n <= 9; n++) expect(badgeLabel(n)).toBe(String(n));
  });
  it('shows 9+ above 9', () => {
    expect(badgeLabel(10)).toBe('9+');
    expect(badgeLabel(144)).toBe('9+');
  });
});

describe('canIncreaseQuantity (SPEC §5)', () => {
  it('allows an editable line below 12', () => {
    expect(canIncreaseQuantity({ isEditAble: true, quantity: 1 })).toBe(true);
    expect(canIncreaseQuantity({ isEditAble: true, quantity: 11 })).toBe(true);
  });
  it('stops at 12', () => {
    expect(canIncreaseQuantity({ isEditAble: true, quantity: 12 })).toBe(false);
  });
  it('never allows a line that is not editable', () => {
    expect(canIncreaseQuantity({ isEditAble: false, quantity: 1 })).toBe(false);
  });
});

describe('cartTotal and cartCount', () => {
  const items = [
    { quantity: 2, price: { amount: 19900, ordinaryPrice: 19900, isCampaign: false } },
    { quantity: 1, price: { amount: 5000, ordinaryPrice: 6000, isCampaign: true } },
    { quantity: 12, price: { amount: 1, ordinaryPrice: 1, isCampaign: false } },
  ];
  it('totals amount × quantity in øre (the campaign amount, not the ordinary price)', () => {
    expect(cartTotal(items)).toBe(2 * 19900 + 5000 + 12);
  });
  it('counts items across lines', () => {
    expect(cartCount(items)).toBe(15);
  });
  it('is 0 for an empty cart', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });
});
