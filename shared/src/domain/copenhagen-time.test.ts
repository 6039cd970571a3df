import { describe, expect, it } from 'vitest';
import { addDays, copenhagenIsoDate, copenhagenParts, fromCopenhagen, isLeapYear, isoWeekday, isRealDate, parseIsoDate, toIsoDate } from './copenhagen-time';

const at = (iso: string) => copenhagenParts(new Date(iso));
const hm = (h: number, m = 0) => h * 60 + m;

describe('copenhagenParts: CET in winter, CEST in summer', () => {
  it('adds one hour in winter', () => {
    expect(at('2026-01-15T11:00:00Z')).toEqual({ year: 2026, month: 1, day: 15, minutes: hm(12), weekday: 4, offsetMinutes: 60 });
  });

  it('adds two hours in summer', () => {
    expect(at('2026-07-01T08:30:00Z')).toEqual({ year: 2026, month: 7, day: 1, minutes: hm(10, 30), weekday: 3, offsetMinutes: 120 });
  });

  it('switches to summer time at 01:00 UTC on the last Sunday of March (2026-03-29)', () => {
    expect(at('2026-03-29T00:59:00Z')).toMatchObject({ day: 29, minutes: hm(1, 59), offsetMinutes: 60 });
    // Clocks jump from 02:00 to 03:00.
    expect(at('2026-03-29T01:00:00Z')).toMatchObject({ day: 29, minutes: hm(3), offsetMinutes: 120 });
    // A week earlier is still winter time.
    expect(at('2026-03-22T12:00:00Z').offsetMinutes).toBe(60);
  });

  it('switches back at 01:00 UTC on the last Sunday of October (2026-10-25)', () => {
    expect(at('2026-10-25T00:59:00Z')).toMatchObject({ day: 25, minutes: hm(2, 59), offsetMinutes: 120 });
    // Clocks go back from 03:00 to 02:00.
    expect(at('2026-10-25T01:00:00Z')).toMatchObject({ day: 25, minutes: hm(2), offsetMinutes: 60 });
    expect(at('2026-10-18T12:00:00Z').offsetMinutes).toBe(120);
  });

  it('finds the last Sunday in other years (2024: 31 March and 27 October)', () => {
    expect(at('2024-03-31T00:30:00Z').offsetMinutes).toBe(60);
    expect(at('2024-03-31T01:30:00Z').offsetMinutes).toBe(120);
    expect(at('2024-10-27T00:30:00Z').offsetMinutes).toBe(120);
    expect(at('2024-10-27T01:30:00Z').offsetMinutes).toBe(60);
  });

  it('rolls the date over at local midnight, including the year', () => {
    expect(at('2026-11-22T23:30:00Z')).toMatchObject({ year: 2026, month: 11, day: 23, minutes: hm(0, 30), weekday: 1 });
    expect(at('2026-12-31T23:00:00Z')).toMatchObject({ year: 2027, month: 1, day: 1, minutes: 0, weekday: 5 });
    expect(at('2026-06-30T22:15:00Z')).toMatchObject({ month: 7, day: 1, minutes: hm(0, 15) });
  });

  it('matches Intl Europe/Copenhagen where the runtime has the zone', () => {
    let fmt: Intl.DateTimeFormat;
    try {
      fmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      return;
    }
    // Every 7 hours 13 minutes through 2026: hits every hour of day and both switches' neighbourhoods.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) {
      const p = copenhagenParts(new Date(t));
      const expected = fmt.format(new Date(t)); // "dd/mm/yyyy, hh:mm"
      const mine = `${String(p.day).padStart(2, '0')}/${String(p.month).padStart(2, '0')}/${p.year}, ${String(Math.floor(p.minutes / 60)).padStart(2, '0')}:${String(p.minutes % 60).padStart(2, '0')}`;
      expect(mine, new Date(t).toISOString()).toBe(expected);
    }
  });

  it('throws on an invalid Date', () => {
    expect(() => copenhagenParts(new Date('nope'))).toThrow(RangeError);
  });
});

describe('fromCopenhagen', () => {
  it('turns wall-clock time into the instant, summer and winter', () => {
    expect(fromCopenhagen({ year: 2026, month: 1, day: 15, minutes: hm(12) }).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(fromCopenhagen({ year: 2026, month: 7, day: 1, minutes: hm(10, 30) }).toISOString()).toBe('2026-07-01T08:30:00.000Z');
  });

  it('picks the earlier instant in the repeated autumn hour and skips the missing spring hour', () => {
    expect(fromCopenhagen({ year: 2026, month: 10, day: 25, minutes: hm(2, 30) }).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(fromCopenhagen({ year: 2026, month: 3, day: 29, minutes: hm(2, 30) }).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(fromCopenhagen({ year: 2026, month: 3, day: 29, minutes: hm(3) }).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes the winter instant of the repeated hour when the offset says so', () => {
    expect(fromCopenhagen({ year: 2026, month: 10, day: 25, minutes: hm(2, 30), offsetMinutes: 60 }).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(fromCopenhagen({ year: 2026, month: 10, day: 25, minutes: hm(2, 30), offsetMinutes: 120 }).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips copenhagenParts, including both passes through the repeated hour', () => {
    for (const iso of ['2026-03-29T00:59:00.000Z', '2026-03-29T01:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z', '2026-12-31T23:00:00.000Z']) {
      expect(fromCopenhagen(copenhagenParts(new Date(iso))).toISOString()).toBe(iso);
    }
  });
});

describe('calendar helpers', () => {
  it('knows leap years and real dates', () => {
    expect([1900, 2000, 2024, 2026, 2100].map(isLeapYear)).toEqual([false, true, true, false, false]);
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2026, 2, 29)).toBe(false);
    expect(isRealDate(2026, 4, 31)).toBe(false);
    expect(isRealDate(2026, 12, 31)).toBe(true);
    expect(isRealDate(2026, 0, 1)).toBe(false);
    expect(isRealDate(2026, 13, 1)).toBe(false);
    expect(isRealDate(2026, 1, 0)).toBe(false);
    expect(isRealDate(2026, 1, 1.5)).toBe(false);
  });

  it('parses and prints strict ISO dates', () => {
    expect(parseIsoDate('2026-02-28')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-2-28')).toBeNull();
    expect(parseIsoDate('2026-02-28T00:00')).toBeNull();
    expect(toIsoDate({ year: 2026, month: 3, day: 5 })).toBe('2026-03-05');
  });

  it('adds days across months and years', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 4, day: 5 }, 49)).toEqual({ year: 2026, month: 5, day: 24 });
  });

  it('gives ISO weekdays, Monday 1 … Sunday 7', () => {
    expect(isoWeekday({ year: 2026, month: 11, day: 23 })).toBe(1);
    expect(isoWeekday({ year: 2026, month: 11, day: 22 })).toBe(7);
    expect(isoWeekday({ year: 2026, month: 12, day: 31 })).toBe(4);
  });

  it('gives the Copenhagen date of an instant', () => {
    expect(copenhagenIsoDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(copenhagenIsoDate(new Date('2026-11-22T22:59:00Z'))).toBe('2026-11-22');
  });
});
