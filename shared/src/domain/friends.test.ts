import { describe, expect, it } from 'vitest';
import { FRIENDS_RULES, freeVisit, friendsFrameDiscount, isCoveredPurchase, isGlassesCategory, purchaseCover } from './friends';

describe('Friends frame discount (50 % with a booked eye test)', () => {
  it('halves the frame price for a member with a booked eye test', () => {
    expect(friendsFrameDiscount(149_900, { member: true, hasBookedEyeTest: true })).toBe(74_950);
    expect(friendsFrameDiscount(99_999, { member: true, hasBookedEyeTest: true })).toBe(49_999);
    expect(FRIENDS_RULES.frameDiscountPercent).toBe(50);
  });

  it('gives nothing without the booking, without membership or on a free frame', () => {
    expect(friendsFrameDiscount(149_900, { member: true, hasBookedEyeTest: false })).toBe(0);
    expect(friendsFrameDiscount(149_900, { member: false, hasBookedEyeTest: true })).toBe(0);
    expect(friendsFrameDiscount(0, { member: true, hasBookedEyeTest: true })).toBe(0);
  });
});

describe('accident cover (365 days) and exchange guarantee (100 days)', () => {
  it('counts the purchase day as day one', () => {
    expect(purchaseCover('2026-01-01', '2026-01-01')).toEqual({ accidentCoverUntil: '2026-12-31', accidentCoverActive: true, exchangeUntil: '2026-04-10', exchangeActive: true });
  });

  it('ends each cover after its last day', () => {
    expect(purchaseCover('2026-01-01', '2026-04-10').exchangeActive).toBe(true);
    expect(purchaseCover('2026-01-01', '2026-04-11')).toMatchObject({ exchangeActive: false, accidentCoverActive: true });
    expect(purchaseCover('2026-01-01', '2027-01-01')).toMatchObject({ exchangeActive: false, accidentCoverActive: false });
  });

  it('covers glasses bought on or after joining, not lenses or earlier purchases', () => {
    expect(isCoveredPurchase('2026-05-01', '2026-05-01', 'briller')).toBe(true);
    expect(isCoveredPurchase('2026-05-01', '2026-04-01', 'solbriller')).toBe(true);
    expect(isCoveredPurchase('2026-03-31', '2026-04-01', 'briller')).toBe(false);
    expect(isCoveredPurchase('2026-05-01', '2026-04-01', 'kontaktlinser')).toBe(false);
    expect(isGlassesCategory('sportsbriller')).toBe(true);
    expect(isGlassesCategory('oejenpleje')).toBe(false);
  });
});

describe('free visit within a year of the last one', () => {
  it('is free up to and including the same date a year later', () => {
    expect(freeVisit('2026-03-15', '2027-03-15')).toEqual({ available: true, until: '2027-03-15' });
    expect(freeVisit('2026-03-15', '2027-03-16')).toEqual({ available: false, until: '2027-03-15' });
    expect(freeVisit('2024-02-29', '2025-02-28')).toEqual({ available: true, until: '2025-02-28' });
  });

  it('has nothing to count from before the first visit', () => {
    expect(freeVisit(null, '2026-11-22')).toEqual({ available: false, until: null });
  });
});
