import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from '@tanstack/react-router';
import { formatCopenhagenDate, formatDkk, giftCardName, subscriptionIntervalText, type MyOrder, type MyOrderLine, type OrderReturn } from '@optik/shared';
import { api } from '../../../api';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { om } from './messages';
import { ordersApi, returnHref, type OrdersApi } from './orders-api';
import { OrderStatus } from './orders-page';
import './orders.css';

/** One line's state: the SPEC §4 order state, and what of it is returned or on its way back. */
function lineState(order: MyOrder, line: MyOrderLine): string {
  const parts: string[] = [om.lifecycle[order.status]];
  if (line.returnedQuantity > 0) parts.push(om.lineState.returned(line.returnedQuantity));
  if (line.pendingReturnQuantity > 0) parts.push(om.lineState.pending(line.pendingReturnQuantity));
  return parts.join(', ');
}

function withdrawal(line: MyOrderLine): string {
  if (line.returnable && line.withdrawalDeadline) return om.withdrawalUntil(line.withdrawalDays, formatCopenhagenDate(line.withdrawalDeadline));
  return line.notReturnableReason ?? om.withdrawalDays(line.withdrawalDays);
}

function payment(order: MyOrder): string {
  if (order.paymentStatus === 'refunded') return om.refunded;
  if (!order.paidAt) return om.notPaid;
  return om.paidWith(order.paymentMethod ? om.method[order.paymentMethod] : om.giftCard, formatCopenhagenDate(order.paidAt));
}

export function ReturnSummary({ ret }: { ret: OrderReturn }) {
  return (
    <article className="return-card" aria-labelledby={`return-${ret.id}`}>
      <h3 id={`return-${ret.id}`}>
        {om.returnHeading(ret.returnNumber)} <span className={`status-badge${ret.status === 'confirmed' ? ' ok' : ''}`}>{om.returnStatus[ret.status]}</span>
      </h3>
      <p className="muted">
        {om.returnRegistered(formatCopenhagenDate(ret.createdAt))}
        {ret.confirmedAt ? ` · ${om.returnConfirmed(formatCopenhagenDate(ret.confirmedAt))}` : ''}
      </p>
      <p>{om.returnStatusLong[ret.status]}</p>
      <ul>
        {ret.lines.map((l) => (
          <li key={l.lineIndex}>
            {`${l.quantity} × ${l.description}${l.opened ? ` (${om.opened}${l.monthsLeft !== null ? `, ${om.monthsLeft(l.monthsLeft)}` : ''})` : ''}: ${formatDkk(l.refund)}`}
          </li>
        ))}
        {ret.shippingRefund > 0 && <li>{`${om.shipping}: ${formatDkk(ret.shippingRefund)}`}</li>}
      </ul>
      <p>
        <strong>{om.refundTo(ret)}</strong>
      </p>
      <p>{ret.refundedAt ? om.refundedOn(formatCopenhagenDate(ret.refundedAt)) : om.refundAfterReceipt}</p>
      {ret.status === 'pending' && (
        <p>
          {`${om.labelCode}: `}
          <span className="label-code">{ret.label.code}</span>
          <span className="line-note">{om.labelStatus[ret.label.status]}</span>
        </p>
      )}
    </article>
  );
}

/** A row under the order's lines: its label under the item columns, the amount in the amount column. */
function FootRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td className="num">{children}</td>
      <td colSpan={2} />
    </tr>
  );
}

