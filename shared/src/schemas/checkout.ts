import { z } from 'zod';
import { da } from '../messages/da';
import { emailField, nameField, phoneField } from './auth';
import { giftCardLookupRequestSchema } from './gift-card';
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
  freeFrom: oreSchema.nullable(),
  needs: z.enum(['address', 'collection-point', 'store']),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;
export const deliveryOptionsResponseSchema = z.object({ data: z.array(deliveryOptionSchema) });

export const collectionPointSchema = z.object({ id: z.string(), carrier: z.string(), name: z.string(), street: z.string(), zip: z.string(), city: z.string(), openingHours: z.string() });
export const collectionPointsQuerySchema = z.object({ zip: z.string().trim().regex(/^\d{4}$/, v.zip), deliveryMethodId: z.coerce.number().int() });
export const collectionPointsResponseSchema = z.object({ data: z.array(collectionPointSchema) });

const giftCards = z.array(giftCardLookupRequestSchema).max(3, 'Du kan højst bruge 3 gavekort.').default([]);
const discountCode = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((s) => (s ? s.toUpperCase() : undefined));

export const checkoutQuoteRequestSchema = z.object({
  deliveryMethodId: z.number().int().optional(),
  discountCode,
  giftCards,
});
export type CheckoutQuoteRequest = z.input<typeof checkoutQuoteRequestSchema>;

export const checkoutQuoteSchema = z.object({
  lines: z.array(z.object({ skuId: z.string(), description: z.string(), quantity: z.number().int(), unitPrice: oreSchema, lineTotal: oreSchema, subscriptionInterval: z.string().nullable() })),
  goods: oreSchema,
  discount: oreSchema,
  discountCode: z.string().nullable(),
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
  street: z.string({ error: v.required }).trim().min(1, v.required).max(120, v.address),
  zip: z.string({ error: v.required }).trim().regex(/^\d{4}$/, v.zip),
  city: z.string({ error: v.required }).trim().min(1, v.required).max(60),
});


export const checkoutPlaceRequestSchema = z.object({
  contact: z.object({ firstName: nameField, lastName: nameField, email: emailField, phone: phoneField }),
  address: addressSchema,
  deliveryMethodId: z.number({ error: 'Vælg en leveringsmetode.' }).int(),
  collectionPointId: z.string().max(60).optional(),
  pickupStoreId: z.string().max(20).optional(),
  discountCode,
  giftCards,
  /** Absent when gift cards cover everything. */
  payment: paymentDetailsSchema.optional(),
  acceptTerms: z.literal(true, { error: v.termsRequired }),
});
export type CheckoutPlaceRequest = z.input<typeof checkoutPlaceRequestSchema>;

export const checkoutPlaceResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), order: orderSchema }),
  z.object({ outcome: z.literal('failed'), failureResult: z.literal([0, 1, 2, 99]), message: z.string() }),
]);
export type CheckoutPlaceResponse = z.infer<typeof checkoutPlaceResponseSchema>;
