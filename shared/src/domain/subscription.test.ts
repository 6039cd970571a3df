import { describe, expect, it } from 'vitest';
import type { LensParameters } from '../schemas/article';
import { subscriptionSchema } from '../schemas/subscription';
import {
  addMonths,
  allowedActions,
  bindingPeriodExpiry,
  checkAction,
  firstDelivery,
  firstDeliveryAfter,
  isDeliveryDue,
  lensParameterValues,
  lensPrescriptionErrors,
  LENS_BINDING_MONTHS,
  monthlyPrice,
  nextDeliveryAfter,
  noticeDay,
  perDeliveryAmount,
  scheduleForInterval,
  scheduleOnReactivate,
  subscriptionMessages as M,
  subscriptionStatus,
  temporaryAddressErrors,
  temporaryAddressOn,
} from './subscription';

const TODAY = '2026-11-22';
const active = { statusCode: 100, bindingPeriodExpiry: null } as const;
const paused = { statusCode: 520, bindingPeriodExpiry: null } as const;
const cancelled = { statusCode: 200, bindingPeriodExpiry: null } as const;

describe('status codes (SPEC §3: Active 100, Canceled 200, Paused 520)', () => {
  it('maps each code to its state', () => {
    expect(subscriptionStatus(100)).toBe('active');
    expect(subscriptionStatus(520)).toBe('paused');
    expect(subscriptionStatus(200)).toBe('cancelled');
  });
});

describe('state transitions (SPEC §4)', () => {
  it('pauses an active subscription and reactivates a paused one', () => {
    expect(checkAction(active, 'pause', TODAY)).toEqual({ ok: true, statusCode: 520 });
    expect(checkAction(paused, 'reactivate', TODAY)).toEqual({ ok: true, statusCode: 100 });
  });

  it('cancels an active or a paused subscription', () => {
    expect(checkAction(active, 'cancel', TODAY)).toEqual({ ok: true, statusCode: 200 });
    expect(checkAction(paused, 'cancel', TODAY)).toEqual({ ok: true, statusCode: 200 });
  });

  it('refuses to pause a paused one and to reactivate an active one', () => {
    expect(checkAction(paused, 'pause', TODAY)).toEqual({ ok: false, message: M.alreadyPaused });
    expect(checkAction(active, 'reactivate', TODAY)).toEqual({ ok: false, message: M.notPaused });
  });

  it('cancel is final: reactivation, pausing, changes and a second cancel are refused', () => {
    expect(checkAction(cancelled, 'reactivate', TODAY)).toEqual({ ok: false, message: M.cancelledFinal });
    expect(checkAction(cancelled, 'pause', TODAY)).toEqual({ ok: false, message: M.cancelledNoChanges });
    expect(checkAction(cancelled, 'change', TODAY)).toEqual({ ok: false, message: M.cancelledNoChanges });
    expect(checkAction(cancelled, 'cancel', TODAY)).toEqual({ ok: false, message: M.alreadyCancelled });
  });

  it('allows changes while active or paused, keeping the status', () => {
    expect(checkAction(active, 'change', TODAY)).toEqual({ ok: true, statusCode: 100 });
    expect(checkAction(paused, 'change', TODAY)).toEqual({ ok: true, statusCode: 520 });
  });

  it('refuses to cancel inside a binding period, and allows it from the expiry day', () => {
    const bound = { statusCode: 100, bindingPeriodExpiry: '2027-01-15' } as const;
    expect(checkAction(bound, 'cancel', '2027-01-14')).toEqual({ ok: false, message: M.bound('2027-01-15') });
    expect(checkAction(bound, 'cancel', '2027-01-15')).toEqual({ ok: true, statusCode: 200 });
  });

  it('offers exactly the allowed actions', () => {
    expect(allowedActions(active, TODAY)).toEqual({ pause: true, reactivate: false, cancel: true, change: true });
    expect(allowedActions(paused, TODAY)).toEqual({ pause: false, reactivate: true, cancel: true, change: true });
    expect(allowedActions(cancelled, TODAY)).toEqual({ pause: false, reactivate: false, cancel: false, change: false });
  });
});

