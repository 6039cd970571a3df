import { z } from 'zod/mini';
import './zod-locale';
import { maxChars, maxItems } from './common';
import { deliveryMethodIdSchema, orderStatusSchema, subscriptionIntervalSchema } from './enums';
import { LIST_MAX, TEXT_MAX } from './limits';
import { oreSchema } from './money';
import { contactLensPrescriptionSchema, glassesPrescriptionSchema } from './prescription';
import { paymentMethodSchema } from './payment';

/** SPEC §4 order lifecycle; SPEC §3 display statuses (Handling/Delivered/Canceled) map from it. */
export const orderLifecycleSchema = z.enum(['handled', 'controlled', 'delivered', 'stopped', 'cancelled']);
export type OrderLifecycle = z.infer<typeof orderLifecycleSchema>;
export const orderDisplayStatus: Record<OrderLifecycle, z.infer<typeof orderStatusSchema>> = {
  handled: 'Handling',
  controlled: 'Handling',
  delivered: 'Delivered',
  stopped: 'Canceled',
  cancelled: 'Canceled',
};

export const paymentStatusSchema = z.enum(['awaiting-payment', 'paid', 'failed', 'refunded']);

export const orderLineSchema = z.object({
  articleId: z.string(),
  skuId: z.string(),
  description: z.string(),
  quantity: z.number().check(z.int(), z.gte(1), z.lte(12)),
  /** Price per item incl. VAT. */
  unitPrice: oreSchema,
  /** VAT included in what is paid for the line: its total less its Friends discount (25 %, or 0 for VAT-exempt services). */
  vat: oreSchema,
  lineTotal: oreSchema,
  /** The Friends frame discount taken off this line (included in the order's `friendsDiscount`); absent: none. */
  friendsDiscount: z.optional(oreSchema),
  subscriptionInterval: z.nullable(subscriptionIntervalSchema),
  prescription: z.nullable(contactLensPrescriptionSchema),
  prescriptionGlasses: z.nullable(glassesPrescriptionSchema),
});

export const orderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderLifecycleSchema,
  paymentStatus: paymentStatusSchema,
  deliveryMethodId: deliveryMethodIdSchema,
  /** Store that hands the order over (click and collect, 119). */
  pickupStoreId: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  /** The prescription the glasses or lenses are made to. */
  prescriptionId: z.nullable(z.string()),
  storeId: z.nullable(z.string()),
  createdBy: z.enum(['web', 'store']),
  lines: z.array(orderLineSchema).check(z.minLength(1)),
  shipping: oreSchema,
  totalPrice: oreSchema,
  createdAt: z.string(),
  /** Set when the customer pays (pay-by-link or checkout); defaults keep orders stored before payments existed readable. */
  paidAt: z._default(z.nullable(z.string()), null),
  paymentMethod: z._default(z.nullable(paymentMethodSchema), null),
  /** Web orders: who ordered and where it goes (store orders use the customer record). */
  contact: z._default(z.nullable(z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() })), null),
  deliveryAddress: z._default(z.nullable(z.object({ street: z.string(), zip: z.string(), city: z.string() })), null),
  collectionPointId: z._default(z.nullable(z.string()), null),
  discount: z._default(oreSchema, 0),
  discountCode: z._default(z.nullable(z.string()), null),
  /** "Friends-rabat" (domain/friends.ts `friendsFrameDiscount`): the sum of the lines' Friends discounts, included in `totalPrice`; absent: none. */
  friendsDiscount: z.optional(oreSchema),
  /** Paid with gift cards (payment type 900). */
  giftCardAmount: z._default(oreSchema, 0),
  /**
   * Which gift cards paid how much (their sum is `giftCardAmount`); a return's gift-card part goes
   * back to them. Server-side only: API answers omit it or show the last four digits. Absent on
   * orders from before it was recorded.
   */
  giftCards: z.optional(z.array(z.object({ number: z.string(), amount: oreSchema }))),
  /** When the customer received the order (status delivered); the withdrawal period counts from it. */
  deliveredAt: z.optional(z.nullable(z.string())),
  /** Last change; the store app asks for its store's orders changed since its last look. */
  updatedAt: z.optional(z.string()),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListResponseSchema = z.object({ data: z.array(orderSchema) });

/** Store staff order for a customer (SPEC §5 store ordering) — an outbox command payload. */
export const orderCreateSchema = z.object({
  orderId: z.uuid(),
  customerId: z.uuid(),
  prescriptionId: z.nullable(z.uuid()),
  lines: z
    .array(
      z.object({
        skuId: z.string().check(z.minLength(1), maxChars(TEXT_MAX.id)),
        quantity: z.number().check(z.int(), z.gte(1), z.lte(12, 'Du kan højst købe 12 stk. pr. linje')),
        subscriptionInterval: z.nullable(subscriptionIntervalSchema),
      }),
    )
    .check(z.minLength(1, 'Tilføj mindst én vare.'), maxItems(LIST_MAX.orderLines)),
  /** 119 click and collect in this store, 101 home delivery. */
  deliveryMethodId: z.literal([101, 119]),
});
export type OrderCreate = z.input<typeof orderCreateSchema>;
