import { describe, expect, it } from 'vitest';
import {
  MARKET_NOT_SET,
  validateAddToCart,
  validateMarket,
  validateProductId,
  validatePurchaseEvent,
  validateSessionId,
  validateUserId,
} from './events';

const good = { transaction_id: 1001, currency: 'DKK', items: [{ item_id: 42, price: 1299.95, quantity: 1 }] };
const errorOf = (event: unknown) => {
  const r = validatePurchaseEvent(event, 'DK');
  return r.ok ? undefined : r.error;
};

describe('validatePurchaseEvent (SPEC §5, messages of §8)', () => {
  it('accepts a valid event and converts ids to strings', () => {
    expect(validatePurchaseEvent(good, 'DK')).toEqual({
      ok: true,
      value: { transaction_id: '1001', currency: 'DKK', items: [{ item_id: '42', price: 1299.95, quantity: 1 }] },
    });
  });

  it('accepts string ids, negative quantities (returns) and an empty items list', () => {
    expect(validatePurchaseEvent({ transaction_id: 'T-1', currency: 'DKK', items: [{ item_id: 'sku-1', price: 0, quantity: -1 }] }, 'DK').ok).toBe(true);
    expect(validatePurchaseEvent({ transaction_id: 'T-1', currency: 'DKK', items: [] }, 'DK').ok).toBe(true);
  });

  it("fails with 'Market not set' without a market, even before looking at the event", () => {
    for (const market of [undefined, null, '', '  ']) {
      expect(validatePurchaseEvent(good, market)).toEqual({ ok: false, error: MARKET_NOT_SET });
      expect(validatePurchaseEvent(null, market)).toEqual({ ok: false, error: 'Market not set' });
    }
  });

  it.each([
    [null, 'purchase event must be an object'],
    ['purchase', 'purchase event must be an object'],
    [[good], 'purchase event must be an object'],
    [{ ...good, transaction_id: undefined }, 'purchase event requires a transaction_id string or number'],
    [{ ...good, transaction_id: '' }, 'purchase event requires a transaction_id string or number'],
    [{ ...good, transaction_id: NaN }, 'purchase event requires a transaction_id string or number'],
    [{ ...good, transaction_id: { id: 1 } }, 'purchase event requires a transaction_id string or number'],
    [{ ...good, currency: undefined }, 'purchase event requires a currency string'],
    [{ ...good, currency: '' }, 'purchase event requires a currency string'],
    [{ ...good, currency: 208 }, 'purchase event requires a currency string'],
    [{ ...good, items: undefined }, 'purchase event requires an items array'],
    [{ ...good, items: { 0: good.items[0] } }, 'purchase event requires an items array'],
    [{ ...good, items: [5] }, 'purchase item must be an object'],
    [{ ...good, items: [{ price: 1, quantity: 1 }] }, 'purchase item requires a non-empty item_id'],
    [{ ...good, items: [{ item_id: '', price: 1, quantity: 1 }] }, 'purchase item requires a non-empty item_id'],
    [{ ...good, items: [{ item_id: 'a', price: '1', quantity: 1 }] }, 'purchase item requires a numeric price'],
    [{ ...good, items: [{ item_id: 'a', price: Infinity, quantity: 1 }] }, 'purchase item requires a numeric price'],
    [{ ...good, items: [{ item_id: 'a', price: 1 }] }, 'purchase item requires a numeric quantity'],
    [{ ...good, items: [{ item_id: 'a', price: 1, quantity: 0 }] }, 'purchase item requires a non-zero quantity'],
  ])('%j → %s', (event, message) => {
    expect(errorOf(event)).toBe(message);
  });

  it('reports the first problem when several fields are wrong', () => {
    expect(errorOf({})).toBe('purchase event requires a transaction_id string or number');
    expect(errorOf({ transaction_id: 1, items: [] })).toBe('purchase event requires a currency string');
  });

  it('reports a problem in a later item', () => {
    expect(errorOf({ ...good, items: [good.items[0], { item_id: 'b', price: 1, quantity: 0 }] })).toBe('purchase item requires a non-zero quantity');
  });
});

describe('id setters (SPEC §5)', () => {
  it.each([
    ['setMarket', validateMarket],
    ['setProductId', validateProductId],
    ['addToCart', validateAddToCart],
  ] as const)('%s takes a string or a number, converted to a string', (name, validate) => {
    expect(validate('DK')).toEqual({ ok: true, value: 'DK' });
    expect(validate(23)).toEqual({ ok: true, value: '23' });
    expect(validate(0)).toEqual({ ok: true, value: '0' });
    for (const bad of [null, undefined, '', '  ', NaN, Infinity, true, {}, ['DK']]) {
      const r = validate(bad);
      expect(r.ok, String(bad)).toBe(false);
      if (!r.ok) expect(r.error).toContain(name);
    }
  });

  it.each([
    ['setUserId', validateUserId],
    ['setSessionId', validateSessionId],
  ] as const)('%s also takes null', (name, validate) => {
    expect(validate(null)).toEqual({ ok: true, value: null });
    expect(validate('u-1')).toEqual({ ok: true, value: 'u-1' });
    expect(validate(77)).toEqual({ ok: true, value: '77' });
    for (const bad of [undefined, '', NaN, false, {}]) {
      const r = validate(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBe(`${name} requires a non-empty string or number (or null)`);
    }
  });
});
