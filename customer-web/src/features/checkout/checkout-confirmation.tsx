import { useEffect, useRef } from 'react';
import { formatDkk, vatOfGross } from '@optik/shared';
import type { PlacedOrder } from './checkout-state';
import { checkoutText as c } from './messages';
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
            {order.discount > 0 && (
              <tr>
                <th scope="row" colSpan={2}>
                  {c.discount(order.discountCode)}
                </th>
                <td className="num">−{formatDkk(order.discount)}</td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={2}>
                {c.shipping}
              </th>
              <td className="num">{order.shipping === 0 ? c.free : formatDkk(order.shipping)}</td>
            </tr>
            {order.giftCardAmount > 0 && (
              <tr>
                <th scope="row" colSpan={2}>
                  {c.giftCard}
                </th>
                <td className="num">−{formatDkk(order.giftCardAmount)}</td>
              </tr>
            )}
            <tr className="total">
              <th scope="row" colSpan={2}>
                {c.total}
              </th>
              <td className="num">{formatDkk(order.totalPrice)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {c.vat}
              </th>
              <td className="num">{formatDkk(vatOfGross(order.totalPrice))}</td>
            </tr>
          </>
        }
      />
    </div>
  );
}
