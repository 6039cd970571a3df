import { z } from 'zod/mini';
import './zod-locale';
import { da } from '../messages/da';
import { emailField, nameField, phoneField } from './auth';
import { isoDateSchema, maxChars } from './common';
import { ageGroupSchema, confirmationStateSchema } from './enums';
import { TEXT_MAX } from './limits';
import { oreSchema } from './money';

const v = da.validation;

/** SPEC §1, §3 exam types (eye exams and the hearing test); their rules are in domain/booking.ts. */
export const examTypeSchema = z.enum(['synstest', 'kontaktlinsetilpasning', 'kontaktlinsekontrol', 'børnesyn', 'høretest', 'kørekort'], { error: 'Vælg en undersøgelse.' });
export type ExamType = z.infer<typeof examTypeSchema>;
export type AgeGroup = z.infer<typeof ageGroupSchema>;

export const bookingStatusSchema = z.enum(['requested', 'confirmed', 'cancelled']);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** SPEC §3 booking of an eye exam (or hearing test) in a store. */
export const bookingSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  examType: examTypeSchema,
  ageGroup: ageGroupSchema,
  start: z.string(),
  end: z.string(),
  noteToStore: z.nullable(z.string().check(z.maxLength(500, 'Beskeden må højst være 500 tegn.'))),
  requisitionType: z.nullable(z.enum(['e-requisition', 'physical'])),
  /** Working distances to monitors, cm (company eye-health bookings). */
  workingDistances: z.nullable(z.array(z.number().check(z.int(), z.gte(20), z.lte(200))).check(z.maxLength(3))),
  tools: z.nullable(z.string().check(z.maxLength(200))),
  other: z.nullable(z.string().check(z.maxLength(500))),
  status: bookingStatusSchema,
  confirmationState: confirmationStateSchema,
  customerId: z.nullable(z.string()),
});
export type Booking = z.infer<typeof bookingSchema>;

// ---- What the booking wizard and the manage page send ----------------------------------------

/** SPEC §5 bounds for the booking's free-text keys (note to store, distance, reference). */
export const bookingMessages = {
  noteTooLong: 'Beskeden til butikken må højst være 500 tegn.',
  distance: 'Arbejdsafstanden skal være et helt antal cm mellem 20 og 200.',
  distancesMax: 'Du kan højst angive 3 arbejdsafstande.',
  toolsTooLong: 'Værktøjer må højst være 200 tegn.',
  otherTooLong: 'Andet må højst være 500 tegn.',
  companyName: 'Skriv navnet på din arbejdsgiver.',
  reference: 'Referencen må kun indeholde bogstaver, tal, mellemrum og - / . og højst 40 tegn.',
  requisitionType: 'Vælg, om du har en e-rekvisition eller en fysisk rekvisition.',
  ageGroup: 'Vælg en aldersgruppe.',
  store: 'Vælg en butik.',
  start: 'Vælg en tid.',
} as const;

/** Optional free text: trimmed, and an empty field is no value. */
const optionalText = (max: number, message: string) =>
  z.pipe(z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, message)))), z.transform((s: string | null | undefined) => (s ? s : null)));

export const bookingContactSchema = z.object({ firstName: nameField, lastName: nameField, email: emailField, phone: phoneField });
export type BookingContactInput = z.input<typeof bookingContactSchema>;

const distanceField = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.maxLength(10, bookingMessages.distance), z.regex(/^\d+$/, bookingMessages.distance))]),
  z.transform((d: number | string) => Number(d)),
).check(z.refine((n: number) => Number.isInteger(n) && n >= 20 && n <= 200, bookingMessages.distance));

/** SPEC §3 company info: the requisition from the employer and the working conditions the optician needs. */
export const bookingCompanySchema = z.object({
  companyName: z.string({ error: bookingMessages.companyName }).check(z.trim(), z.minLength(1, bookingMessages.companyName), maxChars(120)),
  reference: optionalText(40, bookingMessages.reference).check(z.refine((s: string | null) => s === null || /^[\p{L}\p{N} ./-]+$/u.test(s), bookingMessages.reference)),
  requisitionType: z.enum(['e-requisition', 'physical'], { error: bookingMessages.requisitionType }),
  workingDistances: z._default(z.array(distanceField).check(z.maxLength(3, bookingMessages.distancesMax)), []),
  tools: optionalText(200, bookingMessages.toolsTooLong),
  other: optionalText(500, bookingMessages.otherTooLong),
});
export type BookingCompanyInput = z.input<typeof bookingCompanySchema>;

/** Birth date as SPEC §5 asks it: DDMMYY (checked against the age group by the API). */
const birthDateField = z.pipe(
  z.optional(z.nullable(z.string().check(z.trim(), maxChars(TEXT_MAX.code, v.cpr.birthDateFormat)))),
  z.transform((s: string | null | undefined) => (s ? s.replace(/\s+/g, '') : null)),
).check(z.refine((s: string | null) => s === null || /^\d{6}$/.test(s), v.cpr.birthDateFormat));

/** Customer info, note to store and company info: what a booking holds besides its time. */
export const bookingDetailsInputSchema = z.object({
  contact: bookingContactSchema,
  birthDate: birthDateField,
  noteToStore: optionalText(500, bookingMessages.noteTooLong),
  company: z._default(z.nullable(bookingCompanySchema), null),
});
export type BookingDetailsInput = z.input<typeof bookingDetailsInputSchema>;

