import { paymentDetailsSchema } from '@optik/shared';
import { issueEntries, paymentDetails, paymentErrorsFrom, type PaymentErrors, type PaymentState } from './payment-state';

/**
 * The payment details' own check (the shared schema every payment request embeds), field by
 * field. It brings zod, so the payment form loads it only once a field shows an error (which
 * only a submit can cause): the checkout's first load stays without it (issue 5).
 */
export function checkPayment(p: PaymentState): PaymentErrors {
  const r = paymentDetailsSchema.safeParse(paymentDetails(p));
  return r.success ? {} : paymentErrorsFrom(issueEntries(r.error.issues));
}
