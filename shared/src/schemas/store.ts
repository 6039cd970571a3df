import { z } from 'zod/mini';
import './zod-locale';

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
