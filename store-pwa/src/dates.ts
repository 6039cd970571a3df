import { copenhagenParts, parseIsoDate } from '@optik/shared';

/**
 * The store app's one way of writing dates and times (CONVENTIONS: `25.11.2026`, `10.00`), in
 * Copenhagen time whatever zone the tablet is set to — shared's copenhagen-time, without Intl, so
 * every browser writes the same. Instants are ISO strings or Dates; a calendar date may also be
 * 'YYYY-MM-DD' (an exam date), which is written as it is, never shifted by a time zone.
 */
const pad = (n: number) => String(n).padStart(2, '0');

function partsOf(value: string | Date): { year: number; month: number; day: number; minutes: number | null } | null {
  if (typeof value === 'string') {
    const date = parseIsoDate(value);
    if (date) return { ...date, minutes: null };
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(instant.getTime()) ? null : copenhagenParts(instant);
}

/** '25.11.2026' */
export function formatDate(value: string | Date): string {
  const p = partsOf(value);
  return p ? `${pad(p.day)}.${pad(p.month)}.${p.year}` : String(value);
}

/** '10.00' (an instant in Copenhagen time, or a wall-clock 'HH:MM' as opening hours give it). */
export function formatTime(value: string | Date): string {
  if (typeof value === 'string' && /^\d{2}:\d{2}$/.test(value)) return value.replace(':', '.');
  const p = partsOf(value);
  return p?.minutes != null ? `${pad(Math.floor(p.minutes / 60))}.${pad(p.minutes % 60)}` : String(value);
}

/** '25.11.2026 kl. 10.00' */
export function formatDateTime(value: string | Date): string {
  const p = partsOf(value);
  return p?.minutes != null ? `${formatDate(value)} kl. ${formatTime(value)}` : formatDate(value);
}
