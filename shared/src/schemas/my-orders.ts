import { z } from 'zod/mini';
import './zod-locale';
import { isoDateSchema, maxChars, maxItems } from './common';
import { deliveryMethodIdSchema, orderStatusSchema, paymentFailureResultSchema, subscriptionIntervalSchema } from './enums';
import { invoicePaymentMethodSchema, invoiceSchema } from './invoice';
import { TEXT_MAX } from './limits';
import { oreSchema } from './money';
import { orderLifecycleSchema, paymentStatusSchema } from './order';
import { cardPaymentSchema, paymentDetailsSchema, paymentMethodSchema } from './payment';

/**
 * My Pages: orders, returns and invoices (SPEC §2 /min-konto/ordrer…, /min-konto/betaling-fakturaer…;
 * §3 order and invoice; §4 order, return, shipping and invoice payment states). The rules behind
 * these shapes live in domain/returns.ts and domain/invoice-payment.ts.
 */

/** SPEC §4 return states; SPEC §3 confirmation state pending 1, confirmed 2. */
export const returnStatusSchema = z.enum(['pending', 'confirmed']);
export type ReturnStatus = z.infer<typeof returnStatusSchema>;

export const returnReasonSchema = z.enum(['changed-mind', 'does-not-fit', 'defective', 'wrong-item', 'other'], { error: 'Vælg en årsag til returneringen.' });
export type ReturnReason = z.infer<typeof returnReasonSchema>;

/** Whole items of one order line, by its position in the order. */
export const returnLineRequestSchema = z.object({
  lineIndex: z.number().check(z.int(), z.gte(0)),
  quantity: z.number({ error: 'Vælg et antal.' }).check(z.int('Antallet skal være et helt tal.'), z.gte(1, 'Vælg mindst 1 stk.'), z.lte(12, 'Du kan højst returnere 12 stk. pr. vare.')),
  /** Contact lenses only: the box's packaging is broken (SPEC §9). */
  opened: z._default(z.boolean(), false),
});

export const returnRequestSchema = z
  .object({
    lines: z
      .array(returnLineRequestSchema)
      .check(
        z.minLength(1, 'Vælg mindst én vare, du vil returnere.'),
        maxItems(50),
        z.refine((lines) => new Set(lines.map((l) => l.lineIndex)).size === lines.length, 'Hver vare kan kun vælges én gang.'),
      ),
    reason: returnReasonSchema,
    comment: z._default(z.string().check(z.trim(), z.maxLength(TEXT_MAX.freeText, 'Skriv højst 500 tegn.')), ''),
  })
  .check(z.refine((r) => r.reason !== 'other' || r.comment.length > 0, { message: 'Fortæl kort, hvorfor du returnerer varen.', path: ['comment'] }));
export type ReturnRequest = z.input<typeof returnRequestSchema>;

export const returnLineSchema = z.object({
  lineIndex: z.number().check(z.int()),
  description: z.string(),
  quantity: z.number().check(z.int()),
  opened: z.boolean(),
  /** Opened monthly lenses: the months left in the box's six-month period (SPEC §9). */
  monthsLeft: z.nullable(z.number().check(z.int())),
  refund: oreSchema,
});

/** A gift card as the customer sees it on an order or a refund: the last four digits only. */
export const maskedGiftCardAmountSchema = z.object({ last4: z.string(), amount: oreSchema });
export type MaskedGiftCardAmount = z.infer<typeof maskedGiftCardAmountSchema>;

