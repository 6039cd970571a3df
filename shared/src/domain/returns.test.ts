import { describe, expect, it } from 'vitest';
import {
  checkReturnLine,
  formatCopenhagenDate,
  formatCopenhagenDateTime,
  fullMonthsBetween,
  isWithinWithdrawal,
  lensKindOf,
  lineReturnability,
  monthsLeftInPeriod,
  openedBoxRefund,
  orderTransition,
  returnMessages,
  returnTransition,
  unitRefundOf,
  withdrawalDays,
  withdrawalDeadline,
  ORDER_TRANSITIONS,
  type LineFacts,
} from './returns';

const at = (iso: string) => new Date(iso);

describe('withdrawal right (SPEC §1: 30 or 90 days)', () => {
  it('gives 90 days to articles with the 90-day badge or flag, 30 to the rest', () => {
    expect(withdrawalDays({ badges: ['withdrawal-90-days', 'free-return'], flags: [] })).toBe(90);
    expect(withdrawalDays({ badges: ['fast-delivery'], flags: [{ text: '90 dages fortrydelsesret', color: 'Blue' }] })).toBe(90);
    expect(withdrawalDays({ badges: ['withdrawal-30-days'], flags: [{ text: 'Spar 20 %', color: 'Orange' }] })).toBe(30);
    expect(withdrawalDays({ badges: [], flags: [{ text: '190 dages fortrydelsesret', color: 'Blue' }] })).toBe(30);
    expect(withdrawalDays(null)).toBe(30);
  });

  it('ends the period on the delivery date plus the days, in Copenhagen', () => {
    // 23:30 UTC on 31 Oct is 1 Nov in Copenhagen (winter time).
    expect(withdrawalDeadline('2026-10-31T23:30:00Z', 30)).toBe('2026-12-01');
    expect(withdrawalDeadline('2026-11-01', 90)).toBe('2027-01-30');
  });

  it('is open through the whole deadline day and closed the day after', () => {
    expect(isWithinWithdrawal('2026-12-01', at('2026-12-01T22:59:00Z'))).toBe(true);
    expect(isWithinWithdrawal('2026-12-01', at('2026-12-01T23:00:00Z'))).toBe(false);
  });

  it('formats dates the Danish way', () => {
    expect(formatCopenhagenDate('2026-12-01')).toBe('1. december 2026');
    expect(formatCopenhagenDate('2026-06-30T22:30:00Z')).toBe('1. juli 2026');
    expect(formatCopenhagenDateTime('2026-06-30T22:05:00Z')).toBe('1. juli 2026 kl. 00.05');
  });
});

describe('opened monthly-lens boxes (SPEC §9)', () => {
  const lens = (lensType: string) => ({ category: 'kontaktlinser' as const, attributes: { lensType }, specification: {} });

  it('tells monthly lenses from other lenses and from other goods', () => {
    expect(lensKindOf(lens('månedslinser'))).toBe('monthly');
    expect(lensKindOf(lens('endagslinser'))).toBe('other-lens');
    expect(lensKindOf({ category: 'briller', attributes: {}, specification: {} })).toBeNull();
  });

  it('counts whole calendar months', () => {
    expect(fullMonthsBetween({ year: 2026, month: 1, day: 15 }, { year: 2026, month: 2, day: 14 })).toBe(0);
    expect(fullMonthsBetween({ year: 2026, month: 1, day: 15 }, { year: 2026, month: 2, day: 15 })).toBe(1);
    expect(fullMonthsBetween({ year: 2026, month: 1, day: 31 }, { year: 2026, month: 2, day: 28 })).toBe(1);
    expect(fullMonthsBetween({ year: 2026, month: 3, day: 1 }, { year: 2026, month: 2, day: 1 })).toBe(0);
  });

  it('leaves the months of the current six-month period after the one in use', () => {
    expect(monthsLeftInPeriod('2026-01-15', at('2026-01-20T12:00:00Z'))).toBe(5);
    expect(monthsLeftInPeriod('2026-01-15', at('2026-03-20T12:00:00Z'))).toBe(3);
    expect(monthsLeftInPeriod('2026-01-15', at('2026-07-14T12:00:00Z'))).toBe(0);
    // A subscription's second period starts again at six months.
    expect(monthsLeftInPeriod('2026-01-15', at('2026-07-15T12:00:00Z'))).toBe(5);
  });

  it('refunds an opened box for the months left only', () => {
    expect(openedBoxRefund(37_900, 5)).toBe(31_583);
    expect(openedBoxRefund(37_900, 0)).toBe(0);
  });
});

