/**
 * Wall-clock time in Europe/Copenhagen without Intl time-zone data: the shared package runs in
 * browsers, the service worker and Node, and a Node built with small-icu (or an old WebView)
 * may not know the zone. Denmark follows the EU summer-time rule (Directive 2000/84/EC):
 * CEST (UTC+2) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
 * October, CET (UTC+1) otherwise. Years before 1996 used other end dates; nothing here needs them.
 */

/** A calendar date; month 1–12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** A Copenhagen wall-clock moment: calendar date plus minutes since local midnight (0–1439). */
export interface LocalDateTime extends LocalDate {
  minutes: number;
}

export interface CopenhagenParts extends LocalDateTime {
  /** ISO weekday: 1 = Monday … 7 = Sunday (the numbering of the store schema's openingHours). */
  weekday: number;
  /** 60 in winter (CET), 120 in summer (CEST). */
  offsetMinutes: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Day of month of the last Sunday in `month` (1–12). */
function lastSunday(year: number, month: number): number {
  // Date.UTC with day 0 of the next month is the last day of `month`.
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** UTC offset in minutes that applies at the instant `t` (ms since epoch). */
function offsetAt(t: number): number {
  const year = new Date(t).getUTCFullYear();
  const start = Date.UTC(year, 2, lastSunday(year, 3), 1);
  const end = Date.UTC(year, 9, lastSunday(year, 10), 1);
  return t >= start && t < end ? 120 : 60;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(d: LocalDate): number {
  const sundayZero = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** The Copenhagen calendar date and wall-clock minutes of an instant. Throws on an invalid Date. */
export function copenhagenParts(date: Date): CopenhagenParts {
  const t = date.getTime();
  if (Number.isNaN(t)) throw new RangeError('copenhagenParts: invalid Date');
  const offsetMinutes = offsetAt(t);
  const local = new Date(t + offsetMinutes * MINUTE);
  const parts = {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
  return { ...parts, weekday: isoWeekday(parts), offsetMinutes };
}

/**
 * The instant of a Copenhagen wall-clock time. In the autumn hour that occurs twice the
 * earlier (summer-time) instant is returned unless `offsetMinutes` says which one is meant
 * (as `copenhagenParts` gives it); a time skipped in spring (02:00–02:59 on the last Sunday
 * of March) maps to the instant one hour later, as clocks show it.
 */
export function fromCopenhagen(local: LocalDateTime & { offsetMinutes?: number }): Date {
  const naive = Date.UTC(local.year, local.month - 1, local.day) + local.minutes * MINUTE;
  const preferred = local.offsetMinutes === 60 ? [60, 120] : [120, 60];
  for (const offset of preferred) {
    const t = naive - offset * MINUTE;
    if (offsetAt(t) === offset) return new Date(t);
  }
  // Only the skipped spring hour gets here: read it with the winter offset.
  return new Date(naive - 60 * MINUTE);
}

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Whether the Gregorian date exists (29 February only in leap years). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' */
export function toIsoDate(d: LocalDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** Parses a strict 'YYYY-MM-DD' that names a real calendar date; null otherwise. */
export function parseIsoDate(text: string): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(d.year, d.month, d.day) ? d : null;
}

/** The calendar date `days` days after `d` (negative goes back). */
export function addDays(d: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Today's date in Copenhagen as 'YYYY-MM-DD'. */
export function copenhagenIsoDate(date: Date): string {
  return toIsoDate(copenhagenParts(date));
}
