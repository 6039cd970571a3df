import { z } from 'zod/mini';
import './zod-locale';
import { da } from '../messages/da';
import { subscriptionIntervalSchema, subscriptionStatusCodeSchema } from './enums';
import { oreSchema } from './money';
import { orderSchema } from './order';
import { cardPaymentSchema, mobilePayPaymentSchema } from './payment';
import { contactLensPrescriptionSchema } from './prescription';
import { isoDateSchema as isoDate, maxChars } from './common';
import { TEXT_MAX } from './limits';

/** SPEC §4 subscription item statuses. */
export const subscriptionItemStatusSchema = z.enum(['active', 'stopped', 'frozen', 'paused', 'cancelled', 'delivered', 'controlled', 'activated', 'updated']);
export const lensWearSchema = z.enum(['daily', 'two-week', 'monthly']);


export const temporaryAddressSchema = z
  .object({ street: z.string().check(z.minLength(1)), zip: z.string().check(z.regex(/^\d{4}$/)), city: z.string().check(z.minLength(1)), from: isoDate, to: isoDate })
  .check(z.refine((a) => a.from <= a.to, { message: 'Slutdatoen skal ligge efter startdatoen.', path: ['to'] }));

export const subscriptionItemSchema = z.object({
  articleId: z.string(),
  skuId: z.string(),
  quantity: z.number().check(z.int(), z.gte(1), z.lte(12)),
  status: subscriptionItemStatusSchema,
  prescription: z.nullable(contactLensPrescriptionSchema),
  /** Lens subscriptions: the product as agreed — its name and the subscription price per item (øre incl. VAT). */
  description: z.optional(z.string()),
  unitPrice: z.optional(oreSchema),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

/** Where a lens subscription's deliveries go: taken from the order that started it. */
export const subscriptionDeliverySchema = z.pick(orderSchema, { deliveryMethodId: true, pickupStoreId: true, collectionPointId: true, deliveryAddress: true, contact: true });
export type SubscriptionDelivery = z.infer<typeof subscriptionDeliverySchema>;

/**
 * How deliveries are paid: a registered card or a MobilePay agreement (SPEC §2 /opdater-betaling).
 * Only a masked label and the provider's agreement reference are kept, never the card number.
 */
export const paymentAgreementSchema = z.object({
  method: z.enum(['card', 'mobilepay']),
  /** "Kort •••• 1111" or "MobilePay •• •• 40 50". */
  label: z.string(),
  agreementId: z.string(),
  /** Cards: MM/ÅÅ, so the shop can tell when the card runs out. */
  expiry: z.nullable(z.string()),
  registeredAt: z.string(),
});
export type PaymentAgreement = z.infer<typeof paymentAgreementSchema>;

/** SPEC §3 subscription: lens subscriptions and the Lifestyle glasses agreement. */
export const subscriptionSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  kind: z.enum(['lens', 'lifestyle']),
  statusCode: subscriptionStatusCodeSchema,
  lensWear: z.nullable(lensWearSchema),
  startDate: isoDate,
  bindingPeriodExpiry: z.nullable(isoDate),
  nextDelivery: z.nullable(isoDate),
  deliveryInterval: z.nullable(subscriptionIntervalSchema),
  monthlyPrice: oreSchema,
  lastOrderDate: z.nullable(isoDate),
  noticeDayDate: z.nullable(isoDate),
  campaign: z.nullable(z.string()),
  yearlyExchange: z.nullable(z.object({ available: z.boolean(), usedAt: z.nullable(isoDate) })),
  temporaryAddress: z.nullable(temporaryAddressSchema),
  items: z.array(subscriptionItemSchema),
  // Lens subscriptions (additive, optional so Lifestyle records need none of them):
  /** The web order that started the subscription (one subscription per order). */
  sourceOrderId: z.optional(z.string()),
  /** Day of month deliveries fall on; in shorter months the month's last day (end-of-month safe). */
  deliveryDay: z.optional(z.number().check(z.int(), z.gte(1), z.lte(31))),
  delivery: z.optional(subscriptionDeliverySchema),
  paymentAgreement: z.optional(z.nullable(paymentAgreementSchema)),
  lastOrderNumber: z.optional(z.nullable(z.string())),
  pausedAt: z.optional(z.nullable(z.string())),
  cancelledAt: z.optional(z.nullable(z.string())),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListResponseSchema = z.object({ data: z.array(subscriptionSchema) });
export const subscriptionResponseSchema = z.object({ data: subscriptionSchema });

const v = da.validation;

/** Path parameters of the lens subscription endpoints. */
export const lensSubscriptionParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
export const lensSubscriptionProductParamsSchema = z.extend(lensSubscriptionParamsSchema, { articleId: z.string().check(z.minLength(1), z.maxLength(200)) });

/** /min-konto/abonnement/linse/{id}: a new delivery interval (SPEC §9: 1, 2, 3 or 6 months). */
export const subscriptionIntervalRequestSchema = z.object({ deliveryInterval: subscriptionIntervalSchema });

/** A temporary delivery address set by the customer; the window is checked in domain/subscription.ts. */
export const temporaryAddressRequestSchema = z.object({
  street: z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.street)),
  zip: z.string({ error: v.required }).check(z.trim(), z.regex(/^\d{4}$/, v.zip)),
  city: z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.city)),
  from: z.string({ error: v.required }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Vælg en startdato.')),
  to: z.string({ error: v.required }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Vælg en slutdato.')),
});
export type TemporaryAddressRequest = z.input<typeof temporaryAddressRequestSchema>;

/** /nyt-produkt/{articleId}: one product added to the subscription from the next delivery on. */
export const subscriptionAddProductRequestSchema = z.object({
  skuId: z.string({ error: v.required }).check(z.minLength(1, v.required), z.maxLength(80)),
  quantity: z.number({ error: v.required }).check(z.int(), z.gte(1, 'Vælg mindst 1.'), z.lte(12, v.quantityMax)),
  prescription: z.nullable(contactLensPrescriptionSchema),
});
export type SubscriptionAddProductRequest = z.input<typeof subscriptionAddProductRequestSchema>;

/** /opdater-betaling: a card or a MobilePay agreement for the subscription's deliveries. */
export const subscriptionPaymentRequestSchema = z.discriminatedUnion('method', [cardPaymentSchema, mobilePayPaymentSchema]);
export type SubscriptionPaymentRequest = z.input<typeof subscriptionPaymentRequestSchema>;

/** SPEC §4: a payment-method update shows 'updated' or 'update cancelled' (with the provider's reason). */
export const subscriptionPaymentResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('updated'), data: subscriptionSchema }),
  z.object({ outcome: z.literal('update-cancelled'), failureResult: z.literal([0, 1, 2, 99]), message: z.string() }),
]);
export type SubscriptionPaymentResponse = z.infer<typeof subscriptionPaymentResponseSchema>;
