import { z } from 'zod';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Tid skal være TT:MM');

/** Opening hours for one weekday; day 1 = Monday … 7 = Sunday (ISO). Closed days have null times. */
export const openingDaySchema = z.object({
  day: z.number().int().min(1).max(7),
  open: hhmm.nullable(),
  close: hhmm.nullable(),
});
export type OpeningDay = z.infer<typeof openingDaySchema>;

export const storeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  street: z.string(),
  postcode: z.string().regex(/^\d{4}$/),
  city: z.string(),
  region: z.string(),
  phone: z.string(),
  email: z.string(),
  lat: z.number().min(54).max(58),
  lng: z.number().min(8).max(16),
  openingHours: z.array(openingDaySchema).length(7),
  services: z.array(z.enum(['synstest', 'kontaktlinser', 'høretest', 'børnesyn', 'click-and-collect'])),
});
export type Store = z.infer<typeof storeSchema>;
export const storesResponseSchema = z.object({ data: z.array(storeSchema) });
