import type { PayLinkPayRequest, PaymentMethod } from '@optik/shared';
import { payText } from './messages';

/*
 * The payer's side of a payment, one for the whole shop (issue 16 item 8): the checkout, the
 * pay-by-link page, an invoice's payment and method change and a lens subscription's payment
 * update all hold a `PaymentState`, send `paymentDetails(state)` and answer the SPEC §3 failure
 * results with `paymentFailureStep`. Pure and without zod, so the checkout's first load can carry it.
 */

export type PaymentField = 'cardNumber' | 'expiry' | 'cvc' | 'phone' | 'ssn';
export const PAYMENT_FIELDS: readonly PaymentField[] = ['cardNumber', 'expiry', 'cvc', 'phone', 'ssn'];
export const ALL_METHODS: readonly PaymentMethod[] = ['card', 'mobilepay', 'klarna'];

/** Errors shown next to the payment fields; `method` next to the choice of method. */
export type PaymentErrors = Partial<Record<PaymentField | 'method', string>>;

/** What every payment request sends (the schemas' input: a card number may hold spaces). */
export type PaymentDetails = NonNullable<PayLinkPayRequest['payment']>;

export interface PaymentState {
  method: PaymentMethod;
  values: Record<PaymentField, string>;
  /** Result 1: Klarna asks for the CPR number. */
  needsSsn: boolean;
  /** Result 2: the bank wants the customer's approval. */
  needsApproval: boolean;
  approved: boolean;
}

export const initialPayment: PaymentState = {
  method: 'card',
  values: { cardNumber: '', expiry: '', cvc: '', phone: '', ssn: '' },
  needsSsn: false,
  needsApproval: false,
  approved: false,
};

/** The fields shown for a state: only these can carry an error. */
export function visibleFields(p: PaymentState): PaymentField[] {
  if (p.method === 'card') return ['cardNumber', 'expiry', 'cvc'];
  if (p.method === 'mobilepay') return ['phone'];
  return p.needsSsn ? ['ssn'] : [];
}

/** The request's payment details; `validated` only once the customer confirmed the bank approval. */
export function paymentDetails(p: PaymentState): PaymentDetails {
  if (p.method === 'card') return cardDetails(p);
  if (p.method === 'mobilepay') return { method: 'mobilepay', phone: p.values.phone };
  return { method: 'klarna', ...(p.needsSsn ? { ssn: p.values.ssn } : {}) };
}

/** The card fields alone (a card saved for invoices or a subscription). */
export function cardDetails(p: PaymentState): Extract<PaymentDetails, { method: 'card' }> {
  const { cardNumber, expiry, cvc } = p.values;
  return { method: 'card', cardNumber, expiry, cvc, ...(p.needsApproval && p.approved ? { validated: true } : {}) };
}

/**
 * The payment field an error path names, whatever the request around it: 'payment.cvc'
 * (checkout, pay-by-link, invoice), 'card.cvc' (invoice method), 'cvc' (subscription), and
 * 'payment' / 'payment.method' / 'method' for the choice of method. Anything else: null.
 */
export function paymentFieldOf(path: string): PaymentField | 'method' | null {
  const key = path.replace(/^(payment|card)(\.|$)/, '');
  if (key === '' || key === 'method') return 'method';
  return (PAYMENT_FIELDS as readonly string[]).includes(key) ? (key as PaymentField) : null;
}

/** Field errors from schema issues or an API answer's `fields`, the first one per field. */
export function paymentErrorsFrom(entries: Iterable<readonly [string, string]>): PaymentErrors {
  const out: PaymentErrors = {};
  for (const [path, message] of entries) {
    const f = paymentFieldOf(path);
    if (f) out[f] ??= message;
  }
  return out;
}

/** Issues of a zod check as [path, message] pairs for `paymentErrorsFrom`. */
export function issueEntries(issues: readonly { path: readonly PropertyKey[]; message: string }[]): [string, string][] {
  return issues.map((i) => [i.path.map(String).join('.'), i.message]);
}

export type FailureResult = 0 | 1 | 2 | 99;

/**
 * What a SPEC §3 failure result does: 0 declined (the provider's message already says to try
 * another card: said once), 1 Klarna asks for the CPR number (`focusSsn`), 2 the bank's approval
 * is needed, 99 the transaction expired and the payment starts over from empty fields (`restart`).
 */
export function paymentFailureStep(
  failureResult: FailureResult,
  providerMessage: string,
): { payment: (p: PaymentState) => PaymentState; message: string; focusSsn: boolean; restart: boolean } {
  switch (failureResult) {
    case 0:
      return { payment: (p) => p, message: providerMessage, focusSsn: false, restart: false };
    case 1:
      return { payment: (p) => ({ ...p, method: 'klarna', needsSsn: true }), message: providerMessage, focusSsn: true, restart: false };
    case 2:
      return { payment: (p) => ({ ...p, needsApproval: true, approved: false }), message: providerMessage, focusSsn: false, restart: false };
    case 99:
      return { payment: () => initialPayment, message: `${providerMessage} ${payText.restarted}`, focusSsn: false, restart: true };
  }
}
