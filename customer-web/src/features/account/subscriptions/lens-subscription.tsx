import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import {
  allowedActions,
  copenhagenIsoDate,
  formatCopenhagenDate,
  formatDkk,
  intervalLabels,
  perDeliveryAmount,
  prescriptionLines,
  statusLabels,
  SUBSCRIPTION_INTERVALS,
  subscriptionStatus,
  type Subscription,
  type SubscriptionInterval,
  type TemporaryAddressRequest,
} from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { api } from '../../../api';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { ConfirmDialog } from './confirm-dialog';
import { st } from './messages';
import { lensHref, subscriptionCalls, subscriptionFlashAtom, type SubscriptionApi } from './subscription-api';
import { loadingOrFailed } from './subscription-state';
import { TemporaryAddressForm, type FieldErrors } from './temporary-address-form';
import './subscriptions.css';

type Notice = { kind: 'status' | 'alert'; text: string } | null;
type Dialog = 'pause' | 'cancel' | null;

const date = (iso: string | null | undefined) => (iso ? formatCopenhagenDate(iso) : '');

/** What the page calls a lens subscription: its kind and lens type, e.g. "Linseabonnement – endagslinser". */
export function subscriptionTitle(sub: Pick<Subscription, 'kind' | 'lensWear'>): string {
  return sub.kind === 'lens' && sub.lensWear ? `${st.kinds.lens} – ${st.lensWear[sub.lensWear]}` : st.kinds[sub.kind];
}

/** How the deliveries usually reach the customer. */
function usualDelivery(sub: Subscription, storeName: string | null): string {
  const d = sub.delivery;
  if (!d) return '–';
  if (d.deliveryMethodId === 119) return st.clickAndCollect(storeName ?? d.pickupStoreId ?? '');
  const a = d.deliveryAddress;
  return a ? `${a.street}, ${a.zip} ${a.city}` : '–';
}

/** /min-konto/abonnement/linse/{subscriptionId} */
export function LensSubscriptionPage() {
  const { subscriptionId } = useParams({ from: '/min-konto/abonnement/linse/$subscriptionId' });
  return <AccountPage title={st.lensTitle}>{() => <LensSubscriptionView api={api} id={subscriptionId} />}</AccountPage>;
}

interface ViewProps {
  api: SubscriptionApi & { getStores?: (typeof api)['getStores'] };
  id: string;
  /** Today's Copenhagen date; tests fix it. */
  today?: string;
}

/**
 * One lens subscription with every action of SPEC §2–§4: the SPEC §3 fields, its products, the
 * interval, a temporary address, the payment method, pause and reactivate, and cancel (final).
 * Pause and cancel are confirmed first; each result is announced and takes the focus.
 */
