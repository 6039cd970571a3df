import type { BookingStatus } from '../schemas/booking';
import type { BookingAttendance } from '../schemas/staff-booking';
import { copenhagenIsoDate, isoWeekday, parseIsoDate } from './copenhagen-time';
import { localTimeOf } from './booking';

/**
 * The store's side of a booking at the counter (issue 17): staff confirm a request, check the
 * customer in (linking the booking to a store customer) or mark a no-show. The rules and the
 * change each action makes are here, so the API (which decides) and the store app (which shows
 * the change at once, offline, and undoes it when staff discard it) agree.
 */

export type CounterAction = 'confirm' | 'check-in' | 'no-show';
export type CounterRefusal = 'cancelled' | 'future' | 'already-checked-in' | 'checked-in' | 'already-no-show';

/** SPEC §8-style Danish reasons, shown in the store app's sync panel when the server refuses. */
export const counterMessages = {
  notInStore: 'Aftalen findes ikke i din butik.',
  cancelled: 'Aftalen er aflyst, så kunden kan ikke tjekkes ind eller meldes udeblevet.',
  future: 'Kunden kan først tjekkes ind eller meldes udeblevet på dagen for aftalen.',
  alreadyCheckedIn: 'Kunden er allerede tjekket ind.',
  checkedIn: 'Kunden er tjekket ind og kan ikke meldes udeblevet.',
  alreadyNoShow: 'Kunden er allerede meldt udeblevet.',
  customerMissing: 'Kunden findes ikke. Opret kunden, og tjek ind igen.',
} as const;

export const counterRefusalMessage: Record<CounterRefusal, string> = {
  cancelled: counterMessages.cancelled,
  future: counterMessages.future,
  'already-checked-in': counterMessages.alreadyCheckedIn,
  'checked-in': counterMessages.checkedIn,
  'already-no-show': counterMessages.alreadyNoShow,
};

/** What the counter actions read and change on a booking. */
export interface CounterState {
  status: BookingStatus;
  confirmationState: 1 | 2;
  start: string;
  attendance: BookingAttendance | null;
  attendanceAt: string | null;
  /** The store customer the booking is linked to (set at check-in). */
  customerId: string | null;
}

/**
 * Whether the customer can be checked in or marked as a no-show: not for a cancelled booking,
 * not before the booking's day (Copenhagen); a no-show never after a check-in. A customer marked
 * as a no-show who turns up late can still be checked in. Once the day has come the action is
 * allowed later too, so a check-in made offline and synced the next morning still applies.
 */
export function attendanceRefusal(b: Pick<CounterState, 'status' | 'start' | 'attendance'>, action: 'check-in' | 'no-show', now: Date): CounterRefusal | null {
  if (b.status === 'cancelled') return 'cancelled';
  if (localTimeOf(b.start).date > copenhagenIsoDate(now)) return 'future';
  if (action === 'check-in') return b.attendance === 'checked-in' ? 'already-checked-in' : null;
  if (b.attendance === 'checked-in') return 'checked-in';
  return b.attendance === 'no-show' ? 'already-no-show' : null;
}

/** The booking after a counter action that is allowed (the caller checks the rules first). */
export function applyCounterAction<B extends CounterState>(b: B, action: CounterAction, opts: { at: string; customerId?: string | null }): B {
  switch (action) {
    case 'confirm':
      return { ...b, status: 'confirmed', confirmationState: 2 };
    case 'check-in':
      return { ...b, attendance: 'checked-in', attendanceAt: opts.at, customerId: opts.customerId ?? b.customerId };
    case 'no-show':
      return { ...b, attendance: 'no-show', attendanceAt: opts.at };
  }
}

const WEEKDAY_NAMES = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];
const two = (n: number) => String(n).padStart(2, '0');

/** A booking day as the counter shows it: 'torsdag 26.11.2026' (from 'YYYY-MM-DD'). */
export function formatCounterDay(isoDate: string): string {
  const d = parseIsoDate(isoDate);
  if (!d) return isoDate;
  return `${WEEKDAY_NAMES[isoWeekday(d) - 1]!} ${two(d.day)}.${two(d.month)}.${d.year}`;
}

/** The Copenhagen clock time of an instant as '10.00'. */
export function formatCounterTime(instant: string): string {
  const { minutes } = localTimeOf(instant);
  return `${two(Math.floor(minutes / 60))}.${two(minutes % 60)}`;
}

/** The store app's outbox commands for the counter actions (shared/src/schemas/sync.ts). */
export const counterCommandAction = { 'booking.confirm': 'confirm', 'booking.checkIn': 'check-in', 'booking.noShow': 'no-show' } as const satisfies Record<string, CounterAction>;
export type CounterCommandType = keyof typeof counterCommandAction;

/**
 * A booking with the counter commands still on their way applied over what the server last
 * said (`base`), in the order they were made: what the device shows while they wait, and
 * after one of them is discarded.
 */
export function replayCounterCommands<B extends CounterState>(base: B, commands: readonly { type: string; createdAt: string; payload: unknown }[]): B {
  let b = base;
  for (const c of commands) {
    const action = new Map<string, CounterAction>(Object.entries(counterCommandAction)).get(c.type);
    if (!action) continue;
    const customerId = (c.payload as { customerId?: string } | null)?.customerId ?? null;
    b = applyCounterAction(b, action, { at: c.createdAt, customerId });
  }
  return b;
}
