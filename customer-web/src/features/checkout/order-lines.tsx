import type { ReactNode } from 'react';
import { formatDkk, subscriptionIntervalText, type SubscriptionInterval } from '@optik/shared';
import { AmountTable } from '../../amount-table';
import { checkoutText as c } from './messages';

/** The order's lines as a table (checkout summary and confirmation); `footer` adds rows (`SumRow`) under them. */
export function OrderLinesTable({ lines, footer }: { lines: readonly { description: string; quantity: number; lineTotal: number; subscriptionInterval?: SubscriptionInterval | null }[]; footer?: ReactNode }) {
  return (
    <AmountTable
      caption={c.linesCaption}
      hideCaption
      columns={[c.item, c.quantity, c.amount]}
      rows={lines.map((l, i) => ({ key: i, label: l.subscriptionInterval ? <>{l.description}<br />{subscriptionIntervalText(l.subscriptionInterval)}</> : l.description, middle: l.quantity, amount: formatDkk(l.lineTotal) }))}
      footer={footer}
    />
  );
}
