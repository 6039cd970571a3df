import { z } from 'zod/mini';
import './zod-locale';
import { da } from '../messages/da';
import { oreSchema } from './money';

export const giftCardLookupRequestSchema = z.object({
  number: z.string({ error: da.validation.required }).check(z.trim(), z.minLength(1, da.validation.required), z.regex(/^\d{8,19}$/, 'Gavekortnummeret skal bestå af cifre.')),
  pin: z.string({ error: da.validation.required }).check(z.trim(), z.minLength(1, da.validation.required), z.regex(/^\d{4,8}$/, 'PIN-koden skal bestå af 4–8 cifre.')),
});

export type GiftCardLookupRequest = z.output<typeof giftCardLookupRequestSchema>;

/** Gift cards (payment type 900) named by number and PIN in a payment: the checkout and the pay-by-link page. */
export const giftCardsField = z._default(z.array(giftCardLookupRequestSchema).check(z.maxLength(3, 'Du kan højst bruge 3 gavekort.')), []);

export const giftCardSchema = z.object({ number: z.string(), balance: oreSchema, expiresAt: z.nullable(z.string()) });
export type GiftCard = z.infer<typeof giftCardSchema>;
export const giftCardLookupResponseSchema = z.object({ data: giftCardSchema });

/**
 * The store counter (SPEC §1 store app): staff take a gift card for an order, the customer typing
 * number and PIN. Needs the network — the balance is checked and taken at once on the server.
 */
export const staffGiftCardPaymentRequestSchema = giftCardLookupRequestSchema;
export type StaffGiftCardPaymentRequest = z.input<typeof staffGiftCardPaymentRequestSchema>;
export const staffGiftCardPaymentSchema = z.object({
  orderId: z.string(),
  /** Taken from this card. */
  used: oreSchema,
  /** Left on the card afterwards. */
  cardBalance: oreSchema,
  /** The order's total paid with gift cards so far. */
  giftCardAmount: oreSchema,
  /** The rest, paid through a payment request; 0 when the cards covered all. */
  toPay: oreSchema,
  paymentStatus: z.enum(['awaiting-payment', 'paid']),
  paidAt: z.nullable(z.string()),
});
export type StaffGiftCardPayment = z.infer<typeof staffGiftCardPaymentSchema>;
export const staffGiftCardPaymentResponseSchema = z.object({ data: staffGiftCardPaymentSchema });
