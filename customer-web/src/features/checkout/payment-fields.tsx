import type { ComponentProps } from 'react';
import type { PaymentMethod } from '@optik/shared';
import { TextField } from '../../text-field';
import { payText } from '../../payment-messages';

export type PaymentField = 'cardNumber' | 'expiry' | 'cvc' | 'phone' | 'ssn';
export const PAYMENT_FIELDS: readonly PaymentField[] = ['cardNumber', 'expiry', 'cvc', 'phone', 'ssn'];
const METHODS: readonly PaymentMethod[] = ['card', 'mobilepay', 'klarna'];

/**
 * The payer's side of a payment, as on the pay-by-link page (routes/pay-by-link.tsx): card,
 * MobilePay or Klarna, plus the provider's follow-up questions — result 1 asks Klarna's CPR
 * field, result 2 the bank-approval checkbox (SPEC §3).
 */
export interface PaymentState {
  method: PaymentMethod;
  values: Record<PaymentField, string>;
  needsSsn: boolean;
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

export function PaymentFields({
  idPrefix,
  state,
  onChange,
  errors,
  methodError,
}: {
  idPrefix: string;
  state: PaymentState;
  onChange: (next: PaymentState) => void;
  errors: Partial<Record<PaymentField, string>>;
  methodError?: string;
}) {
  const field = (name: PaymentField, label: string, props: Omit<ComponentProps<typeof TextField>, 'id' | 'label'>) => (
    <TextField
      id={`${idPrefix}-${name}`}
      label={label}
      error={errors[name]}
      value={state.values[name]}
      onChange={(e) => onChange({ ...state, values: { ...state.values, [name]: e.target.value } })}
      {...props}
    />
  );
  const methodErrorId = `${idPrefix}-method-error`;
  return (
    <>
      <fieldset className="choices" aria-describedby={methodError ? methodErrorId : undefined}>
        <legend>{payText.methodLegend}</legend>
        {METHODS.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name={`${idPrefix}-method`} value={m} checked={state.method === m} aria-invalid={methodError ? true : undefined} onChange={() => onChange({ ...state, method: m })} />
            {payText.methods[m]}
          </label>
        ))}
        {methodError && (
          <p id={methodErrorId} className="field-error">
            {methodError}
          </p>
        )}
      </fieldset>
      {state.method === 'card' && (
        <>
          {field('cardNumber', payText.cardNumber, { inputMode: 'numeric', autoComplete: 'cc-number' })}
          {field('expiry', payText.expiry, { autoComplete: 'cc-exp' })}
          {field('cvc', payText.cvc, { inputMode: 'numeric', autoComplete: 'cc-csc' })}
          {state.needsApproval && (
            <label className="choice">
              <input type="checkbox" checked={state.approved} onChange={(e) => onChange({ ...state, approved: e.target.checked })} />
              {payText.bankApproved}
            </label>
          )}
        </>
      )}
      {state.method === 'mobilepay' && field('phone', payText.phone, { type: 'tel', autoComplete: 'tel' })}
      {state.method === 'klarna' && state.needsSsn && field('ssn', payText.cpr, { type: 'text', autoComplete: 'off', spellCheck: false, hint: payText.cprHint })}
    </>
  );
}
