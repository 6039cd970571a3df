import { useId, type ReactNode } from 'react';
import { formatDkk, type CheckoutQuote } from '@optik/shared';
import type { Loaded } from '../checkout-form';
import { checkoutText as c } from '../messages';
import { OrderLinesTable } from '../order-lines';

/** One amount in the summary's list of totals. */
function Amount({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The live quote: lines, discounts, shipping, total, VAT, gift cards and what is left to pay (announced when it changes). */
export function SummarySection({ quote, shippingChosen }: { quote: Loaded<CheckoutQuote>; shippingChosen: boolean }) {
  const headingId = useId();
  return (
    <section className="checkout-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{c.summaryHeading}</h2>
      {quote.state === 'loading' && <p role="status">{c.loading}</p>}
      {quote.state === 'error' && (
        <p role="alert" className="error">
          {quote.message}
        </p>
      )}
      {quote.state === 'ready' && (
        <>
          {quote.data.pricesChanged && <p className="error">{c.pricesChanged}</p>}
          <OrderLinesTable lines={quote.data.lines} />
          <dl className="quote-totals">
            <Amount label={c.goods}>{formatDkk(quote.data.goods)}</Amount>
            {quote.data.friendsDiscount > 0 && <Amount label={c.friendsDiscount}>−{formatDkk(quote.data.friendsDiscount)}</Amount>}
            {quote.data.discount > 0 && <Amount label={c.discount(quote.data.discountCode)}>−{formatDkk(quote.data.discount)}</Amount>}
            <Amount label={c.shipping}>{shippingChosen ? (quote.data.shipping === 0 ? c.free : formatDkk(quote.data.shipping)) : c.shippingNotChosen}</Amount>
            <Amount label={c.total} className="total">
              {formatDkk(quote.data.total)}
            </Amount>
            <Amount label={c.vat}>{formatDkk(quote.data.vat)}</Amount>
            {quote.data.giftCardCover > 0 && <Amount label={c.giftCard}>−{formatDkk(quote.data.giftCardCover)}</Amount>}
            <Amount label={c.toPay} className="total">
              {formatDkk(quote.data.toPay)}
            </Amount>
          </dl>
          <p role="status" className="visually-hidden">
            {c.toPayStatus(formatDkk(quote.data.toPay))}
          </p>
        </>
      )}
    </section>
  );
}
