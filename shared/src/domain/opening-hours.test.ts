import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpening, openingCalendar, openingOn } from './opening-hours';

// Monday–Friday 10–17:30 (Thursday until 18), Saturday 10–14, Sunday closed.
const hours = (day: number, open: string | null, close: string | null) => ({ day, open, close });
const store = {
  openingHours: [1, 2, 3, 4, 5].map((d) => hours(d, '10:00', d === 4 ? '18:00' : '17:30')).concat([hours(6, '10:00', '14:00'), hours(7, null, null)]),
};

describe('openingOn', () => {
  it('gives the weekly hours on an ordinary day', () => {
    expect(openingOn(store, '2026-11-23')).toEqual({ open: true, opens: '10:00', closes: '17:30' });
    expect(openingOn(store, '2026-11-26')).toEqual({ open: true, opens: '10:00', closes: '18:00' });
    expect(openingOn(store, '2026-11-28')).toEqual({ open: true, opens: '10:00', closes: '14:00' });
  });

  it('is closed on a weekday without hours', () => {
    expect(openingOn(store, '2026-11-22')).toEqual({ open: false, reason: 'weekday' });
  });

  it('is closed over Easter 2026 (skærtorsdag to 2. påskedag) with the holiday named', () => {
    expect(openingOn(store, '2026-04-01')).toEqual({ open: true, opens: '10:00', closes: '17:30' });
    expect(openingOn(store, '2026-04-02')).toEqual({ open: false, reason: 'holiday', holiday: { key: 'skaertorsdag', name: 'Skærtorsdag' } });
    expect(openingOn(store, '2026-04-03')).toMatchObject({ open: false, reason: 'holiday', holiday: { name: 'Langfredag' } });
    expect(openingOn(store, '2026-04-04')).toEqual({ open: true, opens: '10:00', closes: '14:00' });
    expect(openingOn(store, '2026-04-05')).toMatchObject({ open: false, reason: 'holiday', holiday: { name: 'Påskedag' } });
    expect(openingOn(store, '2026-04-06')).toMatchObject({ open: false, reason: 'holiday', holiday: { name: '2. påskedag' } });
    expect(openingOn(store, '2026-04-07')).toEqual({ open: true, opens: '10:00', closes: '17:30' });
  });

  it('is closed on Kristi himmelfartsdag, 2. pinsedag, grundlovsdag and over Christmas', () => {
    expect(openingOn(store, '2026-05-14')).toMatchObject({ open: false, holiday: { key: 'kristi-himmelfartsdag' } });
    expect(openingOn(store, '2026-05-25')).toMatchObject({ open: false, holiday: { key: 'anden-pinsedag' } });
    expect(openingOn(store, '2026-06-05')).toMatchObject({ open: false, holiday: { key: 'grundlovsdag' } });
    expect(openingOn(store, '2026-12-24')).toMatchObject({ open: false, holiday: { key: 'juleaftensdag', name: 'Juleaftensdag' } });
    expect(openingOn(store, '2026-12-25')).toMatchObject({ open: false, holiday: { key: 'juledag' } });
    expect(openingOn(store, '2027-01-01')).toMatchObject({ open: false, holiday: { key: 'nytaarsdag' } });
  });

  it('names the holiday even when it falls on a day the store is closed anyway', () => {
    // Påskedag is always a Sunday.
    expect(openingOn(store, '2026-04-05')).toMatchObject({ reason: 'holiday' });
  });

  it('is a half day until 15:00 on 31 December', () => {
    // Thursday 31 Dec 2026, normally until 18:00.
    expect(openingOn(store, '2026-12-31')).toEqual({ open: true, opens: '10:00', closes: '15:00', special: 'half-day' });
    // Friday 31 Dec 2027 with a weekly closing of 14:30: no change, so no half day.
    const early = { openingHours: store.openingHours.map((d) => (d.day === 5 ? { ...d, close: '14:30' } : d)) };
    expect(openingOn(early, '2027-12-31')).toEqual({ open: true, opens: '10:00', closes: '14:30' });
    // Sunday 31 Dec 2028: the store is closed on Sundays anyway.
    expect(openingOn(store, '2028-12-31')).toEqual({ open: false, reason: 'weekday' });
    // A store that would only open at 15:00 does not open at all.
    const late = { openingHours: store.openingHours.map((d) => (d.day === 4 ? { ...d, open: '15:00', close: '20:00' } : d)) };
    expect(openingOn(late, '2026-12-31')).toEqual({ open: false, reason: 'new-years-eve' });
  });

  it('has no Store Bededag from 2024', () => {
    expect(openingOn(store, '2023-05-05')).toMatchObject({ open: false, holiday: { key: 'store-bededag' } });
    expect(openingOn(store, '2024-04-26')).toEqual({ open: true, opens: '10:00', closes: '17:30' });
  });

  it('refuses anything but a real ISO date', () => {
    expect(() => openingOn(store, '2026-02-30')).toThrow(RangeError);
    expect(() => openingOn(store, '31-12-2026')).toThrow(RangeError);
  });
});

