import { describe, expect, it } from 'vitest';
import type { OpeningDay } from '../schemas/store';
import { danishHolidays, easterSunday, holidayOn, isStoreOpenAt, LAST_YEAR_WITH_STORE_BEDEDAG, storeHoursOn } from './holidays';

describe('easterSunday (anonymous Gregorian computus)', () => {
  it('matches published Easter dates', () => {
    const known: [number, string][] = [
      [2000, '04-23'], [2008, '03-23'], [2011, '04-24'], [2019, '04-21'], [2023, '04-09'], [2024, '03-31'],
      [2025, '04-20'], [2026, '04-05'], [2027, '03-28'], [2038, '04-25'], [2285, '03-22'], [1818, '03-22'],
    ];
    for (const [year, md] of known) {
      const e = easterSunday(year);
      expect(`${String(e.month).padStart(2, '0')}-${String(e.day).padStart(2, '0')}`, String(year)).toBe(md);
    }
  });

  it('always lands on a Sunday between 22 March and 25 April', () => {
    for (let y = 1900; y <= 2200; y++) {
      const { month, day } = easterSunday(y);
      expect(new Date(Date.UTC(y, month - 1, day)).getUTCDay()).toBe(0);
      expect(month * 100 + day).toBeGreaterThanOrEqual(322);
      expect(month * 100 + day).toBeLessThanOrEqual(425);
    }
  });
});

describe('danishHolidays', () => {
  it('lists the closing days of 2024 in date order, without Store Bededag', () => {
    expect(danishHolidays(2024).map((h) => `${h.date} ${h.name}`)).toEqual([
      '2024-01-01 Nytårsdag',
      '2024-03-28 Skærtorsdag',
      '2024-03-29 Langfredag',
      '2024-03-31 Påskedag',
      '2024-04-01 2. påskedag',
      '2024-05-09 Kristi himmelfartsdag',
      '2024-05-19 Pinsedag',
      '2024-05-20 2. pinsedag',
      '2024-06-05 Grundlovsdag',
      '2024-12-24 Juleaftensdag',
      '2024-12-25 Juledag',
      '2024-12-26 2. juledag',
    ]);
  });

  it('computes the moving days of 2025', () => {
    const byKey = Object.fromEntries(danishHolidays(2025).map((h) => [h.key, h.date]));
    expect(byKey).toMatchObject({
      skaertorsdag: '2025-04-17',
      langfredag: '2025-04-18',
      paaskedag: '2025-04-20',
      'anden-paaskedag': '2025-04-21',
      'kristi-himmelfartsdag': '2025-05-29',
      pinsedag: '2025-06-08',
      'anden-pinsedag': '2025-06-09',
    });
  });

  it('has Store Bededag (fourth Friday after Easter) up to 2023 only', () => {
    expect(LAST_YEAR_WITH_STORE_BEDEDAG).toBe(2023);
    expect(danishHolidays(2023).find((h) => h.key === 'store-bededag')?.date).toBe('2023-05-05');
    expect(danishHolidays(2019).find((h) => h.key === 'store-bededag')?.date).toBe('2019-05-17');
    expect(danishHolidays(2023)).toHaveLength(13);
    for (const y of [2024, 2025, 2030]) expect(danishHolidays(y).some((h) => h.key === 'store-bededag')).toBe(false);
    expect(holidayOn({ year: 2024, month: 4, day: 26 })).toBeUndefined();
  });

  it('keeps both days when grundlovsdag falls on pinsedag (2022)', () => {
    const june5 = danishHolidays(2022).filter((h) => h.date === '2022-06-05').map((h) => h.key);
    expect(june5.sort()).toEqual(['grundlovsdag', 'pinsedag']);
  });

  it('returns a frozen list', () => {
    expect(Object.isFrozen(danishHolidays(2026))).toBe(true);
    expect(danishHolidays(2026)).toBe(danishHolidays(2026));
  });

  it('finds the holiday on a date', () => {
    expect(holidayOn({ year: 2026, month: 12, day: 24 })?.name).toBe('Juleaftensdag');
    expect(holidayOn({ year: 2026, month: 4, day: 3 })?.key).toBe('langfredag');
    expect(holidayOn({ year: 2026, month: 12, day: 31 })).toBeUndefined();
    expect(holidayOn({ year: 2026, month: 5, day: 1 })).toBeUndefined();
  });
});

// Mon–Fri 10:00–17:30 with late Thursday, Saturday 10:00–14:00, Sunday closed (seed pattern).
const week: OpeningDay[] = [
  { day: 1, open: '10:00', close: '17:30' },
  { day: 2, open: '10:00', close: '17:30' },
  { day: 3, open: '10:00', close: '17:30' },
  { day: 4, open: '10:00', close: '18:00' },
  { day: 5, open: '10:00', close: '17:30' },
  { day: 6, open: '10:00', close: '14:00' },
  { day: 7, open: null, close: null },
];

