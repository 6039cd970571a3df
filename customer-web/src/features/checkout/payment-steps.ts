import type { CheckoutPlaceRequest } from '@optik/shared';
import { initialPayment, type PaymentState } from './payment-fields';

/**
 * What a SPEC §3 failure result does to the payment fields: 0 failed (try again), 1 Klarna asks
 * for the CPR number (`focusSsn`), 2 the bank's approval is needed, 99 the transaction expired and
 * the payment starts over from empty fields (`restart`). `message` is the alert to show.
 */
export function paymentFailureStep(
  failureResult: 0 | 1 | 2 | 99,
  providerMessage: string,
  text: { tryAgain: string; restarted: string },
): { payment: (p: PaymentState) => PaymentState; message: string; focusSsn: boolean; restart: boolean } {
  switch (failureResult) {
    case 0:
      return { payment: (p) => p, message: `${providerMessage} ${text.tryAgain}`, focusSsn: false, restart: false };
    case 1:
      return { payment: (p) => ({ ...p, method: 'klarna', needsSsn: true }), message: providerMessage, focusSsn: true, restart: false };
    case 2:
      return { payment: (p) => ({ ...p, needsApproval: true, approved: false }), message: providerMessage, focusSsn: false, restart: false };
    case 99:
      return { payment: () => initialPayment, message: `${providerMessage} ${text.restarted}`, focusSsn: false, restart: true };
  }
}

/** The request's `payment` part; `validated` only once the customer confirmed the bank approval. */
export function paymentDetails(p: PaymentState): NonNullable<CheckoutPlaceRequest['payment']> {
  if (p.method === 'card') {
    const { cardNumber, expiry, cvc } = p.values;
    return { method: 'card', cardNumber, expiry, cvc, ...(p.needsApproval && p.approved ? { validated: true } : {}) };
  }
  if (p.method === 'mobilepay') return { method: 'mobilepay', phone: p.values.phone };
  return { method: 'klarna', ...(p.needsSsn ? { ssn: p.values.ssn } : {}) };
}
