import { describe, expect, it } from 'vitest';
import { FRIENDS_RULES, frameDiscountLines, freeVisit, friendsFrameDiscount, givesFrameDiscount, isCoveredPurchase, isGlassesCategory, purchaseCover, type EyeTestBooking } from './friends';

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

describe('which booked eye tests give the frame discount', () => {
  // 22 November 2026, 12:00 in Copenhagen.
  const now = new Date('2026-11-22T11:00:00.000Z');
  const test = (over: Partial<EyeTestBooking> = {}): EyeTestBooking => ({ examType: 'synstest', status: 'confirmed', start: '2026-11-25T09:00:00.000Z', ...over });

  it('counts an upcoming eye test, requested or confirmed, also the children’s exam', () => {
    expect(givesFrameDiscount(test(), now)).toBe(true);
    expect(givesFrameDiscount(test({ status: 'requested' }), now)).toBe(true);
    expect(givesFrameDiscount(test({ examType: 'børnesyn' }), now)).toBe(true);
    expect(givesFrameDiscount(test({ frameDiscountOrderId: null }), now)).toBe(true);
  });

  it('never counts a cancelled or already used booking, or exams glasses are not made from', () => {
    expect(givesFrameDiscount(test({ status: 'cancelled' }), now)).toBe(false);
    expect(givesFrameDiscount(test({ frameDiscountOrderId: 'o-1' }), now)).toBe(false);
    for (const examType of ['kørekort', 'kontaktlinsetilpasning', 'kontaktlinsekontrol', 'høretest'] as const) expect(givesFrameDiscount(test({ examType }), now)).toBe(false);
  });

  it('counts a confirmed test that took place up to 90 days ago, not an unconfirmed or older one', () => {
    expect(FRIENDS_RULES.frameDiscountDaysAfterTest).toBe(90);
    expect(givesFrameDiscount(test({ start: '2026-11-22T08:00:00.000Z' }), now)).toBe(true);
    // 90 days before 22 November is 24 August (Copenhagen dates).
    expect(givesFrameDiscount(test({ start: '2026-08-24T07:00:00.000Z' }), now)).toBe(true);
    expect(givesFrameDiscount(test({ start: '2026-08-23T07:00:00.000Z' }), now)).toBe(false);
    expect(givesFrameDiscount(test({ start: '2026-11-20T09:00:00.000Z', status: 'requested' }), now)).toBe(false);
  });
});

describe('the frame discount on an order’s lines', () => {
  const frame = (unitPrice: number, quantity = 1) => ({ category: 'briller' as const, unitPrice, quantity });

  it('takes half off one frame per eye test, the dearest first', () => {
    const lines = [frame(99_900), { category: 'kontaktlinser' as const, unitPrice: 30_000, quantity: 2 }, frame(149_900)];
    expect(frameDiscountLines(lines, { member: true, eyeTests: 1 })).toEqual({ lines: [0, 0, 74_950], eyeTestsUsed: 1 });
    expect(frameDiscountLines(lines, { member: true, eyeTests: 3 })).toEqual({ lines: [49_950, 0, 74_950], eyeTestsUsed: 2 });
  });

  it('counts one item of a line per eye test', () => {
    expect(frameDiscountLines([frame(99_999, 2)], { member: true, eyeTests: 1 })).toEqual({ lines: [49_999], eyeTestsUsed: 1 });
    expect(frameDiscountLines([frame(99_999, 2)], { member: true, eyeTests: 2 })).toEqual({ lines: [99_998], eyeTestsUsed: 2 });
  });

  it('gives nothing to a non-member, without an eye test, or on sunglasses, sports glasses and free frames', () => {
    expect(frameDiscountLines([frame(99_900)], { member: false, eyeTests: 1 })).toEqual({ lines: [0], eyeTestsUsed: 0 });
    expect(frameDiscountLines([frame(99_900)], { member: true, eyeTests: 0 })).toEqual({ lines: [0], eyeTestsUsed: 0 });
    const other = [
      { category: 'solbriller' as const, unitPrice: 120_000, quantity: 1 },
      { category: 'sportsbriller' as const, unitPrice: 120_000, quantity: 1 },
      frame(0),
    ];
    expect(frameDiscountLines(other, { member: true, eyeTests: 1 })).toEqual({ lines: [0, 0, 0], eyeTestsUsed: 0 });
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