export function LensSubscriptionView({ api: client, id, today = copenhagenIsoDate(new Date()) }: ViewProps) {
  const calls = useMemo(() => subscriptionCalls(client), [client]);
  const [loaded, reload] = useApi(`lens-subscription:${id}`, () => calls.lens(id));
  const [changed, setChanged] = useState<Subscription | null>(null);
  const [flash, setFlash] = useAtom(subscriptionFlashAtom);
  const [notice, setNotice] = useState<Notice>(() => (flash?.subscriptionId === id ? { kind: 'status', text: flash.message } : null));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [interval, setIntervalChoice] = useState<SubscriptionInterval | null>(null);
  const [storeName, setStoreName] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const formId = useId();

  useEffect(() => {
    if (flash) setFlash(null);
  }, [flash, setFlash]);
  // A result takes the focus — also a message brought from a sub-page, once the page has loaded.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice, loaded.state]);

  const sub = changed ?? (loaded.state === 'ready' ? loaded.data.data : null);
  const pickupStoreId = sub?.delivery?.deliveryMethodId === 119 ? sub.delivery.pickupStoreId : null;
  useEffect(() => {
    if (!pickupStoreId || !client.getStores) return;
    let live = true;
    void client.getStores().then((r) => {
      if (live && r.ok) setStoreName(r.data.data.find((s) => s.id === pickupStoreId)?.name ?? null);
    });
    return () => {
      live = false;
    };
  }, [client, pickupStoreId]);

  if (loaded.state !== 'ready' || !sub) return loadingOrFailed(loaded, reload);

  /**
   * Runs a change; a success replaces the shown subscription and is announced (null). A refusal
   * gives the API's field errors, or is announced as an alert when it concerns no field.
   */
  async function change(call: () => Promise<ApiResult<{ data: Subscription }>>, success: (s: Subscription) => string): Promise<FieldErrors | null> {
    setBusy(true);
    const r = await call();
    setBusy(false);
    setDialog(null);
    if (r.ok) {
      setChanged(r.data.data);
      setNotice({ kind: 'status', text: success(r.data.data) });
      return null;
    }
    const fields = r.error.fields ?? {};
    if (Object.keys(fields).length === 0) setNotice({ kind: 'alert', text: r.error.message });
    return fields;
  }

  const status = subscriptionStatus(sub.statusCode);
  const can = allowedActions(sub, today);
  const perDelivery = perDeliveryAmount(sub.items);
  const chosenInterval = interval ?? sub.deliveryInterval ?? 'm1';
  const temporary = sub.temporaryAddress;

  async function submitInterval(e: FormEvent) {
    e.preventDefault();
    if (busy || chosenInterval === sub!.deliveryInterval) return;
    const fields = await change(
      () => calls.changeInterval(id, chosenInterval),
      (s) => st.intervalChanged(intervalLabels[chosenInterval], date(s.nextDelivery)),
    );
    if (fields?.deliveryInterval) setNotice({ kind: 'alert', text: fields.deliveryInterval });
  }

  return (
    <div className="subscription-page">
      <p className="lead">{subscriptionTitle(sub)}</p>
      <div role="status" className="subscription-notice">
        {notice?.kind === 'status' ? (
          <p ref={noticeRef} tabIndex={-1}>
            {notice.text}
          </p>
        ) : null}
      </div>
      <div role="alert" className={notice?.kind === 'alert' ? 'error subscription-notice' : 'subscription-notice'}>
        {notice?.kind === 'alert' ? (
          <p ref={noticeRef} tabIndex={-1}>
            {notice.text}
          </p>
        ) : null}
      </div>

      <section aria-labelledby={`${formId}-overview`}>
        <h2 id={`${formId}-overview`}>{st.overviewHeading}</h2>
        <dl className="subscription-facts">
          <dt>{st.status}</dt>
          <dd>
            <span className={`subscription-status subscription-status-${status}`}>{statusLabels[status]}</span>
          </dd>
          <dt>{st.startDate}</dt>
          <dd>{date(sub.startDate)}</dd>
          <dt>{st.binding}</dt>
          <dd>{sub.bindingPeriodExpiry ? st.bindingUntil(date(sub.bindingPeriodExpiry)) : st.noBinding}</dd>
          <dt>{st.nextDelivery}</dt>
          <dd>{status === 'active' ? date(sub.nextDelivery) : status === 'paused' ? st.noDeliveryPaused : st.noDeliveryCancelled}</dd>
          {status === 'active' && sub.noticeDayDate ? (
            <>
              <dt>{st.noticeDay}</dt>
              <dd>{date(sub.noticeDayDate)}</dd>
            </>
          ) : null}
          <dt>{st.interval}</dt>
          <dd>{sub.deliveryInterval ? intervalLabels[sub.deliveryInterval] : '–'}</dd>
          <dt>{st.monthlyPrice}</dt>
          <dd>
            {formatDkk(sub.monthlyPrice)} <span className="muted">({st.perDelivery(formatDkk(perDelivery))})</span>
          </dd>
          {sub.lastOrderDate ? (
            <>
              <dt>{st.lastOrder}</dt>
              <dd>{st.lastOrderValue(date(sub.lastOrderDate), sub.lastOrderNumber ?? null)}</dd>
            </>
          ) : null}
          <dt>{st.paymentMethod}</dt>
          <dd>{sub.paymentAgreement?.label ?? st.invoicePayment}</dd>
        </dl>
        {status === 'paused' && sub.pausedAt ? <p>{st.pausedSince(date(sub.pausedAt))}</p> : null}
        {status === 'cancelled' ? (
          <p>
            {st.cancelledOn(date(sub.cancelledAt ?? today))} <a href="/linseabonnement">{st.buyNew}</a>
          </p>
        ) : null}
      </section>

      <section aria-labelledby={`${formId}-products`}>
        <h2 id={`${formId}-products`}>{st.productsHeading}</h2>
        <table className="order-lines stack-table">
          <caption className="visually-hidden">{st.productsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{st.product}</th>
              <th scope="col">{st.prescription}</th>
              <th scope="col" className="num">
                {st.quantity}
              </th>
              <th scope="col" className="num">
                {st.price}
              </th>
            </tr>
          </thead>
          <tbody>
            {sub.items
              .filter((i) => i.status === 'active')
              .map((i, n) => {
                const rx = i.prescription ? prescriptionLines(i.prescription) : [];
                return (
                  <tr key={`${i.skuId}-${n}`}>
                    <td data-label={st.product}>{i.description ?? i.articleId}</td>
                    <td data-label={st.prescription}>{rx.length > 0 ? rx.map((l) => `${l.label} ${l.value}`).join(', ') : st.noPrescription}</td>
                    <td className="num" data-label={st.quantity}>
                      {i.quantity}
                    </td>
                    <td className="num" data-label={st.price}>
                      {formatDkk((i.unitPrice ?? 0) * i.quantity)}
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
        {can.change ? (
          <a className="button" href={lensHref(id, '/nyt-produkt')}>
            {st.addProduct}
          </a>
        ) : null}
      </section>

      {can.change ? (
        <section aria-labelledby={`${formId}-interval`}>
          <h2 id={`${formId}-interval`}>{st.intervalHeading}</h2>
          <form className="stack subscription-form" onSubmit={(e) => void submitInterval(e)} aria-busy={busy}>
            <label htmlFor={`${formId}-interval-select`}>{st.intervalLabel}</label>
            <p id={`${formId}-interval-hint`} className="hint">
              {st.intervalHint}
            </p>
            <select id={`${formId}-interval-select`} aria-describedby={`${formId}-interval-hint`} value={chosenInterval} onChange={(e) => setIntervalChoice(e.target.value as SubscriptionInterval)}>
              {SUBSCRIPTION_INTERVALS.map((i) => (
                <option key={i} value={i}>
                  {intervalLabels[i]}
                </option>
              ))}
            </select>
            <button type="submit" disabled={busy || chosenInterval === sub.deliveryInterval}>
              {st.changeInterval}
            </button>
          </form>
        </section>
      ) : null}

      <section aria-labelledby={`${formId}-delivery`}>
        <h2 id={`${formId}-delivery`}>{st.deliveryHeading}</h2>
        <dl className="subscription-facts">
          <dt>{st.usualDelivery}</dt>
          <dd>{usualDelivery(sub, storeName)}</dd>
          {temporary ? (
            <>
              <dt>{st.temporaryHeading}</dt>
              <dd>
                {`${temporary.street}, ${temporary.zip} ${temporary.city}`}
                <span className="line-note">{temporary.to < today ? st.temporaryExpired : st.temporaryCurrent(date(temporary.from), date(temporary.to))}</span>
              </dd>
            </>
          ) : null}
        </dl>
        {temporary && can.change ? (
          <button type="button" className="secondary" disabled={busy} onClick={() => void change(() => calls.removeTemporaryAddress(id), () => st.temporaryRemoved)}>
            {st.removeTemporary}
          </button>
        ) : null}
        {can.change ? <TemporaryAddressForm today={today} busy={busy} onSave={(body: TemporaryAddressRequest) => change(() => calls.setTemporaryAddress(id, body), () => st.temporarySaved)} /> : null}
      </section>

      <section aria-labelledby={`${formId}-payment`}>
        <h2 id={`${formId}-payment`}>{st.paymentHeading}</h2>
        <p>{sub.paymentAgreement?.label ?? st.invoicePayment}</p>
        {can.change ? <a href={lensHref(id, '/opdater-betaling')}>{st.changePayment}</a> : null}
      </section>

      {status !== 'cancelled' ? (
        <section aria-labelledby={`${formId}-manage`}>
          <h2 id={`${formId}-manage`}>{st.manageHeading}</h2>
          <div className="subscription-actions">
            {can.pause ? (
              <button type="button" className="secondary" disabled={busy} onClick={() => setDialog('pause')}>
                {st.pause}
              </button>
            ) : null}
            {can.reactivate ? (
              <button type="button" disabled={busy} onClick={() => void change(() => calls.action(id, 'reactivate'), (s) => st.reactivated(date(s.nextDelivery)))}>
                {st.reactivate}
              </button>
            ) : null}
            {can.cancel ? (
              <button type="button" className="secondary" disabled={busy} onClick={() => setDialog('cancel')}>
                {st.cancel}
              </button>
            ) : null}
          </div>
        </section>
      ) : null}

      {dialog === 'pause' ? (
        <ConfirmDialog title={st.pauseConfirmTitle} confirmLabel={st.pauseConfirm} busy={busy} onClose={() => setDialog(null)} onConfirm={() => void change(() => calls.action(id, 'pause'), () => st.paused)}>
          <p>{st.pauseConfirmBody}</p>
        </ConfirmDialog>
      ) : null}
      {dialog === 'cancel' ? (
        <ConfirmDialog title={st.cancelConfirmTitle} confirmLabel={st.cancelConfirm} busy={busy} onClose={() => setDialog(null)} onConfirm={() => void change(() => calls.action(id, 'cancel'), () => st.cancelled)}>
          <p>{st.cancelConfirmBody}</p>
        </ConfirmDialog>
      ) : null}

      <p>
        <a href="/min-konto/abonnement">{st.backToList}</a>
      </p>
    </div>
  );
}