describe('storeHoursOn', () => {
  it('gives the weekday hours (ISO day 1 = Monday)', () => {
    expect(storeHoursOn(week, { year: 2026, month: 11, day: 23 })).toEqual({ open: '10:00', close: '17:30' });
    expect(storeHoursOn(week, { year: 2026, month: 11, day: 26 })).toEqual({ open: '10:00', close: '18:00' });
    expect(storeHoursOn(week, { year: 2026, month: 11, day: 28 })).toEqual({ open: '10:00', close: '14:00' });
    expect(storeHoursOn(week, { year: 2026, month: 11, day: 22 })).toBeNull();
  });

  it('closes on holidays that fall on opening days', () => {
    // Thursday 24 Dec 2026, Friday 5 June 2026, Good Friday 3 April 2026.
    expect(storeHoursOn(week, { year: 2026, month: 12, day: 24 })).toBeNull();
    expect(storeHoursOn(week, { year: 2026, month: 6, day: 5 })).toBeNull();
    expect(storeHoursOn(week, { year: 2026, month: 4, day: 3 })).toBeNull();
    // Store Bededag 2023 (Friday 5 May) was closed; the same Friday in 2024 is a normal day.
    expect(storeHoursOn(week, { year: 2023, month: 5, day: 5 })).toBeNull();
    expect(storeHoursOn(week, { year: 2024, month: 4, day: 26 })).toEqual({ open: '10:00', close: '17:30' });
  });

  it('closes at 15:00 at the latest on nytårsaftensdag', () => {
    // Thursday 31 Dec 2026: normally until 18:00.
    expect(storeHoursOn(week, { year: 2026, month: 12, day: 31 })).toEqual({ open: '10:00', close: '15:00' });
    // Friday 31 Dec 2027 with an early closing already before 15:00 stays as it is.
    const shortFriday = week.map((d) => (d.day === 5 ? { ...d, close: '14:30' } : d));
    expect(storeHoursOn(shortFriday, { year: 2027, month: 12, day: 31 })).toEqual({ open: '10:00', close: '14:30' });
    // A store that would only open at 15:00 stays closed.
    const lateOpen = week.map((d) => (d.day === 4 ? { ...d, open: '15:00', close: '20:00' } : d));
    expect(storeHoursOn(lateOpen, { year: 2026, month: 12, day: 31 })).toBeNull();
  });

  it('treats missing days and nonsense hours as closed', () => {
    expect(storeHoursOn(week.filter((d) => d.day !== 1), { year: 2026, month: 11, day: 23 })).toBeNull();
    expect(storeHoursOn([{ day: 1, open: '17:00', close: '09:00' }], { year: 2026, month: 11, day: 23 })).toBeNull();
    expect(storeHoursOn([{ day: 1, open: '10:00', close: null }], { year: 2026, month: 11, day: 23 })).toBeNull();
  });

  it('reads a Date in Copenhagen time', () => {
    // 23:30 UTC Sunday 22 Nov is 00:30 Monday in Copenhagen.
    expect(storeHoursOn(week, new Date('2026-11-22T23:30:00Z'))).toEqual({ open: '10:00', close: '17:30' });
    // 23:30 UTC on 23 Dec is already 24 Dec in Copenhagen.
    expect(storeHoursOn(week, new Date('2026-12-23T23:30:00Z'))).toBeNull();
  });
});

describe('isStoreOpenAt', () => {
  const monday = { year: 2026, month: 11, day: 23 };
  it('is open from the opening minute up to, not including, the closing minute', () => {
    expect(isStoreOpenAt(week, { ...monday, minutes: 9 * 60 + 59 })).toBe(false);
    expect(isStoreOpenAt(week, { ...monday, minutes: 10 * 60 })).toBe(true);
    expect(isStoreOpenAt(week, { ...monday, minutes: 17 * 60 + 29 })).toBe(true);
    expect(isStoreOpenAt(week, { ...monday, minutes: 17 * 60 + 30 })).toBe(false);
  });

  it('is closed on holidays and Sundays', () => {
    expect(isStoreOpenAt(week, { year: 2026, month: 12, day: 24, minutes: 12 * 60 })).toBe(false);
    expect(isStoreOpenAt(week, { year: 2026, month: 11, day: 22, minutes: 12 * 60 })).toBe(false);
  });

  it('closes at 15:00 on nytårsaftensdag', () => {
    expect(isStoreOpenAt(week, { year: 2026, month: 12, day: 31, minutes: 14 * 60 + 59 })).toBe(true);
    expect(isStoreOpenAt(week, { year: 2026, month: 12, day: 31, minutes: 15 * 60 })).toBe(false);
  });

  it('uses summer and winter time for a Date', () => {
    // Saturday 28 March 2026, winter: 09:30 UTC = 10:30 local → open.
    expect(isStoreOpenAt(week, new Date('2026-03-28T09:30:00Z'))).toBe(true);
    // Saturday 4 April 2026, summer: 12:30 UTC = 14:30 local → closed (Saturday until 14:00).
    expect(isStoreOpenAt(week, new Date('2026-04-04T12:30:00Z'))).toBe(false);
    // …whereas 12:30 UTC in winter is 13:30 local → open.
    expect(isStoreOpenAt(week, new Date('2026-03-28T12:30:00Z'))).toBe(true);
    // Monday 26 Oct 2026, first day of winter time: 08:30 UTC = 09:30 local → not yet open; 09:00 UTC = 10:00 → open.
    expect(isStoreOpenAt(week, new Date('2026-10-26T08:30:00Z'))).toBe(false);
    expect(isStoreOpenAt(week, new Date('2026-10-26T09:00:00Z'))).toBe(true);
    // Friday 23 Oct 2026, still summer: 08:00 UTC = 10:00 local → open.
    expect(isStoreOpenAt(week, new Date('2026-10-23T08:00:00Z'))).toBe(true);
  });
});
