import type { DiscountCodeRecord } from '../modules/checkout/records';
import type { GiftCardRecord } from '../modules/gift-cards/records';
import { hashGiftCardPin } from '../modules/gift-cards/service';

/** Demo gift cards (README): number, PIN, balance in øre. */
export const DEMO_GIFT_CARDS = [
  { number: '6001100000000001', pin: '1234', balance: 50_000, expiresAt: '2027-12-31T22:59:59.000Z' },
  { number: '6001100000000002', pin: '5678', balance: 250_000, expiresAt: '2027-12-31T22:59:59.000Z' },
  { number: '6001100000000003', pin: '0000', balance: 0, expiresAt: '2027-12-31T22:59:59.000Z' },
  { number: '6001100000000004', pin: '4321', balance: 10_000, expiresAt: '2025-12-31T22:59:59.000Z' },
  // Small cards for partial cover on the pay-by-link page and at the store counter (e2e store-offline journey).
  { number: '6001100000000005', pin: '2468', balance: 5_000, expiresAt: '2027-12-31T22:59:59.000Z' },
  { number: '6001100000000006', pin: '1357', balance: 5_000, expiresAt: '2027-12-31T22:59:59.000Z' },
] as const;

export function generateGiftCards(secret: string): GiftCardRecord[] {
  return DEMO_GIFT_CARDS.map((g) => ({ id: g.number, pinHash: hashGiftCardPin(secret, g.number, g.pin), balance: g.balance, expiresAt: g.expiresAt }));
}

export function generateDiscountCodes(): DiscountCodeRecord[] {
  const from = '2026-01-01T00:00:00.000Z';
  const to = '2027-12-31T22:59:59.000Z';
  return [
    { id: 'VELKOMMEN10', kind: 'percent', value: 10, minimumGoods: 0, category: null, validFrom: from, validTo: to },
    { id: 'LINSER100', kind: 'amount', value: 10_000, minimumGoods: 40_000, category: 'kontaktlinser', validFrom: from, validTo: to },
    { id: 'SOL-25', kind: 'percent', value: 25, minimumGoods: 100_000, category: 'solbriller', validFrom: from, validTo: to },
    { id: 'SOMMER2025', kind: 'percent', value: 20, minimumGoods: 0, category: null, validFrom: '2025-06-01T00:00:00.000Z', validTo: '2025-08-31T21:59:59.000Z' },
  ];
}
