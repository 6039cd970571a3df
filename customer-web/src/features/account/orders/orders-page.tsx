import { formatCopenhagenDate, formatDkk, type MyOrderSummary } from '@optik/shared';
import { api } from '../../../api';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { om } from './messages';
import { orderHref, ordersApi, type OrdersApi } from './orders-api';
import './orders.css';

/** A SPEC §3 display status as a badge; a return under way is named after it. */
export function OrderStatus({ order }: { order: Pick<MyOrderSummary, 'displayStatus'> }) {
  return <span className={`status-badge${order.displayStatus === 'Delivered' ? ' ok' : ''}`}>{om.display[order.displayStatus]}</span>;
}

/** The customer's orders, newest first. */
export function OrderList({ api }: { api: OrdersApi }) {
  const [orders, reload] = useApi('my-orders', () => ordersApi.list(api));
  if (orders.state === 'loading') return <p role="status">{om.loading}</p>;
  if (orders.state === 'error') return <LoadError onRetry={reload} />;
  const list = orders.data.data;
  if (list.length === 0)
    return (
      <p>
        {om.none} <a href="/">{om.shopLink}</a>
      </p>
    );
  return (
    <table className="orders-table stack-table">
      <caption>{om.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{om.col.number}</th>
          <th scope="col">{om.col.date}</th>
          <th scope="col">{om.col.status}</th>
          <th scope="col">{om.col.shipment}</th>
          <th scope="col" className="num">
            {om.col.total}
          </th>
        </tr>
      </thead>
      <tbody>
        {list.map((o) => (
          <tr key={o.id}>
            <th scope="row">
              {/* A store order of the linked store customer has no web order page (returned in the store). */}
              {o.storeName ? o.orderNumber : <a href={orderHref(o.id)}>{o.orderNumber}</a>}
              <span className="line-note">{o.storeName ? om.inStore(o.storeName) : om.items(o.itemCount)}</span>
            </th>
            <td data-label={om.col.date}>{formatCopenhagenDate(o.createdAt)}</td>
            <td data-label={om.col.status}>
              <OrderStatus order={o} />
              {o.returnStatus && <span className="line-note">{`${om.returnsHeading}: ${om.returnStatus[o.returnStatus].toLowerCase()}`}</span>}
            </td>
            <td data-label={om.col.shipment}>{o.shipmentMethod}</td>
            <td className="num" data-label={om.col.total}>
              {formatDkk(o.totalPrice)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /min-konto/ordrer */
export function OrdersPage() {
  return <AccountPage title={om.listTitle} description={om.listDescription}>{() => <OrderList api={api} />}</AccountPage>;
}
