import { z } from 'zod/mini';
import './zod-locale';
import { da } from '../messages/da';
import { emailField, nameField, phoneField } from './auth';
import { maxChars } from './common';
import { subscriptionIntervalSchema } from './enums';
import { giftCardsField } from './gift-card';
import { TEXT_MAX } from './limits';
import { oreSchema } from './money';
import { orderSchema } from './order';
import { paymentDetailsSchema } from './payment';

const v = da.validation;

/**
 * Checkout (SPEC §2 /checkout, §3 delivery ids and payment types, §5 validations). The web
 * checkout and the store's pay-by-link page pay through the same payments port.
 */
export const deliveryOptionSchema = z.object({
  id: z.literal([79, 101, 112, 117, 119, 125, 127, 128]),
  title: z.string(),
  description: z.string(),
  /** Price in øre before the free-shipping threshold. */
  price: oreSchema,
  /** Free when the goods reach this amount (øre); null: never free. */
  freeFrom: z.nullable(oreSchema),
  needs: z.enum(['address', 'collection-point', 'store']),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;
export const deliveryOptionsResponseSchema = z.object({ data: z.array(deliveryOptionSchema) });

export const collectionPointSchema = z.object({ id: z.string(), carrier: z.string(), name: z.string(), street: z.string(), zip: z.string(), city: z.string(), openingHours: z.string() });
export const collectionPointsQuerySchema = z.object({ zip: z.string().check(z.trim(), z.regex(/^\d{4}$/, v.zip)), deliveryMethodId: z.coerce.number().check(z.int()) });
export const collectionPointsResponseSchema = z.object({ data: z.array(collectionPointSchema) });

const giftCards = giftCardsField;
const discountCode = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(20))),
  z.transform((s: string | undefined) => (s ? s.toUpperCase() : undefined)),
);

export const checkoutQuoteRequestSchema = z.object({
  deliveryMethodId: z.optional(z.number().check(z.int())),
  discountCode,
  giftCards,
});
export type CheckoutQuoteRequest = z.input<typeof checkoutQuoteRequestSchema>;

export const checkoutQuoteSchema = z.object({
  lines: z.array(z.object({ skuId: z.string(), description: z.string(), quantity: z.number().check(z.int()), unitPrice: oreSchema, lineTotal: oreSchema, subscriptionInterval: z.nullable(subscriptionIntervalSchema) })),
  goods: oreSchema,
  discount: oreSchema,
  discountCode: z.nullable(z.string()),
  /** "Friends-rabat": 50 % off one frame per booked eye test for a signed-in member (domain/friends.ts); taken off before the discount code. */
  friendsDiscount: z._default(oreSchema, 0),
  shipping: oreSchema,
  total: oreSchema,
  vat: oreSchema,
  /** Covered by gift cards (payment type 900). */
  giftCardCover: oreSchema,
  /** What the chosen payment method must pay. */
  toPay: oreSchema,
  /** Prices changed since the items went into the cart. */
  pricesChanged: z.boolean(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;
export const checkoutQuoteResponseSchema = z.object({ data: checkoutQuoteSchema });

const addressSchema = z.object({
  street: z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.street)),
  zip: z.string({ error: v.required }).check(z.trim(), z.regex(/^\d{4}$/, v.zip)),
  city: z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.city)),
});


export const checkoutPlaceRequestSchema = z.object({
  contact: z.object({ firstName: nameField, lastName: nameField, email: emailField, phone: phoneField }),
  address: addressSchema,
  deliveryMethodId: z.number({ error: 'Vælg en leveringsmetode.' }).check(z.int()),
  collectionPointId: z.optional(z.string().check(maxChars(60))),
  pickupStoreId: z.optional(z.string().check(maxChars(20))),
  discountCode,
  giftCards,
  /** Absent when gift cards cover everything. */
  payment: z.optional(paymentDetailsSchema),
  acceptTerms: z.literal(true, { error: v.termsRequired }),
});
export type CheckoutPlaceRequest = z.input<typeof checkoutPlaceRequestSchema>;

export const checkoutPlaceResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), order: orderSchema }),
  z.object({ outcome: z.literal('failed'), failureResult: z.literal([0, 1, 2, 99]), message: z.string() }),
]);
export type CheckoutPlaceResponse = z.infer<typeof checkoutPlaceResponseSchema>;
