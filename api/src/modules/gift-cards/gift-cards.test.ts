import { describe, expect, it } from 'vitest';
import { da, type Order } from '@optik/shared';
import { makeTestApp, shopperAgent, testConfig, type TestApp } from '../../test/harness';
import { linkFor, orderInStore, sendRequest, tokenFrom } from '../payments/test-orders';
import { ordersCollection } from '../orders/records';
import { giftCardsCollection } from './records';
import { apportionGiftCards, giftCardRefundParts, GiftCardService, giftCardMessages, hideGiftCardNumbers, maskGiftCards, withGiftCards, withoutGiftCards } from './service';

const SMALL = { number: '6001100000000005', pin: '2468' };
const balance = async (t: TestApp, number: string) => (await t.storage.collection(giftCardsCollection).get(number))!.balance;

describe('gift cards (one implementation for checkout, pay-by-link and the store counter)', () => {
  it('apportions an amount card by card', () => {
    expect(apportionGiftCards([{ number: 'a', balance: 300 }, { number: 'b', balance: 500 }], 600)).toEqual({ uses: [{ number: 'a', use: 300 }, { number: 'b', use: 300 }], cover: 600 });
    expect(apportionGiftCards([{ number: 'a', balance: 300 }], 1000)).toEqual({ uses: [{ number: 'a', use: 300 }], cover: 300 });
    expect(apportionGiftCards([], 1000)).toEqual({ uses: [], cover: 0 });
  });

  it('checks number and PIN together, refuses expired and (for paying) empty cards', async () => {
    const t = await makeTestApp();
    const cards = new GiftCardService(t.storage, t.clock, testConfig.secret);
    expect(await cards.check([SMALL, SMALL])).toEqual([{ number: SMALL.number, balance: 5_000 }]);
    await expect(cards.check([{ ...SMALL, pin: '2469' }])).rejects.toMatchObject({ status: 400, fields: { giftCards: da.errors.giftCardMismatch } });
    await expect(cards.check([{ number: '6001100000000004', pin: '4321' }])).rejects.toMatchObject({ fields: { giftCards: da.errors.giftCardMismatch } });
    await expect(cards.check([{ number: '6001100000000003', pin: '0000' }])).rejects.toMatchObject({ fields: { giftCards: giftCardMessages.empty } });
    expect(await cards.check([{ number: '6001100000000003', pin: '0000' }], { allowEmpty: true })).toEqual([{ number: '6001100000000003', balance: 0 }]);
  });

  it('two payments taking the same card at once never overdraw it: one gets it, the other is refused', async () => {
    const t = await makeTestApp();
    const cards = new GiftCardService(t.storage, t.clock, testConfig.secret);
    const results = await Promise.allSettled([cards.reserve([{ number: SMALL.number, use: 5_000 }]), cards.reserve([{ number: SMALL.number, use: 5_000 }])]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 400, fields: { giftCards: giftCardMessages.changed } } });
    expect(await balance(t, SMALL.number)).toBe(0);
  });

  it('takes all cards or none: a later card falling short leaves the earlier ones untouched, also inside a larger transaction', async () => {
    const t = await makeTestApp();
    const cards = new GiftCardService(t.storage, t.clock, testConfig.secret);
    await expect(cards.reserve([{ number: '6001100000000002', use: 1_000 }, { number: SMALL.number, use: 20_000 }])).rejects.toMatchObject({ fields: { giftCards: giftCardMessages.changed } });
    expect(await balance(t, '6001100000000002')).toBe(250_000);
    expect(await balance(t, SMALL.number)).toBe(5_000);
    // The caller's transaction goes on without the refused reservation (a savepoint) …
    await t.storage.transaction(async () => {
      await expect(cards.reserve([{ number: '6001100000000002', use: 1_000 }, { number: SMALL.number, use: 20_000 }])).rejects.toMatchObject({ status: 400 });
      await cards.reserve([{ number: SMALL.number, use: 1_000 }]);
    });
    expect(await balance(t, '6001100000000002')).toBe(250_000);
    expect(await balance(t, SMALL.number)).toBe(4_000);
    // … and a transaction that throws later takes nothing.
    await expect(
      t.storage.transaction(async () => {
        await cards.reserve([{ number: SMALL.number, use: 4_000 }]);
        throw new Error('the order could not be stored');
      }),
    ).rejects.toThrow('the order could not be stored');
    expect(await balance(t, SMALL.number)).toBe(4_000);
  });

  it('gives reserved parts back, once per call (the caller makes it one with the order letting go of them)', async () => {
    const t = await makeTestApp();
    const cards = new GiftCardService(t.storage, t.clock, testConfig.secret);
    const taken = await cards.reserve([{ number: SMALL.number, use: 4_000 }, { number: '6001100000000002', use: 0 }]);
    expect(taken).toEqual([{ number: SMALL.number, use: 4_000 }]);
    expect(await balance(t, SMALL.number)).toBe(1_000);
    await cards.giveBack(taken);
    expect(await balance(t, SMALL.number)).toBe(5_000);
    await expect(cards.giveBack([{ number: '6001100000009999', use: 100 }])).rejects.toThrow(/•••• 9999/);
  });

  it('the order adds up what it holds per card, and lets go of it card by card', async () => {
    const order = { giftCards: undefined } as Pick<Order, 'giftCards'>;
    expect(withGiftCards(order, [])).toBe(order);
    const once = withGiftCards(order, [{ number: SMALL.number, use: 1_000 }]);
    expect(once.giftCards).toEqual([{ number: SMALL.number, amount: 1_000 }]);
    const twice = withGiftCards(once, [{ number: '6001100000000002', use: 300 }, { number: SMALL.number, use: 500 }]);
    expect(twice.giftCards).toEqual([
      { number: SMALL.number, amount: 1_500 },
      { number: '6001100000000002', amount: 300 },
    ]);
    expect(withoutGiftCards(twice, [{ number: '6001100000000002', use: 300 }, { number: SMALL.number, use: 500 }])).toEqual(once);
    expect(withoutGiftCards(once, [{ number: SMALL.number, use: 1_000 }])).toEqual({});
  });

  it('answers orders without card numbers: hidden from the order, last four digits where a customer sees them', () => {
    const paid = [{ number: '6001100000000005', amount: 5_000 }];
    expect(maskGiftCards(paid)).toEqual([{ last4: '0005', amount: 5_000 }]);
    const order = { id: 'o-1', giftCardAmount: 5_000, giftCards: paid } as unknown as Order;
    expect(hideGiftCardNumbers(order)).toEqual({ id: 'o-1', giftCardAmount: 5_000 });
    const without = { id: 'o-2', giftCardAmount: 0 } as unknown as Order;
    expect(hideGiftCardNumbers(without)).toBe(without);
  });

  it("splits a refund over the cards that paid, each at most what it paid less earlier refunds, in the order they paid", () => {
    const paid = [
      { number: 'a', amount: 300 },
      { number: 'b', amount: 500 },
    ];
    expect(giftCardRefundParts(paid, 0, 400)).toEqual([
      { number: 'a', use: 300 },
      { number: 'b', use: 100 },
    ]);
    expect(giftCardRefundParts(paid, 400, 400)).toEqual([{ number: 'b', use: 400 }]);
    // Never more than the cards paid.
    expect(giftCardRefundParts(paid, 700, 400)).toEqual([{ number: 'b', use: 100 }]);
    expect(giftCardRefundParts([], 0, 400)).toEqual([]);
  });

  it('credits a refund atomically (all cards or none) and once per reference, an expired card too', async () => {
    const t = await makeTestApp();
    const EXPIRED = '6001100000000004';
    const parts = [
      { number: SMALL.number, use: 1_500 },
      { number: EXPIRED, use: 700 },
    ];
    // The same refund at once and again: one credit each.
    const cards = new GiftCardService(t.storage, t.clock, testConfig.secret);
    await Promise.all([cards.credit(parts, 'R500001'), cards.credit(parts, 'R500001')]);
    await cards.credit(parts, 'R500001');
    expect(await balance(t, SMALL.number)).toBe(6_500);
    expect(await balance(t, EXPIRED)).toBe(10_700);
    // Another refund is another credit.
    await cards.credit([{ number: SMALL.number, use: 500 }], 'R500002');
    expect(await balance(t, SMALL.number)).toBe(7_000);
    // A card that is not there is an error, not a silent loss; the message shows only the last four digits.
    // All or nothing: a missing card credits none of the parts.
    await expect(cards.credit([{ number: SMALL.number, use: 100 }, { number: '6001100000009999', use: 100 }], 'R500003')).rejects.toThrow(/•••• 9999/);
    expect(await balance(t, SMALL.number)).toBe(7_000);
  });
});

