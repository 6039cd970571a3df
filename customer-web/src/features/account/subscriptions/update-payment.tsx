import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from '@tanstack/react-router';
import { subscriptionPaymentRequestSchema, type Subscription, type SubscriptionPaymentRequest } from '@optik/shared';
import { api } from '../../../api';
import { PaymentFields } from '../../payment/payment-fields';
import { cardDetails, issueEntries, paymentErrorsFrom } from '../../payment/payment-state';
import { useFocusRequest, usePaymentForm } from '../../payment/use-payment';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { st } from './messages';
import { lensHref, subscriptionCalls, type SubscriptionApi } from './subscription-api';
import { loadingOrFailed, Refused } from './subscription-state';
import './subscriptions.css';

/** A subscription's deliveries are paid by card or a MobilePay agreement (no Klarna). */
const METHODS = ['card', 'mobilepay'] as const;
type Result = { kind: 'updated' | 'cancelled' | 'error'; text: string } | null;

/** /min-konto/abonnement/linse/{id}/opdater-betaling */
export function UpdatePaymentPage() {
  const { subscriptionId } = useParams({ from: '/min-konto/abonnement/linse/$subscriptionId' });
  return <AccountPage title={st.paymentTitle}>{() => <UpdatePaymentView api={api} id={subscriptionId} />}</AccountPage>;
}

/**
 * A new card or MobilePay agreement for the subscription's deliveries (SPEC §2 /opdater-betaling),
 * ending in SPEC §4's 'updated' or 'update cancelled'. A card that needs the bank's approval
 * (result 2) asks for it and is sent again; an expired transaction (99) starts over empty.
 */
export function UpdatePaymentView({ api: client, id }: { api: SubscriptionApi; id: string }) {
  const formId = useId();
  const calls = useMemo(() => subscriptionCalls(client), [client]);
  const [loaded, reload] = useApi(`lens-subscription:${id}`, () => calls.lens(id));
  const [changed, setChanged] = useState<Subscription | null>(null);
  const payment = usePaymentForm(`${formId}-pay`);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focus = useFocusRequest(formRef);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  if (loaded.state !== 'ready') return loadingOrFailed(loaded, reload);
  const sub = changed ?? loaded.data.data;
  if (sub.statusCode === 200) return <Refused text={st.cannotChange} id={id} />;

  const body = (): SubscriptionPaymentRequest => (payment.state.method === 'mobilepay' ? { method: 'mobilepay', phone: payment.state.values.phone } : cardDetails(payment.state));

  function showFieldErrors(entries: [string, string][]) {
    payment.setErrors(paymentErrorsFrom(entries));
    focus(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const request = body();
    const check = subscriptionPaymentRequestSchema.safeParse(request);
    if (!check.success) return showFieldErrors(issueEntries(check.error.issues));
    payment.setErrors({});
    setBusy(true);
    const r = await calls.updatePayment(id, request);
    setBusy(false);
    if (!r.ok) {
      if (r.error.fields && Object.keys(r.error.fields).length > 0) return showFieldErrors(Object.entries(r.error.fields));
      return setResult({ kind: 'error', text: r.error.message });
    }
    const answer = r.data;
    if (answer.outcome === 'updated') {
      setChanged(answer.data);
      payment.reset();
      return setResult({ kind: 'updated', text: st.updated(answer.data.paymentAgreement?.label ?? '') });
    }
    // 2: the approval checkbox appears; 99: the fields start over. The reason is the result's text.
    payment.failed(answer.failureResult, answer.message);
    setResult({ kind: 'cancelled', text: st.updateCancelled(answer.message) });
  }

  return (
    <>
      <p>{st.paymentIntro}</p>
      <dl className="subscription-facts">
        <dt>{st.currentMethod}</dt>
        <dd>{sub.paymentAgreement?.label ?? st.invoicePayment}</dd>
      </dl>
      <div role="status">
        {result?.kind === 'updated' ? (
          <p ref={resultRef} tabIndex={-1}>
            {result.text}
          </p>
        ) : null}
      </div>
      <div role="alert" className={result && result.kind !== 'updated' ? 'error' : undefined}>
        {result && result.kind !== 'updated' ? (
          <p ref={resultRef} tabIndex={-1}>
            {result.text}
          </p>
        ) : null}
      </div>
      <form ref={formRef} className="stack subscription-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <PaymentFields form={payment} methods={METHODS} legend={st.methodLegend} />
        <button type="submit" disabled={busy}>
          {busy ? st.working : st.savePayment}
        </button>
      </form>
      <p>
        <a href={lensHref(id)}>{st.backToSubscription}</a>
      </p>
    </>
  );
}
