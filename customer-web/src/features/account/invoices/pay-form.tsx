import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatDkk, invoicePayRequestSchema, type MyInvoice } from '@optik/shared';
// The payer's fields are the checkout's (card, MobilePay, Klarna and the provider's follow-up questions): one payment path.
import { initialPayment, PAYMENT_FIELDS, paymentDetails, paymentFailureStep, PaymentFields, type PaymentField, type PaymentState } from '../../checkout/payment-form';
import { im } from './messages';
import { invoicesApi, type InvoicesApi } from './invoices-api';

/** Field key of an API or schema error: `payment.cardNumber` → `cardNumber`. */
function paymentField(key: string): PaymentField | null {
  const name = key.replace(/^payment\./, '');
  return (PAYMENT_FIELDS as readonly string[]).includes(name) ? (name as PaymentField) : null;
}

/**
 * Pays what is left of an invoice through the shop's one payment path, answering the SPEC §3
 * failure results as the checkout does: 0 declined (try another card), 1 Klarna asks for the CPR
 * number, 2 the bank wants an approval, 99 the payment starts over.
 */
export function InvoicePayForm({ api, invoice, onPaid }: { api: InvoicesApi; invoice: MyInvoice; onPaid: (invoice: MyInvoice, amount: number) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [payment, setPayment] = useState<PaymentState>(initialPayment);
  const [paymentKey, setPaymentKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<PaymentField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** What gets focus after an answer: the first invalid field, or a field by id (Klarna's CPR). */
  const [focus, setFocus] = useState<{ fieldId: string | null; n: number } | null>(null);

  useEffect(() => {
    if (!focus) return;
    const el = focus.fieldId ? document.getElementById(focus.fieldId) : formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  }, [focus]);

  const refocus = (fieldId: string | null) => setFocus((f) => ({ fieldId, n: (f?.n ?? 0) + 1 }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = { payment: paymentDetails(payment) };
    const check = invoicePayRequestSchema.safeParse(body);
    if (!check.success) {
      const found: Partial<Record<PaymentField, string>> = {};
      for (const issue of check.error.issues) {
        const f = paymentField(issue.path.join('.'));
        if (f) found[f] ??= issue.message;
      }
      setErrors(found);
      setAlert(im.fixFields);
      return refocus(null);
    }
    setBusy(true);
    setAlert(null);
    const r = await invoicesApi.pay(api, invoice.id, body);
    setBusy(false);
    if (!r.ok) {
      const found: Partial<Record<PaymentField, string>> = {};
      for (const [k, v] of Object.entries(r.error.fields ?? {})) {
        const f = paymentField(k);
        if (f) found[f] ??= v;
      }
      setErrors(found);
      setAlert(r.error.message);
      if (Object.keys(found).length > 0) refocus(null);
      return;
    }
    setErrors({});
    const answer = r.data;
    if (answer.outcome === 'paid') return onPaid(answer.invoice, answer.amount);
    const step = paymentFailureStep(answer.failureResult, answer.message, im);
    setPayment(step.payment);
    setAlert(step.message);
    if (step.restart) setPaymentKey((k) => k + 1);
    if (step.focusSsn) refocus(`${id}-pay-ssn`);
  }

  const amount = formatDkk(invoice.amountLeft);
  return (
    <form ref={formRef} className="stack pay-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{im.payHeading}</h2>
      <p>{im.payIntro(amount)}</p>
      {alert && (
        <p role="alert" className="error">
          {alert}
        </p>
      )}
      <PaymentFields key={paymentKey} idPrefix={`${id}-pay`} state={payment} onChange={setPayment} errors={errors} />
      <button type="submit" disabled={busy}>
        {busy ? im.paying : im.paySubmit(amount)}
      </button>
    </form>
  );
}
