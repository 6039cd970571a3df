import { z } from 'zod';
import { orderReturnSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Returns of web orders and returns received at a store's counter (SPEC §4 pending → confirmed) with their refunds. */
export const returnsCollection = defineCollection({
  name: 'returns',
  schema: orderReturnSchema,
  file: { group: 'orders', durable: true },
  unique: { returnNumber: (r) => r.returnNumber },
  indexes: {
    byOrder: { key: (r) => r.orderId, order: (r) => r.createdAt },
    byCustomer: { key: (r) => r.customerId, order: (r) => r.createdAt },
    /** The returns a store received (the store app's list). */
    byStore: { key: (r) => r.storeId ?? null, order: (r) => r.createdAt },
  },
});

/**
 * A message the customer gets about an order ("ready for pickup"): stored in the transaction that
 * changes the order, delivered once that commits, and marked delivered — so a replayed command, a
 * second instance or a restart finds it and sends nothing twice. The id is `<kind>:<orderId>`.
 */
export const orderNoticeRecordSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(['ready-for-pickup']),
  channel: z.enum(['sms', 'email']),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type OrderNoticeRecord = z.infer<typeof orderNoticeRecordSchema>;

export const orderNoticesCollection = defineCollection({ name: 'orderNotices', schema: orderNoticeRecordSchema, file: { group: 'orders', durable: true } });
