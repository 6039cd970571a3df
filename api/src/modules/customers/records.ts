import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { customerSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/**
 * A customer as stored: the CPR only encrypted (`cprSealed`, AES-GCM) plus a keyed hash
 * (`cprIndex`, HMAC) so staff can find a customer by exact CPR without decrypting anyone.
 */
export const customerRecordSchema = zm.extend(zm.omit(customerSchema, { cpr: true }), {
  cprSealed: z.string().nullable(),
  cprIndex: z.string().nullable(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const customersCollection = defineCollection({
  name: 'customers',
  schema: customerRecordSchema,
  file: { group: 'customers', durable: true },
  unique: { cprIndex: (c) => c.cprIndex, customerNumber: (c) => c.customerNumber },
  indexes: { byStore: { key: (c) => c.storeId, order: (c) => c.updatedAt } },
});
