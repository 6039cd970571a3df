import { z } from 'zod/mini';
import './zod-locale';
import { invoiceKindSchema } from './enums';
import { oreSchema } from './money';
import { paymentMethodSchema } from './payment';

/** SPEC §4 invoice payment states and payment methods. */
export const invoicePaymentStatusSchema = z.enum([
  'paid',
  'partly-paid',
  'not-paid',
  'ended',
  'transferred',
  'payment-reserved',
  'payment-in-progress',
  'in-collection',
  'returned-faulty-address',
]);
export const invoicePaymentMethodSchema = z.enum(['payment-card', 'e-invoice', 'invoice', 'automatic-direct-debit']);

export const invoiceSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  subscriptionId: z.nullable(z.string()),
  ocrNumber: z.string().check(z.regex(/^\d{15,16}$/)),
  originalAmountDue: oreSchema,
  amountLeft: oreSchema,
  createdAt: z.string(),
  dueDate: z.string(),
  paymentMethod: invoicePaymentMethodSchema,
  paymentStatus: invoicePaymentStatusSchema,
  kind: invoiceKindSchema,
  lines: z.array(z.object({ description: z.string(), amount: oreSchema, vat: oreSchema })),
  /** Payments the customer made on My Pages (optional: invoices written before them have none). */
  payments: z.optional(z.array(z.object({ at: z.string(), amount: oreSchema, method: paymentMethodSchema, transactionId: z.string() }))),
});
export type Invoice = z.infer<typeof invoiceSchema>;
