import { z } from 'zod/mini';
import './zod-locale';
import { subscriptionIntervalSchema, subscriptionStatusCodeSchema } from './enums';
import { oreSchema } from './money';
import { contactLensPrescriptionSchema } from './prescription';
import { isoDateSchema as isoDate } from './common';

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
});

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
});
export type Subscription = z.infer<typeof subscriptionSchema>;
