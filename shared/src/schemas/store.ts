import { z } from 'zod/mini';
import './zod-locale';
import { examTypeSchema } from './booking';

const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Tid skal være TT:MM'));

/** Opening hours for one weekday; day 1 = Monday … 7 = Sunday (ISO). Closed days have null times. */
export const openingDaySchema = z.object({
  day: z.number().check(z.int(), z.gte(1), z.lte(7)),
  open: z.nullable(hhmm),
  close: z.nullable(hhmm),
});
export type OpeningDay = z.infer<typeof openingDaySchema>;

export const storeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  street: z.string(),
  postcode: z.string().check(z.regex(/^\d{4}$/)),
  city: z.string(),
  region: z.string(),
  phone: z.string(),
  email: z.string(),
  lat: z.number().check(z.gte(54), z.lte(58)),
  lng: z.number().check(z.gte(8), z.lte(16)),
  openingHours: z.array(openingDaySchema).check(z.length(7)),
  services: z.array(z.enum(['synstest', 'kontaktlinser', 'høretest', 'børnesyn', 'click-and-collect'])),
});
export type Store = z.infer<typeof storeSchema>;
export const storesResponseSchema = z.object({ data: z.array(storeSchema) });

/* ---- Store finder and store pages (SPEC §1, §2 /find-butik; DOMAIN.md opening hours) ---- */

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** One day of a store's calendar, as `openingCalendar` in `domain/opening-hours.ts` gives it. */
export const storeDaySchema = z.union([
  z.object({
    date: isoDate,
    open: z.literal(false),
    reason: z.enum(['holiday', 'new-years-eve', 'weekday']),
    holiday: z.optional(z.object({ key: z.string(), name: z.string() })),
  }),
  z.object({ date: isoDate, open: z.literal(true), opens: hhmm, closes: hhmm, special: z.optional(z.literal('half-day')) }),
]);
export type StoreDay = z.infer<typeof storeDaySchema>;

export const storeNextOpeningSchema = z.object({ date: isoDate, opens: hhmm, closes: hhmm, at: z.string(), special: z.optional(z.literal('half-day')) });

/** Open now, today's hours and the next opening, computed by the API with its clock. */
const storeStatusFields = {
  openNow: z.boolean(),
  today: storeDaySchema,
  nextOpening: z.nullable(storeNextOpeningSchema),
};

/**
 * GET /api/stores/search: `q` is a town, a postcode or a store name (Danish letters may be
 * typed as ae/oe/aa); `lat`+`lng` is the visitor's position (nearest first, with km). Neither:
 * every store by name.
 */
export const storeSearchQuerySchema = z
  .object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Søgningen må højst være 100 tegn.'))),
    lat: z.optional(z.coerce.number({ error: 'Positionen er ugyldig.' }).check(z.gte(-90, 'Positionen er ugyldig.'), z.lte(90, 'Positionen er ugyldig.'))),
    lng: z.optional(z.coerce.number({ error: 'Positionen er ugyldig.' }).check(z.gte(-180, 'Positionen er ugyldig.'), z.lte(180, 'Positionen er ugyldig.'))),
  })
  .check(z.refine((v) => (v.lat === undefined) === (v.lng === undefined), { message: 'Positionen skal have både bredde- og længdegrad.', path: ['lng'] }));
export type StoreSearchQuery = z.input<typeof storeSearchQuerySchema>;

export const storeSearchHitSchema = z.extend(storeSchema, {
  ...storeStatusFields,
  /** From the visitor's position, or the searched postcode or town; null for a name search. */
  distanceKm: z.nullable(z.number()),
});
export type StoreSearchHit = z.infer<typeof storeSearchHitSchema>;

export const storeSearchResponseSchema = z.object({
  data: z.array(storeSearchHitSchema),
  /** What the distances are measured from, when the search was by place rather than by name. */
  near: z.nullable(z.object({ kind: z.enum(['position', 'postcode', 'town']), postcode: z.nullable(z.string()), label: z.string() })),
});
export type StoreSearchResponse = z.infer<typeof storeSearchResponseSchema>;

/** GET /api/stores/{id or slug}: one store with the next 14 days (special closing days) and the exams it offers. */
export const storeDetailSchema = z.extend(storeSchema, {
  ...storeStatusFields,
  /** The API's clock when the answer was made (ISO); "open now" is true at this instant. */
  asOf: z.string(),
  days: z.array(storeDaySchema),
  examTypes: z.array(z.object({ type: examTypeSchema, name: z.string(), minutes: z.number() })),
});
export type StoreDetail = z.infer<typeof storeDetailSchema>;
export const storeDetailResponseSchema = z.object({ data: storeDetailSchema });
