import { describe, expect, it } from 'vitest';
import type { ArticlePrice, PricePart } from '../schemas/article';
import { displayPrice } from './price-display';

const part = (status: number, amount = 100000, ordinary = amount): PricePart => ({
  publicationStatus: status,
  currency: 'DKK',
  isCampaign: amount < ordinary,
  ordinaryPrice: ordinary,
  couponPrice: null,
  fromPrice: false,
  amount,
});
const unitOnly = (status: number): ArticlePrice => ({ unit: part(status), subscription: null });
const online = { storeMode: false };
const store = { storeMode: true };

describe('displayPrice: unit publicationStatus (SPEC §4)', () => {
  it('20 is in stock, 30 out of stock', () => {
    expect(displayPrice(unitOnly(20), online)).toEqual({ part: 'unit', amount: 100000, ordinaryPrice: 100000, isCampaign: false, availability: 'in-stock' });
    expect(displayPrice(unitOnly(30), online)?.availability).toBe('out-of-stock');
  });

  it('0 and 40 are store items, shown online as store-only and in the store as well', () => {
    for (const s of [0, 40]) {
      expect(displayPrice(unitOnly(s), online)?.availability).toBe('store-only');
      expect(displayPrice(unitOnly(s), store)?.availability).toBe('store-only');
    }
  });

  it('any other value shows nothing', () => {
    for (const s of [-1, 1, 10, 21, 50, 100]) {
      expect(displayPrice(unitOnly(s), online), String(s)).toBeNull();
      expect(displayPrice(unitOnly(s), store), String(s)).toBeNull();
    }
  });
});

describe('displayPrice: subscription part in store mode (SPEC §4)', () => {
  const price: ArticlePrice = { unit: part(20, 30000), subscription: part(20, 25000) };

  it('switches to the subscription price in store mode when its status is not 0', () => {
    expect(displayPrice(price, store)).toEqual({ part: 'subscription', amount: 25000, ordinaryPrice: 25000, isCampaign: false, availability: 'in-stock' });
    expect(displayPrice({ ...price, subscription: part(30, 25000) }, store)).toMatchObject({ part: 'subscription' });
  });

  it('keeps the unit price online', () => {
    expect(displayPrice(price, online)).toMatchObject({ part: 'unit', amount: 30000 });
  });

  it('keeps the unit price when the subscription status is 0 or there is none', () => {
    expect(displayPrice({ ...price, subscription: part(0, 25000) }, store)).toMatchObject({ part: 'unit', amount: 30000 });
    expect(displayPrice({ ...price, subscription: null }, store)).toMatchObject({ part: 'unit', amount: 30000 });
  });

  it('takes availability from the unit part and shows nothing when the unit status is unknown', () => {
    expect(displayPrice({ unit: part(30, 30000), subscription: part(20, 25000) }, store)).toMatchObject({ part: 'subscription', availability: 'out-of-stock' });
    expect(displayPrice({ unit: part(99, 30000), subscription: part(20, 25000) }, store)).toBeNull();
  });
});

describe('displayPrice: campaign', () => {
  it('marks a campaign only when the amount is below the ordinary price', () => {
    expect(displayPrice({ unit: part(20, 80000, 100000), subscription: null }, online)).toMatchObject({ amount: 80000, ordinaryPrice: 100000, isCampaign: true });
    const flaggedButNotCheaper: PricePart = { ...part(20, 100000), isCampaign: true };
    expect(displayPrice({ unit: flaggedButNotCheaper, subscription: null }, online)?.isCampaign).toBe(false);
    const cheaperButNotFlagged: PricePart = { ...part(20, 80000, 100000), isCampaign: false };
    expect(displayPrice({ unit: cheaperButNotFlagged, subscription: null }, online)?.isCampaign).toBe(false);
  });
});
