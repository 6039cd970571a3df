import type { OpeningDay } from '../schemas/store';
import { addDays, copenhagenParts, isoWeekday, toIsoDate, type LocalDate, type LocalDateTime } from './copenhagen-time';

/**
 * Days Danish shops close (DOMAIN.md "Store opening hours"). Juleaftensdag is not a public
 * holiday by law, but shops close, so it is listed with them. Store Bededag was abolished
 * from 2024 (Lov nr. 207 af 28/02/2023) and is listed for 2023 and earlier only.
 */
export type DanishHolidayKey =
  | 'nytaarsdag'
  | 'skaertorsdag'
  | 'langfredag'
  | 'paaskedag'
  | 'anden-paaskedag'
  | 'store-bededag'
  | 'kristi-himmelfartsdag'
  | 'pinsedag'
  | 'anden-pinsedag'
  | 'grundlovsdag'
  | 'juleaftensdag'
  | 'juledag'
  | 'anden-juledag';

export interface DanishHoliday {
  key: DanishHolidayKey;
  /** Danish name as shown to customers. */
  name: string;
  /** 'YYYY-MM-DD' */
  date: string;
}

export const LAST_YEAR_WITH_STORE_BEDEDAG = 2023;

/** DOMAIN.md: shops close from 15:00 on nytårsaftensdag (31 December). */
export const NEW_YEARS_EVE_CLOSING = '15:00';

/**
 * Easter Sunday by the anonymous Gregorian computus (Meeus/Jones/Butcher); valid for every
 * Gregorian year (1583 onwards).
 */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

const cache = new Map<number, readonly DanishHoliday[]>();

/** The closing days of `year` in date order. */
export function danishHolidays(year: number): readonly DanishHoliday[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const fromEaster = (key: DanishHolidayKey, name: string, days: number): DanishHoliday => ({ key, name, date: toIsoDate(addDays(easter, days)) });
  const fixed = (key: DanishHolidayKey, name: string, month: number, day: number): DanishHoliday => ({ key, name, date: toIsoDate({ year, month, day }) });
  const list: DanishHoliday[] = [
    fixed('nytaarsdag', 'Nytårsdag', 1, 1),
    fromEaster('skaertorsdag', 'Skærtorsdag', -3),
    fromEaster('langfredag', 'Langfredag', -2),
    fromEaster('paaskedag', 'Påskedag', 0),
    fromEaster('anden-paaskedag', '2. påskedag', 1),
    // Store Bededag: the fourth Friday after Easter, abolished from 2024.
    ...(year <= LAST_YEAR_WITH_STORE_BEDEDAG ? [fromEaster('store-bededag', 'Store bededag', 26)] : []),
    fromEaster('kristi-himmelfartsdag', 'Kristi himmelfartsdag', 39),
    fromEaster('pinsedag', 'Pinsedag', 49),
    fromEaster('anden-pinsedag', '2. pinsedag', 50),
    fixed('grundlovsdag', 'Grundlovsdag', 6, 5),
    fixed('juleaftensdag', 'Juleaftensdag', 12, 24),
    fixed('juledag', 'Juledag', 12, 25),
    fixed('anden-juledag', '2. juledag', 12, 26),
  ];
  // Grundlovsdag can coincide with pinsedag or 2. pinsedag (e.g. 2022, 2033): ISO strings sort by date.
  list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  const frozen = Object.freeze(list.map((h) => Object.freeze(h)));
  cache.set(year, frozen);
  return frozen;
}

/** The first closing day on a date (grundlovsdag may share a date with a pinse day), if any. */
export function holidayOn(date: LocalDate): DanishHoliday | undefined {
  const iso = toIsoDate(date);
  return danishHolidays(date.year).find((h) => h.date === iso);
}

export interface StoreHours {
  open: string;
  close: string;
}

type WeeklyHours = readonly Pick<OpeningDay, 'day' | 'open' | 'close'>[];

const isDate = (v: unknown): v is Date => v instanceof Date || Object.prototype.toString.call(v) === '[object Date]';

const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A store's hours on a Copenhagen calendar date: null when it is closed (holiday, closed
 * weekday, or hours that make no sense). A `Date` is read in Copenhagen time; a
 * `{ year, month, day }` is taken as already local.
 */
export function storeHoursOn(openingHours: WeeklyHours, date: Date | LocalDate): StoreHours | null {
  const local: LocalDate = isDate(date) ? copenhagenParts(date) : date;
  if (holidayOn(local)) return null;
  const weekday = isoWeekday(local);
  const entry = openingHours.find((d) => d.day === weekday);
  if (!entry?.open || !entry.close) return null;
  let close = entry.close;
  // DOMAIN.md: closed from 15:00 on nytårsaftensdag.
  if (local.month === 12 && local.day === 31 && close > NEW_YEARS_EVE_CLOSING) close = NEW_YEARS_EVE_CLOSING;
  // 'HH:MM' strings compare in time order. A close at or before the open (bad data, or a
  // day that ends before 15:00 opening on 31 Dec) means no opening that day.
  if (close <= entry.open) return null;
  return { open: entry.open, close };
}

/** Whether the store is open at a moment: open ≤ time < close, in Copenhagen wall-clock time. */
export function isStoreOpenAt(openingHours: WeeklyHours, at: Date | LocalDateTime): boolean {
  const local: LocalDateTime = isDate(at) ? copenhagenParts(at) : at;
  const hours = storeHoursOn(openingHours, { year: local.year, month: local.month, day: local.day });
  if (!hours) return false;
  return local.minutes >= toMinutes(hours.open) && local.minutes < toMinutes(hours.close);
}
