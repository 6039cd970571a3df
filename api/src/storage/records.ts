import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { accountProfileRecordSchema, eidLinkRecordSchema, eidLoginRecordSchema, passwordResetRecordSchema, pendingLoginRecordSchema } from '../modules/auth/records';
import { orderReturnSchema, savedCardSchema } from '@optik/shared';
import { companyContractRecordSchema, companyRequisitionRecordSchema, eyeHealthDayRecordSchema } from '../modules/company/records';
import { bookingCalendarRecordSchema, bookingDayRecordSchema, bookingRecordSchema } from '../modules/booking/records';
import { friendsMemberSchema, lifestyleDocumentSchema } from '@optik/shared';
import { lifestyleAgreementRecordSchema } from '../modules/lifestyle/records';
import { providerEventSchema, accountSchema, invoiceSchema, subscriptionSchema, articleSchema, cartItemSchema, contentPageSchema, customerSchema, orderSchema, paymentRequestSchema, requisitionSchema, roleSchema, storeSchema, syncResultSchema } from '@optik/shared';

/**
 * Server-side records kept by the storage port. Shapes shown to clients come from
 * @optik/shared; these add only what the server alone keeps (ids, owners, timestamps).
 */

/** A shopper's cart; `id` is the shopper id (its CSRF token is derived from it, never stored). */
export const cartRecordSchema = z.object({
  id: z.string(),
  accountId: z.string().nullable(),
  isStore: z.boolean(),
  items: z.array(cartItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CartRecord = z.infer<typeof cartRecordSchema>;

/** Server-side session; `id` is the SHA-256 of the cookie value, so a stolen file holds no live token. */
export const sessionRecordSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  role: roleSchema,
  storeId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** A pending e-mail verification; `id` is the SHA-256 of the token sent in the mail. */
export const verificationRecordSchema = z.object({ id: z.string(), accountId: z.string(), expiresAt: z.string() });
export type VerificationRecord = z.infer<typeof verificationRecordSchema>;

/**
 * A customer as stored: the CPR only encrypted (`cprSealed`, AES-GCM) plus a keyed hash
 * (`cprIndex`, HMAC) so staff can find a customer by exact CPR without decrypting anyone.
 */
export const customerRecordSchema = zm.extend(zm.omit(customerSchema, { cpr: true }), {
  cprSealed: z.string().nullable(),
  cprIndex: z.string().nullable(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

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

/** One processed outbox command: its id is the client's command id (the idempotency key). */
export const syncLogRecordSchema = zm.extend(zm.omit(syncResultSchema, { status: true }), {
  status: z.enum(['applied', 'rejected']),
  type: z.string(),
  storeId: z.string(),
  accountId: z.string(),
  at: z.string(),
});
export type SyncLogRecord = z.infer<typeof syncLogRecordSchema>;

/**
 * A payment request as stored: the link's token only as its SHA-256 (`tokenHash`); the token
 * itself is an HMAC of the request id, so a resend after a crash sends the same link.
 */
export const paymentRequestRecordSchema = zm.extend(paymentRequestSchema, {
  storeId: z.string(),
  tokenHash: z.string(),
  deliveredAt: z.string().nullable(),
  /** When the customer last opened the pay page: the payment session's start (result 99 after 15 min). */
  openedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type PaymentRequestRecord = z.infer<typeof paymentRequestRecordSchema>;

/** A widget tracking event as received (popularity, attribution). */
export const widgetEventRecordSchema = z.object({ id: z.string(), at: z.string(), market: z.string(), tenant: z.string(), event: providerEventSchema });
export type WidgetEventRecord = z.infer<typeof widgetEventRecordSchema>;

/** A gift card: its PIN only as a keyed hash (HMAC), the balance in øre. `id` is the card number. */
export const giftCardRecordSchema = z.object({
  id: z.string(),
  pinHash: z.string(),
  balance: z.number().int().nonnegative(),
  expiresAt: z.string().nullable(),
  /** References (return numbers) of refunds credited to the card, so a retried refund credits once. */
  credits: z.array(z.string()).optional(),
});
export type GiftCardRecord = z.infer<typeof giftCardRecordSchema>;

/** A discount code (`id` is the code, upper case): a percentage or an amount off the goods. */
export const discountCodeRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** Percent (1–100) or øre. */
  value: z.number().int().positive(),
  minimumGoods: z.number().int().nonnegative(),
  /** Only goods of this category count (and are discounted); null: all. */
  category: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type DiscountCodeRecord = z.infer<typeof discountCodeRecordSchema>;

export const contentPageRecordSchema = zm.extend(contentPageSchema, { id: z.string() });
export type ContentPageRecord = z.infer<typeof contentPageRecordSchema>;

export const metaRecordSchema = z.object({ id: z.string(), value: z.unknown() });
export type MetaRecord = z.infer<typeof metaRecordSchema>;

/**
 * Every collection, the file group it lives in, and whether writes are fsynced.
 * Groups keep a cart update from rewriting the catalogue. `shards` splits a large,
 * often-written collection over that many files by a hash of the id, because every write
 * rewrites a whole file. A group is either one sharded collection or unsharded collections.
 * Later features add rows here.
 */
export const collections = {
  articles: { schema: articleSchema, group: 'catalogue', durable: false },
  stores: { schema: storeSchema, group: 'catalogue', durable: false },
  pages: { schema: contentPageRecordSchema, group: 'content', durable: false },
  accounts: { schema: accountSchema, group: 'accounts', durable: true },
  verifications: { schema: verificationRecordSchema, group: 'accounts', durable: true },
  sessions: { schema: sessionRecordSchema, group: 'sessions', durable: false, shards: 16 },
  carts: { schema: cartRecordSchema, group: 'carts', durable: false, shards: 16 },
  meta: { schema: metaRecordSchema, group: 'meta', durable: true },
  customers: { schema: customerRecordSchema, group: 'customers', durable: true },
  syncLog: { schema: syncLogRecordSchema, group: 'sync', durable: true },
  prescriptions: { schema: prescriptionRecordSchema, group: 'customers', durable: true },
  orders: { schema: orderSchema, group: 'orders', durable: true },
  paymentRequests: { schema: paymentRequestRecordSchema, group: 'orders', durable: true },
  requisitions: { schema: requisitionSchema, group: 'company', durable: true },
  giftCards: { schema: giftCardRecordSchema, group: 'payments', durable: true },
  discountCodes: { schema: discountCodeRecordSchema, group: 'payments', durable: true },
  widgetEvents: { schema: widgetEventRecordSchema, group: 'events', durable: false, shards: 16 },
  /** Lens subscriptions and Lifestyle glasses agreements (SPEC §3), one record each. */
  subscriptions: { schema: subscriptionSchema, group: 'subscriptions', durable: true },
  /** Invoices of subscriptions, agreements and orders (SPEC §3, §4). */
  invoices: { schema: invoiceSchema, group: 'invoices', durable: true },
  /** Returns of web orders (SPEC §4 pending → confirmed) with their refunds. */
  returns: { schema: orderReturnSchema, group: 'orders', durable: true },
  /** A customer's card for invoices (provider token and last four digits); id is the customer id. */
  savedCards: { schema: savedCardSchema, group: 'invoices', durable: true },
  /** Account address and sealed CPR (from MitID, when asked), by account id. */
  accountProfiles: { schema: accountProfileRecordSchema, group: 'accounts', durable: true },
  /** MitID identities linked to accounts, by a keyed hash of the broker's subject id. */
  eidLinks: { schema: eidLinkRecordSchema, group: 'accounts', durable: true },
  /** Mailed password-reset links (hash of the token). */
  passwordResets: { schema: passwordResetRecordSchema, group: 'accounts', durable: true },
  /** Logins waiting for the latest terms to be accepted (minutes). */
  pendingLogins: { schema: pendingLoginRecordSchema, group: 'logins', durable: false },
  /** MitID logins under way: state, nonce and PKCE verifier (minutes). */
  eidLogins: { schema: eidLoginRecordSchema, group: 'logins', durable: false },
  /** Lifestyle glasses agreements as the local platform adapter keeps them (ports/lifestyle.ts). */
  lifestyleAgreements: { schema: lifestyleAgreementRecordSchema, group: 'lifestyle', durable: true },
  /** Lifestyle agreement documents: written once, never changed. */
  lifestyleDocuments: { schema: lifestyleDocumentSchema, group: 'lifestyle', durable: true },
  /** Friends club memberships, by account id. */
  friendsMembers: { schema: friendsMemberSchema, group: 'friends', durable: true },
  /** Eye-exam bookings, the times held per store day, and each store's booking calendar. */
  bookings: { schema: bookingRecordSchema, group: 'bookings', durable: true },
  bookingDays: { schema: bookingDayRecordSchema, group: 'bookings', durable: true },
  bookingCalendars: { schema: bookingCalendarRecordSchema, group: 'bookings', durable: true },
  /** Company glasses agreements (SPEC §3), eye-health-day requests and what employees' e-requisitions add. */
  companyContracts: { schema: companyContractRecordSchema, group: 'company', durable: true },
  eyeHealthDays: { schema: eyeHealthDayRecordSchema, group: 'company', durable: true },
  companyRequisitions: { schema: companyRequisitionRecordSchema, group: 'company', durable: true },
} as const satisfies Record<string, { schema: z.core.$ZodType<{ id: string }>; group: string; durable: boolean; shards?: number }>;

export type CollectionName = keyof typeof collections;
export type RecordOf<K extends CollectionName> = z.infer<(typeof collections)[K]['schema']>;
