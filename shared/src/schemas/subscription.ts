import { z } from 'zod';
import { subscriptionIntervalSchema, subscriptionStatusCodeSchema } from './enums';
import { oreSchema } from './money';
import { contactLensPrescriptionSchema } from './prescription';
import { isoDateSchema as isoDate } from './common';

/** SPEC §4 subscription item statuses. */
export const subscriptionItemStatusSchema = z.enum(['active', 'stopped', 'frozen', 'paused', 'cancelled', 'delivered', 'controlled', 'activated', 'updated']);
export const lensWearSchema = z.enum(['daily', 'two-week', 'monthly']);


export const temporaryAddressSchema = z
  .object({ street: z.string().min(1), zip: z.string().regex(/^\d{4}$/), city: z.string().min(1), from: isoDate, to: isoDate })
  .refine((a) => a.from <= a.to, { message: 'Slutdatoen skal ligge efter startdatoen.', path: ['to'] });

export const subscriptionItemSchema = z.object({
  articleId: z.string(),
  skuId: z.string(),
  quantity: z.number().int().min(1).max(12),
  status: subscriptionItemStatusSchema,
  prescription: contactLensPrescriptionSchema.nullable(),
});

/** SPEC §3 subscription: lens subscriptions and the Lifestyle glasses agreement. */
export const subscriptionSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  kind: z.enum(['lens', 'lifestyle']),
  statusCode: subscriptionStatusCodeSchema,
  lensWear: lensWearSchema.nullable(),
  startDate: isoDate,
  bindingPeriodExpiry: isoDate.nullable(),
  nextDelivery: isoDate.nullable(),
  deliveryInterval: subscriptionIntervalSchema.nullable(),
  monthlyPrice: oreSchema,
  lastOrderDate: isoDate.nullable(),
  noticeDayDate: isoDate.nullable(),
  campaign: z.string().nullable(),
  yearlyExchange: z.object({ available: z.boolean(), usedAt: isoDate.nullable() }).nullable(),
  temporaryAddress: temporaryAddressSchema.nullable(),
  items: z.array(subscriptionItemSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
