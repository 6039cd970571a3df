import type { ComponentProps } from 'react';
import type { PaymentMethod } from '@optik/shared';
import { TextField } from '../../text-field';
import { payText } from './messages';
import { ALL_METHODS, type PaymentField } from './payment-state';
import { paymentInputId, type PaymentForm } from './use-payment';

/**
 * The payer's fields, the same wherever the shop takes a payment: the choice of method (hidden
 * when only one is offered, e.g. a card for invoices), card number, expiry and CVC, MobilePay's
 * phone number, and the provider's follow-up questions — result 1 asks Klarna's CPR number,
 * result 2 the bank-approval checkbox (SPEC §3). Errors sit next to their field and go as soon
 * as the field is fixed (`usePaymentForm`).
 */
export function PaymentFields({ form, methods = ALL_METHODS, legend = payText.methodLegend }: { form: PaymentForm; methods?: readonly PaymentMethod[]; legend?: string }) {
  const { idPrefix, state, errors } = form;
  const field = (name: PaymentField, label: string, props: Omit<ComponentProps<typeof TextField>, 'id' | 'label'>) => (
    <TextField
      id={paymentInputId(idPrefix, name)}
      label={label}
      error={errors[name]}
      value={state.values[name]}
      onChange={(e) => form.change({ ...state, values: { ...state.values, [name]: e.target.value } }, name)}
      onBlur={() => form.blur(name)}
      {...props}
    />
  );
  const methodErrorId = `${idPrefix}-method-error`;
  const method = methods.includes(state.method) ? state.method : (methods[0] ?? 'card');
  return (
    <div key={form.restarts} className="payment-fields">
      {methods.length > 1 && (
        <fieldset className="choices" aria-describedby={errors.method ? methodErrorId : undefined}>
          <legend>{legend}</legend>
          {methods.map((m) => (
            <label key={m} className="choice">
              <input type="radio" name={`${idPrefix}-method`} value={m} checked={method === m} aria-invalid={errors.method ? true : undefined} onChange={() => form.change({ ...state, method: m })} />
              {payText.methods[m]}
            </label>
          ))}
          {errors.method && (
            <p id={methodErrorId} className="field-error">
              {errors.method}
            </p>
          )}
        </fieldset>
      )}
      {method === 'card' && (
        <>
          {field('cardNumber', payText.cardNumber, { inputMode: 'numeric', autoComplete: 'cc-number' })}
          {field('expiry', payText.expiry, { autoComplete: 'cc-exp' })}
          {field('cvc', payText.cvc, { inputMode: 'numeric', autoComplete: 'cc-csc' })}
          {state.needsApproval && (
            <label className="choice">
              <input type="checkbox" checked={state.approved} onChange={(e) => form.change({ ...state, approved: e.target.checked })} />
              {payText.bankApproved}
            </label>
          )}
        </>
      )}
      {method === 'mobilepay' && field('phone', payText.phone, { type: 'tel', autoComplete: 'tel' })}
      {method === 'klarna' && state.needsSsn && field('ssn', payText.cpr, { type: 'text', autoComplete: 'off', spellCheck: false, hint: payText.cprHint })}
    </div>
  );
}
