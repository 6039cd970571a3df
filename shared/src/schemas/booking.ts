import { z } from 'zod';
import { ageGroupSchema, confirmationStateSchema } from './enums';

/** SPEC §3 booking of an eye exam (or hearing test) in a store. */
export const bookingSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  examType: z.enum(['synstest', 'kontaktlinsetilpasning', 'kontaktlinsekontrol', 'børnesyn', 'høretest', 'kørekort']),
  ageGroup: ageGroupSchema,
  start: z.string(),
  end: z.string(),
  noteToStore: z.string().max(500, 'Beskeden må højst være 500 tegn.').nullable(),
  requisitionType: z.enum(['e-requisition', 'physical']).nullable(),
  /** Working distances to monitors, cm (company eye-health bookings). */
  workingDistances: z.array(z.number().int().min(20).max(200)).max(3).nullable(),
  tools: z.string().max(200).nullable(),
  other: z.string().max(500).nullable(),
  status: z.enum(['requested', 'confirmed', 'cancelled']),
  confirmationState: confirmationStateSchema,
  customerId: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;
