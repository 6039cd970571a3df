import { formatDkk, type DisplayPrice } from '@optik/shared';
import { pt } from './messages';

/** An amount in øre; a campaign shows the ordinary price struck through (SPEC §3), with words for screen readers. */
export function Amount({ amount, ordinaryPrice, isCampaign }: Pick<DisplayPrice, 'amount' | 'ordinaryPrice' | 'isCampaign'>) {
  if (isCampaign && amount < ordinaryPrice) {
    return (
      <>
        <span className="visually-hidden">{pt.priceNow} </span>
        <strong className="product-amount sale">{formatDkk(amount)}</strong>{' '}
        <span className="visually-hidden">{pt.priceBefore} </span>
        <s className="product-ordinary">{formatDkk(ordinaryPrice)}</s>
      </>
    );
  }
  return <strong className="product-amount">{formatDkk(amount)}</strong>;
}

const AVAILABILITY: Record<DisplayPrice['availability'], string> = {
  'in-stock': pt.inStock,
  'out-of-stock': pt.soldOut,
  'store-only': pt.storeOnly,
};

/** SPEC §4: the price the shared display rule picks, and the availability its publicationStatus means. Null shows nothing. */
export function PriceBlock({ price }: { price: DisplayPrice | null }) {
  if (!price) return null;
  return (
    <div className="product-price-block">
      <p className="product-price-line">
        {price.part === 'subscription' ? <span className="product-price-note">{pt.subscriptionPriceNote} </span> : null}
        <Amount {...price} />
      </p>
      <p className={`product-availability ${price.availability}`}>{AVAILABILITY[price.availability]}</p>
    </div>
  );
}
