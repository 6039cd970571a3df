import { describe, expect, it } from 'vitest';
import { openStatus, specialDays, storeAddress, weeklyRows } from './store-format';
import { closedSunday, detail, openMonday, store } from './test-data';

describe('openStatus', () => {
  it('tells when an open store closes', () => {
    expect(openStatus(openMonday)).toEqual({ open: true, label: 'Åben nu', detail: 'lukker kl. 17.30' });
  });

  it('marks the early closing on 31 December', () => {
    const nye = { ...openMonday, today: { date: '2026-12-31', open: true as const, opens: '10:00', closes: '15:00', special: 'half-day' as const } };
    expect(openStatus(nye).detail).toBe('lukker kl. 15.00 (nytårsaftensdag)');
  });

  it('tells when a closed store opens: i dag, i morgen, a weekday, or a date', () => {
    expect(openStatus(closedSunday)).toEqual({ open: false, label: 'Lukket nu', detail: 'åbner i morgen kl. 10.00' });
    const early = { ...closedSunday, today: { date: '2026-11-23', open: true as const, opens: '10:00', closes: '17:30' }, nextOpening: { ...closedSunday.nextOpening, date: '2026-11-23' } };
    expect(openStatus({ ...early, openNow: false }).detail).toBe('åbner i dag kl. 10.00');
    // Wednesday 1 April 2026 evening → Saturday 4 April (Easter).
    const easter = { openNow: false, today: { date: '2026-04-01', open: true as const, opens: '10:00', closes: '17:30' }, nextOpening: { date: '2026-04-04', opens: '10:00', closes: '14:00', at: '2026-04-04T08:00:00.000Z' } };
    expect(openStatus(easter).detail).toBe('åbner lørdag kl. 10.00');
    const far = { ...easter, nextOpening: { ...easter.nextOpening, date: '2026-04-14' } };
    expect(openStatus(far).detail).toBe('åbner tirsdag 14. april kl. 10.00');
  });

  it('says only closed when the store has no opening ahead', () => {
    expect(openStatus({ ...closedSunday, nextOpening: null })).toEqual({ open: false, label: 'Lukket nu', detail: null });
  });
});

describe('weeklyRows', () => {
  it('lists Monday to Sunday with Danish times, closed days as Lukket', () => {
    expect(weeklyRows(store().openingHours)).toEqual([
      { day: 1, name: 'Mandag', hours: '10.00–17.30' },
      { day: 2, name: 'Tirsdag', hours: '10.00–17.30' },
      { day: 3, name: 'Onsdag', hours: '10.00–17.30' },
      { day: 4, name: 'Torsdag', hours: '10.00–18.00' },
      { day: 5, name: 'Fredag', hours: '10.00–17.30' },
      { day: 6, name: 'Lørdag', hours: '10.00–14.00' },
      { day: 7, name: 'Søndag', hours: 'Lukket' },
    ]);
  });
});

describe('specialDays', () => {
  it('lists holidays on opening days and the half day, not ordinary closed days', () => {
    const d = detail();
    expect(specialDays(d.openingHours, d.days)).toEqual([
      { date: '2026-12-24', day: 'Torsdag 24. december', text: 'Lukket (Juleaftensdag)' },
      { date: '2026-12-31', day: 'Torsdag 31. december', text: '10.00–15.00 (nytårsaftensdag)' },
    ]);
  });

  it('leaves out a holiday on a day the store is closed anyway', () => {
    const sunday = [{ date: '2026-04-05', open: false as const, reason: 'holiday' as const, holiday: { key: 'paaskedag', name: 'Påskedag' } }];
    expect(specialDays(store().openingHours, sunday)).toEqual([]);
  });

  it('tells a store that would open only after 15:00 on 31 December that it is closed', () => {
    expect(specialDays(store().openingHours, [{ date: '2026-12-31', open: false, reason: 'new-years-eve' }])).toEqual([{ date: '2026-12-31', day: 'Torsdag 31. december', text: 'Lukket (nytårsaftensdag)' }]);
  });
});

it('storeAddress joins street, postcode and town', () => {
  expect(storeAddress(store())).toBe('Algade 31, 4000 Roskilde');
});
