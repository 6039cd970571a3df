import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { CUSTOMER_EDIT_FIELDS, customerSchema, normalizeEmail, normalizePhone } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Who last set a field through customer.update (docs/decisions/011): told when a later change overwrites it unseen. */
const fieldEditSchema = z.object({ by: z.string(), commandId: z.string(), at: z.string() });
export type FieldEdit = z.infer<typeof fieldEditSchema>;

/**
 * A customer as stored: the CPR only encrypted (`cprSealed`, AES-GCM) plus a keyed hash
 * (`cprIndex`, HMAC) so staff can find a customer by exact CPR without decrypting anyone.
 * The notes (free text, which may hold health details) are only stored sealed (`notesSealed`).
 */
export const customerRecordSchema = zm.extend(zm.omit(customerSchema, { cpr: true, notes: true }), {
  cprSealed: z.string().nullable(),
  cprIndex: z.string().nullable(),
  notesSealed: z.string().nullable().optional(),
  /** Per editable field, its last writer (absent: as created). */
  fieldEdits: z.partialRecord(z.enum(CUSTOMER_EDIT_FIELDS), fieldEditSchema).optional(),
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
    /** A store's customers by last change (the device copy; the free-text search within the store). */
    byStore: { key: (c) => c.storeId, order: (c) => c.updatedAt },
    /** E-mail and phone (not unique: families share them); staff search them only within their own store (decision 009). */
    byEmail: { key: (c) => (c.email ? emailKey(c.email) : null) },
    byPhone: { key: (c) => (c.phone ? phoneKey(c.phone) : null) },
  },
});

/**
 * A store's access to another store's customer (decision 009): made when a staff member of that
 * store opens the customer by exact CPR or exact customer number, with the customer present.
 * `id` is `storeId:customerId`, so a store holds one grant per customer however often it opens them.
 */
export const customerStoreAccessRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  customerId: z.string(),
  grantedAt: z.string(),
  grantedBy: z.string(),
});
export type CustomerStoreAccessRecord = z.infer<typeof customerStoreAccessRecordSchema>;
export const storeAccessId = (storeId: string, customerId: string): string => `${storeId}:${customerId}`;

export const customerStoreAccessCollection = defineCollection({
  name: 'customerStoreAccess',
  schema: customerStoreAccessRecordSchema,
  file: { group: 'customers', durable: true },
  indexes: { byCustomer: { key: (g) => g.customerId, order: (g) => g.grantedAt } },
});


/**
 * A field value of a staff member's that a later customer.update overwrote without having seen
 * it (docs/decisions/011). `id` is `<winning command id>:<field>`; the overwritten value and the
 * one that replaced it are sealed together (`sealed`: JSON `{ lost, won }`, owner the id).
 * Kept, like the access log, as the record of what was lost; shown to `lostBy` on their devices.
 */
export const customerConflictRecordSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  field: z.enum(CUSTOMER_EDIT_FIELDS),
  /** The staff member (account id) whose value was overwritten, and the command and time it was set by. */
  lostBy: z.string(),
  lostCommandId: z.string(),
  lostAt: z.string(),
  wonBy: z.string(),
  wonCommandId: z.string(),
  /** When it was overwritten (the server's time of the later command). */
  at: z.string(),
  sealed: z.string(),
});
export type CustomerConflictRecord = z.infer<typeof customerConflictRecordSchema>;
export const conflictId = (commandId: string, field: string): string => `${commandId}:${field}`;

export const customerConflictsCollection = defineCollection({
  name: 'customerConflicts',
  schema: customerConflictRecordSchema,
  file: { group: 'customers', durable: true },
  indexes: { byLoser: { key: (c) => c.lostBy, order: (c) => c.at } },
});
