import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from '@tanstack/react-router';
import { subscriptionPaymentRequestSchema, type Subscription, type SubscriptionPaymentRequest } from '@optik/shared';
import { api } from '../../../api';
import { payText } from '../../../payment-messages';
import { TextField } from '../../../text-field';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { st } from './messages';
import { lensHref, subscriptionCalls, type SubscriptionApi } from './subscription-api';
import { loadingOrFailed, Refused } from './subscription-state';
import './subscriptions.css';

type Method = SubscriptionPaymentRequest['method'];
type Field = 'cardNumber' | 'expiry' | 'cvc' | 'phone';
const EMPTY: Record<Field, string> = { cardNumber: '', expiry: '', cvc: '', phone: '' };
type Result = { kind: 'updated' | 'cancelled' | 'error'; text: string } | null;

/** /min-konto/abonnement/linse/{id}/opdater-betaling */
export function UpdatePaymentPage() {
  const { subscriptionId = '' } = useParams({ strict: false });
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
  const [method, setMethod] = useState<Method>('card');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'method', string>>>({});
  const [needsApproval, setNeedsApproval] = useState(false);
  const [approved, setApproved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusError, setFocusError] = useState(0);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  if (loaded.state !== 'ready') return loadingOrFailed(loaded, reload);
  const sub = changed ?? loaded.data.data;
  if (sub.statusCode === 200) return <Refused text={st.cannotChange} id={id} />;

  const body = (): SubscriptionPaymentRequest =>
    method === 'card' ? { method, cardNumber: values.cardNumber, expiry: values.expiry, cvc: values.cvc, ...(needsApproval && approved ? { validated: true } : {}) } : { method, phone: values.phone };

  function showFieldErrors(fields: Record<string, string>) {
    setErrors(fields);
    setFocusError((n) => n + 1);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const request = body();
    const check = subscriptionPaymentRequestSchema.safeParse(request);
    if (!check.success) {
      const fields: Record<string, string> = {};
      for (const issue of check.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return showFieldErrors(fields);
    }
    setErrors({});
    setBusy(true);
    const r = await calls.updatePayment(id, request);
    setBusy(false);
    if (!r.ok) {
      if (r.error.fields && Object.keys(r.error.fields).length > 0) return showFieldErrors(r.error.fields);
      return setResult({ kind: 'error', text: r.error.message });
    }
    const answer = r.data;
    if (answer.outcome === 'updated') {
      setChanged(answer.data);
      setValues(EMPTY);
      setNeedsApproval(false);
      setApproved(false);
      return setResult({ kind: 'updated', text: st.updated(answer.data.paymentAgreement?.label ?? '') });
    }
    if (answer.failureResult === 2) setNeedsApproval(true);
    if (answer.failureResult === 99) setValues(EMPTY);
    setResult({ kind: 'cancelled', text: st.updateCancelled(answer.message) });
  }

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]>) => (
    <TextField id={`${formId}-${name}`} label={label} error={errors[name]} value={values[name]} onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))} {...extra} />
  );

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
        <fieldset>
          <legend>{st.methodLegend}</legend>
          {(['card', 'mobilepay'] as const).map((m) => (
            <label key={m} className="choice">
              <input type="radio" name={`${formId}-method`} value={m} checked={method === m} onChange={() => setMethod(m)} />
              {st.methods[m]}
            </label>
          ))}
        </fieldset>
        {method === 'card' ? (
          <>
            {field('cardNumber', payText.cardNumber, { inputMode: 'numeric', autoComplete: 'cc-number' })}
            {field('expiry', payText.expiry, { autoComplete: 'cc-exp' })}
            {field('cvc', payText.cvc, { inputMode: 'numeric', autoComplete: 'cc-csc' })}
            {needsApproval ? (
              <label className="choice">
                <input type="checkbox" checked={approved} onChange={(e) => setApproved(e.target.checked)} />
                {payText.bankApproved}
              </label>
            ) : null}
          </>
        ) : (
          field('phone', payText.phone, { type: 'tel', autoComplete: 'tel' })
        )}
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
