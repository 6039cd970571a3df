import { accessLogRecordSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Append-only: nothing updates or removes an entry; it is kept (an audit log, decision 009). */
export const accessLogCollection = defineCollection({
  name: 'accessLog',
  schema: accessLogRecordSchema,
  file: { group: 'access-log', durable: true },
  indexes: {
    /** The store manager's view: one store's accesses by time. */
    byStore: { key: (e) => e.storeId, order: (e) => e.at },
    /** The customer's My Pages: who opened this customer, by time. */
    byCustomer: { key: (e) => e.customerId, order: (e) => e.at },
  },
});
