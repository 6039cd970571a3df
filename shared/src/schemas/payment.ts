import { z } from 'zod/mini';
import './zod-locale';
import { isLuhnValid } from '../domain/card';
import { cprInputSchema } from './customer';
import { phoneField } from './auth';
import { maxChars } from './common';
import { giftCardsField } from './gift-card';
import { TEXT_MAX } from './limits';
import { deliveryMethodIdSchema, paymentFailureResultSchema, subscriptionIntervalSchema } from './enums';
import { oreSchema } from './money';

/**
 * Payment requests (SPEC §1, §6): store staff send a customer a link to the shop's
 * pay-by-link page by SMS or e-mail; the order waits for payment until the customer pays.
 */
export const paymentChannelSchema = z.enum(['sms', 'email']);
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

/** Card, MobilePay and Klarna (payment type 60, SPEC §3) through the payments port. */
export const paymentMethodSchema = z.enum(['card', 'mobilepay', 'klarna']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Outbox command payload `paymentRequest.send`; the recipient is the customer's phone or e-mail on the server. */
export const paymentRequestSendSchema = z.object({
  requestId: z.uuid(),
  orderId: z.uuid(),
  channel: paymentChannelSchema,
});
export type PaymentRequestSend = z.input<typeof paymentRequestSendSchema>;

/** What the store sees of a sent request: the recipient only masked. */
export const paymentRequestSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  channel: paymentChannelSchema,
  sentTo: z.string(),
  status: z.enum(['sent', 'paid', 'superseded']),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** The token of a pay link travels in the body, so it never lands in an API log line. */
const tokenField = z.string().check(z.trim(), z.minLength(20, 'Betalingslinket er ufuldstændigt.'), z.maxLength(TEXT_MAX.token));
export const payLinkLookupRequestSchema = z.object({ token: tokenField });

/** The order as the pay-by-link page shows it. */
export const payLinkOrderSchema = z.object({
  orderNumber: z.string(),
  customerFirstName: z.string(),
  storeName: z.nullable(z.string()),
  deliveryMethodId: deliveryMethodIdSchema,
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().check(z.int()),
      unitPrice: oreSchema,
      lineTotal: oreSchema,
      subscriptionInterval: z.nullable(subscriptionIntervalSchema),
    }),
  ),
  shipping: oreSchema,
  vat: oreSchema,
  totalPrice: oreSchema,
  /** Already paid with gift cards (payment type 900), e.g. at the store counter. */
  giftCardAmount: oreSchema,
  /** What is left to pay: the total less the gift cards already used. */
  toPay: oreSchema,
  expiresAt: z.string(),
  /** True when the payments port is the local simulator (development, demo, tests): the page shows its test data. */
  simulated: z.boolean(),
});
export type PayLinkOrder = z.infer<typeof payLinkOrderSchema>;
export const payLinkLookupResponseSchema = z.object({ data: payLinkOrderSchema });

const cardNumber = z.pipe(
  z.pipe(
    z.string({ error: 'Skal udfyldes.' }).check(maxChars(TEXT_MAX.code, 'Kortnummeret skal være 13–19 cifre.')),
    z.transform((s: string) => s.replace(/[\s-]/g, '')),
  ),
  z.string().check(z.regex(/^\d{13,19}$/, 'Kortnummeret skal være 13–19 cifre.'), z.refine(isLuhnValid, 'Kortnummeret er ikke gyldigt. Tjek cifrene.')),
);
const expiry = z.string({ error: 'Skal udfyldes.' }).check(z.trim(), z.regex(/^(0[1-9]|1[0-2])\/?\d{2}$/, 'Skriv udløbsdatoen som MM/ÅÅ.'));
const cvc = z.string({ error: 'Skal udfyldes.' }).check(z.trim(), z.regex(/^\d{3}$/, 'Kontrolcifrene er 3 cifre.'));

/** The payer's details per method — the same for the web checkout and the pay-by-link page. */
export const cardPaymentSchema = z.object({
  method: z.literal('card'),
  cardNumber,
  expiry,
  cvc,
  /** The customer approved the payment with their bank (answer to result 2, validations required). */
  validated: z.optional(z.boolean()),
});
export const mobilePayPaymentSchema = z.object({ method: z.literal('mobilepay'), phone: phoneField });
/** Klarna asks for the CPR number (result 1, SSN required) before it can pay. */
export const klarnaPaymentSchema = z.object({ method: z.literal('klarna'), ssn: z.optional(cprInputSchema) });
export const paymentDetailsSchema = z.discriminatedUnion('method', [cardPaymentSchema, mobilePayPaymentSchema, klarnaPaymentSchema]);
export type PaymentDetails = z.output<typeof paymentDetailsSchema>;

/** Gift cards the customer adds on the pay-by-link page: what they cover and the rest to pay. */
export const payLinkQuoteRequestSchema = z.object({ token: tokenField, giftCards: giftCardsField });
export type PayLinkQuoteRequest = z.input<typeof payLinkQuoteRequestSchema>;
export const payLinkQuoteSchema = z.object({
  /** Covered by the gift cards of this request. */
  giftCardCover: oreSchema,
  /** Left for the card, MobilePay or Klarna; 0 when the gift cards cover all. */
  toPay: oreSchema,
});
export type PayLinkQuote = z.infer<typeof payLinkQuoteSchema>;
export const payLinkQuoteResponseSchema = z.object({ data: payLinkQuoteSchema });

/** Gift cards first (partial cover), the rest by the payer's details — absent when the gift cards cover all (as in the checkout). */
export const payLinkPayRequestSchema = z.object({
  token: tokenField,
  giftCards: giftCardsField,
  payment: z.optional(paymentDetailsSchema),
});
export type PayLinkPayRequest = z.input<typeof payLinkPayRequestSchema>;

/** A payment attempt is an answer, not an error: paid, or failed with the SPEC §3 result code. */
export const payLinkPayResponseSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('paid'),
    orderNumber: z.string(),
    paidAt: z.string(),
    /** Null when gift cards paid everything. */
    method: z.nullable(paymentMethodSchema),
    /** The order's total paid with gift cards. */
    giftCardAmount: oreSchema,
  }),
  z.object({ outcome: z.literal('failed'), failureResult: paymentFailureResultSchema, message: z.string() }),
]);
export type PayLinkPayResponse = z.infer<typeof payLinkPayResponseSchema>;

/** Danish texts for the SPEC §3 payment failure results (0, 1, 2, 99). */
export const paymentFailureMessages: Record<z.infer<typeof paymentFailureResultSchema>, string> = {
  0: 'Betalingen blev afvist. Prøv et andet kort eller en anden betalingsmåde.',
  1: 'Klarna skal bruge dit CPR-nummer for at gennemføre betalingen.',
  2: 'Din bank kræver, at du godkender betalingen. Godkend den i din bank-app, og prøv igen.',
  99: 'Betalingen nåede at udløbe. Start betalingen forfra.',
};
