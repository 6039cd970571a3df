import type { OpeningDay } from '../schemas/store';
import { addDays, copenhagenParts, fromCopenhagen, isoWeekday, parseIsoDate, toIsoDate, type LocalDate } from './copenhagen-time';
import { holidayOn, isStoreOpenAt, NEW_YEARS_EVE_CLOSING, storeHoursOn, type DanishHolidayKey } from './holidays';

/**
 * A store's opening on one Copenhagen calendar date, from its weekly hours and the Danish
 * closing days (DOMAIN.md "Store opening hours"). Pure: no clock, no I/O — exam booking
 * builds its slots on `openingOn`, the store pages and "open now" on the rest.
 */

/** Anything with the seven weekday entries of the store schema. */
export interface HasOpeningHours {
  readonly openingHours: readonly Pick<OpeningDay, 'day' | 'open' | 'close'>[];
}

export type ClosedReason =
  /** A Danish public holiday or another day shops close (juleaftensdag). */
  | 'holiday'
  /** 31 December, when the store's normal hours start at or after the 15:00 closing. */
  | 'new-years-eve'
  /** The store's weekly hours have no opening on this weekday. */
  | 'weekday';

export type DayOpening =
  | {
      open: false;
      reason: ClosedReason;
      /** Set when `reason` is 'holiday'. */
      holiday?: { key: DanishHolidayKey; name: string };
    }
  | {
      open: true;
      /** 'HH:MM' Copenhagen wall-clock time. */
      opens: string;
      closes: string;
      /** 'half-day': 31 December, closing at 15:00 instead of the weekly closing time. */
      special?: 'half-day';
    };

/** Throws a RangeError for anything but a real 'YYYY-MM-DD' date. */
function localDate(isoDate: string): LocalDate {
  const d = parseIsoDate(isoDate);
  if (!d) throw new RangeError(`openingOn: not a date: ${isoDate}`);
  return d;
}

const isNewYearsEve = (d: LocalDate) => d.month === 12 && d.day === 31;

function openingOnLocal(store: HasOpeningHours, date: LocalDate): DayOpening {
  const holiday = holidayOn(date);
  if (holiday) return { open: false, reason: 'holiday', holiday: { key: holiday.key, name: holiday.name } };
  // storeHoursOn is the one place that applies the holiday list and the 15:00 closing on
  // 31 December; this function only adds the reason, so the two cannot disagree.
  const hours = storeHoursOn(store.openingHours, date);
  const weekly = store.openingHours.find((d) => d.day === isoWeekday(date));
  if (!hours) {
    const hasWeeklyOpening = Boolean(weekly?.open && weekly.close && weekly.close > weekly.open);
    return { open: false, reason: hasWeeklyOpening && isNewYearsEve(date) ? 'new-years-eve' : 'weekday' };
  }
  // DOMAIN.md: closed from 15:00 on nytårsaftensdag — a half day when the weekly hours run later.
  const shortened = isNewYearsEve(date) && weekly?.close != null && weekly.close > NEW_YEARS_EVE_CLOSING;
  return { open: true, opens: hours.open, closes: hours.close, ...(shortened ? { special: 'half-day' as const } : {}) };
}

/** The store's opening on a Copenhagen calendar date ('YYYY-MM-DD'). */
export function openingOn(store: HasOpeningHours, isoDate: string): DayOpening {
  return openingOnLocal(store, localDate(isoDate));
}

export type DatedOpening = DayOpening & { date: string };

/** `days` consecutive days of openings from `fromIsoDate` (inclusive). */
export function openingCalendar(store: HasOpeningHours, fromIsoDate: string, days: number): DatedOpening[] {
  const start = localDate(fromIsoDate);
  return Array.from({ length: Math.max(0, Math.floor(days)) }, (_, i) => {
    const d = addDays(start, i);
    return { date: toIsoDate(d), ...openingOnLocal(store, d) };
  });
}

const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the store is open at an instant: opens ≤ Copenhagen time < closes. */
export function isOpenAt(store: HasOpeningHours, instant: Date): boolean {
  return isStoreOpenAt(store.openingHours, instant);
}

export interface NextOpening {
  /** 'YYYY-MM-DD' Copenhagen date of the opening. */
  date: string;
  opens: string;
  closes: string;
  /** The opening as an instant (DST-safe). */
  at: Date;
  special?: 'half-day';
}

/** How far ahead `nextOpening` looks; a store without any weekly opening has none. */
export const NEXT_OPENING_HORIZON_DAYS = 366;

/**
 * The first opening that starts strictly after `instant` (so while the store is open this is
 * the next day's opening), or null when none falls within a year.
 */
export function nextOpening(store: HasOpeningHours, instant: Date): NextOpening | null {
  const today = copenhagenParts(instant);
  for (let i = 0; i <= NEXT_OPENING_HORIZON_DAYS; i++) {
    const d = addDays(today, i);
    const day = openingOnLocal(store, d);
    if (!day.open) continue;
    const at = fromCopenhagen({ ...d, minutes: toMinutes(day.opens) });
    if (at.getTime() <= instant.getTime()) continue;
    return { date: toIsoDate(d), opens: day.opens, closes: day.closes, at, ...(day.special ? { special: day.special } : {}) };
  }
  return null;
}
