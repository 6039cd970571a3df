import { useId, useRef, useState, type FormEvent } from 'react';
import { formatDkk, invoicePayRequestSchema, type MyInvoice } from '@optik/shared';
// The shop's one payment form (card, MobilePay, Klarna and the provider's follow-up questions).
import { PaymentFields } from '../../payment/payment-fields';
import { issueEntries, paymentDetails, paymentErrorsFrom } from '../../payment/payment-state';
import { useFocusRequest, usePaymentForm } from '../../payment/use-payment';
import { im } from './messages';
import { invoicesApi, type InvoicesApi } from './invoices-api';

/**
 * Pays what is left of an invoice through the shop's one payment form, answering the SPEC §3
 * failure results as the checkout does: 0 declined (try another card), 1 Klarna asks for the CPR
 * number, 2 the bank wants an approval, 99 the payment starts over.
 */
export function InvoicePayForm({ api, invoice, onPaid }: { api: InvoicesApi; invoice: MyInvoice; onPaid: (invoice: MyInvoice, amount: number) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const payment = usePaymentForm(`${id}-pay`);
  const focus = useFocusRequest(formRef);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = { payment: paymentDetails(payment.state) };
    const check = invoicePayRequestSchema.safeParse(body);
    if (!check.success) {
      payment.setErrors(paymentErrorsFrom(issueEntries(check.error.issues)));
      setAlert(im.fixFields);
      return focus(null);
    }
    setBusy(true);
    setAlert(null);
    const r = await invoicesApi.pay(api, invoice.id, body);
    setBusy(false);
    if (!r.ok) {
      const found = paymentErrorsFrom(Object.entries(r.error.fields ?? {}));
      payment.setErrors(found);
      setAlert(r.error.message);
      if (Object.keys(found).length > 0) focus(null);
      return;
    }
    payment.setErrors({});
    const answer = r.data;
    if (answer.outcome === 'paid') return onPaid(answer.invoice, answer.amount);
    const step = payment.failed(answer.failureResult, answer.message);
    setAlert(step.message);
    if (step.focusId) focus(step.focusId);
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
      <PaymentFields form={payment} />
      <button type="submit" disabled={busy}>
        {busy ? im.paying : im.paySubmit(amount)}
      </button>
    </form>
  );
}
