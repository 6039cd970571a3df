import { useCallback, useEffect, useId, useState } from 'react';
import { formatDkk, orderListResponseSchema, staffAccountLinkResponseSchema, type Order, type StaffAccountLink } from '@optik/shared';
import { api as defaultApi, type Api } from '../../api';
import { la } from './linked-account-messages';

type Load = { state: 'loading' } | { state: 'error'; message: string; offline: boolean } | { state: 'ready'; link: StaffAccountLink; webOrders: Order[] };

const base = (customerId: string) => `/api/staff/customers/${encodeURIComponent(customerId)}`;

interface Props {
  customerId: string;
  /** Whether the customer on the device has an e-mail (the link goes there). */
  hasEmail: boolean;
  /** A link for this customer waits in the device's queue. */
  queued: boolean;
  /** Puts "Send link til webkonto" into the device's queue (outbox command `accountLink.send`), sent with the day's other actions. */
  onQueue: () => Promise<void>;
  api?: Pick<Api, 'get' | 'post'>;
}

/**
 * The customer's web account on the store app's customer page (issue 17): whether the store
 * customer is linked to a shop account, "Send link til webkonto" (a mail the customer confirms),
 * and the linked account's web orders. The status and the web orders are the server's; offline,
 * the link is queued like every other counter action and sent once the connection is back.
 */
export function LinkedAccount({ customerId, hasEmail, queued, onQueue, api = defaultApi }: Props) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const fetchAll = useCallback(async (): Promise<Load> => {
    const [link, orders] = await Promise.all([api.get(staffAccountLinkResponseSchema, `${base(customerId)}/account-link`), api.get(orderListResponseSchema, `${base(customerId)}/orders`)]);
    if (!link.ok) return { state: 'error', message: link.status === 0 ? la.offline : link.error.message, offline: link.status === 0 };
    if (!orders.ok) return { state: 'error', message: orders.status === 0 ? la.offline : orders.error.message, offline: orders.status === 0 };
    return { state: 'ready', link: link.data.data, webOrders: orders.data.data.filter((o) => o.createdBy === 'web').sort((a, b) => b.createdAt.localeCompare(a.createdAt)) };
  }, [api, customerId]);

  useEffect(() => {
    let live = true;
    void fetchAll().then((next) => live && setLoad(next));
    return () => {
      live = false;
    };
  }, [fetchAll, attempt]);

  async function send(current: Extract<Load, { state: 'ready' }>) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setStatus(la.sending);
    const r = await api.post(staffAccountLinkResponseSchema, `${base(customerId)}/account-link`);
    if (!r.ok && r.status === 0) return queue();
    setBusy(false);
    if (!r.ok) {
      setStatus('');
      return setAlert(r.error.message);
    }
    setLoad({ ...current, link: r.data.data });
    setStatus(la.sent);
  }

  /** The connection is gone: the link waits in the queue (offline, the section says so from the queue itself). */
  async function queue() {
    setBusy(true);
    setAlert(null);
    await onQueue();
    setBusy(false);
    if (load.state === 'ready') setStatus(la.queued);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="linked-account">
      <h2 id={`${id}-title`}>{la.title}</h2>
      {load.state === 'loading' && <p role="status">{la.loading}</p>}
      {load.state === 'error' && (
        <>
          <p role="alert">{load.message}</p>
          <button type="button" onClick={() => (setLoad({ state: 'loading' }), setAttempt((n) => n + 1))}>
            {la.retry}
          </button>
          {load.offline &&
            (queued ? (
              <p role="status">{la.queued}</p>
            ) : hasEmail ? (
              <button type="button" className="secondary" onClick={() => void queue()} disabled={busy}>
                {la.send}
              </button>
            ) : (
              <p>{la.noEmail}</p>
            ))}
        </>
      )}
      {load.state === 'ready' && (
        <>
          {load.link.linked ? (
            <p>{la.linked(load.link.source, load.link.linkedAt)}</p>
          ) : (
            <>
              <p>{la.notLinked}</p>
              {load.link.pendingUntil && <p>{la.pending(load.link.pendingUntil)}</p>}
              {!load.link.hasEmail && <p id={`${id}-no-email`}>{la.noEmail}</p>}
              {alert && <p role="alert">{alert}</p>}
              <button type="button" onClick={() => void send(load)} disabled={busy || !load.link.hasEmail} aria-describedby={load.link.hasEmail ? undefined : `${id}-no-email`}>
                {load.link.pendingUntil ? la.resend : la.send}
              </button>
            </>
          )}
          {load.link.linked && (
            <section aria-labelledby={`${id}-web`}>
              <h3 id={`${id}-web`}>{la.webOrders}</h3>
              {load.webOrders.length === 0 ? (
                <p>{la.noWebOrders}</p>
              ) : (
                <ul className="customer-list">
                  {load.webOrders.map((o) => (
                    <li key={o.id}>
                      <strong>{o.orderNumber}</strong>
                      <span>{la.ordered(o.createdAt)}</span>
                      <span>{la.status(o)}</span>
                      <span>{formatDkk(o.totalPrice)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
