import { z } from 'zod/mini';
import './zod-locale';
import { da } from '../messages/da';
import { oreSchema } from './money';

export const giftCardLookupRequestSchema = z.object({
  number: z.string({ error: da.validation.required }).check(z.trim(), z.minLength(1, da.validation.required), z.regex(/^\d{8,19}$/, 'Gavekortnummeret skal bestå af cifre.')),
  pin: z.string({ error: da.validation.required }).check(z.trim(), z.minLength(1, da.validation.required), z.regex(/^\d{4,8}$/, 'PIN-koden skal bestå af 4–8 cifre.')),
});

export const giftCardSchema = z.object({ number: z.string(), balance: oreSchema, expiresAt: z.nullable(z.string()) });
export type GiftCard = z.infer<typeof giftCardSchema>;
export const giftCardLookupResponseSchema = z.object({ data: giftCardSchema });
