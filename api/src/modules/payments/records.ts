import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { paymentRequestSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

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

export const paymentRequestsCollection = defineCollection({
  name: 'paymentRequests',
  schema: paymentRequestRecordSchema,
  file: { group: 'orders', durable: true },
  unique: { tokenHash: (r) => r.tokenHash },
  indexes: { byOrder: { key: (r) => r.orderId, order: (r) => r.createdAt } },
});
