import { z } from 'zod';
import { subscriptionIntervalSchema } from './enums';
import { oreSchema } from './money';
import { contactLensPrescriptionSchema, glassesPrescriptionSchema } from './prescription';

/** SPEC §3 cart item. */
export const cartItemSchema = z.object({
  skuId: z.string(),
  parentSkuID: z.string().nullable(),
  quantity: z.number().int().min(1).max(12),
  articleId: z.string(),
  articleDescription: z.string(),
  ref: z.string(),
  slug: z.string(),
  category: z.string(),
  brand: z.string(),
  /** md image URL */
  media: z.string(),
  price: z.object({ amount: oreSchema, ordinaryPrice: oreSchema, isCampaign: z.boolean() }),
  isEditAble: z.boolean(),
  subscriptionInterval: subscriptionIntervalSchema.nullable(),
  prescription: contactLensPrescriptionSchema.nullable(),
  prescriptionGlasses: glassesPrescriptionSchema.nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const checkoutConfigSchema = z.object({
  currency: z.literal('DKK'),
  market: z.literal(23),
  freeShippingThreshold: oreSchema,
  shippingCost: oreSchema,
  deliveryMethodIds: z.array(z.number().int()),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;

export const cartHeadSchema = z.object({
  cart: z.object({ items: z.array(cartItemSchema), totalCost: oreSchema }),
  checkoutConfig: checkoutConfigSchema,
});
export type CartHead = z.infer<typeof cartHeadSchema>;

/** POST /api/cart/update body (SPEC §7). Quantity 0 removes the line; more than 12 is refused. */
export const cartUpdateRequestSchema = z.object({
  skuId: z.string().min(1, 'Vælg en variant'),
  quantity: z
    .number({ error: 'Antal skal være et helt tal' })
    .int('Antal skal være et helt tal')
    .min(0, 'Antal kan ikke være negativt')
    .max(12, 'Du kan højst købe 12 stk. pr. linje'),
  childSkuId: z.string().nullable().optional(),
  noCheckoutInfo: z.boolean().optional(),
  subscriptionInterval: subscriptionIntervalSchema.nullable().optional(),
  prescription: contactLensPrescriptionSchema.nullable().optional(),
  prescriptionGlasses: glassesPrescriptionSchema.nullable().optional(),
});
export type CartUpdateRequest = z.input<typeof cartUpdateRequestSchema>;

export const cartResponseSchema = z.object({
  success: z.boolean(),
  cartHead: cartHeadSchema,
  checkoutConfig: checkoutConfigSchema,
});
export type CartResponse = z.infer<typeof cartResponseSchema>;
