import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  copenhagenParts,
  formatDkk,
  payLinkPayRequestSchema,
  subscriptionIntervalText,
  type GiftCardLookupRequest,
  type PayLinkOrder,
  type PayLinkPayRequest,
  type PayLinkPayResponse,
  type PayLinkQuote,
} from '@optik/shared';
import type { Api } from '../api';
import { t } from '../messages';
import { payLinkText as payText } from './pay-by-link-messages';
import { PaymentFields } from '../features/payment/payment-fields';
import { issueEntries, paymentDetails, paymentErrorsFrom, type PaymentErrors } from '../features/payment/payment-state';
import { useFocusRequest, usePaymentForm } from '../features/payment/use-payment';
import { useApi } from '../use-api';
import { AmountTable, SumRow } from '../amount-table';
import { GiftCardFields } from './pay-gift-cards';

type PayApi = Pick<Api, 'payLinkLookup' | 'payLinkQuote' | 'payLinkPay'>;
type Paid = Extract<PayLinkPayResponse, { outcome: 'paid' }>;

/** Delivery method ids (SPEC §3): 119 click and collect in the store, 101 home delivery. */
const CLICK_AND_COLLECT = 119;
const HOME_DELIVERY = 101;

/** Lookup answers that mean the link cannot be paid any more: unknown, expired/replaced, already paid. */
const LINK_CLOSED = new Set([404, 409, 410]);

/**
 * Target of the pay-by-link SMS or e-mail store staff send (SPEC §1, §6). Looks the order up by
 * its token, shows it, and pays what is left — gift cards first (payment type 900, partial
 * cover), the rest by card, MobilePay or Klarna, answering the payment provider's follow-up
 * questions (SPEC §3 failure results 0, 1, 2, 99).
 */
export function PayByLink({ api, token }: { api: PayApi; token: string }) {
  const [order, reload] = useApi(`pay-link:${token}`, () => api.payLinkLookup(token));
  const [paid, setPaid] = useState<Paid | null>(null);
  /** A pay answer that closed the link (paid meanwhile, expired): shown instead of the form. */
  const [closed, setClosed] = useState<string | null>(null);
  /** Result 99: the message survives the reload that starts the payment over. */
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const [restarts, setRestarts] = useState(0);

  if (paid) return <Confirmation orderNumber={paid.orderNumber} />;

  function restart(message: string) {
    setRestartNotice(message);
    setRestarts((n) => n + 1);
    reload();
  }

  return (
    <div className="page narrow pay-page">
      <h1>{payText.title}</h1>
      {order.state === 'loading' && (
        <p role="status" aria-live="polite">
          {payText.loading}
        </p>
      )}
      {order.state === 'error' && (
        <div role="alert" className="error">
          <p>{order.message}</p>
          {/* A missing network or a server hiccup may pass; an unknown, expired or paid link will not. */}
          {(order.status === 0 || order.status >= 500) && (
            <button type="button" onClick={reload}>
              {t.error.retry}
            </button>
          )}
        </div>
      )}
      {order.state === 'ready' && (
        <>
          <OrderSummary order={order.data.data} />
          {closed ? (
            <p role="alert" className="error">
              {closed}
            </p>
          ) : (
            <>
              {restartNotice && (
                <p role="alert" className="error">
                  {restartNotice}
                </p>
              )}
              <PaymentForm
                key={restarts}
                api={api}
                token={token}
                toPay={order.data.data.toPay}
                onAttempt={() => setRestartNotice(null)}
                onPaid={setPaid}
                onExpired={restart}
                onClosed={setClosed}
              />
              {order.data.data.simulated && <TestData />}
            </>
          )}
        </>
      )}
    </div>
  );
}

function OrderSummary({ order }: { order: PayLinkOrder }) {
  return (
    <section aria-label={payText.orderHeading}>
      <p className="lead">{payText.greeting(order.customerFirstName)}</p>
      <p>
        {payText.orderNumber} <strong>{order.orderNumber}</strong>
      </p>
      {order.deliveryMethodId === CLICK_AND_COLLECT && <p>{payText.pickup(order.storeName)}</p>}
      {order.deliveryMethodId === HOME_DELIVERY && <p>{payText.homeDelivery}</p>}
      <AmountTable
        caption={payText.linesCaption}
        hideCaption
        columns={[payText.item, payText.quantity, payText.amount]}
        rows={order.lines.map((line, i) => ({
          key: i,
          label: (
            <>
              {line.description}
              {line.subscriptionInterval && <span className="line-note">{subscriptionIntervalText(line.subscriptionInterval)}</span>}
            </>
          ),
          middle: line.quantity,
          amount: formatDkk(line.lineTotal),
        }))}
        footer={
          <>
            <SumRow label={payText.shipping}>{order.shipping === 0 ? payText.free : formatDkk(order.shipping)}</SumRow>
            <SumRow label={payText.total} className="total">
              {formatDkk(order.totalPrice)}
            </SumRow>
            <SumRow label={payText.vat}>{formatDkk(order.vat)}</SumRow>
            {order.giftCardAmount > 0 && (
              <>
                <SumRow label={payText.paidByGiftCard}>−{formatDkk(order.giftCardAmount)}</SumRow>
                <SumRow label={payText.toPay} className="total">
                  {formatDkk(order.toPay)}
                </SumRow>
              </>
            )}
          </>
        }
      />
      <p className="muted">{payText.expires(formatExpiry(order.expiresAt))}</p>
    </section>
  );
}

