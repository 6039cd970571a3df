import { randomUUID } from 'node:crypto';
import type { PaymentFailure, PaymentMethod } from '@optik/shared';

type FailureResult = (typeof PaymentFailure)[keyof typeof PaymentFailure];

export interface ChargeRequest {
  method: PaymentMethod;
  /** øre, incl. VAT */
  amount: number;
  reference: string;
  card?: { number: string; validated: boolean };
  phone?: string;
  /** Klarna: the payer's CPR, normalised to 10 digits. */
  ssn?: string;
}

export type ChargeResult = { ok: true; transactionId: string } | { ok: false; result: FailureResult };

export interface RefundRequest {
  /** The method the customer originally paid with; the money goes back to it. */
  method: PaymentMethod;
  /** øre, incl. VAT */
  amount: number;
  /** What was paid (the order number); the provider finds the original payment by it. */
  originalReference: string;
  /** This refund's own reference (the return number), so a retry is not paid out twice. */
  reference: string;
}

export type RefundResult = { ok: true; transactionId: string } | { ok: false; reason: 'rejected' | 'unavailable' };

export interface CardRegistration {
  number: string;
  validated: boolean;
  reference: string;
}

export type CardRegistrationResult = { ok: true; token: string; last4: string } | { ok: false; result: FailureResult };

/** The payment provider as a port (card, MobilePay, Klarna 60). */
export interface PaymentProvider {
  /** True for the local simulator: the pay page may show its test data. */
  readonly simulated: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Pays (part of) an earlier charge back to the method it came from. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Saves a card for later invoices after the bank has checked it (a zero-amount authorisation). */
  registerCard(request: CardRegistration): Promise<CardRegistrationResult>;
}

/** Test card numbers of the simulator (shown on the pay page in development). */
export const SIMULATOR_CARDS = {
  declined: '4000000000000002',
  validationsRequired: '4000000000003220',
  expired: '4000000000000119',
} as const;

/**
 * A local provider that behaves like the real ones do, including every failure result of
 * SPEC §3: declined (0), SSN required (1, Klarna without CPR), validations required (2, a
 * card that needs the bank's approval first) and transaction expired (99).
 */
export function createSimulatedPayments(): PaymentProvider {
  const ok = (): ChargeResult => ({ ok: true, transactionId: `sim-${randomUUID()}` });
  const fail = (result: FailureResult): ChargeResult => ({ ok: false, result });
  /** The card rules of a charge: declined (0), expired (99), needs the bank's approval (2). */
  const cardFailure = (card: { number: string; validated: boolean } | undefined): FailureResult | null => {
    const n = card?.number ?? '';
    if (n === SIMULATOR_CARDS.declined) return 0;
    if (n === SIMULATOR_CARDS.expired) return 99;
    if (n === SIMULATOR_CARDS.validationsRequired && !card?.validated) return 2;
    return null;
  };
  const refunds = new Map<string, string>();
  return {
    simulated: true,
    async refund(req) {
      if (req.amount <= 0 || !Number.isInteger(req.amount)) return { ok: false, reason: 'rejected' };
      // The same refund reference pays out once; a retry gets the first answer.
      const known = refunds.get(req.reference) ?? `sim-refund-${randomUUID()}`;
      refunds.set(req.reference, known);
      return { ok: true, transactionId: known };
    },
    async registerCard(req) {
      const failure = cardFailure(req);
      return failure === null ? { ok: true, token: `sim-card-${randomUUID()}`, last4: req.number.slice(-4) } : { ok: false, result: failure };
    },
    async charge(req) {
      if (req.amount <= 0) return fail(0);
      switch (req.method) {
        case 'card': {
          const failure = cardFailure(req.card);
          return failure === null ? ok() : fail(failure);
        }
        case 'mobilepay':
          return req.phone?.endsWith('0000') ? fail(0) : ok();
        case 'klarna':
          return req.ssn ? ok() : fail(1);
      }
    },
  };
}
