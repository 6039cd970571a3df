import { describe, expect, it } from 'vitest';
import { da } from '@optik/shared';
import { makeTestApp, shopperAgent, type TestApp } from '../../test/harness';
import { orderInStore } from '../payments/test-orders';
import { rateLimitsCollection } from '../rate-limits/records';
import { GIFT_CARD_BLOCK_MS } from './throttle';

/**
 * Issue 15 finding 2: PIN guessing is counted per card, in storage — not per address, which a
 * client could rotate (X-Forwarded-For) and which shoppers behind one proxy would share.
 */
const CARD = { number: '6001100000000005', pin: '2468' };
const OTHER = { number: '6001100000000002', pin: '5678' };
const wrong = (n: number) => ({ number: CARD.number, pin: String(1000 + n) });
/** A different client address for each request, as a rotating X-Forwarded-For header gives. */
let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++ % 250}`;

async function guessWrong(t: TestApp, times: number) {
  for (let i = 0; i < times; i++) {
    const s = await shopperAgent(t);
    const res = await s.post('/api/giftcard/balance', wrong(i)).set('X-Forwarded-For', address()).expect(400);
    expect(res.body.error.fields).toEqual({ giftCards: da.errors.giftCardMismatch });
  }
}

describe('gift-card PIN throttle: per card, persisted, whatever the address', () => {
  it('blocks a card for an hour after 5 wrong PINs from ever new addresses: its right PIN too, on every shop route', async () => {
    const t = await makeTestApp();
    await guessWrong(t, 5);

    const owner = await shopperAgent(t);
    const refused = await owner.post('/api/giftcard/balance', CARD).set('X-Forwarded-For', address()).expect(429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: da.errors.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBe(GIFT_CARD_BLOCK_MS / 1000);
    await owner.post('/api/checkout/quote', { giftCards: [CARD] }).set('X-Forwarded-For', address()).expect(429);
    await owner.post('/api/pay/quote', { token: 'x'.repeat(32), giftCards: [CARD] }).set('X-Forwarded-For', address()).expect(429);

    // Refused attempts do not prolong the block: an hour after the fifth wrong PIN the card works again.
    t.clock.advance(GIFT_CARD_BLOCK_MS - 1_000);
    const soon = await owner.post('/api/giftcard/balance', CARD).expect(429);
    expect(Number(soon.headers['retry-after'])).toBe(1);
    t.clock.advance(1_000);
    const ok = await owner.post('/api/giftcard/balance', CARD).expect(200);
    expect(ok.body.data).toMatchObject({ number: CARD.number, balance: 5_000 });
  });

  it('lets a shopper behind the same address use another card while one is blocked, and never counts right PINs', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    for (let i = 0; i < 5; i++) await s.post('/api/giftcard/balance', wrong(i)).expect(400);
    for (let i = 0; i < 5; i++) await s.post('/api/giftcard/balance', wrong(i)).expect(429);
    // Same address (all shoppers behind one proxy look alike without X-Forwarded-For), another card: never blocked.
    const neighbour = await shopperAgent(t);
    for (let i = 0; i < 10; i++) await neighbour.post('/api/giftcard/balance', OTHER).expect(200);
    // Four wrong PINs and any number of right ones leave the card usable.
    await neighbour.post('/api/giftcard/balance', { ...OTHER, pin: '0001' }).expect(400);
    await neighbour.post('/api/giftcard/balance', { ...OTHER, pin: '0002' }).expect(400);
    await neighbour.post('/api/giftcard/balance', { ...OTHER, pin: '0003' }).expect(400);
    await neighbour.post('/api/giftcard/balance', { ...OTHER, pin: '0004' }).expect(400);
    for (let i = 0; i < 5; i++) await neighbour.post('/api/giftcard/balance', OTHER).expect(200);
  });

  it('lets no more than 5 of many concurrent guesses be tried, from rotating addresses too', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => s.post('/api/giftcard/balance', wrong(i)).set('X-Forwarded-For', address())));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 400)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(15);
  });

  it('counts in storage for every instance, keyed without the card number in clear', async () => {
    const a = await makeTestApp();
    const b = await makeTestApp({ storage: a.storage });
    const onA = await shopperAgent(a);
    const onB = await shopperAgent(b);
    for (let i = 0; i < 3; i++) await onA.post('/api/giftcard/balance', wrong(i)).set('X-Forwarded-For', address()).expect(400);
    for (let i = 3; i < 5; i++) await onB.post('/api/giftcard/balance', wrong(i)).set('X-Forwarded-For', address()).expect(400);
    await onA.post('/api/giftcard/balance', CARD).expect(429);
    await onB.post('/api/giftcard/balance', CARD).expect(429);
    expect(JSON.stringify(await a.storage.collection(rateLimitsCollection).all())).not.toContain(CARD.number);
  });

  it("never holds up the store counter with shoppers' wrong PINs; the counter's own wrong PINs count apart", async () => {
    const t = await makeTestApp();
    await guessWrong(t, 5);
    const shopper = await shopperAgent(t);
    await shopper.post('/api/giftcard/balance', CARD).expect(429);

    // The customer at the counter with the card: staff take it although the shop has it blocked.
    const { s, orderId } = await orderInStore(t);
    const paid = await s.post(`/api/staff/orders/${orderId}/gift-card`, CARD).expect(200);
    expect(paid.body.data).toMatchObject({ giftCardAmount: 5_000 });

    // Wrong PINs typed at the counter block the card at the counters only.
    const second = await orderInStore(t);
    for (let i = 0; i < 5; i++) await second.s.post(`/api/staff/orders/${second.orderId}/gift-card`, { ...OTHER, pin: String(2000 + i) }).expect(400);
    await second.s.post(`/api/staff/orders/${second.orderId}/gift-card`, OTHER).expect(429);
    await shopper.post('/api/giftcard/balance', OTHER).expect(200);
  });
});
