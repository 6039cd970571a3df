import type { ArticlePrice, PricePart } from '../schemas/article';
import { PublicationStatus } from '../schemas/codes';

export interface DisplayPrice {
  part: 'unit' | 'subscription';
  amount: number;
  ordinaryPrice: number;
  isCampaign: boolean;
  availability: 'in-stock' | 'out-of-stock' | 'store-only';
}

function availability(status: number): DisplayPrice['availability'] | null {
  if (status === PublicationStatus.InStock) return 'in-stock';
  if (status === PublicationStatus.OutOfStock) return 'out-of-stock';
  if (status === PublicationStatus.StoreItem || status === PublicationStatus.StoreOnly) return 'store-only';
  return null;
}

const view = (part: DisplayPrice['part'], p: PricePart, a: DisplayPrice['availability']): DisplayPrice => ({
  part,
  amount: p.amount,
  ordinaryPrice: p.ordinaryPrice,
  isCampaign: p.isCampaign && p.amount < p.ordinaryPrice,
  availability: a,
});

/**
 * SPEC §4: unit publicationStatus 20 in stock, 30 out of stock, 0 or 40 store item; any
 * other value shows no price. In store mode a subscription price whose publicationStatus is
 * not 0 replaces the unit price.
 */
export function displayPrice(price: ArticlePrice, opts: { storeMode: boolean }): DisplayPrice | null {
  const a = availability(price.unit.publicationStatus);
  if (!a) return null;
  if (opts.storeMode && price.subscription && price.subscription.publicationStatus !== 0) {
    return view('subscription', price.subscription, a);
  }
  return view('unit', price.unit, a);
}