describe('delivery dates (month arithmetic on calendar dates)', () => {
  it('adds months, keeping the day where the month has it', () => {
    expect(addMonths('2026-11-22', 1)).toBe('2026-12-22');
    expect(addMonths('2026-11-22', 2)).toBe('2027-01-22');
    expect(addMonths('2026-08-15', 6)).toBe('2027-02-15');
  });

  it('is end-of-month safe: the last day of a shorter month, leap years included', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 3)).toBe('2026-11-30');
    expect(addMonths('2026-12-31', 6)).toBe('2027-06-30');
  });

  it('does not drift: a series on the 31st returns to the 31st after a short month', () => {
    const feb = nextDeliveryAfter('2027-01-31', 'm1', 31);
    expect(feb).toBe('2027-02-28');
    expect(nextDeliveryAfter(feb, 'm1', 31)).toBe('2027-03-31');
    expect(nextDeliveryAfter('2027-03-31', 'm1', 31)).toBe('2027-04-30');
  });

  it('puts the first scheduled delivery one interval after the start', () => {
    expect(firstDelivery('2026-11-22', 'm1')).toBe('2026-12-22');
    expect(firstDelivery('2026-11-22', 'm3')).toBe('2027-02-22');
    expect(firstDelivery('2026-11-30', 'm6')).toBe('2027-05-30');
  });

  it('catches up with one delivery after downtime: the next date after today', () => {
    expect(firstDeliveryAfter('2026-08-10', 'm1', TODAY)).toBe('2026-12-10');
    expect(firstDeliveryAfter('2026-11-22', 'm2', TODAY)).toBe('2027-01-22');
    expect(firstDeliveryAfter('2026-12-01', 'm1', TODAY)).toBe('2026-12-01');
  });

  it('counts a new interval from the last delivery, never earlier than tomorrow', () => {
    expect(scheduleForInterval('2026-11-10', 'm3', 10, TODAY)).toEqual({ nextDelivery: '2027-02-10', deliveryDay: 10 });
    expect(scheduleForInterval('2026-11-10', 'm1', 10, TODAY)).toEqual({ nextDelivery: '2026-12-10', deliveryDay: 10 });
    expect(scheduleForInterval('2026-10-01', 'm1', 1, TODAY)).toEqual({ nextDelivery: '2026-11-23', deliveryDay: 23 });
  });

  it('on reactivation keeps a next delivery still ahead and moves a passed one to tomorrow', () => {
    expect(scheduleOnReactivate('2026-12-05', 5, TODAY)).toEqual({ nextDelivery: '2026-12-05', deliveryDay: 5 });
    expect(scheduleOnReactivate('2026-11-01', 1, TODAY)).toEqual({ nextDelivery: '2026-11-23', deliveryDay: 23 });
    expect(scheduleOnReactivate(TODAY, 22, TODAY)).toEqual({ nextDelivery: '2026-11-23', deliveryDay: 23 });
  });
});