describe('openingCalendar', () => {
  it('lists consecutive days across the year end', () => {
    const days = openingCalendar(store, '2026-12-30', 3);
    expect(days.map((d) => d.date)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(days.map((d) => (d.open ? d.closes : d.reason))).toEqual(['17:30', '15:00', 'holiday']);
  });
});

describe('isOpenAt', () => {
  it('is open from the opening minute until, not including, the closing minute (Copenhagen time)', () => {
    // Monday 23 Nov 2026, winter time (UTC+1).
    expect(isOpenAt(store, new Date('2026-11-23T08:59:00Z'))).toBe(false);
    expect(isOpenAt(store, new Date('2026-11-23T09:00:00Z'))).toBe(true);
    expect(isOpenAt(store, new Date('2026-11-23T16:29:00Z'))).toBe(true);
    expect(isOpenAt(store, new Date('2026-11-23T16:30:00Z'))).toBe(false);
  });

  it('uses summer time (UTC+2)', () => {
    // Tuesday 7 April 2026: 08:00 UTC = 10:00 local.
    expect(isOpenAt(store, new Date('2026-04-07T07:59:00Z'))).toBe(false);
    expect(isOpenAt(store, new Date('2026-04-07T08:00:00Z'))).toBe(true);
  });

  it('closes at 15:00 on 31 December and stays closed on holidays', () => {
    expect(isOpenAt(store, new Date('2026-12-31T13:59:00Z'))).toBe(true);
    expect(isOpenAt(store, new Date('2026-12-31T14:00:00Z'))).toBe(false);
    expect(isOpenAt(store, new Date('2026-04-03T10:00:00Z'))).toBe(false);
  });
});

describe('nextOpening', () => {
  it('is later the same day before opening time', () => {
    const next = nextOpening(store, new Date('2026-11-23T07:00:00Z'));
    expect(next).toMatchObject({ date: '2026-11-23', opens: '10:00', closes: '17:30' });
    expect(next?.at.toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });

  it('is the next day while the store is open or after closing', () => {
    expect(nextOpening(store, new Date('2026-11-23T12:00:00Z'))?.date).toBe('2026-11-24');
    expect(nextOpening(store, new Date('2026-11-23T09:00:00Z'))?.date).toBe('2026-11-24');
  });

  it('skips Easter: after Wednesday 1 April 2026 the next opening is Saturday, then Tuesday', () => {
    expect(nextOpening(store, new Date('2026-04-01T18:00:00Z'))).toMatchObject({ date: '2026-04-04', opens: '10:00', closes: '14:00' });
    const afterSaturday = nextOpening(store, new Date('2026-04-04T13:00:00Z'));
    expect(afterSaturday).toMatchObject({ date: '2026-04-07' });
    expect(afterSaturday?.at.toISOString()).toBe('2026-04-07T08:00:00.000Z');
  });

  it('goes from Christmas over the half day on 31 December to 2 January', () => {
    expect(nextOpening(store, new Date('2026-12-23T18:00:00Z'))).toMatchObject({ date: '2026-12-28' });
    expect(nextOpening(store, new Date('2026-12-30T18:00:00Z'))).toMatchObject({ date: '2026-12-31', closes: '15:00', special: 'half-day' });
    expect(nextOpening(store, new Date('2026-12-31T14:30:00Z'))).toMatchObject({ date: '2027-01-02', closes: '14:00' });
  });

  it('crosses the switch to summer time', () => {
    // Saturday 28 March 2026 after closing; Monday 30 March opens 10:00 CEST = 08:00 UTC.
    expect(nextOpening(store, new Date('2026-03-28T15:00:00Z'))?.at.toISOString()).toBe('2026-03-30T08:00:00.000Z');
  });

  it('is null for a store that never opens', () => {
    const closed = { openingHours: store.openingHours.map((d) => ({ ...d, open: null, close: null })) };
    expect(nextOpening(closed, new Date('2026-11-23T07:00:00Z'))).toBeNull();
  });
});
