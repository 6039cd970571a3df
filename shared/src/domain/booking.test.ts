import { describe, expect, it } from 'vitest';
import type { OpeningDay } from '../schemas/store';
import {
  ageGroupForAge,
  ageGroupForBirthDate,
  ageOn,
  availabilityRange,
  bookingTransition,
  canBookAgain,
  dayAvailability,
  EXAM_TYPES,
  examTypeForAge,
  fitsCapacity,
  formatBookingTime,
  formatDanishDate,
  holdFor,
  isChangeable,
  nearbyStores,
  offeredSlot,
  offersExam,
  similarExamTypes,
  visitPrice,
  type BookingCalendar,
  type Hold,
} from './booking';

const day = (d: number, open: string | null, close: string | null): OpeningDay => ({ day: d, open, close });
/** Weekdays 10:00–17:30, Saturday 10:00–14:00, closed Sunday (the seeded high-street hours). */
const store = { openingHours: [1, 2, 3, 4, 5].map((d) => day(d, '10:00', '17:30')).concat([day(6, '10:00', '14:00'), day(7, null, null)]) };
const everyDay = { openingHours: [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, '10:00', '18:00')) };
const calendar: BookingCalendar = { examiners: 1, closedDates: [] };
/** Sunday 22 November 2026, 11:00 in Copenhagen. */
const now = new Date('2026-11-22T10:00:00Z');
const input = { store, calendar, examType: 'synstest' as const, holds: [] as Hold[], now };

describe('exam types', () => {
  it('offers hearing tests only in stores with the hearing service', () => {
    expect(offersExam({ services: ['synstest', 'høretest'] }, 'høretest')).toBe(true);
    expect(offersExam({ services: ['synstest', 'kontaktlinser'] }, 'høretest')).toBe(false);
    // The driving-licence certificate is done by the stores' opticians.
    expect(offersExam({ services: ['synstest'] }, 'kørekort')).toBe(true);
  });

  it('switches to the similar exam offered to the age group', () => {
    expect(examTypeForAge('synstest', '8-12')).toBe('børnesyn');
    expect(examTypeForAge('børnesyn', '18-75')).toBe('synstest');
    expect(examTypeForAge('synstest', '76+')).toBe('synstest');
    expect(examTypeForAge('høretest', '8-12')).toBeNull();
  });

  it('lists similar exams the store offers to the age group', () => {
    expect(similarExamTypes('kontaktlinsekontrol', '18-75', { services: ['synstest', 'kontaktlinser'] })).toEqual(['kontaktlinsetilpasning', 'synstest']);
    expect(similarExamTypes('synstest', '18-75', { services: ['synstest'] })).toEqual(['kørekort']);
    expect(similarExamTypes('synstest', '8-12', { services: ['synstest', 'børnesyn'] })).toEqual(['børnesyn']);
  });
});

describe('age groups', () => {
  it('puts ages in the SPEC §9 groups, with nothing under 8', () => {
    expect([7, 8, 12, 13, 17, 18, 75, 76, 101].map(ageGroupForAge)).toEqual([null, '8-12', '8-12', '13-17', '13-17', '18-75', '18-75', '76+', '76+']);
    expect(ageGroupForAge(-1)).toBeNull();
    expect(ageGroupForAge(Number.NaN)).toBeNull();
  });

  it('counts whole years from the birth date, the birthday itself included', () => {
    expect(ageOn('1950-11-22', '2026-11-22')).toBe(76);
    expect(ageOn('1950-11-23', '2026-11-22')).toBe(75);
    // Born on 29 February: a year older from 1 March in other years.
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageGroupForBirthDate('2018-06-01', '2026-11-22')).toBe('8-12');
    expect(ageGroupForBirthDate('2020-06-01', '2026-11-22')).toBeNull();
    expect(() => ageOn('1.1.1990', '2026-11-22')).toThrow(RangeError);
  });
});