export function OrderDetails({ order }: { order: MyOrder }) {
  const canReturn = order.lines.some((l) => l.returnable);
  return (
    <>
      <section aria-labelledby="order-summary">
        <h2 id="order-summary">{om.summary}</h2>
        <dl className="order-facts">
          <dt>{om.orderNumber}</dt>
          <dd>{order.orderNumber}</dd>
          <dt>{om.ordered}</dt>
          <dd>{formatCopenhagenDate(order.createdAt)}</dd>
          <dt>{om.status}</dt>
          <dd>
            <OrderStatus order={order} />
          </dd>
          {order.deliveredAt && (
            <>
              <dt>{om.delivered}</dt>
              <dd>{formatCopenhagenDate(order.deliveredAt)}</dd>
            </>
          )}
          <dt>{om.shipment}</dt>
          <dd>{order.shipmentMethod}</dd>
          <dt>{om.payment}</dt>
          <dd>{payment(order)}</dd>
          {order.deliveryAddress && (
            <>
              <dt>{om.deliveryAddress}</dt>
              <dd>{`${order.deliveryAddress.street}, ${order.deliveryAddress.zip} ${order.deliveryAddress.city}`}</dd>
            </>
          )}
        </dl>
      </section>
      <table className="orders-table stack-table">
        <caption>{om.linesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{om.col.item}</th>
            <th scope="col" className="num">
              {om.col.quantity}
            </th>
            <th scope="col" className="num">
              {om.col.unitPrice}
            </th>
            <th scope="col" className="num">
              {om.col.amount}
            </th>
            <th scope="col">{om.col.lineStatus}</th>
            <th scope="col">{om.col.withdrawal}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.index}>
              <th scope="row">{l.subscriptionInterval ? <>{l.description}<br />{subscriptionIntervalText(l.subscriptionInterval)}</> : l.description}</th>
              <td className="num" data-label={om.col.quantity}>
                {l.quantity}
              </td>
              <td className="num" data-label={om.col.unitPrice}>
                {formatDkk(l.unitPrice)}
              </td>
              <td className="num" data-label={om.col.amount}>
                {formatDkk(l.lineTotal)}
              </td>
              <td data-label={om.col.lineStatus}>{lineState(order, l)}</td>
              <td data-label={om.col.withdrawal}>{withdrawal(l)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <FootRow label={om.shipping}>{order.shipping === 0 ? om.free : formatDkk(order.shipping)}</FootRow>
          {order.friendsDiscount > 0 && <FootRow label={om.friendsDiscount}>{formatDkk(-order.friendsDiscount)}</FootRow>}
          {order.discount > 0 && <FootRow label={om.discount}>{formatDkk(-order.discount)}</FootRow>}
          {order.giftCardAmount > 0 && <FootRow label={order.giftCards?.length ? om.giftCardsUsed(order.giftCards.map((c) => giftCardName(c.last4))) : om.giftCard}>{formatDkk(order.giftCardAmount)}</FootRow>}
          <FootRow label={om.total}>
            <strong>{formatDkk(order.totalPrice)}</strong>
          </FootRow>
          <FootRow label={om.vat}>{formatDkk(order.vat)}</FootRow>
        </tfoot>
      </table>
      <p className="order-actions">
        {canReturn && (
          <a className="button" href={returnHref(order.id)}>
            {om.returnLink}
          </a>
        )}
        <a href="/min-konto/ordrer">{om.backToList}</a>
      </p>
      {order.returns.length > 0 && (
        <section aria-labelledby="order-returns">
          <h2 id="order-returns">{om.returnsHeading}</h2>
          {order.returns.map((r) => (
            <ReturnSummary key={r.id} ret={r} />
          ))}
        </section>
      )}
    </>
  );
}

/** Loads the customer's order and renders it, or a Danish "not found" for someone else's. */
export function useOrder(api: OrdersApi, orderId: string) {
  return useApi(`my-order:${orderId}`, () => ordersApi.order(api, orderId));
}

export function OrderLoadError({ status, onRetry }: { status: number; onRetry: () => void }) {
  if (status === 404)
    return (
      <div role="alert">
        <p>{om.notFound}</p>
        <a href="/min-konto/ordrer">{om.backToList}</a>
      </div>
    );
  return <LoadError onRetry={onRetry} />;
}

function OrderView({ api, orderId, onTitle }: { api: OrdersApi; orderId: string; onTitle: (title: string) => void }) {
  const [order, reload] = useOrder(api, orderId);
  const number = order.state === 'ready' ? order.data.data.orderNumber : null;
  useEffect(() => {
    if (number) onTitle(om.orderTitle(number));
  }, [number, onTitle]);
  if (order.state === 'loading') return <p role="status">{om.loadingOrder}</p>;
  if (order.state === 'error') return <OrderLoadError status={order.status} onRetry={reload} />;
  return <OrderDetails order={order.data.data} />;
}

/** /min-konto/ordrer/{orderId} */
export function OrderPage() {
  const { orderId } = useParams({ from: '/min-konto/ordrer/$orderId' });
  const [title, setTitle] = useState<string>(om.orderFallbackTitle);
  return <AccountPage title={title}>{() => <OrderView api={api} orderId={orderId} onTitle={setTitle} />}</AccountPage>;
}
