import { invoiceSchema, savedCardSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Invoices of subscriptions, agreements and orders (SPEC §3, §4). */
export const invoicesCollection = defineCollection({
  name: 'invoices',
  schema: invoiceSchema,
  file: { group: 'invoices', durable: true },
  indexes: {
    byCustomer: { key: (i) => i.customerId, order: (i) => i.createdAt },
    bySubscription: { key: (i) => i.subscriptionId, order: (i) => i.createdAt },
  },
});
/** A customer's card for invoices (provider token and last four digits); id is the customer id. */
export const savedCardsCollection = defineCollection({ name: 'savedCards', schema: savedCardSchema, file: { group: 'invoices', durable: true } });
