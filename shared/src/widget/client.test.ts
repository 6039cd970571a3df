import { describe, expect, it } from 'vitest';
import { createWidgetClient, WIDGET_CACHE_MS } from './client';

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

describe('widget client', () => {
  it('shares identical requests for 5 minutes, then asks again', async () => {
    let t = 0;
    const { f, calls } = fakeFetch([() => ({ status: 200, body: ok }), () => ({ status: 200, body: ok })]);
    const c = createWidgetClient({ baseUrl: 'http://x', fetch: f, now: () => t, sleep: async () => {} });
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
    const { f, calls } = fakeFetch([() => ({ status: 503, body: null }), () => ({ status: 200, body: ok }), () => ({ status: 422, body: {} }), () => ({ status: 500, body: null })]);
    const c = createWidgetClient({ baseUrl: 'http://x', fetch: f, sleep: async (ms) => void slept.push(ms), random: () => 0, maxAttempts: 2 });
    expect((await c.searchResults({ market: 'dk', query: 'a' })).n_hits).toBe(1);
    expect(slept).toEqual([200]);
    expect(await c.productListing({ market: 'dk', category_id: '/x' })).toEqual({ n_hits: 0, displays: [], product_listing_request_id: 'error', failed: true });
    expect(calls).toHaveLength(3);
    const s = await c.suggestions({ market: 'dk', query: 'ra' });
    expect(s).toEqual({ suggestions: [], suggestions_request_id: 'error' });
  });

  it('does not keep a failure: the same request tries again', async () => {
    const { f, calls } = fakeFetch([() => ({ status: 404, body: null }), () => ({ status: 200, body: ok })]);
    const c = createWidgetClient({ baseUrl: 'http://x', fetch: f, sleep: async () => {} });
    expect((await c.searchResults({ market: 'dk', query: 'x' })).failed).toBe(true);
    expect((await c.searchResults({ market: 'dk', query: 'x' })).n_hits).toBe(1);
    expect(calls).toHaveLength(2);
  });
});
