import { randomUUID } from 'node:crypto';
import { isCardExpired, type PaymentFailure } from '@optik/shared';
import { badRequest } from '../../http/errors';
import type { AgreementDetails, PaymentAgreements, RegisterResult } from '../../ports/payment-agreements';
import { SIMULATOR_CARDS } from '../../ports/payments';
import { payMessages } from '../payments/service';

type FailureResult = (typeof PaymentFailure)[keyof typeof PaymentFailure];

/** "Kort •••• 1111", "MobilePay •• •• 40 50" — what the customer sees of a registered method. */
export function agreementLabel(details: AgreementDetails): string {
  if (details.method === 'card') return `Kort •••• ${details.cardNumber.slice(-4)}`;
  const digits = details.phone.replace(/\D/g, '');
  return `MobilePay •• •• ${digits.slice(-4, -2)} ${digits.slice(-2)}`;
}

/**
 * The local provider, with the payments simulator's test data: its declined and expired cards
 * are refused (results 0 and 99), the card that needs the bank's approval answers 2 until the
 * customer has approved, and a MobilePay number ending in 0000 is declined. An expired card is a
 * field error, as in the checkout. Charges on a registered agreement succeed.
 */
export function createSimulatedAgreements(): PaymentAgreements {
  const refuse = (result: FailureResult): RegisterResult => ({ ok: false, result });
  return {
    async register(details, now) {
      if (details.method === 'card') {
        if (isCardExpired(details.expiry, now)) throw badRequest({ expiry: payMessages.cardExpired });
        if (details.cardNumber === SIMULATOR_CARDS.declined) return refuse(0);
        if (details.cardNumber === SIMULATOR_CARDS.expired) return refuse(99);
        if (details.cardNumber === SIMULATOR_CARDS.validationsRequired && !details.validated) return refuse(2);
      } else if (details.phone.endsWith('0000')) {
        return refuse(0);
      }
      return {
        ok: true,
        agreement: {
          method: details.method,
          label: agreementLabel(details),
          agreementId: `sim-agr-${randomUUID()}`,
          expiry: details.method === 'card' ? details.expiry.replace(/^(\d{2})(\d{2})$/, '$1/$2') : null,
          registeredAt: now.toISOString(),
        },
      };
    },
    async charge(_agreement, amount) {
      return amount > 0 ? { ok: true, transactionId: `sim-${randomUUID()}` } : { ok: false, result: 0 };
    },
  };
}
