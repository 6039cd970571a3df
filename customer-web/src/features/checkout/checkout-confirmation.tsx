import { useEffect, useRef } from 'react';
import { formatDkk, vatOfGross } from '@optik/shared';
import type { PlacedOrder } from './checkout-state';
import { checkoutText as c } from './messages';
import { SumRow as Row } from '../../amount-table';
import { OrderLinesTable } from './order-lines';
import './checkout.css';

/** /checkout/bekraeftelse: order number, lines and total, and where the confirmation e-mail went. */
export function CheckoutConfirmation({ placed }: { placed: PlacedOrder | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!placed) {
    return (
      <div className="page narrow checkout-page">
        <h1 ref={heading} tabIndex={-1}>
          {c.confirmationTitle}
        </h1>
        <p>{c.confirmationNone}</p>
        <a href="/">{c.toFrontPage}</a>
      </div>
    );
  }
  const { order, email } = placed;
  return (
    <div className="page narrow checkout-page">
      <h1 ref={heading} tabIndex={-1}>
        {c.confirmationTitle}
      </h1>
      <p>
        {c.orderNumber} <strong>{order.orderNumber}</strong>
      </p>
      <p>{c.confirmationSent(email)}</p>
      <OrderLinesTable
        lines={order.lines}
        footer={
          <>
            {order.friendsDiscount ? <Row label={c.friendsDiscount}>−{formatDkk(order.friendsDiscount)}</Row> : null}
            {order.discount > 0 && <Row label={c.discount(order.discountCode)}>−{formatDkk(order.discount)}</Row>}
            <Row label={c.shipping}>{order.shipping === 0 ? c.free : formatDkk(order.shipping)}</Row>
            {order.giftCardAmount > 0 && <Row label={c.giftCard}>−{formatDkk(order.giftCardAmount)}</Row>}
            <Row label={c.total} className="total">
              {formatDkk(order.totalPrice)}
            </Row>
            <Row label={c.vat}>{formatDkk(vatOfGross(order.totalPrice))}</Row>
          </>
        }
      />
    </div>
  );
}
