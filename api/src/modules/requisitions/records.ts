import { requisitionSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

export const requisitionsCollection = defineCollection({
  name: 'requisitions',
  schema: requisitionSchema,
  file: { group: 'company', durable: true },
  indexes: { byStore: { key: (r) => r.storeId, order: (r) => r.requestedAt } },
});
