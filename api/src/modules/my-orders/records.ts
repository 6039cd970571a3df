import { orderReturnSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Returns of web orders (SPEC §4 pending → confirmed) with their refunds. */
export const returnsCollection = defineCollection({
  name: 'returns',
  schema: orderReturnSchema,
  file: { group: 'orders', durable: true },
  unique: { returnNumber: (r) => r.returnNumber },
  indexes: {
    byOrder: { key: (r) => r.orderId, order: (r) => r.createdAt },
    byCustomer: { key: (r) => r.customerId, order: (r) => r.createdAt },
  },
});
