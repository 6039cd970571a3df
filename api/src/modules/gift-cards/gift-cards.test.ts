import { describe, expect, it } from 'vitest';
import { da } from '@optik/shared';
import { makeTestApp, testConfig, type TestApp } from '../../test/harness';
import { apportionGiftCards, GiftCards, giftCardMessages } from './service';

const SMALL = { number: '6001100000000005', pin: '2468' };
const balance = async (t: TestApp, number: string) => (await t.storage.collection('giftCards').get(number))!.balance;

describe('gift cards (one implementation for checkout, pay-by-link and the store counter)', () => {
  it('apportions an amount card by card', () => {
    expect(apportionGiftCards([{ number: 'a', balance: 300 }, { number: 'b', balance: 500 }], 600)).toEqual({ uses: [{ number: 'a', use: 300 }, { number: 'b', use: 300 }], cover: 600 });
    expect(apportionGiftCards([{ number: 'a', balance: 300 }], 1000)).toEqual({ uses: [{ number: 'a', use: 300 }], cover: 300 });
    expect(apportionGiftCards([], 1000)).toEqual({ uses: [], cover: 0 });
  });

  it('checks number and PIN together, refuses expired and (for paying) empty cards', async () => {
    const t = await makeTestApp();
    const cards = new GiftCards(t.storage, t.clock, testConfig.secret);
    expect(await cards.check([SMALL, SMALL])).toEqual([{ number: SMALL.number, balance: 5_000 }]);
    await expect(cards.check([{ ...SMALL, pin: '2469' }])).rejects.toMatchObject({ status: 400, fields: { giftCards: da.errors.giftCardMismatch } });
    await expect(cards.check([{ number: '6001100000000004', pin: '4321' }])).rejects.toMatchObject({ fields: { giftCards: da.errors.giftCardMismatch } });
    await expect(cards.check([{ number: '6001100000000003', pin: '0000' }])).rejects.toMatchObject({ fields: { giftCards: giftCardMessages.empty } });
    expect(await cards.check([{ number: '6001100000000003', pin: '0000' }], { allowEmpty: true })).toEqual([{ number: '6001100000000003', balance: 0 }]);
  });

  it('two payments taking the same card at once never overdraw it: one gets it, the other is refused', async () => {
    const t = await makeTestApp();
    const cards = new GiftCards(t.storage, t.clock, testConfig.secret);
    const results = await Promise.allSettled([cards.take([{ number: SMALL.number, use: 5_000 }]), cards.take([{ number: SMALL.number, use: 5_000 }])]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 400, fields: { giftCards: giftCardMessages.changed } } });
    expect(await balance(t, SMALL.number)).toBe(0);
  });

  it('gives back the parts already taken when a later card falls short, and after a failed or thrown charge', async () => {
    const t = await makeTestApp();
    const cards = new GiftCards(t.storage, t.clock, testConfig.secret);
    await expect(cards.take([{ number: '6001100000000002', use: 1_000 }, { number: SMALL.number, use: 20_000 }])).rejects.toMatchObject({ fields: { giftCards: giftCardMessages.changed } });
    expect(await balance(t, '6001100000000002')).toBe(250_000);
    expect(await balance(t, SMALL.number)).toBe(5_000);

    const declined = await (await cards.take([{ number: SMALL.number, use: 4_000 }])).payRest(async () => ({ ok: false }));
    expect(declined).toEqual({ ok: false });
    expect(await balance(t, SMALL.number)).toBe(5_000);
    await expect((await cards.take([{ number: SMALL.number, use: 4_000 }])).payRest(() => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');
    expect(await balance(t, SMALL.number)).toBe(5_000);

    expect(await (await cards.take([{ number: SMALL.number, use: 4_000 }])).payRest(async () => ({ ok: true }))).toEqual({ ok: true });
    expect(await balance(t, SMALL.number)).toBe(1_000);
  });
});