/** A return as stored and as the customer sees it. */
export const orderReturnSchema = z.object({
  id: z.string(),
  returnNumber: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customerId: z.string(),
  status: returnStatusSchema,
  reason: returnReasonSchema,
  comment: z.string(),
  lines: z.array(returnLineSchema),
  /** The original delivery charge, refunded when the whole order comes back. */
  shippingRefund: oreSchema,
  /** Everything the customer gets back: `methodRefund` plus the `giftCardRefunds`. */
  refundTotal: oreSchema,
  /** The order's original payment method; the refund goes back to it. */
  refundMethod: z.nullable(paymentMethodSchema),
  /** The part refunded to `refundMethod`; absent on returns from before gift-card refunds, where it is all of `refundTotal`. */
  methodRefund: z.optional(oreSchema),
  /** The part put back on the gift cards the order was paid with, card by card. */
  giftCardRefunds: z.optional(z.array(maskedGiftCardAmountSchema)),
  /** SPEC §4 shipping states for the return parcel's label. */
  label: z.object({ code: z.string(), status: z.enum(['sent', 'cancelled']) }),
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  refundedAt: z.nullable(z.string()),
  refundTransactionId: z.nullable(z.string()),
  /** The store that received the goods (at its counter, or a parcel it confirmed); absent on returns from before, and while a parcel is on its way. */
  storeId: z.optional(z.nullable(z.string())),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;
export const orderReturnResponseSchema = z.object({ data: orderReturnSchema });
/** GET /api/staff/returns — the returns this store received, newest first. */
export const orderReturnListResponseSchema = z.object({ data: z.array(orderReturnSchema) });

/** Staff (a store or the returns desk) register that a return's parcel has arrived. */
export const returnConfirmRequestSchema = z.object({
  returnNumber: z.string({ error: 'Skriv returnummeret.' }).check(z.trim(), maxChars(TEXT_MAX.code, 'Returnummeret står på returlabelen, fx R500001.'), z.toUpperCase(), z.regex(/^R\d{6,}$/, 'Returnummeret står på returlabelen, fx R500001.')),
});

/** Staff move an order along its SPEC §4 states (the store that hands it over, or the warehouse). */
export const orderStatusChangeRequestSchema = z.object({
  orderNumber: z.string({ error: 'Skriv ordrenummeret.' }).check(z.trim(), maxChars(TEXT_MAX.code, 'Ordrenummeret står på ordren, fx O2600001.'), z.toUpperCase(), z.regex(/^O\d{6,}$/, 'Ordrenummeret står på ordren, fx O2600001.')),
  status: orderLifecycleSchema,
});

export const lensKindSchema = z.enum(['monthly', 'other-lens']);

/** One order line as My Pages shows it, with what may still be returned of it. */
export const myOrderLineSchema = z.object({
  index: z.number().check(z.int()),
  articleId: z.string(),
  skuId: z.string(),
  description: z.string(),
  quantity: z.number().check(z.int()),
  unitPrice: oreSchema,
  lineTotal: oreSchema,
  vat: oreSchema,
  subscriptionInterval: z.nullable(subscriptionIntervalSchema),
  returnedQuantity: z.number().check(z.int()),
  pendingReturnQuantity: z.number().check(z.int()),
  withdrawalDays: z.literal([30, 90]),
  /** Last day to register a return (Copenhagen date); null until the order is delivered. */
  withdrawalDeadline: z.nullable(isoDateSchema),
  lensKind: z.nullable(lensKindSchema),
  /** Monthly lenses: months left in the current six-month period. */
  monthsLeft: z.nullable(z.number().check(z.int())),
  /** Null when nothing more of the line can be returned; `reason` then says why. */
  returnable: z.nullable(
    z.object({
      maxQuantity: z.number().check(z.int()),
      /** Back per item as delivered (after any order discount). */
      unitRefund: oreSchema,
      /** Back per opened box of monthly lenses; null when an opened box cannot be returned. */
      openedUnitRefund: z.nullable(oreSchema),
    }),
  ),
  notReturnableReason: z.nullable(z.string()),
});
export type MyOrderLine = z.infer<typeof myOrderLineSchema>;

const orderHead = {
  id: z.string(),
  orderNumber: z.string(),
  status: orderLifecycleSchema,
  displayStatus: orderStatusSchema,
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  deliveryMethodId: deliveryMethodIdSchema,
  /** The delivery method's Danish name (SPEC §3 shipment method). */
  shipmentMethod: z.string(),
  totalPrice: oreSchema,
};

export const myOrderSummarySchema = z.object({
  ...orderHead,
  itemCount: z.number().check(z.int()),
  /** The newest return's state, if any. */
  returnStatus: z.nullable(returnStatusSchema),
  /** An order placed in a store for the store customer the account is linked to (issue 17): the store's name; absent for web orders. */
  storeName: z.optional(z.string()),
});
export type MyOrderSummary = z.infer<typeof myOrderSummarySchema>;
export const myOrderListResponseSchema = z.object({ data: z.array(myOrderSummarySchema) });

export const myOrderSchema = z.object({
  ...orderHead,
  paymentStatus: paymentStatusSchema,
  paymentMethod: z.nullable(paymentMethodSchema),
  paidAt: z.nullable(z.string()),
  lines: z.array(myOrderLineSchema),
  shipping: oreSchema,
  discount: oreSchema,
  /** "Friends-rabat" on the frame (included in the total). */
  friendsDiscount: z._default(oreSchema, 0),
  giftCardAmount: oreSchema,
  /** The gift cards that paid `giftCardAmount`, when recorded. */
  giftCards: z.optional(z.array(maskedGiftCardAmountSchema)),
  vat: oreSchema,
  deliveryAddress: z.nullable(z.object({ street: z.string(), zip: z.string(), city: z.string() })),
  returns: z.array(orderReturnSchema),
  /** Refunded when this return brings the last items back (the original delivery charge). */
  shippingRefundable: oreSchema,
});
export type MyOrder = z.infer<typeof myOrderSchema>;
export const myOrderResponseSchema = z.object({ data: myOrderSchema });

/** An invoice as My Pages shows it: the stored invoice plus what the customer may do with it. */
export const myInvoiceSchema = z.extend(invoiceSchema, {
  payable: z.boolean(),
  overdue: z.boolean(),
  canChangeMethod: z.boolean(),
});
export type MyInvoice = z.infer<typeof myInvoiceSchema>;
export const myInvoiceResponseSchema = z.object({ data: myInvoiceSchema });

/** Pays what is left of an invoice with card, MobilePay or Klarna (the checkout's payer details). */
export const invoicePayRequestSchema = z.object({ payment: paymentDetailsSchema });
export type InvoicePayRequest = z.input<typeof invoicePayRequestSchema>;

export const invoicePayResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), amount: oreSchema, invoice: myInvoiceSchema }),
  z.object({ outcome: z.literal('failed'), failureResult: paymentFailureResultSchema, message: z.string() }),
]);
export type InvoicePayResponse = z.infer<typeof invoicePayResponseSchema>;

