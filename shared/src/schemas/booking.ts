import { z } from 'zod/mini';
import './zod-locale';
import { ageGroupSchema, confirmationStateSchema } from './enums';

/** SPEC §3 booking of an eye exam (or hearing test) in a store. */
export const bookingSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  examType: z.enum(['synstest', 'kontaktlinsetilpasning', 'kontaktlinsekontrol', 'børnesyn', 'høretest', 'kørekort']),
  ageGroup: ageGroupSchema,
  start: z.string(),
  end: z.string(),
  noteToStore: z.nullable(z.string().check(z.maxLength(500, 'Beskeden må højst være 500 tegn.'))),
  requisitionType: z.nullable(z.enum(['e-requisition', 'physical'])),
  /** Working distances to monitors, cm (company eye-health bookings). */
  workingDistances: z.nullable(z.array(z.number().check(z.int(), z.gte(20), z.lte(200))).check(z.maxLength(3))),
  tools: z.nullable(z.string().check(z.maxLength(200))),
  other: z.nullable(z.string().check(z.maxLength(500))),
  status: z.enum(['requested', 'confirmed', 'cancelled']),
  confirmationState: confirmationStateSchema,
  customerId: z.nullable(z.string()),
});
export type Booking = z.infer<typeof bookingSchema>;
