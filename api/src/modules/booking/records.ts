import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { bookingViewSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/**
 * Records of eye-exam booking, owned by this module (repository.ts), listed in api/src/collections.ts.
 */

/**
 * A booking as stored: what the customer sees, less what is derived when it is shown (the
 * store's address, whether it can still be changed), plus the manage link's token only as its
 * SHA-256, a history of what happened to it, and which order used it for the Friends frame discount.
 */
export const bookingRecordSchema = zm.extend(zm.omit(bookingViewSchema, { store: true, changeable: true }), {
  tokenHash: z.string(),
  /**
   * The paid order that got the Friends frame discount for this eye test (once per test,
   * modules/friends/frame-discount.ts); absent or null while unused.
   */
  frameDiscountOrderId: z.string().nullable().optional(),
  /**
   * At the counter (issue 17): the customer checked in or did not come, when, and the store
   * customer the check-in linked the booking to. Absent on bookings from before, and until then.
   */
  attendance: z.enum(['checked-in', 'no-show']).nullable().optional(),
  attendanceAt: z.string().nullable().optional(),
  storeCustomerId: z.string().nullable().optional(),
  history: z.array(
    z.object({
      at: z.string(),
      action: z.enum(['requested', 'confirmed', 'updated', 'rescheduled', 'cancelled', 'rebooked', 'checked-in', 'no-show']),
      by: z.enum(['customer', 'store', 'system']),
    }),
  ),
});
export type BookingRecord = z.infer<typeof bookingRecordSchema>;

/**
 * The times held on one store day (`id` = `{storeId}|{YYYY-MM-DD}`): the record a booking is
 * reserved on with the storage's atomic `update`, so the last free examiner cannot be taken twice.
 */
export const bookingDayRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  date: z.string(),
  holds: z.array(z.object({ bookingId: z.string(), from: z.number().int(), to: z.number().int() })),
});
export type BookingDayRecord = z.infer<typeof bookingDayRecordSchema>;

/** A store's booking calendar besides its opening hours; `id` is the store id. */
export const bookingCalendarRecordSchema = z.object({
  id: z.string(),
  /** Opticians examining at the same time. */
  examiners: z.number().int().min(0),
  /** Extra days without bookings (staff training …). */
  closedDates: z.array(z.object({ date: z.string(), reason: z.string() })),
  /**
   * Requests for a free time are confirmed at once; requisition (company) bookings always wait
   * for the store, which checks the requisition first.
   */
  autoConfirm: z.boolean(),
  /**
   * The store's times are kept in an external booking system (ports: external-calendar.ts).
   * `simulatedOutage` makes the local simulation of that system unreachable (SPEC §8).
   */
  external: z.object({ system: z.string(), simulatedOutage: z.boolean() }).nullable(),
});
export type BookingCalendarRecord = z.infer<typeof bookingCalendarRecordSchema>;

/** Eye-exam bookings; the manage link's token hash is unique. */
export const bookingsCollection = defineCollection({
  name: 'bookings',
  schema: bookingRecordSchema,
  file: { group: 'bookings', durable: true },
  unique: { tokenHash: (b) => b.tokenHash },
  indexes: {
    byCustomer: { key: (b) => b.customerId, order: (b) => b.start },
    byStore: { key: (b) => b.storeId, order: (b) => b.start },
  },
});
/** The id of a store day's record of held times: the slot key a booking is reserved on. */
export const dayId = (storeId: string, date: string) => `${storeId}|${date}`;

/** The times held on one store day: the id `{storeId}|{YYYY-MM-DD}` is the slot key a booking is reserved on. */
export const bookingDaysCollection = defineCollection({ name: 'bookingDays', schema: bookingDayRecordSchema, file: { group: 'bookings', durable: true } });
export const bookingCalendarsCollection = defineCollection({ name: 'bookingCalendars', schema: bookingCalendarRecordSchema, file: { group: 'bookings', durable: true } });