describe('capacity', () => {
  const h = (from: number, to: number, id = `${from}`): Hold => ({ bookingId: id, from, to });
  it('allows as many overlapping visits as there are examiners', () => {
    expect(fitsCapacity([], 600, 630, 1)).toBe(true);
    expect(fitsCapacity([h(600, 630)], 600, 630, 1)).toBe(false);
    expect(fitsCapacity([h(600, 630)], 600, 630, 2)).toBe(true);
    expect(fitsCapacity([h(600, 630), h(600, 660, 'b')], 600, 630, 2)).toBe(false);
    expect(fitsCapacity([h(600, 630)], 630, 660, 1)).toBe(true);
    expect(fitsCapacity([], 600, 630, 0)).toBe(false);
  });

  it('counts a longer visit that starts inside the new one', () => {
    // 10:00–11:00 fitting, and a 10:30–11:00 exam: with one examiner a 10:15 start overlaps both.
    expect(fitsCapacity([h(600, 660)], 615, 645, 1)).toBe(false);
    expect(fitsCapacity([h(630, 660)], 600, 660, 1)).toBe(false);
    expect(fitsCapacity([h(630, 660), h(660, 720, 'b')], 600, 645, 2)).toBe(true);
    expect(fitsCapacity([h(630, 690), h(640, 700, 'b')], 600, 660, 2)).toBe(false);
  });
});

