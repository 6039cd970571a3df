import { z } from 'zod';
import { defineCollection } from '../../storage/port';

/** A discount code (`id` is the code, upper case): a percentage or an amount off the goods. */
export const discountCodeRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** Percent (1–100) or øre. */
  value: z.number().int().positive(),
  minimumGoods: z.number().int().nonnegative(),
  /** Only goods of this category count (and are discounted); null: all. */
  category: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type DiscountCodeRecord = z.infer<typeof discountCodeRecordSchema>;

export const discountCodesCollection = defineCollection({ name: 'discountCodes', schema: discountCodeRecordSchema, file: { group: 'payments', durable: true } });
