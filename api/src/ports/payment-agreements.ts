import type { PaymentAgreement, PaymentDetails, PaymentFailure } from '@optik/shared';
import type { ChargeResult } from './payments';

type FailureResult = (typeof PaymentFailure)[keyof typeof PaymentFailure];
/** What an agreement can be made with: a card or MobilePay (Klarna has no recurring payments here). */
export type AgreementDetails = Extract<PaymentDetails, { method: 'card' | 'mobilepay' }>;

export type RegisterResult = { ok: true; agreement: PaymentAgreement } | { ok: false; result: FailureResult };

/**
 * Recurring payment agreements as a port: registering a card (a card-on-file token) or a
 * MobilePay agreement, and charging a delivery on it. The shop's payments port has only one-off
 * charges with the card's details, and a subscription must never keep a card number, so the
 * provider's agreement reference is what the subscription stores. The local simulated provider
 * is modules/subscriptions/agreements.ts.
 */
export interface PaymentAgreements {
  register(details: AgreementDetails, now: Date): Promise<RegisterResult>;
  /** `reference` is the delivery's idempotency key: a provider charges one reference once. */
  charge(agreement: PaymentAgreement, amount: number, reference: string): Promise<ChargeResult>;
}
