import { orderSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Orders of the shop and the stores, with what was paid how (gift cards, card …). */
export const ordersCollection = defineCollection({
  name: 'orders',
  schema: orderSchema,
  file: { group: 'orders', durable: true },
  unique: { orderNumber: (o) => o.orderNumber },
  indexes: {
    byCustomer: { key: (o) => o.customerId, order: (o) => o.createdAt },
    /** The store that hands the order over: its own orders and web orders collected there (click and collect), by last change. */
    byReceivingStore: { key: (o) => o.storeId ?? o.pickupStoreId, order: (o) => o.updatedAt ?? o.createdAt },
    /** Every order under one key, oldest first: read in pages by those who need them all (popularity). */
    byTime: { key: () => 'all', order: (o) => o.createdAt },
  },
});
