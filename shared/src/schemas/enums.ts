import { z } from 'zod/mini';
import './zod-locale';

// The codes' named constants live in './codes', a module without zod (pages use them without loading zod).
export * from './codes';

/** SPEC §3 enumerations, with the codes the spec gives. */

export const marketSchema = z.literal([20, 21, 22, 23]);
export type MarketCode = z.infer<typeof marketSchema>;

export const currencySchema = z.enum(['SEK', 'NOK', 'EUR', 'DKK']);
export type Currency = z.infer<typeof currencySchema>;
export const currencyByMarket: Record<MarketCode, Currency> = { 20: 'SEK', 21: 'NOK', 22: 'EUR', 23: 'DKK' };

export const invoiceKindSchema = z.enum(['paper', 'e-invoice', 'pdf', 'physical']);

export const subscriptionStatusCodeSchema = z.literal([100, 200, 520]);

export const orderStatusSchema = z.enum(['Handling', 'Delivered', 'Canceled']);

export const paymentTypeSchema = z.literal([60, 65, 900]);

/** 119 is click and collect (SPEC §3). */
export const deliveryMethodIdSchema = z.literal([79, 101, 112, 117, 119, 125, 127, 128]);
export type DeliveryMethodId = z.infer<typeof deliveryMethodIdSchema>;

export const payMethodSchema = z.enum(['invoice', 'card', 'automatic', 'e-invoice']);

export const contractStatusSchema = z.enum(['Created', 'Active', 'Terminated']);

export const paymentFailureResultSchema = z.literal([0, 1, 2, 99]);

export const confirmationStateSchema = z.literal([1, 2]);

export const loginTypeSchema = z.enum(['eid', 'email-password']);
export const loginProblemSchema = z.enum(['terms-not-accepted', 'email-not-verified', 'eid-email-not-verified']);
export type LoginProblem = z.infer<typeof loginProblemSchema>;

export const bookingStepSchema = z.enum(['exam-type', 'exam-type-with-age', 'store', 'time', 'customer-info', 'company-info', 'age']);
export const ageGroupSchema = z.enum(['8-12', '13-17', '18-75', '76+']);

export const badgeKindSchema = z.enum([
  'fast-delivery',
  'free-return',
  'free-return-try-at-home',
  'free-frame-adjustments-in-store',
  'withdrawal-30-days',
  'withdrawal-90-days',
  'contact-lens-safety',
  'glasses-made-for-you-online',
]);
export type BadgeKind = z.infer<typeof badgeKindSchema>;

/** Product flag colours (SPEC §3). */
export const flagColorSchema = z.enum(['Blue', 'Orange', 'Black']);

/**
 * Price publicationStatus (SPEC §4): 20 in stock, 30 out of stock, 0 or 40 store item
 * (only in store). Any other value shows nothing, so the schema accepts any integer.
 */
export const publicationStatusSchema = z.number().check(z.int());

/** Subscription intervals m1/m2/m3/m6, accepted case-insensitively (SPEC §3). */
export const subscriptionIntervalSchema = z.pipe(
  z.pipe(z.string(), z.transform((s: string) => s.toLowerCase())),
  z.enum(['m1', 'm2', 'm3', 'm6']),
);
export type SubscriptionInterval = z.output<typeof subscriptionIntervalSchema>;

export const roleSchema = z.enum(['customer', 'store-staff', 'manager', 'company-contact']);
export type Role = z.infer<typeof roleSchema>;

/** Main catalogue sections of SPEC §2. */
export const categorySchema = z.enum([
  'briller',
  'solbriller',
  'sportsbriller',
  'tilbehør-briller',
  'tilbehør-sportsbriller',
  'kontaktlinser',
  'tilbehør-kontaktlinser',
  'oejenpleje',
]);
export type Category = z.infer<typeof categorySchema>;
