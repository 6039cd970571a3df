import { formatClock, formatDanishDate, isoWeekday, parseIsoDate, type Store, type StoreDay, type StoreSearchHit } from '@optik/shared';
import { sm } from './messages';

type Status = Pick<StoreSearchHit, 'openNow' | 'today' | 'nextOpening'>;

const DAY_MS = 86_400_000;

/** Whole days from one ISO date to another. */
function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return Number.NaN;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

const weekdayOf = (isoDate: string): number => {
  const d = parseIsoDate(isoDate);
  return d ? isoWeekday(d) : 0;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const hoursRange = (opens: string, closes: string) => `${formatClock(opens)}–${formatClock(closes)}`;

/**
 * "Åben nu – lukker kl. 17.30" or "Lukket nu – åbner i morgen kl. 10.00", from the API's
 * answer (its clock decides; the browser's clock is not asked). The day of the next opening
 * is told relative to the API's today: i dag, i morgen, a weekday within the week, else a date.
 */
export function openStatus({ openNow, today, nextOpening }: Status): { open: boolean; label: string; detail: string | null } {
  if (openNow && today.open) {
    const closes = sm.closesAt(formatClock(today.closes));
    return { open: true, label: sm.openNow, detail: today.special === 'half-day' ? `${closes} (${sm.halfDay})` : closes };
  }
  if (!nextOpening) return { open: false, label: sm.closedNow, detail: null };
  const ahead = daysBetween(today.date, nextOpening.date);
  const when =
    ahead === 0 ? sm.today : ahead === 1 ? sm.tomorrow : ahead < 7 ? sm.weekdays[weekdayOf(nextOpening.date) - 1]!.toLowerCase() : formatDanishDate(nextOpening.date, { year: false });
  return { open: false, label: sm.closedNow, detail: sm.opensAt(when, formatClock(nextOpening.opens)) };
}

/** The weekly hours, Monday first, as table rows. */
export function weeklyRows(openingHours: Store['openingHours']): { day: number; name: string; hours: string }[] {
  return sm.weekdays.map((name, i) => {
    const entry = openingHours.find((d) => d.day === i + 1);
    return { day: i + 1, name, hours: entry?.open && entry.close ? hoursRange(entry.open, entry.close) : sm.closed };
  });
}

/** ISO weekday (1–7) of the API's today, to mark it in the weekly table. */
export const todayWeekday = (today: StoreDay) => weekdayOf(today.date);

/**
 * The days ahead whose hours differ from the weekly ones: holidays on days the store would
 * open, and 31 December's early closing. A holiday on a day the store is closed anyway is left
 * out — nothing changes for the customer.
 */
export function specialDays(openingHours: Store['openingHours'], days: readonly StoreDay[]): { date: string; day: string; text: string }[] {
  const opensNormally = (date: string) => {
    const entry = openingHours.find((d) => d.day === weekdayOf(date));
    return Boolean(entry?.open && entry.close);
  };
  const out: { date: string; day: string; text: string }[] = [];
  for (const d of days) {
    const day = capitalise(formatDanishDate(d.date, { year: false }));
    if (d.open) {
      if (d.special === 'half-day') out.push({ date: d.date, day, text: sm.halfDayHours(hoursRange(d.opens, d.closes)) });
    } else if (d.reason === 'holiday' && opensNormally(d.date)) {
      out.push({ date: d.date, day, text: sm.closedFor(d.holiday?.name ?? sm.closed) });
    } else if (d.reason === 'new-years-eve') {
      out.push({ date: d.date, day, text: sm.closedNewYearsEve });
    }
  }
  return out;
}

/** "Algade 31, 4000 Roskilde" */
export const storeAddress = (s: Pick<Store, 'street' | 'postcode' | 'city'>) => `${s.street}, ${s.postcode} ${s.city}`;
