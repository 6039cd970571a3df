import { z } from 'zod/mini';
import './zod-locale';
import { bookingSchema } from './booking';
import { isoDateSchema, maxChars } from './common';
import { TEXT_MAX } from './limits';

/**
 * The store's view of its eye-exam bookings (issue 17 "Dagens aftaler"): what staff need at the
 * counter, and nothing of the shop's bookkeeping (price, manage token, the web account).
 */

/** What happened at the counter: the customer came (checked in) or did not (no-show). */
export const bookingAttendanceSchema = z.enum(['checked-in', 'no-show']);
export type BookingAttendance = z.infer<typeof bookingAttendanceSchema>;

export const staffBookingSchema = z.extend(bookingSchema, {
  /**
   * In the store's view: the store customer the booking is linked to (at check-in), null until
   * then. The web account a customer booked with is not a store customer and is not shown.
   */
  customerId: z.nullable(z.string()),
  /** The contact data the booking was made with (personal data: answered with no-store, listed masked). */
  contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
  companyName: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  attendance: z.nullable(bookingAttendanceSchema),
  /** When staff checked the customer in or marked the no-show. */
  attendanceAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type StaffBooking = z.infer<typeof staffBookingSchema>;
export const staffBookingListResponseSchema = z.object({ data: z.array(staffBookingSchema) });

/** GET /api/staff/bookings?from=&days= — the store's bookings from a date (today by default), `days` days of them (all when absent). */
export const staffBookingsQuerySchema = z.object({
  from: z.optional(isoDateSchema),
  days: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(31))),
});

const bookingIdField = z.string('Ukendt aftale.').check(z.minLength(1, 'Ukendt aftale.'), maxChars(TEXT_MAX.id, 'Ukendt aftale.'));

/** Outbox command `booking.confirm`: the store confirms a booking request. */
export const bookingConfirmCommandSchema = z.object({ bookingId: bookingIdField });
/**
 * Outbox command `booking.checkIn`: the customer arrived. `customerId` is the store customer the
 * booking is linked to — an existing one, or one created offline in the same queue (the command
 * then depends on that `customer.create`).
 */
export const bookingCheckInCommandSchema = z.object({ bookingId: bookingIdField, customerId: z.uuid('Ukendt kunde.') });
/** Outbox command `booking.noShow`: the customer did not come. */
export const bookingNoShowCommandSchema = z.object({ bookingId: bookingIdField });
