import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { invoiceMethodChangeRequestSchema, type InvoiceMethodChangeRequest, type InvoiceMethodChangeResponse, type MyInvoice } from '@optik/shared';
import { TextField } from '../../../text-field';
import { im } from './messages';
import { invoicesApi, type InvoicesApi } from './invoices-api';

type Method = InvoiceMethodChangeRequest['method'];
const METHODS: readonly Method[] = ['payment-card', 'invoice', 'e-invoice'];
type CardField = 'cardNumber' | 'expiry' | 'cvc';
const EMPTY_CARD: Record<CardField, string> = { cardNumber: '', expiry: '', cvc: '' };

export type UpdateOutcome = { result: InvoiceMethodChangeResponse['result']; message: string };

/**
 * Changes an invoice's payment method (SPEC §4): the answer is 'updated' or 'update cancelled'.
 * A card is checked by the bank through the payments port before it is saved; the customer can
 * also cancel the change, which leaves the method as it was.
 */
export function PaymentMethodForm({ api, invoice, onChanged }: { api: InvoicesApi; invoice: MyInvoice; onChanged: (invoice: MyInvoice) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [method, setMethod] = useState<Method | null>(null);
  const [card, setCard] = useState(EMPTY_CARD);
  const [needsApproval, setNeedsApproval] = useState(false);
  const [approved, setApproved] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<CardField | 'method', string>>>({});
  const [outcome, setOutcome] = useState<UpdateOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(0);

  useEffect(() => {
    if (focusInvalid) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);
  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  function request(): InvoiceMethodChangeRequest {
    if (method === 'payment-card') return { method, card: { method: 'card', ...card, ...(needsApproval && approved ? { validated: true } : {}) } };
    // Undefined when nothing is chosen: the schema then says 'Vælg en betalingsmetode.'
    return { method: method as 'invoice' };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = request();
    const check = invoiceMethodChangeRequestSchema.safeParse(body);
    if (!check.success) {
      const found: typeof errors = {};
      for (const issue of check.error.issues) {
        const last = issue.path.at(-1);
        const key = last === undefined || last === 'method' ? 'method' : (last as CardField);
        found[key] ??= key === 'method' ? im.chooseMethod : issue.message;
      }
      setErrors(found);
      setFocusInvalid((n) => n + 1);
      return;
    }
    setBusy(true);
    setOutcome(null);
    const r = await invoicesApi.changeMethod(api, invoice.id, body);
    setBusy(false);
    if (!r.ok) {
      const found: typeof errors = {};
      for (const [k, v] of Object.entries(r.error.fields ?? {})) found[(k.split('.').at(-1) ?? k) as CardField] ??= v;
      setErrors(found);
      if (Object.keys(found).length > 0) setFocusInvalid((n) => n + 1);
      else setOutcome({ result: 'update-cancelled', message: r.error.message });
      return;
    }
    setErrors({});
    setOutcome({ result: r.data.result, message: r.data.message });
    if (r.data.result === 'updated') {
      setMethod(null);
      setCard(EMPTY_CARD);
      setNeedsApproval(false);
      onChanged(r.data.invoice);
    } else if (r.data.failureResult === 2) {
      setNeedsApproval(true);
      setApproved(false);
    }
  }

  function cancel() {
    setMethod(null);
    setCard(EMPTY_CARD);
    setErrors({});
    setNeedsApproval(false);
    setOutcome({ result: 'update-cancelled', message: im.cancelledByYou });
  }

  const field = (name: CardField, label: string, props: Record<string, string>) => (
    <TextField id={`${id}-${name}`} label={label} error={errors[name]} value={card[name]} onChange={(e) => setCard((c) => ({ ...c, [name]: e.target.value }))} {...props} />
  );
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
        <fieldset aria-describedby={errors.method ? methodErrorId : undefined}>
          <legend>{im.methodLegend}</legend>
          {METHODS.map((m) => (
            <label key={m} className="choice">
              <input type="radio" name={`${id}-method`} value={m} checked={method === m} aria-invalid={errors.method ? true : undefined} onChange={() => setMethod(m)} />
              {`${im.method[m]}${invoice.paymentMethod === m ? ` ${im.current}` : ''}`}
            </label>
          ))}
          {errors.method && (
            <p id={methodErrorId} className="field-error">
              {errors.method}
            </p>
          )}
          <p className="hint">{im.directDebit}</p>
        </fieldset>
        {method === 'payment-card' && (
          <>
            {field('cardNumber', im.cardNumber, { inputMode: 'numeric', autoComplete: 'cc-number' })}
            {field('expiry', im.expiry, { autoComplete: 'cc-exp' })}
            {field('cvc', im.cvc, { inputMode: 'numeric', autoComplete: 'cc-csc' })}
            {needsApproval && (
              <label className="choice">
                <input type="checkbox" checked={approved} onChange={(e) => setApproved(e.target.checked)} />
                {im.bankApproved}
              </label>
            )}
          </>
        )}
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
