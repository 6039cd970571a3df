import { z } from 'zod/mini';
import './zod-locale';
import { maxChars } from './common';
import { subscriptionIntervalSchema } from './enums';
import { TEXT_MAX } from './limits';
import { oreSchema } from './money';
import { contactLensPrescriptionSchema, glassesPrescriptionSchema } from './prescription';

/** Which eye a contact-lens line is for: right (H), left (V) or both (issue 16). */
export const lensEyeSchema = z.enum(['right', 'left', 'both']);
export type LensEye = z.infer<typeof lensEyeSchema>;

/** SPEC §3 cart item. */
export const cartItemSchema = z.object({
  skuId: z.string(),
  parentSkuID: z.nullable(z.string()),
  quantity: z.number().check(z.int(), z.gte(1), z.lte(12)),
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
  subscriptionInterval: z.nullable(subscriptionIntervalSchema),
  prescription: z.nullable(contactLensPrescriptionSchema),
  prescriptionGlasses: z.nullable(glassesPrescriptionSchema),
  /** A contact-lens line's eye; absent on lines added before issue 16 and on anything else. */
  eye: z.optional(z.nullable(lensEyeSchema)),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const checkoutConfigSchema = z.object({
  currency: z.literal('DKK'),
  market: z.literal(23),
  freeShippingThreshold: oreSchema,
  shippingCost: oreSchema,
  deliveryMethodIds: z.array(z.number().check(z.int())),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;

export const cartHeadSchema = z.object({
  cart: z.object({ items: z.array(cartItemSchema), totalCost: oreSchema }),
  checkoutConfig: checkoutConfigSchema,
});
export type CartHead = z.infer<typeof cartHeadSchema>;

/** POST /api/cart/update body (SPEC §7). Quantity 0 removes the line; more than 12 is refused. */
export const cartUpdateRequestSchema = z.object({
  skuId: z.string().check(z.minLength(1, 'Vælg en variant'), maxChars(TEXT_MAX.id)),
  quantity: z
    .number({ error: 'Antal skal være et helt tal' })
    .check(
      z.int('Antal skal være et helt tal'),
      z.gte(0, 'Antal kan ikke være negativt'),
      z.lte(12, 'Du kan højst købe 12 stk. pr. linje'),
    ),
  childSkuId: z.optional(z.nullable(z.string().check(maxChars(TEXT_MAX.id)))),
  noCheckoutInfo: z.optional(z.boolean()),
  subscriptionInterval: z.optional(z.nullable(subscriptionIntervalSchema)),
  prescription: z.optional(z.nullable(contactLensPrescriptionSchema)),
  prescriptionGlasses: z.optional(z.nullable(glassesPrescriptionSchema)),
  /** With `prescription`: the eye the lenses are for. */
  eye: z.optional(z.nullable(lensEyeSchema)),
});
export type CartUpdateRequest = z.input<typeof cartUpdateRequestSchema>;

export const cartResponseSchema = z.object({
  success: z.boolean(),
  cartHead: cartHeadSchema,
  checkoutConfig: checkoutConfigSchema,
});
export type CartResponse = z.infer<typeof cartResponseSchema>;