describe('state transitions (SPEC §4)', () => {
  it('lets an order move forward to delivered and refuses going back or out of a final state', () => {
    expect(orderTransition('handled', 'controlled')).toEqual({ ok: true });
    expect(orderTransition('controlled', 'delivered')).toEqual({ ok: true });
    expect(orderTransition('handled', 'cancelled')).toEqual({ ok: true });
    for (const to of ['handled', 'controlled', 'stopped', 'cancelled'] as const) expect(orderTransition('delivered', to).ok).toBe(false);
    expect(orderTransition('cancelled', 'handled')).toEqual({ ok: false, message: 'En ordre, der er annulleret, kan ikke blive under behandling.' });
    expect(orderTransition('controlled', 'handled').ok).toBe(false);
    expect(ORDER_TRANSITIONS.stopped).toEqual([]);
  });

  it('lets a return go from pending to confirmed only', () => {
    expect(returnTransition('pending', 'confirmed')).toEqual({ ok: true });
    expect(returnTransition('confirmed', 'confirmed')).toEqual({ ok: false, message: 'Returneringen er allerede bekræftet.' });
    expect(returnTransition('confirmed', 'pending').ok).toBe(false);
  });
});

describe('what can be returned', () => {
  const now = at('2026-11-22T10:00:00Z');
  const base: LineFacts = {
    orderStatus: 'delivered',
    paid: true,
    deliveredAt: '2026-11-01T12:00:00Z',
    quantity: 2,
    alreadyReturned: 0,
    unitRefund: 50_000,
    withdrawalDays: 30,
    lensKind: null,
    monthsLeft: null,
  };

  it('allows a delivered line within its period, up to what is not returned yet', () => {
    expect(lineReturnability(base, now)).toEqual({ ok: true, deadline: '2026-12-01', maxQuantity: 2, unitRefund: 50_000, openedUnitRefund: null });
    expect(checkReturnLine({ ...base, alreadyReturned: 1 }, { quantity: 1, opened: false }, now)).toEqual({ ok: true, refund: 50_000, monthsLeft: null });
  });

  it('refuses lines that are not delivered, cancelled, unpaid, out of the window or already returned', () => {
    expect(lineReturnability({ ...base, orderStatus: 'controlled', deliveredAt: null }, now)).toMatchObject({ ok: false, message: returnMessages.notDelivered });
    expect(lineReturnability({ ...base, orderStatus: 'cancelled' }, now)).toMatchObject({ ok: false, message: returnMessages.cancelled });
    expect(lineReturnability({ ...base, paid: false }, now)).toMatchObject({ ok: false, message: returnMessages.notPaid });
    expect(lineReturnability({ ...base, deliveredAt: '2026-10-01T12:00:00Z' }, now)).toEqual({ ok: false, deadline: '2026-10-31', message: 'Fortrydelsesfristen udløb 31. oktober 2026.' });
    expect(lineReturnability({ ...base, deliveredAt: '2026-10-01T12:00:00Z', withdrawalDays: 90 }, now).ok).toBe(true);
    expect(lineReturnability({ ...base, alreadyReturned: 2 }, now)).toMatchObject({ ok: false, message: returnMessages.allReturned });
    expect(checkReturnLine(base, { quantity: 3, opened: false }, now)).toEqual({ ok: false, message: returnMessages.tooMany(2) });
  });

  it('refunds opened monthly lenses for the months left and refuses other opened lenses', () => {
    const monthly = { ...base, lensKind: 'monthly' as const, monthsLeft: 5, unitRefund: 37_900 };
    expect(lineReturnability(monthly, now)).toMatchObject({ ok: true, openedUnitRefund: 31_583 });
    expect(checkReturnLine(monthly, { quantity: 2, opened: true }, now)).toEqual({ ok: true, refund: 63_166, monthsLeft: 5 });
    expect(checkReturnLine(monthly, { quantity: 1, opened: false }, now)).toEqual({ ok: true, refund: 37_900, monthsLeft: null });
    expect(checkReturnLine({ ...monthly, monthsLeft: 0 }, { quantity: 1, opened: true }, now)).toEqual({ ok: false, message: returnMessages.noMonthsLeft });
    expect(checkReturnLine({ ...base, lensKind: 'other-lens' }, { quantity: 1, opened: true }, now)).toEqual({ ok: false, message: returnMessages.openedLens });
  });

  it('spreads an order discount over the items', () => {
    expect(unitRefundOf(40_000, 100_000, 10_000)).toBe(36_000);
    expect(unitRefundOf(40_000, 100_000, 0)).toBe(40_000);
  });
});
