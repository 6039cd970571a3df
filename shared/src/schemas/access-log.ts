import { z } from 'zod/mini';
import './zod-locale';
import { maxChars } from './common';
import { TEXT_MAX } from './limits';

/**
 * The access log (docs/decisions/009): every staff read or write of a customer's personal data
 * or prescriptions. An entry names who (staff id and name), which store, which customer (by id),
 * what and when — never a CPR or another personal value of the customer.
 */
export const accessActionSchema = z.enum([
  /** Opened by exact CPR or exact customer number (the only way to another store's customer). */
  'customer.lookup',
  /** Created in the store (customer.create through the outbox). */
  'customer.create',
  /** Address, phone, e-mail or notes changed (customer.update through the outbox). */
  'customer.update',
  /** The customer's prescriptions read (the store app's customer page). */
  'prescriptions.read',
  'prescription.create',
  'order.create',
  /** The web orders of the shop account the customer is linked to (issue 17), read on the store app's customer page. */
  'web-orders.read',
]);
export type AccessAction = z.infer<typeof accessActionSchema>;

/** What kind of data an action touched, as the customer is told on My Pages. */
export const accessKindSchema = z.enum(['personal-data', 'prescriptions', 'orders']);
export type AccessKind = z.infer<typeof accessKindSchema>;

export const ACCESS_KIND: Readonly<Record<AccessAction, AccessKind>> = {
  'customer.lookup': 'personal-data',
  'customer.create': 'personal-data',
  'customer.update': 'personal-data',
  'prescriptions.read': 'prescriptions',
  'prescription.create': 'prescriptions',
  'order.create': 'orders',
  'web-orders.read': 'orders',
};

/** Danish names of the actions (the store app's access log). */
export const accessActionLabel: Readonly<Record<AccessAction, string>> = {
  'customer.lookup': 'Slog kunden op',
  'customer.create': 'Oprettede kunden',
  'customer.update': 'Ændrede kundens oplysninger',
  'prescriptions.read': 'Så recepter',
  'prescription.create': 'Registrerede en recept',
  'order.create': 'Oprettede en ordre',
  'web-orders.read': 'Så webordrer',
};

/** GET /api/staff/access-log?cursor= — the manager's own store's log, newest first, a page at a time. */
export const accessLogQuerySchema = z.object({ cursor: z.optional(z.string().check(z.minLength(1), maxChars(TEXT_MAX.token))) });

/**
 * One staff access to a customer's personal data or prescriptions (docs/decisions/009), as the
 * API stores it: who (staff id and name as they were then), from which store, which customer (by
 * id only), what, when — never a personal value.
 */
export const accessLogRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: accessActionSchema,
  staffId: z.string(),
  staffName: z.string(),
  storeId: z.string(),
  customerId: z.string(),
});
export type AccessLogRecord = z.infer<typeof accessLogRecordSchema>;

export const accessLogEntrySchema = z.extend(accessLogRecordSchema, {
  /** The customer as the manager needs to recognise them (read when the log is shown; null when the customer is gone). */
  customerName: z.nullable(z.string()),
  customerNumber: z.nullable(z.string()),
  /** The store the customer belongs to; another store's customer is what the log is most for. */
  customerStoreId: z.nullable(z.string()),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogResponseSchema = z.object({ data: z.array(accessLogEntrySchema), next: z.nullable(z.string()) });
export type AccessLogResponse = z.infer<typeof accessLogResponseSchema>;

/** GET /api/my/data-access — which stores opened the signed-in customer's data, newest first; no staff names. */
export const dataAccessEntrySchema = z.object({
  at: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  kind: accessKindSchema,
  write: z.boolean(),
});
export type DataAccessEntry = z.infer<typeof dataAccessEntrySchema>;
export const dataAccessResponseSchema = z.object({ data: z.array(dataAccessEntrySchema) });
export type DataAccessResponse = z.infer<typeof dataAccessResponseSchema>;
