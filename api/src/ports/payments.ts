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

/** The payment provider as a port (card, MobilePay, Klarna 60). */
export interface PaymentProvider {
  /** True for the local simulator: the pay page may show its test data. */
  readonly simulated: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
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
  return {
    simulated: true,
    async charge(req) {
      if (req.amount <= 0) return fail(0);
      switch (req.method) {
        case 'card': {
          const n = req.card?.number ?? '';
          if (n === SIMULATOR_CARDS.declined) return fail(0);
          if (n === SIMULATOR_CARDS.expired) return fail(99);
          if (n === SIMULATOR_CARDS.validationsRequired && !req.card?.validated) return fail(2);
          return ok();
        }
        case 'mobilepay':
          return req.phone?.endsWith('0000') ? fail(0) : ok();
        case 'klarna':
          return req.ssn ? ok() : fail(1);
      }
    },
  };
}