describe('binding period and notice day', () => {
  it('has no binding for lens subscriptions (SPEC §1) and a date when a binding is given', () => {
    expect(LENS_BINDING_MONTHS).toBe(0);
    expect(bindingPeriodExpiry('2026-11-22', LENS_BINDING_MONTHS)).toBeNull();
    expect(bindingPeriodExpiry('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('puts the notice day on the day before the next delivery', () => {
    expect(noticeDay('2026-12-01')).toBe('2026-11-30');
    expect(noticeDay('2027-03-01')).toBe('2027-02-28');
    expect(noticeDay(null)).toBeNull();
  });
});

describe('deliveries and payments only while active (SPEC §4)', () => {
  const sub = { kind: 'lens', statusCode: 100, nextDelivery: TODAY } as const;
  it('is due on and after the delivery date', () => {
    expect(isDeliveryDue(sub, TODAY)).toBe(true);
    expect(isDeliveryDue(sub, '2026-11-23')).toBe(true);
    expect(isDeliveryDue(sub, '2026-11-21')).toBe(false);
  });

  it('is never due when paused or cancelled, without a date, or for Lifestyle agreements', () => {
    expect(isDeliveryDue({ ...sub, statusCode: 520 }, TODAY)).toBe(false);
    expect(isDeliveryDue({ ...sub, statusCode: 200 }, TODAY)).toBe(false);
    expect(isDeliveryDue({ ...sub, nextDelivery: null }, TODAY)).toBe(false);
    expect(isDeliveryDue({ ...sub, kind: 'lifestyle' }, TODAY)).toBe(false);
  });
});

describe('temporary address window', () => {
  it('accepts a window from today, and a single day', () => {
    expect(temporaryAddressErrors({ from: TODAY, to: '2027-01-10' }, TODAY)).toEqual({});
    expect(temporaryAddressErrors({ from: '2026-12-24', to: '2026-12-24' }, TODAY)).toEqual({});
  });

  it('refuses a start in the past, an end before the start, more than a year and dates that do not exist', () => {
    expect(temporaryAddressErrors({ from: '2026-11-21', to: '2026-12-01' }, TODAY)).toEqual({ from: M.fromInPast });
    expect(temporaryAddressErrors({ from: '2026-12-10', to: '2026-12-09' }, TODAY)).toEqual({ to: M.toBeforeFrom });
    expect(temporaryAddressErrors({ from: '2026-12-01', to: '2027-12-01' }, TODAY)).toEqual({ to: M.tooLong });
    expect(temporaryAddressErrors({ from: '2026-12-01', to: '2027-11-30' }, TODAY)).toEqual({});
    expect(temporaryAddressErrors({ from: '2026-02-30', to: '2026-13-01' }, TODAY)).toEqual({ from: M.noDate, to: M.noDate });
  });

  it('applies only inside its window, both ends included', () => {
    const a = { street: 'Strandvejen 3', zip: '9990', city: 'Skagen', from: '2026-12-01', to: '2026-12-31' };
    expect(temporaryAddressOn(a, '2026-11-30')).toBeNull();
    expect(temporaryAddressOn(a, '2026-12-01')).toBe(a);
    expect(temporaryAddressOn(a, '2026-12-31')).toBe(a);
    expect(temporaryAddressOn(a, '2027-01-01')).toBeNull();
    expect(temporaryAddressOn(null, '2026-12-01')).toBeNull();
  });
});

describe('prices', () => {
  it('sums the active items at their agreed price and spreads a delivery over its months', () => {
    const items = [
      { status: 'active', quantity: 2, unitPrice: 24_900 },
      { status: 'active', quantity: 1, unitPrice: 8_900 },
      { status: 'stopped', quantity: 1, unitPrice: 50_000 },
    ] as const;
    expect(perDeliveryAmount(items)).toBe(58_700);
    expect(monthlyPrice(58_700, 'm1')).toBe(58_700);
    expect(monthlyPrice(58_700, 'm3')).toBe(19_567);
    expect(monthlyPrice(10_000, 'm6')).toBe(1_667);
  });
});

describe('a prescription the lens is made in', () => {
  const spherical: LensParameters = { powers: [-1.5, -1.25, -1], baseCurves: [8.6], diameters: [14.2] };
  const toric: LensParameters = { ...spherical, cylinders: [-0.75, -1.25], axes: [10, 20, 180] };
  const rx = { power: -1.25, baseCurve: 8.6, diameter: 14.2, cylinder: null, axis: null, addition: null };

  it('lists the fields the lens is made with, and only those', () => {
    expect(lensParameterValues(spherical).map(([f]) => f)).toEqual(['power', 'baseCurve', 'diameter']);
    expect(lensParameterValues(toric)).toContainEqual(['axis', [10, 20, 180]]);
  });

  it('accepts offered values', () => {
    expect(lensPrescriptionErrors(rx, spherical)).toEqual({});
    expect(lensPrescriptionErrors({ ...rx, cylinder: -0.75, axis: 20 }, toric)).toEqual({});
  });

  it('needs a prescription, every offered field, and only values the lens comes in', () => {
    expect(lensPrescriptionErrors(null, spherical)).toEqual({ power: 'Skal udfyldes.' });
    expect(lensPrescriptionErrors({ ...rx, baseCurve: null }, spherical)).toEqual({ baseCurve: 'Skal udfyldes.' });
    expect(lensPrescriptionErrors({ ...rx, power: -2 }, spherical)).toEqual({ power: M.notOffered });
    expect(lensPrescriptionErrors(rx, toric)).toEqual({ cylinder: 'Skal udfyldes.', axis: 'Skal udfyldes.' });
    expect(lensPrescriptionErrors({ ...rx, addition: 1 }, spherical)).toEqual({ addition: M.notOffered });
  });
});

describe('subscription schema stays backwards compatible', () => {
  it('reads a record without the lens-only fields (as Lifestyle agreements are stored)', () => {
    const lifestyle = {
      id: 's-1',
      customerId: 'u-1',
      kind: 'lifestyle',
      statusCode: 100,
      lensWear: null,
      startDate: '2026-01-01',
      bindingPeriodExpiry: null,
      nextDelivery: null,
      deliveryInterval: null,
      monthlyPrice: 19_900,
      lastOrderDate: null,
      noticeDayDate: null,
      campaign: null,
      yearlyExchange: { available: true, usedAt: null },
      temporaryAddress: null,
      items: [],
    };
    expect(subscriptionSchema.safeParse(lifestyle).success).toBe(true);
  });
});