/** "12. maj 2025 kl. 14.30", Copenhagen time whatever the device's zone (shared helper, no Intl zone data needed). */
function formatExpiry(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = copenhagenParts(date);
  const time = `${String(Math.floor(p.minutes / 60)).padStart(2, '0')}.${String(p.minutes % 60).padStart(2, '0')}`;
  return payText.dateTime(p.day, payText.months[p.month - 1] ?? '', p.year, time);
}

function PaymentForm({
  api,
  token,
  toPay: orderToPay,
  onAttempt,
  onPaid,
  onExpired,
  onClosed,
}: {
  api: Pick<PayApi, 'payLinkQuote' | 'payLinkPay'>;
  token: string;
  /** What is left of the order before the gift cards added here. */
  toPay: number;
  onAttempt: () => void;
  onPaid: (paid: Paid) => void;
  onExpired: (message: string) => void;
  onClosed: (message: string) => void;
}) {
  const id = useId();
  /** The payment fields (the gift card fields focus their own errors). */
  const fieldsRef = useRef<HTMLDivElement>(null);
  const payment = usePaymentForm(`${id}-pay`);
  const focus = useFocusRequest(fieldsRef);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Gift cards the API accepted, and what they cover of the rest. */
  const [giftCards, setGiftCards] = useState<GiftCardLookupRequest[]>([]);
  const [quote, setQuote] = useState<PayLinkQuote | null>(null);
  const toPay = quote?.toPay ?? orderToPay;

  /** Gift cards covering everything leave no payment details to send. */
  function request(): PayLinkPayRequest {
    return { token, giftCards, ...(toPay > 0 ? { payment: paymentDetails(payment.state) } : {}) };
  }

  /** Asks the API what these gift cards cover; a refusal comes back as the message to show. */
  async function requote(next: GiftCardLookupRequest[]): Promise<string | null> {
    if (next.length === 0) {
      setGiftCards([]);
      setQuote(null);
      return null;
    }
    const r = await api.payLinkQuote({ token, giftCards: next });
    if (r.ok) {
      setGiftCards(next);
      setQuote(r.data.data);
      return null;
    }
    if (LINK_CLOSED.has(r.status)) {
      onClosed(r.error.message);
      return null;
    }
    return r.error.fields?.giftCards ?? r.error.message;
  }

  async function removeGiftCard(number: string) {
    const refused = await requote(giftCards.filter((g) => g.number !== number));
    if (refused) setAlert(refused);
  }

  function showFieldErrors(errors: PaymentErrors, message: string) {
    payment.setErrors(errors);
    setAlert(message);
    focus(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    onAttempt();
    const body = request();
    // One schema, two sides: the API parses the same schema, so a typo is caught before a round trip.
    const check = payLinkPayRequestSchema.safeParse(body);
    if (!check.success) return showFieldErrors(paymentErrorsFrom(issueEntries(check.error.issues)), payText.fixFields);
    setBusy(true);
    setAlert(null);
    const r = await api.payLinkPay(body);
    setBusy(false);
    if (!r.ok) {
      if (LINK_CLOSED.has(r.status)) return onClosed(r.error.message);
      const fields = Object.entries(r.error.fields ?? {});
      const errors = paymentErrorsFrom(fields.filter(([path]) => path !== 'payment'));
      if (Object.keys(errors).length > 0) return showFieldErrors(errors, r.error.message);
      payment.setErrors({});
      // A gift card refused now (spent meanwhile) or no payment method: the reason, not the generic message.
      setAlert(r.error.fields?.giftCards ?? r.error.fields?.payment ?? r.error.message);
      return;
    }
    const answer = r.data;
    if (answer.outcome === 'paid') return onPaid(answer);
    // 99: the page loads the order again and the payment starts over.
    if (answer.failureResult === 99) return onExpired(answer.message);
    const step = payment.failed(answer.failureResult, answer.message);
    setAlert(step.message);
    if (step.focusId) focus(step.focusId);
  }

  return (
    <form onSubmit={submit} noValidate className="stack pay-form">
      <GiftCardFields idPrefix={id} cards={giftCards} cover={quote?.giftCardCover ?? 0} toPay={toPay} onApply={(card) => requote([...giftCards.filter((g) => g.number !== card.number), card])} onRemove={(n) => void removeGiftCard(n)} />
      <div ref={fieldsRef}>{toPay === 0 ? <p>{payText.giftCardsCoverAll}</p> : <PaymentFields form={payment} />}</div>
      {alert && (
        <p role="alert" className="error">
          {alert}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? payText.submitting : toPay === 0 ? payText.submitGiftCards : payText.submit(formatDkk(toPay))}
      </button>
    </form>
  );
}

function TestData() {
  return (
    <details className="test-data">
      <summary>{payText.test.summary}</summary>
      <p>{payText.test.intro}</p>
      <ul>
        {payText.test.cards.map(([card, what]) => (
          <li key={card}>
            <code>{card}</code>: {what}
          </li>
        ))}
        <li>{payText.test.cardRest}</li>
        <li>{payText.test.mobilepay}</li>
        <li>{payText.test.klarna}</li>
      </ul>
    </details>
  );
}

function Confirmation({ orderNumber }: { orderNumber: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="page narrow pay-page">
      <h1 ref={heading} tabIndex={-1}>
        {payText.paidTitle}
      </h1>
      <p>{payText.paidBody(orderNumber)}</p>
      <p>{payText.paidNext}</p>
    </div>
  );
}
