import type { ReactNode } from 'react';

export interface AmountTableRow {
  key: string | number;
  label: ReactNode;
  /** The middle column: a quantity or a line's VAT. */
  middle: ReactNode;
  amount: ReactNode;
}

/**
 * Lines with an amount each (an order's lines, an invoice's, an agreement's price parts) and the
 * sums under them (`footer`, usually `SumRow`s). Amount columns are right-aligned (`num`).
 */
export function AmountTable({
  caption,
  hideCaption = false,
  className = 'order-lines',
  columns,
  rows,
  rowHeaders = false,
  footer,
}: {
  caption: string;
  hideCaption?: boolean;
  className?: string;
  columns: readonly [string, string, string];
  rows: readonly AmountTableRow[];
  /** The label cell as the row's header (`th scope="row"`) rather than a plain cell. */
  rowHeaders?: boolean;
  footer?: ReactNode;
}) {
  return (
    <table className={className}>
      <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns[0]}</th>
          <th scope="col" className="num">
            {columns[1]}
          </th>
          <th scope="col" className="num">
            {columns[2]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            {rowHeaders ? <th scope="row">{r.label}</th> : <td>{r.label}</td>}
            <td className="num">{r.middle}</td>
            <td className="num">{r.amount}</td>
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}

/** A sum under the lines: its label under the first two columns, its amount under the last. */
export function SumRow({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <tr className={className}>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className="num">{children}</td>
    </tr>
  );
}
