import { z } from 'zod';
import { defineCollection } from '../../storage/port';

/** A prescription as stored: the values (health data) only encrypted, like the CPR. */
export const prescriptionRecordSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  storeId: z.string().nullable(),
  examDate: z.string(),
  sealed: z.string(),
  createdAt: z.string(),
});
export type PrescriptionRecord = z.infer<typeof prescriptionRecordSchema>;

export const prescriptionsCollection = defineCollection({
  name: 'prescriptions',
  schema: prescriptionRecordSchema,
  file: { group: 'customers', durable: true },
  indexes: { byCustomer: { key: (p) => p.customerId, order: (p) => p.createdAt } },
});