describe('slot generation', () => {
  it('cuts the opening hours into visits of the exam length', () => {
    const monday = dayAvailability({ ...input, date: '2026-11-23' });
    expect(monday.closed).toBeNull();
    expect(monday.hours).toEqual({ opens: '10:00', closes: '17:30', halfDay: false });
    expect(monday.slots).toHaveLength(15);
    expect(monday.slots[0]).toEqual({ start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T09:30:00.000Z', date: '2026-11-23', time: '10:00', endTime: '10:30' });
    expect(monday.slots.at(-1)).toMatchObject({ time: '17:00', endTime: '17:30' });
    // A 60-minute fitting: the last that ends by 17:30 starts at 16:00.
    const fitting = dayAvailability({ ...input, examType: 'kontaktlinsetilpasning', date: '2026-11-23' });
    expect(fitting.slots.map((s) => s.time)).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('offers nothing on holidays and closed weekdays, with the reason', () => {
    expect(dayAvailability({ ...input, date: '2026-12-25' })).toEqual({ date: '2026-12-25', hours: null, closed: { reason: 'holiday', name: 'Juledag' }, slots: [] });
    expect(dayAvailability({ ...input, date: '2026-12-24' }).closed).toEqual({ reason: 'holiday', name: 'Juleaftensdag' });
    // Easter 2027 is 28 March: skærtorsdag 25 March and 2. påskedag 29 March close; the Wednesday is open.
    expect(dayAvailability({ ...input, now: new Date('2027-03-01T10:00:00Z'), date: '2027-03-25' }).closed?.name).toBe('Skærtorsdag');
    expect(dayAvailability({ ...input, now: new Date('2027-03-01T10:00:00Z'), date: '2027-03-29' }).closed?.name).toBe('2. påskedag');
    expect(dayAvailability({ ...input, now: new Date('2027-03-01T10:00:00Z'), date: '2027-03-24' }).slots).toHaveLength(15);
    expect(dayAvailability({ ...input, date: '2026-11-29' }).closed).toEqual({ reason: 'weekday', name: null });
  });

  it('ends the last visit by 15:00 on 31 December', () => {
    const eve = dayAvailability({ ...input, date: '2026-12-31' });
    expect(eve.hours).toEqual({ opens: '10:00', closes: '15:00', halfDay: true });
    expect(eve.slots.at(-1)).toMatchObject({ time: '14:30', endTime: '15:00' });
  });

  it('skips the store’s own closing days', () => {
    const cal: BookingCalendar = { examiners: 2, closedDates: [{ date: '2026-11-24', reason: 'Personalekursus' }] };
    expect(dayAvailability({ ...input, calendar: cal, date: '2026-11-24' }).closed).toEqual({ reason: 'store-closed', name: 'Personalekursus' });
  });

  it('never offers a time in the past or within the lead time', () => {
    // Monday 11:10 Copenhagen: earliest start 12:10, so the first slot is 12:30.
    const monday = dayAvailability({ ...input, now: new Date('2026-11-23T10:10:00Z'), date: '2026-11-23' });
    expect(monday.slots[0]?.time).toBe('12:30');
    expect(dayAvailability({ ...input, now: new Date('2026-11-23T17:00:00Z'), date: '2026-11-23' }).slots).toEqual([]);
    expect(dayAvailability({ ...input, date: '2026-11-20' }).slots).toEqual([]);
  });

  it('stops at the booking horizon', () => {
    expect(dayAvailability({ ...input, date: '2027-02-22' }).closed).toEqual({ reason: 'beyond-horizon', name: null });
    expect(dayAvailability({ ...input, date: '2027-02-19' }).slots.length).toBeGreaterThan(0);
  });

  it('leaves out times every examiner is busy', () => {
    const holds = [holdFor('a', '2026-11-23T09:00:00.000Z', '2026-11-23T09:30:00.000Z').hold];
    expect(dayAvailability({ ...input, holds, date: '2026-11-23' }).slots[0]?.time).toBe('10:30');
    const two = dayAvailability({ ...input, holds, calendar: { examiners: 2, closedDates: [] }, date: '2026-11-23' });
    expect(two.slots[0]?.time).toBe('10:00');
  });

  it('keeps wall-clock times across the change to summer time', () => {
    // Summer time starts Sunday 29 March 2026: 10:00 is 08:00 UTC that day, 09:00 UTC the day before.
    const sunday = dayAvailability({ ...input, store: everyDay, now: new Date('2026-03-01T10:00:00Z'), date: '2026-03-29' });
    const saturday = dayAvailability({ ...input, store: everyDay, now: new Date('2026-03-01T10:00:00Z'), date: '2026-03-28' });
    expect(sunday.slots[0]).toMatchObject({ time: '10:00', start: '2026-03-29T08:00:00.000Z' });
    expect(saturday.slots[0]).toMatchObject({ time: '10:00', start: '2026-03-28T09:00:00.000Z' });
  });

  it('runs a week around Christmas', () => {
    const week = availabilityRange({ store, calendar, examType: 'synstest', now, from: '2026-12-21', days: 7, holdsOn: () => [] });
    expect(week.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-12-21', 15],
      ['2026-12-22', 15],
      ['2026-12-23', 15],
      ['2026-12-24', 0],
      ['2026-12-25', 0],
      ['2026-12-26', 0],
      ['2026-12-27', 0],
    ]);
  });

  it('accepts only an offered start', () => {
    const base = { store, calendar, examType: 'synstest' as const, holds: [], now };
    expect(offeredSlot(base, '2026-11-23T09:30:00.000Z')).toMatchObject({ time: '10:30' });
    expect(offeredSlot(base, '2026-11-23T09:15:00.000Z')).toBeNull();
    expect(offeredSlot(base, '2026-12-25T09:00:00.000Z')).toBeNull();
    expect(offeredSlot(base, 'not a time')).toBeNull();
    expect(offeredSlot({ ...base, holds: [{ bookingId: 'x', from: 630, to: 660 }] }, '2026-11-23T09:30:00.000Z')).toBeNull();
  });
});

describe('booking states', () => {
  const future = { start: '2026-11-23T09:00:00.000Z', confirmationState: 1 as const };
  it('confirms a request once', () => {
    expect(bookingTransition({ ...future, status: 'requested' }, 'confirm', now)).toEqual({ ok: true, status: 'confirmed', confirmationState: 2 });
    expect(bookingTransition({ ...future, status: 'confirmed', confirmationState: 2 }, 'confirm', now)).toEqual({ ok: false, reason: 'already-confirmed' });
  });

  it('sends a new time to the store as a new request, and keeps the state on an update', () => {
    expect(bookingTransition({ ...future, status: 'confirmed', confirmationState: 2 }, 'reschedule', now)).toEqual({ ok: true, status: 'requested', confirmationState: 1 });
    expect(bookingTransition({ ...future, status: 'confirmed', confirmationState: 2 }, 'update', now)).toEqual({ ok: true, status: 'confirmed', confirmationState: 2 });
  });

  it('makes a cancellation final, after which a new time can be booked once', () => {
    expect(bookingTransition({ ...future, status: 'confirmed', confirmationState: 2 }, 'cancel', now)).toMatchObject({ ok: true, status: 'cancelled' });
    for (const action of ['confirm', 'update', 'reschedule', 'cancel'] as const) {
      expect(bookingTransition({ ...future, status: 'cancelled' }, action, now)).toEqual({ ok: false, reason: 'cancelled' });
    }
    expect(canBookAgain({ status: 'cancelled', rebookedTo: null })).toBe(true);
    expect(canBookAgain({ status: 'cancelled', rebookedTo: 'b2' })).toBe(false);
    expect(canBookAgain({ status: 'confirmed', rebookedTo: null })).toBe(false);
  });

  it('changes nothing once the time has begun', () => {
    const started = new Date('2026-11-23T09:00:00Z');
    expect(bookingTransition({ ...future, status: 'requested' }, 'cancel', started)).toEqual({ ok: false, reason: 'started' });
    expect(isChangeable({ ...future, status: 'requested' }, now)).toBe(true);
    expect(isChangeable({ ...future, status: 'requested' }, started)).toBe(false);
    expect(isChangeable({ ...future, status: 'cancelled' }, now)).toBe(false);
  });
});

describe('Friends free visit', () => {
  it('makes a paid visit free within a year of the member’s last visit', () => {
    const paid = EXAM_TYPES.kontaktlinsekontrol.price;
    expect(visitPrice('kontaktlinsekontrol', '2026-11-23', { member: true, lastVisitOn: '2026-01-10' })).toEqual({ price: 0, ordinaryPrice: paid, friendsFreeVisit: true });
    expect(visitPrice('kontaktlinsekontrol', '2026-11-23', { member: true, lastVisitOn: '2025-11-22' })).toEqual({ price: paid, ordinaryPrice: paid, friendsFreeVisit: false });
    expect(visitPrice('kontaktlinsekontrol', '2026-11-23', { member: true, lastVisitOn: null }).friendsFreeVisit).toBe(false);
    expect(visitPrice('kontaktlinsekontrol', '2026-11-23', { member: false, lastVisitOn: '2026-01-10' }).price).toBe(paid);
    expect(visitPrice('kontaktlinsekontrol', '2026-11-23', null).price).toBe(paid);
  });

  it('has nothing to waive on a free eye exam', () => {
    expect(visitPrice('synstest', '2026-11-23', { member: true, lastVisitOn: '2026-01-10' })).toEqual({ price: 0, ordinaryPrice: 0, friendsFreeVisit: false });
  });
});

describe('alternatives and texts', () => {
  it('orders other stores offering the exam by distance', () => {
    const s = (id: string, lat: number, lng: number, services: ('synstest' | 'høretest')[] = ['synstest']) => ({ id, lat, lng, services });
    const origin = s('kbh', 55.6837, 12.5713, ['synstest', 'høretest']);
    const result = nearbyStores(origin, [origin, s('aarhus', 56.153, 10.206), s('frb', 55.6815, 12.5333), s('hear', 55.68, 12.57, ['høretest'])], 'synstest');
    expect(result.map((r) => r.store.id)).toEqual(['frb', 'aarhus']);
    expect(result[0]!.distanceKm).toBeCloseTo(2.4, 1);
    expect(result[1]!.distanceKm).toBeGreaterThan(150);
  });

  it('writes Danish dates and times', () => {
    expect(formatDanishDate('2026-11-23')).toBe('mandag 23. november 2026');
    expect(formatDanishDate('2026-11-29', { year: false })).toBe('søndag 29. november');
    expect(formatBookingTime('2026-06-01T08:00:00.000Z', '2026-06-01T08:30:00.000Z')).toBe('mandag 1. juni 2026 kl. 10.00–10.30');
  });
});
