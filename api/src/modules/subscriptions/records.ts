import { SubscriptionStatusCode, subscriptionSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** Lens subscriptions and Lifestyle glasses agreements (SPEC §3), one record each. */
export const subscriptionsCollection = defineCollection({
  name: 'subscriptions',
  schema: subscriptionSchema,
  file: { group: 'subscriptions', durable: true },
  indexes: {
    byCustomer: { key: (s) => s.customerId, order: (s) => s.startDate },
    /**
     * Active lens subscriptions by their next delivery date (shared `isDeliveryDue`): the scheduler
     * reads those up to today; paused, cancelled and Lifestyle ones are not in it.
     */
    byNextDelivery: { key: (s) => (s.kind === 'lens' && s.statusCode === SubscriptionStatusCode.Active && s.nextDelivery !== null ? 'active' : null), order: (s) => s.nextDelivery ?? '' },
  },
});
