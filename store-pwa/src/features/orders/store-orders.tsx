import { useEffect, useId, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatCopenhagenShortDate, formatDkk, type OrderLifecycle } from '@optik/shared';
import type { LocalOrder, OutboxRow } from '../../db/db';
import { useCardAction, useRefusedCommands } from '../../counter-actions';
import { t } from '../../messages';
import { db, refreshOrders } from '../../services';
import { stepOrder, undoStep } from './order-status';
import { so } from './store-orders-messages';
import './store-orders.css';

/** What staff type to find an order: "o2600001", "2600001", " O 2600 001 " all find O2600001. */
export function orderNumberPrefix(q: string): string {
  const compact = q.replace(/\s/g, '').toUpperCase();
  return compact && !compact.startsWith('O') ? `O${compact}` : compact;
}

/** The device's orders of this store with `status` (all when empty) whose number starts with what was typed; the latest change first. */
async function findOrders(status: OrderLifecycle | '', q: string): Promise<LocalOrder[]> {
  const prefix = orderNumberPrefix(q);
  const rows = prefix
    ? await db.orders.where('orderNumber').startsWith(prefix).toArray()
    : status
      ? await db.orders.where('status').equals(status).toArray()
      : await db.orders.toArray();
  return rows.filter((o) => !status || (o.status ?? 'handled') === status).sort((a, b) => (b.updatedAt ?? b.createdAt).localeCompare(a.updatedAt ?? a.createdAt));
}

/** The store's orders (/ordrer): its own and web orders collected here, filtered by status, found by number, moved along from the device. */
export function StoreOrders() {
  const id = useId();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrderLifecycle | ''>('');
  const orders = useLiveQuery(() => findOrders(status, q), [status, q]);
  const customers = useLiveQuery(async () => new Map((await db.customers.bulkGet([...new Set((orders ?? []).map((o) => o.customerId))])).flatMap((c) => (c ? [[c.id, `${c.firstName} ${c.lastName}`] as const] : []))), [orders]);
  const refused = useRefusedCommands(['order.status']);

  useEffect(() => {
    void refreshOrders();
  }, []);

  return (
    <div className="card wide store-orders">
      <h1>{so.title}</h1>
      <p>{so.intro}</p>
      <div className="order-filters" role="search">
        <div className="field">
          <label htmlFor={`${id}-q`}>{so.search}</label>
          <input id={`${id}-q`} type="search" value={q} maxLength={40} autoComplete="off" aria-describedby={`${id}-q-hint`} onChange={(e) => setQ(e.target.value)} />
          <p id={`${id}-q-hint`} className="hint">
            {so.searchHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>{so.filter}</label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value as OrderLifecycle | '')}>
            <option value="">{so.all}</option>
            {so.filterOrder.map((s) => (
              <option key={s} value={s}>
                {so.filterNames[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p role="status">{orders === undefined ? so.loading : so.shown(orders.length)}</p>
      <ul className="order-cards" aria-label={so.title}>
        {(orders ?? []).map((o) => (
          <OrderCard key={o.id} order={o} customerName={o.contactName ?? customers?.get(o.customerId) ?? null} refused={refused?.get(o.id) ?? null} />
        ))}
      </ul>
    </div>
  );
}

function OrderCard({ order, customerName, refused }: { order: LocalOrder; customerName: string | null; refused: OutboxRow | null }) {
  const id = useId();
  const { notice, busy, run } = useCardAction();
  const label = order.orderNumber ?? so.awaitingNumber;
  const status = order.status ?? 'handled';
  const collect = order.deliveryMethodId === 119;

  return (
    <li className="order-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{label}</h2>
      <p className="order-meta">
        <span>{customerName ?? so.unknownCustomer}</span>
        <span>{order.createdBy === 'web' ? so.web : so.store}</span>
        <span>{collect ? so.collect : so.shipped}</span>
        <span>{so.ordered(formatCopenhagenShortDate(order.createdAt))}</span>
      </p>
      <dl className="order-facts">
        <dt>{so.status}</dt>
        <dd>
          <strong>{so.statusOf(status, order.deliveryMethodId)}</strong>
          {order.syncState !== 'synced' && <span className={`state state-${order.syncState}`}> · {t.syncState[order.syncState]}</span>}
        </dd>
        <dt>{so.lines}</dt>
        <dd>
          <ul className="order-lines">
            {order.lines.map((l, i) => (
              <li key={i}>
                {l.quantity} × {l.description}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{so.total}</dt>
        <dd>
          {formatDkk(order.totalPrice)} · {order.paymentStatus === 'paid' ? so.paid : order.paymentStatus === 'refunded' ? so.refunded : so.awaitingPayment}
        </dd>
      </dl>
      {refused && (
        <div className="order-refused">
          <p role="alert" className="field-error">
            {so.refused(refused.error?.message ?? '')}
          </p>
          <button type="button" className="secondary" disabled={busy} aria-label={so.undoFor(label)} onClick={() => void run(() => undoStep(refused.id), so.undone(label))}>
            {so.undo}
          </button>
        </div>
      )}
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {collect && !refused && (status === 'handled' || status === 'controlled') && (
        <div className="actions">
          {status === 'handled' ? (
            <button type="button" disabled={busy} aria-label={so.readyFor(label)} onClick={() => void run(() => stepOrder(order, 'controlled'), so.savedReady(label))}>
              {so.ready}
            </button>
          ) : (
            <button type="button" disabled={busy} aria-label={so.handOverFor(label)} onClick={() => void run(() => stepOrder(order, 'delivered'), so.savedHandedOver(label))}>
              {so.handOver}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
