import type { Page } from '@playwright/test';

const ZONE = 'Europe/Copenhagen';
const parts = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Copenhagen's wall clock at `instant`, as if it were UTC (so the difference is the zone's offset). */
function wallClock(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** `HH.MM` on `date` (YYYY-MM-DD) in Copenhagen, as an instant. */
function copenhagen(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split('.').map(Number);
  const guess = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  return guess - (wallClock(guess) - guess);
}

export interface CounterDay {
  /** The day, YYYY-MM-DD (Copenhagen). */
  date: string;
  /** `HH.MM` that day, as an instant. */
  at(time: string): number;
  /** A date `days` before the day, YYYY-MM-DD (e.g. when the customer's eye exam was). */
  daysBefore(days: number): string;
}

/**
 * The working day the browser's clock walks through: today in Copenhagen once 09.00 has come,
 * else yesterday. Only the browser's clock moves (the API's is real), so the day never runs
 * ahead of the API by more than the 8½ hours to closing: the staff session the API gave at
 * login (12 hours) still holds at 17.30 on the device, and exam dates are never in the API's
 * future.
 */
export function counterDay(now = Date.now()): CounterDay {
  const today = new Date(wallClock(now)).toISOString().slice(0, 10);
  const yesterday = new Date(wallClock(now) - 86_400_000).toISOString().slice(0, 10);
  const date = copenhagen(today, '09.00') <= now ? today : yesterday;
  return {
    date,
    at: (time) => copenhagen(date, time),
    daysBefore: (days) => new Date(Date.parse(`${date}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10),
  };
}

/**
 * Moves the browser's clock forward to `HH.MM` of the day. `fastForward` fires every timer that
 * falls due on the way (once), as after a tablet lay idle: the sync loop's interval and backoff
 * retries run, as they would over the real hours. A time already passed is left as it is.
 */
export async function clockTo(page: Page, day: CounterDay, time: string): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  const ahead = day.at(time) - now;
  if (ahead > 0) await page.clock.fastForward(ahead);
}

/** `HH.MM`, `minutes` after midnight. */
export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}.${String(minutes % 60).padStart(2, '0')}`;
