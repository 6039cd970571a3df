import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { customerSchema, normalizeEmail, normalizePhone } from '@optik/shared';
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

/** The value an e-mail is indexed and looked up by. */
export const emailKey = (email: string): string => normalizeEmail(email);
/** The value a phone number is indexed and looked up by (8 digits, or +CC… abroad); null when it is no phone number. */
export const phoneKey = (phone: string): string | null => normalizePhone(phone);

export const customersCollection = defineCollection({
  name: 'customers',
  schema: customerRecordSchema,
  file: { group: 'customers', durable: true },
  unique: { cprIndex: (c) => c.cprIndex, customerNumber: (c) => c.customerNumber },
  indexes: {
    /** A store's customers by last change (the device copy; the "contains" search within the store). */
    byStore: { key: (c) => c.storeId, order: (c) => c.updatedAt },
    /** Exact e-mail and phone: how staff find another store's customer (not unique: families share them). */
    byEmail: { key: (c) => (c.email ? emailKey(c.email) : null) },
    byPhone: { key: (c) => (c.phone ? phoneKey(c.phone) : null) },
  },
});