/** Methods a customer can choose online; direct debit (Betalingsservice) is signed up for in the bank. */
export const invoiceMethodChangeRequestSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('payment-card'), card: cardPaymentSchema }),
  z.object({ method: z.literal('invoice') }),
  z.object({ method: z.literal('e-invoice') }),
]);
export type InvoiceMethodChangeRequest = z.input<typeof invoiceMethodChangeRequestSchema>;

/** SPEC §4: a payment-method update shows 'updated' or 'update cancelled'. */
export const invoiceMethodChangeResponseSchema = z.object({
  result: z.enum(['updated', 'update-cancelled']),
  message: z.string(),
  /** Why the provider cancelled a card update (SPEC §3 result; 2: approve in the bank app, then try again). */
  failureResult: z.optional(paymentFailureResultSchema),
  method: invoicePaymentMethodSchema,
  invoice: myInvoiceSchema,
});
export type InvoiceMethodChangeResponse = z.infer<typeof invoiceMethodChangeResponseSchema>;

/** The card a customer registered for their invoices: only the provider's token and the last four digits. */
export const savedCardSchema = z.object({ id: z.string(), token: z.string(), last4: z.string().check(z.regex(/^\d{4}$/)), registeredAt: z.string() });
export type SavedCard = z.infer<typeof savedCardSchema>;

export const myInvoiceListSchema = z.object({
  data: z.array(myInvoiceSchema),
  /** The registered payment card, shown as •••• 1234. */
  card: z.nullable(z.object({ last4: z.string() })),
});

/** `:id` of an order or invoice in an API path. */
export const recordIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), maxChars(TEXT_MAX.id)) });
