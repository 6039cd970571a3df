import { applyCounterAction, attendanceRefusal, bookingRefusalMessage, bookingTransition, counterCommandAction, counterRefusalMessage, type CounterCommandType } from '@optik/shared';
import type { LocalBooking } from '../../db/db';
import { db } from '../../services';
import { serverCounterFields, type SyncEngine } from '../../sync/engine';

/**
 * A counter action on a booking: the booking's new state on the device and its outbox command in
 * one transaction (engine.record). The server's last state stays on the booking (`server`), so
 * a rejected change that staff discard is undone to it (sync/engine.ts rebaseBooking).
 */
/** The device already knows the action is not allowed (the same rules as the server's): nothing is written. */
export class CounterRefused extends Error {}

/** Why the action cannot be done on the booking as the device has it, or null. */
export function counterRefusal(b: LocalBooking, type: CounterCommandType, now: Date): string | null {
  const action = counterCommandAction[type];
  if (action === 'confirm') {
    const t = bookingTransition(b, 'confirm', now);
    return t.ok ? null : bookingRefusalMessage[t.reason];
  }
  const refused = attendanceRefusal({ ...b, attendance: b.attendance ?? null }, action, now);
  return refused && counterRefusalMessage[refused];
}

async function act(engine: SyncEngine, type: CounterCommandType, bookingId: string, opts: { customerId?: string; dependsOn?: string[]; now?: Date } = {}): Promise<LocalBooking> {
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  const payload = opts.customerId ? { bookingId, customerId: opts.customerId } : { bookingId };
  const { value } = await engine.record({ type, payload, entity: { table: 'bookings', id: bookingId }, dependsOn: opts.dependsOn }, async () => {
    const b = await db.bookings.get(bookingId);
    if (!b) throw new CounterRefused('Aftalen findes ikke på denne enhed.');
    const refused = counterRefusal(b, type, now);
    if (refused) throw new CounterRefused(refused);
    const server = b.server ?? serverCounterFields({ ...b, customerId: b.customerId, attendance: b.attendance ?? null, attendanceAt: b.attendanceAt ?? null });
    const next = applyCounterAction({ ...b, attendance: b.attendance ?? null, attendanceAt: b.attendanceAt ?? null }, counterCommandAction[type], { at, customerId: opts.customerId ?? null });
    const saved: LocalBooking = { ...next, server, syncState: 'pending' };
    await db.bookings.put(saved);
    return saved;
  });
  return value;
}

/** "Bekræft": a booking request is confirmed by the store. */
export const confirmBooking = (engine: SyncEngine, bookingId: string, now?: Date) => act(engine, 'booking.confirm', bookingId, { now });

/** "Udeblevet": the customer did not come. */
export const markNoShow = (engine: SyncEngine, bookingId: string, now?: Date) => act(engine, 'booking.noShow', bookingId, { now });

/**
 * "Tjek ind": the customer arrived; the booking is linked to the store customer. A customer still
 * waiting to be synced (created offline, perhaps just now) is applied first: the check-in depends
 * on its customer.create command.
 */
export async function checkIn(engine: SyncEngine, bookingId: string, customerId: string, now?: Date): Promise<LocalBooking> {
  const creating = await engine.pendingCommandFor(customerId);
  return act(engine, 'booking.checkIn', bookingId, { customerId, dependsOn: creating ? [creating] : [], now });
}
