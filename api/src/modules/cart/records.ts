import { z } from 'zod';
import { cartItemSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

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

export const cartsCollection = defineCollection({
  name: 'carts',
  schema: cartRecordSchema,
  file: { group: 'carts', durable: false, shards: 16 },
  indexes: { byAccount: { key: (c) => c.accountId, order: (c) => c.updatedAt } },
});
