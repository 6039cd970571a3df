import { subscriptionSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Lens subscriptions and Lifestyle glasses agreements (SPEC §3), one record each. */
export const subscriptionsCollection = defineCollection({
  name: 'subscriptions',
  schema: subscriptionSchema,
  file: { group: 'subscriptions', durable: true },
  indexes: {
    byCustomer: { key: (s) => s.customerId, order: (s) => s.startDate },
    /** Subscriptions with a next delivery, by its date: the scheduler reads those due. */
    byNextDelivery: { key: (s) => (s.nextDelivery ? 'scheduled' : null), order: (s) => s.nextDelivery ?? '' },
  },
});