describe('orders record the gift cards that paid them (pay-by-link page, store counter)', () => {
  const SMALL_CARD = { number: SMALL.number, pin: SMALL.pin };
  const LARGE_CARD = { number: '6001100000000002', pin: '5678' };
  const card = { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/28', cvc: '123' };
  const stored = async (t: TestApp, id: string) => (await t.storage.collection(ordersCollection).get(id))!;

  it('the pay-by-link page records each card and its part; the store app never sees the numbers', async () => {
    const t = await makeTestApp();
    const { s, token, orderId } = await linkFor(t);
    const shopper = await shopperAgent(t);
    await shopper.post('/api/pay/charge', { token, giftCards: [SMALL_CARD], payment: card }).expect(200);
    expect(await stored(t, orderId)).toMatchObject({ giftCardAmount: 5_000, giftCards: [{ number: SMALL.number, amount: 5_000 }] });
    const list = await s.agent.get('/api/staff/orders').expect(200);
    expect(list.body.data.find((o: { id: string }) => o.id === orderId)).toMatchObject({ giftCardAmount: 5_000 });
    expect(list.text).not.toContain(SMALL.number);
  });

  it('the counter and then the link add up per card; the staff views never show the numbers', async () => {
    const t = await makeTestApp();
    const { s, orderId, customerId } = await orderInStore(t);
    const counter = await s.post(`/api/staff/orders/${orderId}/gift-card`, SMALL_CARD).expect(200);
    expect(counter.text).not.toContain(SMALL.number);
    expect(await stored(t, orderId)).toMatchObject({ giftCards: [{ number: SMALL.number, amount: 5_000 }] });
    await sendRequest(s, orderId);
    const token = tokenFrom(t.sms.sent.at(-1)!.text);
    const shopper = await shopperAgent(t);
    await shopper.post('/api/pay/charge', { token, giftCards: [LARGE_CARD], payment: card }).expect(200);
    const o = await stored(t, orderId);
    expect(o.giftCards).toEqual([
      { number: SMALL.number, amount: 5_000 },
      { number: LARGE_CARD.number, amount: o.giftCardAmount - 5_000 },
    ]);
    for (const path of ['/api/staff/orders', `/api/staff/customers/${customerId}/orders`]) {
      const res = await s.agent.get(path).expect(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.text).not.toContain('600110000000');
    }
  });
});
