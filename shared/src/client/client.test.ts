import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { responseSchemas } from './response-schemas';
import { backoffDelays, createFetcher, MAX_ATTEMPTS } from './request';

type Call = { url: string; init: RequestInit };

function fakeFetch(answers: (Response | Error | (() => Response | Error))[]) {
  const calls: Call[] = [];
  let i = 0;
  const fn = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const a = answers[Math.min(i++, answers.length - 1)]!;
    const v = typeof a === 'function' ? a() : a;
    if (v instanceof Error) throw v;
    return v.clone();
  };
  return { fn: fn as typeof fetch, calls };
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const recordSleep = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe('createFetcher', () => {
  it('adds shop-id and API-key headers only when headers are given', async () => {
    const f = fakeFetch([json(200, {})]);
    const request = createFetcher({ baseUrl: 'https://x', fetch: f.fn, shopId: 'dk', apiKey: 'k' });
    await request('/a');
    await request('/b', { headers: { 'X-Extra': '1' } });
    const h0 = f.calls[0]!.init.headers as Record<string, string>;
    const h1 = f.calls[1]!.init.headers as Record<string, string>;
    expect(h0['x-shop-id']).toBeUndefined();
    expect(h1).toMatchObject({ 'x-shop-id': 'dk', 'x-api-key': 'k', 'X-Extra': '1' });
    expect(f.calls[0]!.init.credentials).toBe('include');
  });

  it('returns the parsed body whatever the status', async () => {
    const f = fakeFetch([json(500, { error: { code: 'internal', message: 'x' } })]);
    const request = createFetcher({ baseUrl: '', fetch: f.fn, sleep: async () => {} , random: () => 0 });
    const res = await request('/a', { method: 'POST', body: {} });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal', message: 'x' } });
  });

  it('retries GETs on 5xx and network errors with 100 ms × 2–3 backoff, then succeeds', async () => {
    const f = fakeFetch([json(503, {}), new TypeError('network down'), json(200, { ok: 1 })]);
    const s = recordSleep();
    const request = createFetcher({ baseUrl: '', fetch: f.fn, sleep: s.sleep, random: () => 0.5 });
    const res = await request('/a');
    expect(res).toMatchObject({ status: 200, body: { ok: 1 } });
    expect(f.calls).toHaveLength(3);
    expect(s.waits).toEqual([250, 625]);
  });

  it('keeps every delay within [prev×2, prev×3] and caps near 60 s', () => {
    for (const r of [0, 0.999]) {
      const d = backoffDelays(() => r);
      let prev = 100;
      for (const x of d) {
        expect(x).toBeLessThanOrEqual(60_000);
        if (x < 60_000) {
          expect(x).toBeGreaterThanOrEqual(Math.floor(prev * 2));
          expect(x).toBeLessThanOrEqual(Math.ceil(prev * 3));
        }
        prev = x;
      }
      expect(d).toHaveLength(MAX_ATTEMPTS - 1);
    }
    expect(backoffDelays(() => 0.999).at(-1)).toBe(60_000);
  });

  it('gives up after 10 attempts', async () => {
    const f = fakeFetch([json(502, { error: { code: 'internal', message: 'down' } })]);
    const s = recordSleep();
    const request = createFetcher({ baseUrl: '', fetch: f.fn, sleep: s.sleep, random: () => 0 });
    const res = await request('/a');
    expect(res.status).toBe(502);
    expect(f.calls).toHaveLength(10);
    expect(s.waits).toHaveLength(9);
  });

  it.each([200, 404, 422, 400, 403])('stops at once on %i', async (status) => {
    const f = fakeFetch([json(status, {}), json(200, {})]);
    const request = createFetcher({ baseUrl: '', fetch: f.fn, sleep: async () => {} });
    expect((await request('/a')).status).toBe(status);
    expect(f.calls).toHaveLength(1);
  });

  it('retries a POST only when asked to', async () => {
    const f = fakeFetch([json(503, {}), json(503, {}), json(200, {})]);
    const request = createFetcher({ baseUrl: '', fetch: f.fn, sleep: async () => {} });
    expect((await request('/a', { method: 'POST' })).status).toBe(503);
    expect((await request('/a', { method: 'POST', retry: true })).status).toBe(200);
    expect(f.calls).toHaveLength(3);
  });

  it('shares one fetch between identical in-flight GETs, and fetches again afterwards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    const fn = (async (url: string) => {
      calls.push(url);
      await gate;
      return json(200, { n: calls.length });
    }) as unknown as typeof fetch;
    const request = createFetcher({ baseUrl: '', fetch: fn });
    const a = request('/same');
    const b = request('/same');
    const c = request('/other');
    release();
    const [ra, rb] = await Promise.all([a, b, c]);
    expect(ra).toBe(rb);
    expect(calls).toEqual(['/same', '/other']);
    await request('/same');
    expect(calls).toEqual(['/same', '/other', '/same']);
  });

  it('stops waiting when aborted', async () => {
    const f = fakeFetch([json(503, {})]);
    const controller = new AbortController();
    const request = createFetcher({ baseUrl: '', fetch: f.fn, random: () => 0 });
    const p = request('/a', { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe.each([
  ['checked by the response schemas', responseSchemas],
  ['trusting the API (the shop in production)', null],
] as const)('createApiClient %s', (_mode, responses) => {
  const shopper = { success: true, shopperId: 's1', token: 'tok-1', isStore: false, previewCart: false, cartHead: { cart: { items: [], totalCost: 0 }, checkoutConfig: { currency: 'DKK', market: 23, freeShippingThreshold: 49900, shippingCost: 4900, deliveryMethodIds: [119] } } };

  it('fetches the shopper token first and sends it as CSRF-TOKEN', async () => {
    const f = fakeFetch([json(200, shopper), json(200, { success: true, user: null })]);
    const api = createApiClient({ baseUrl: '', responses, fetch: f.fn });
    const r = await api.getUser();
    expect(r).toEqual({ ok: true, status: 200, data: { success: true, user: null } });
    expect(f.calls[0]!.url).toBe('/api/site/shopper');
    expect((f.calls[1]!.init.headers as Record<string, string>)['CSRF-TOKEN']).toBe('tok-1');
  });

  it('returns the API error shape for an error answer and a generic one for an unreadable body', async () => {
    const f = fakeFetch([json(404, { error: { code: 'not_found', message: 'Produktet blev ikke fundet.' } }), new Response('<html>', { status: 404 })]);
    const api = createApiClient({ baseUrl: '', responses, fetch: f.fn });
    expect(await api.getArticle('a-1')).toEqual({ ok: false, status: 404, error: { code: 'not_found', message: 'Produktet blev ikke fundet.' } });
    expect(await api.getArticle('a-2')).toEqual({ ok: false, status: 404, error: { code: 'internal', message: 'Noget gik galt. Prøv igen.' } });
  });

  it('treats a 200 without the expected shape (cart without cartHead, not an object) as a failure', async () => {
    const f = fakeFetch([json(200, shopper), json(200, { success: true })]);
    const api = createApiClient({ baseUrl: '', responses, fetch: f.fn, onError: () => {} });
    const r = await api.cartUpdate({ skuId: 'x', quantity: 1 });
    expect(r).toEqual({ ok: false, status: 200, error: { code: 'internal', message: 'Noget gik galt. Prøv igen.' } });
    const g = fakeFetch([json(200, ['not', 'an', 'object'])]);
    expect((await createApiClient({ baseUrl: '', responses, fetch: g.fn, onError: () => {} }).getStores()).ok).toBe(false);
  });

  it('refreshes the token once when the server says it is stale', async () => {
    const f = fakeFetch([
      json(200, shopper),
      json(403, { error: { code: 'csrf_invalid', message: 'x' } }),
      json(200, { ...shopper, token: 'tok-2' }),
      json(200, { success: true, user: { isStore: false, name: 'Mette Jensen' } }),
    ]);
    const api = createApiClient({ baseUrl: '', responses, fetch: f.fn });
    const r = await api.getUser();
    expect(r.ok && r.data.user?.name).toBe('Mette Jensen');
    expect((f.calls[3]!.init.headers as Record<string, string>)['CSRF-TOKEN']).toBe('tok-2');
  });

  it('asks the store finder, a store and a booking by their paths, the manage link’s token in the body', async () => {
    const none = { data: [], near: null };
    const token = 'tok-1234567890abcdefghij';
    const f = fakeFetch([json(200, none), json(200, none), json(200, none), json(404, { error: { code: 'not_found', message: 'Butikken blev ikke fundet.' } }), json(200, shopper), json(404, { error: { code: 'not_found', message: 'Bookingen blev ikke fundet.' } })]);
    const api = createApiClient({ baseUrl: '', responses, fetch: f.fn });
    expect(await api.storeSearch()).toEqual({ ok: true, status: 200, data: none });
    await api.storeSearch({ q: 'Aarhus C' });
    await api.storeSearch({ lat: 55.641, lng: 12.08 });
    expect(await api.getStore('st 14')).toEqual({ ok: false, status: 404, error: { code: 'not_found', message: 'Butikken blev ikke fundet.' } });
    expect((await api.viewBooking('bk-1', { token })).ok).toBe(false);
    expect(f.calls.map((c) => c.url)).toEqual(['/api/stores/search', '/api/stores/search?q=Aarhus+C', '/api/stores/search?lat=55.641&lng=12.08', '/api/stores/st%2014', '/api/site/shopper', '/api/bookings/bk-1/view']);
    expect(f.calls[5]!.init).toMatchObject({ method: 'POST', body: JSON.stringify({ token }) });
  });

  it('reports a network failure as status 0 with a Danish message', async () => {
    const f = fakeFetch([new TypeError('offline')]);
    const api = createApiClient({ baseUrl: '', responses, fetch: f.fn, sleep: async () => {}, onError: () => {} });
    expect(await api.getStores()).toEqual({ ok: false, status: 0, error: { code: 'internal', message: 'Noget gik galt. Prøv igen.' } });
  });
});

describe('createApiClient: what checking the answers adds', () => {
  const wrong = { success: true, data: { id: 'a-1' } };
  it('refuses an answer that does not match its schema when given the schemas', async () => {
    const api = createApiClient({ baseUrl: '', responses: responseSchemas, fetch: fakeFetch([json(200, wrong)]).fn, onError: () => {} });
    expect((await api.getArticle('a-1')).ok).toBe(false);
  });
  it('passes the same answer on as typed when trusting the API', async () => {
    const api = createApiClient({ baseUrl: '', responses: null, fetch: fakeFetch([json(200, wrong)]).fn });
    expect(await api.getArticle('a-1')).toEqual({ ok: true, status: 200, data: wrong });
  });
});
