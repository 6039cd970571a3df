import type { ReactNode } from 'react';
import { formatDkk } from '@optik/shared';
import { checkoutText as c } from './messages';

/** The order's lines as a table (checkout summary and confirmation); `footer` adds rows under them. */
export function OrderLinesTable({ lines, footer }: { lines: readonly { description: string; quantity: number; lineTotal: number }[]; footer?: ReactNode }) {
  return (
    <table className="order-lines">
      <caption className="visually-hidden">{c.linesCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{c.item}</th>
          <th scope="col" className="num">
            {c.quantity}
          </th>
          <th scope="col" className="num">
            {c.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i}>
            <td>{l.description}</td>
            <td className="num">{l.quantity}</td>
            <td className="num">{formatDkk(l.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
}

/** A row in the table's footer: the label under the item and quantity columns, the amount under the amount column. */
export function OrderLinesFootRow({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <tr className={className}>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className="num">{children}</td>
    </tr>
  );
}