const ageGroupField = z.enum(ageGroupSchema.options, { error: bookingMessages.ageGroup });
const startField = z.string({ error: bookingMessages.start }).check(z.minLength(1, bookingMessages.start), maxChars(TEXT_MAX.code, bookingMessages.start), z.refine((s) => !Number.isNaN(Date.parse(s)), bookingMessages.start));
/** The manage link's token; absent when the signed-in owner manages the booking from My Pages. */
const tokenField = z.optional(z.string().check(z.minLength(20), z.maxLength(TEXT_MAX.token)));
const storeIdField = z.string({ error: bookingMessages.store }).check(z.minLength(1, bookingMessages.store), maxChars(TEXT_MAX.id, bookingMessages.store));

export const bookingCreateRequestSchema = z.extend(bookingDetailsInputSchema, {
  storeId: storeIdField,
  examType: examTypeSchema,
  ageGroup: ageGroupField,
  start: startField,
});
export type BookingCreateRequest = z.input<typeof bookingCreateRequestSchema>;

export const bookingAccessRequestSchema = z.object({ token: tokenField });
export type BookingAccessRequest = z.input<typeof bookingAccessRequestSchema>;
export const bookingUpdateRequestSchema = z.extend(bookingDetailsInputSchema, { token: tokenField });
export type BookingUpdateRequest = z.input<typeof bookingUpdateRequestSchema>;
/** A new time for the same booking (SPEC §4 "rebook" while it is live). */
export const bookingRescheduleRequestSchema = z.object({ token: tokenField, start: startField });
export type BookingRescheduleRequest = z.input<typeof bookingRescheduleRequestSchema>;
/** After a cancellation a new time may be booked (SPEC §4): a new booking with the same details. */
export const bookingRebookRequestSchema = z.object({ token: tokenField, start: startField, storeId: z.optional(z.string().check(z.minLength(1), maxChars(TEXT_MAX.id))), examType: z.optional(examTypeSchema) });
export type BookingRebookRequest = z.input<typeof bookingRebookRequestSchema>;

export const availabilityQuerySchema = z.object({
  storeId: storeIdField,
  examType: examTypeSchema,
  ageGroup: z.optional(ageGroupField),
  from: isoDateSchema,
  days: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(14)), 7),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;

// ---- What the API answers ----------------------------------------------------------------------

/** One bookable time: instants (UTC ISO) and the Copenhagen wall-clock date and times shown. */
export const slotSchema = z.object({ start: z.string(), end: z.string(), date: isoDateSchema, time: z.string(), endTime: z.string() });
export type Slot = z.infer<typeof slotSchema>;

export const closedReasonSchema = z.enum(['holiday', 'new-years-eve', 'weekday', 'store-closed', 'beyond-horizon']);
export const availabilityDaySchema = z.object({
  date: isoDateSchema,
  /** Null on a closed day. */
  hours: z.nullable(z.object({ opens: z.string(), closes: z.string(), halfDay: z.boolean() })),
  closed: z.nullable(z.object({ reason: closedReasonSchema, name: z.nullable(z.string()) })),
  slots: z.array(slotSchema),
});
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;

/** SPEC §8 "no available exam times": nearby stores, the next available time, a similar exam type. */
export const bookingAlternativesSchema = z.object({
  nextAvailable: z.nullable(slotSchema),
  nearbyStores: z.array(z.object({ storeId: z.string(), name: z.string(), city: z.string(), distanceKm: z.nullable(z.number()), nextAvailable: slotSchema })),
  similarExamTypes: z.array(z.object({ examType: examTypeSchema, nextAvailable: slotSchema })),
});
export type BookingAlternatives = z.infer<typeof bookingAlternativesSchema>;

export const availabilitySchema = z.object({
  storeId: z.string(),
  examType: examTypeSchema,
  from: isoDateSchema,
  days: z.array(availabilityDaySchema),
  /** Set when the store's external booking system cannot be reached (SPEC §8). */
  unavailable: z.nullable(z.object({ reason: z.enum(['provider']), message: z.string() })),
  /** Set when the days asked for have no free time. */
  alternatives: z.nullable(bookingAlternativesSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityResponseSchema = z.object({ data: availabilitySchema });

export const bookingViewSchema = z.extend(bookingSchema, {
  store: z.object({ name: z.string(), street: z.string(), postcode: z.string(), city: z.string(), phone: z.string() }),
  contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
  birthDate: z.nullable(isoDateSchema),
  companyName: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  /** Price of the visit in øre (eye exams are VAT-exempt), after a Friends free visit. */
  price: oreSchema,
  ordinaryPrice: oreSchema,
  /** SPEC §1 Friends: a free visit within a year of the last one. */
  friendsFreeVisit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The cancelled booking this one replaced, and the booking that replaced this one. */
  rebookedFrom: z.nullable(z.string()),
  rebookedTo: z.nullable(z.string()),
  /** Whether the time can still be changed or cancelled (live and not yet begun). */
  changeable: z.boolean(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;
export const bookingResponseSchema = z.object({ data: bookingViewSchema });
/** Creating (or booking again) answers the manage link's token once, for the completion page's link. */
export const bookingCreatedResponseSchema = z.object({ data: bookingViewSchema, manageToken: z.string() });
export const bookingListResponseSchema = z.object({ data: z.array(bookingViewSchema) });
