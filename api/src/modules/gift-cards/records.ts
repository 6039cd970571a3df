import { z } from 'zod';
import { defineCollection } from '../../storage/port';

/** A gift card: its PIN only as a keyed hash (HMAC), the balance in øre. `id` is the card number. */
export const giftCardRecordSchema = z.object({
  id: z.string(),
  pinHash: z.string(),
  balance: z.number().int().nonnegative(),
  expiresAt: z.string().nullable(),
  /** References (return numbers) of refunds credited to the card, so a retried refund credits once. */
  credits: z.array(z.string()).optional(),
});
export type GiftCardRecord = z.infer<typeof giftCardRecordSchema>;

/** Gift cards; the id is the card number (unique by the id). */
export const giftCardsCollection = defineCollection({ name: 'giftCards', schema: giftCardRecordSchema, file: { group: 'payments', durable: true } });
