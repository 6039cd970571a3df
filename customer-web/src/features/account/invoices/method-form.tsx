import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { invoiceMethodChangeRequestSchema, type InvoiceMethodChangeRequest, type InvoiceMethodChangeResponse, type MyInvoice } from '@optik/shared';
import { PaymentFields } from '../../payment/payment-fields';
import { cardDetails, issueEntries, paymentErrorsFrom } from '../../payment/payment-state';
import { useFocusRequest, usePaymentForm } from '../../payment/use-payment';
import { im } from './messages';
import { invoicesApi, type InvoicesApi } from './invoices-api';

type Method = InvoiceMethodChangeRequest['method'];
const METHODS: readonly Method[] = ['payment-card', 'invoice', 'e-invoice'];
const CARD_ONLY = ['card'] as const;

export type UpdateOutcome = { result: InvoiceMethodChangeResponse['result']; message: string };

/** Errors on the invoice method itself (nothing chosen), apart from the card's fields. */
const isMethodPath = (path: string) => path === '' || path === 'method';

/**
 * Changes an invoice's payment method (SPEC §4): the answer is 'updated' or 'update cancelled'.
 * A card is entered with the shop's one payment form (card only) and checked by the bank through
 * the payments port before it is saved; the customer can also cancel the change, which leaves the
 * method as it was.
 */
export function PaymentMethodForm({ api, invoice, onChanged }: { api: InvoicesApi; invoice: MyInvoice; onChanged: (invoice: MyInvoice) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [method, setMethod] = useState<Method | null>(null);
  const card = usePaymentForm(`${id}-card`);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<UpdateOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const focus = useFocusRequest(formRef);

  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  function request(): InvoiceMethodChangeRequest {
    if (method === 'payment-card') return { method, card: cardDetails(card.state) };
    // Undefined when nothing is chosen: the schema then says 'Vælg en betalingsmetode.'
    return { method: method as 'invoice' };
  }

  function showErrors(entries: [string, string][]) {
    const methodIssue = entries.find(([path]) => isMethodPath(path));
    setMethodError(methodIssue ? im.chooseMethod : null);
    card.setErrors(paymentErrorsFrom(entries.filter(([path]) => !isMethodPath(path))));
    focus(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = request();
    const check = invoiceMethodChangeRequestSchema.safeParse(body);
    if (!check.success) return showErrors(issueEntries(check.error.issues));
    setBusy(true);
    setOutcome(null);
    const r = await invoicesApi.changeMethod(api, invoice.id, body);
    setBusy(false);
    if (!r.ok) {
      const fields = Object.entries(r.error.fields ?? {});
      if (fields.length > 0) showErrors(fields);
      else setOutcome({ result: 'update-cancelled', message: r.error.message });
      return;
    }
    setMethodError(null);
    card.setErrors({});
    setOutcome({ result: r.data.result, message: r.data.message });
    if (r.data.result === 'updated') {
      setMethod(null);
      card.reset();
      onChanged(r.data.invoice);
    } else if (r.data.failureResult !== undefined) {
      // 2: the approval checkbox appears; 99: the card fields start over.
      card.failed(r.data.failureResult, r.data.message);
    }
  }

  function cancel() {
    setMethod(null);
    card.reset();
    setMethodError(null);
    setOutcome({ result: 'update-cancelled', message: im.cancelledByYou });
  }

  const methodErrorId = `${id}-method-error`;
  return (
    <>
      {outcome && (
        <div ref={resultRef} tabIndex={-1} role="status" className={`update-result${outcome.result === 'update-cancelled' ? ' cancelled' : ''}`}>
          <p>
            <strong>{im.updateResult[outcome.result]}</strong>
          </p>
          <p>{outcome.message}</p>
        </div>
      )}
      <form ref={formRef} className="stack" onSubmit={submit} noValidate>
        <fieldset aria-describedby={methodError ? methodErrorId : undefined}>
          <legend>{im.methodLegend}</legend>
          {METHODS.map((m) => (
            <label key={m} className="choice">
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={method === m}
                aria-invalid={methodError ? true : undefined}
                onChange={() => {
                  setMethod(m);
                  setMethodError(null);
                }}
              />
              {`${im.method[m]}${invoice.paymentMethod === m ? ` ${im.current}` : ''}`}
            </label>
          ))}
          {methodError && (
            <p id={methodErrorId} className="field-error">
              {methodError}
            </p>
          )}
          <p className="hint">{im.directDebit}</p>
        </fieldset>
        {method === 'payment-card' && <PaymentFields form={card} methods={CARD_ONLY} />}
        <div className="form-buttons">
          <button type="submit" disabled={busy}>
            {busy ? im.saving : im.saveMethod}
          </button>
          {method && (
            <button type="button" className="secondary" onClick={cancel}>
              {im.cancel}
            </button>
          )}
        </div>
      </form>
    </>
  );
}
