import { describe, expect, it } from 'vitest';
import { createWidgetClient, WIDGET_CACHE_MS } from './client';
import { widgetResponseSchemas } from './response-schemas';

function fakeFetch(answers: (() => { status: number; body: unknown })[]) {
  const calls: string[] = [];
  const f = (async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const a = (answers.shift() ?? (() => ({ status: 200, body: {} })))();
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { f, calls };
}
const ok = { n_hits: 1, displays: [{ product_id: 'a', title: 'A', original_price: 10, sale_price: 10, page_url: '/produkt/a' }], search_request_id: 'r1' };

describe.each([
  ['checked by the response schemas', widgetResponseSchemas],
  ['trusting the API (the shop in production)', null],
] as const)('widget client %s', (_mode, responses) => {
  it('shares identical requests for 5 minutes, then asks again', async () => {
    let t = 0;
    const { f, calls } = fakeFetch([() => ({ status: 200, body: ok }), () => ({ status: 200, body: ok })]);
    const c = createWidgetClient({ baseUrl: 'http://x', responses, fetch: f, now: () => t, sleep: async () => {} });
    const [a, b] = await Promise.all([c.searchResults({ market: 'dk', query: 'gucci' }), c.searchResults({ market: 'dk', query: 'gucci' })]);
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
    t += WIDGET_CACHE_MS - 1;
    await c.searchResults({ market: 'dk', query: 'gucci' });
    expect(calls).toHaveLength(1);
    t += 2;
    await c.searchResults({ market: 'dk', query: 'gucci' });
    expect(calls).toHaveLength(2);
  });

  it('retries a 5xx with backoff, stops on 404/422, and answers the SPEC §8 failure shapes', async () => {
    const slept: number[] = [];
    const { f, calls } = fakeFetch([() => ({ status: 503, body: null }), () => ({ status: 200, body: ok }), () => ({ status: 422, body: {} }), () => ({ status: 500, body: null }), () => ({ status: 500, body: null })]);
    const c = createWidgetClient({ baseUrl: 'http://x', responses, fetch: f, sleep: async (ms) => void slept.push(ms), random: () => 0, maxAttempts: 2 });
    expect((await c.searchResults({ market: 'dk', query: 'a' })).n_hits).toBe(1);
    expect(slept).toEqual([200]);
    expect(await c.productListing({ market: 'dk', category_id: '/x' })).toEqual({ n_hits: 0, displays: [], product_listing_request_id: 'error', failed: true });
    expect(calls).toHaveLength(3);
    const s = await c.suggestions({ market: 'dk', query: 'ra' });
    expect(s).toEqual({ suggestions: [], suggestions_request_id: 'error' });
  });

  it('follows SPEC §7 on statuses: a 422 (validation, issue 18) is final and reported, a 400 is tried again', async () => {
    const errors: unknown[] = [];
    const { f, calls } = fakeFetch([() => ({ status: 422, body: { error: {} } }), () => ({ status: 400, body: null }), () => ({ status: 400, body: null }), () => ({ status: 200, body: ok })]);
    const c = createWidgetClient({ baseUrl: 'http://x', responses, fetch: f, sleep: async () => {}, onError: (e) => errors.push(e) });
    expect((await c.searchResults({ market: 'dk', query: 'bad' })).failed).toBe(true);
    expect(calls).toHaveLength(1);
    expect(String(errors[0])).toContain('422');
    expect((await c.searchResults({ market: 'dk', query: 'flaky' })).n_hits).toBe(1);
    expect(calls).toHaveLength(4);
  });

  it('does not keep a failure: the same request tries again', async () => {
    const { f, calls } = fakeFetch([() => ({ status: 404, body: null }), () => ({ status: 200, body: ok })]);
    const c = createWidgetClient({ baseUrl: 'http://x', responses, fetch: f, sleep: async () => {} });
    expect((await c.searchResults({ market: 'dk', query: 'x' })).failed).toBe(true);
    expect((await c.searchResults({ market: 'dk', query: 'x' })).n_hits).toBe(1);
    expect(calls).toHaveLength(2);
  });
});

describe('widget client: what checking the answers adds', () => {
  const wrong = { n_hits: 'many', displays: null };
  it('answers the failure shape for a 200 that does not match its schema when given the schemas', async () => {
    const { f } = fakeFetch([() => ({ status: 200, body: wrong })]);
    const c = createWidgetClient({ baseUrl: 'http://x', responses: widgetResponseSchemas, fetch: f, sleep: async () => {}, onError: () => {} });
    expect((await c.searchResults({ market: 'dk', query: 'a' })).failed).toBe(true);
  });
  it('answers the failure shape for a 200 that is not an object when trusting the API', async () => {
    const { f } = fakeFetch([() => ({ status: 200, body: [1, 2] })]);
    const c = createWidgetClient({ baseUrl: 'http://x', responses: null, fetch: f, sleep: async () => {}, onError: () => {} });
    expect((await c.searchResults({ market: 'dk', query: 'a' })).failed).toBe(true);
  });
});
