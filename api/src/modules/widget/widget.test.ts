import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingResponseSchema, providerEventSchema, recommendationResponseSchema, searchResultResponseSchema, suggestionsResponseSchema, type Article } from '@optik/shared';
import { makeTestApp, type TestApp } from '../../test/harness';
import { articlesCollection } from '../catalogue/records';
import { widgetEventsCollection, widgetPopularityCollection, widgetQueriesCollection } from './records';
import { EVENT_RETENTION_MS, POPULARITY_REFRESH_MS, QUERY_CACHE_MS } from './service';

let t: TestApp;
let articles: Article[];
beforeAll(async () => {
  t = await makeTestApp();
  articles = await t.storage.collection(articlesCollection).all();
});
const ctx = { tenant: 'profil-optik', market: 'dk' };
const results = async (body: object, status = 200) => (await request(t.app).post('/v2/search/results').send({ ...ctx, ...body }).expect(status)).body;
const listing = async (body: object, status = 200) => (await request(t.app).post('/v2/product-listing').send({ ...ctx, ...body }).expect(status)).body;

describe('POST /v2/search/results', () => {
  it('finds by text with Danish stemming, folding and typos, and answers the SPEC §3 shape', async () => {
    const body = searchResultResponseSchema.parse(await results({ query: 'solbriller ray-ban', limit: 10 }));
    expect(body.n_hits).toBeGreaterThan(0);
    expect(body.displays[0]!.brand).toBe('Ray-Ban');
    expect(body.displays[0]!.search_result_id).toBe(`${body.search_request_id}:0`);
    expect(body.sorts!.map((s) => s.field)).toContain('relevance');
    // Words naming a brand and a category narrow like filters, in any form (folded, stemmed, hyphen).
    const understood = await results({ query: 'RayBan solbrillerne', limit: 100 });
    const byId = new Map(articles.map((a) => [a.id, a]));
    expect(understood.n_hits).toBe(articles.filter((a) => a.brand === 'Ray-Ban' && a.category === 'solbriller').length);
    expect(understood.displays.every((d: { product_id: string }) => byId.get(d.product_id)!.brand === 'Ray-Ban')).toBe(true);
    // Words that contradict each other fall back to plain text search instead of nothing.
    expect((await results({ query: 'gucci kontaktlinser' })).n_hits).toBeGreaterThan(0);
    expect((await results({ query: 'oejenpleje' })).n_hits).toBeGreaterThan(0);
    expect((await results({ query: 'øjenpleje' })).n_hits).toBe((await results({ query: 'oejenpleje' })).n_hits);
    // One typo in a long word still finds it.
    expect((await results({ query: 'kontaktlinsr' })).n_hits).toBeGreaterThan(0);
  });

  it('filters with every operator, on a field or on its lower-cased group title', async () => {
    const all = await results({ query: '', limit: 1 });
    const brand = all.filters.find((f: { field: string }) => f.field === 'brand');
    expect(brand.meta.group_title).toBe('Mærke');
    const gucci = await results({ query: '', filters: [{ field: 'brand', op: 'eq', data: 'Gucci' }], limit: 100 });
    expect(gucci.n_hits).toBe(articles.filter((a) => a.brand === 'Gucci').length);
    expect((await results({ query: '', filters: [{ field: 'mærke', op: 'eq', data: 'Gucci' }] })).n_hits).toBe(gucci.n_hits);
    const notGucci = await results({ query: '', filters: [{ field: 'brand', op: 'neq', data: 'Gucci' }] });
    expect(notGucci.n_hits).toBe(articles.length - gucci.n_hits);
    const two = await results({ query: '', filters: [{ field: 'brand', op: 'in', data: ['Gucci', 'Prada'] }] });
    expect(two.n_hits).toBe(articles.filter((a) => a.brand === 'Gucci' || a.brand === 'Prada').length);
    expect((await results({ query: '', filters: [{ field: 'brand', op: 'nin', data: ['Gucci', 'Prada'] }] })).n_hits).toBe(articles.length - two.n_hits);
    const price = (a: Article) => a.price.unit.amount / 100;
    expect((await results({ query: '', filters: [{ field: 'price', op: 'leq', data: 500 }] })).n_hits).toBe(articles.filter((a) => price(a) <= 500).length);
    expect((await results({ query: '', filters: [{ field: 'pris', op: 'geq', data: 2000 }] })).n_hits).toBe(articles.filter((a) => price(a) >= 2000).length);
    expect((await results({ query: '', filters: [{ field: 'price', op: 'inrange', data: [1000, 2000] }] })).n_hits).toBe(articles.filter((a) => price(a) >= 1000 && price(a) <= 2000).length);
    expect((await results({ query: '', filters: [{ field: 'polarized', op: 'eq', data: true }] })).n_hits).toBe(articles.filter((a) => a.attributes.polarized).length);
    expect((await results({ query: '', filters: [{ field: 'style', op: 'nin', data: ['runde'] }] })).n_hits).toBe(articles.filter((a) => !(a.attributes.style ?? []).includes('runde')).length);
    // A chosen brand leaves the other brands selectable (disjunctive facets).
    const facet = gucci.filters.find((f: { field: string }) => f.field === 'brand');
    expect(facet.meta.values.length).toBeGreaterThan(1);
    const err = await results({ query: '', filters: [{ field: 'nonsense', op: 'eq', data: 1 }] }, 422);
    expect(err.error.fields.filters).toMatch(/nonsense/);
  });

  it('sorts by price both ways and pages past 100 with a cursor, without repeats', async () => {
    const asc = await results({ query: '', sorting: { field: 'price', order: 'asc' }, limit: 50 });
    const prices = asc.displays.map((d: { sale_price: number }) => d.sale_price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const desc = await results({ query: '', sorting: { field: 'price', order: 'desc' }, limit: 5 });
    expect(desc.displays[0].sale_price).toBeGreaterThanOrEqual(desc.displays[4].sale_price);
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { displays: { product_id: string }[]; cursor: string | null } = await results({ query: '', limit: 100, cursor });
      for (const d of page.displays) seen.add(d.product_id);
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < 40);
    expect(seen.size).toBe(articles.length);
    expect(pages).toBe(Math.ceil(articles.length / 100));
    await results({ query: '', cursor: 'bm9wZQ' }, 422);
    await results({ query: '', limit: 101 }, 422);
  });
});

describe('POST /v2/product-listing', () => {
  it("lists a route's articles with breadcrumb and quick links", async () => {
    const body = listingResponseSchema.parse(await listing({ category_id: '/solbriller', limit: 24 }));
    expect(body.n_hits).toBe(articles.filter((a) => a.routes.includes('/solbriller')).length);
    expect(body.breadcrumb).toEqual([{ title: 'Forside', page_url: '/' }, { title: 'Solbriller', page_url: '/solbriller', query_id: '/solbriller' }]);
    expect(body.quick_links!.map((q) => q.page_url)).toContain('/solbriller/ray-ban');
    const brand = listingResponseSchema.parse(await listing({ category_id: 'solbriller/ray-ban' }));
    expect(brand.breadcrumb!.at(-1)).toEqual({ title: 'Ray-Ban', page_url: '/solbriller/ray-ban', query_id: '/solbriller/ray-ban' });
    expect(brand.displays.every((d) => d.brand === 'Ray-Ban')).toBe(true);
    expect((await listing({ category_id: '/findes-ikke' }, 422)).error.fields.category_id).toBe('Kategorien findes ikke.');
  });
});

describe("issue 18: wire-compatible with Depict's UI client", () => {
  type Display = { product_id: string; title: string; variant_index?: number; variant_displays?: Record<string, unknown>[] } & Record<string, unknown>;
  type Filter = { field: string; op: string; meta: { type: string; group_title: string; values?: unknown[]; names?: string[]; counts?: number[]; min?: number; max?: number } };

  it('every variant display is a whole card: title, brand, prices, images, page and result id', async () => {
    const body = await results({ query: 'solbriller', limit: 5 });
    for (const d of body.displays as Display[]) {
      const v = d.variant_displays![d.variant_index!]!;
      expect(v).toMatchObject({ title: d.title, brand: d.brand, sale_price: d.sale_price, original_price: d.original_price, image_urls: d.image_urls, search_result_id: d.search_result_id });
      expect(typeof v.page_url).toBe('string');
    }
    const list = await listing({ query_id: '/solbriller', limit: 2 });
    expect(list.displays[0].product_listing_result_id).toBe(`${list.product_listing_request_id}:0`);
    expect(list.displays[0].variant_displays[0].product_listing_result_id).toBe(`${list.product_listing_request_id}:0`);
  });

  it('sorts by `sort: {field, order}` as by `sorting`, an order-less sort descending, and offers each sort with meta.title', async () => {
    const prices = (b: { displays: Display[] }) => b.displays.map((d) => d.sale_price as number);
    const asc = prices(await results({ query: '', sort: { field: 'price', order: 'asc' }, limit: 20 }));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc).toEqual(prices(await results({ query: '', sorting: { field: 'price', order: 'asc' }, limit: 20 })));
    const desc = prices(await results({ query: '', sort: { field: 'price' }, limit: 20 }));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBeGreaterThan(asc[0]!);
    const listed = prices(await listing({ query_id: '/solbriller', sort: { field: 'price', order: 'asc' }, limit: 20 }));
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
    const sorts = (await results({ query: 'briller', limit: 1 })).sorts as { title: string; meta: { title: string } }[];
    expect(sorts.length).toBeGreaterThan(1);
    for (const s of sorts) expect(s.meta.title).toBe(s.title);
  });

  it("answers facets in the client's shape (field, op, meta with type, group title, values), and filters by what it sends back", async () => {
    const body = await results({ query: '', limit: 1 });
    const filters = body.filters as Filter[];
    const brand = filters.find((f) => f.field === 'brand')!;
    expect(brand).toMatchObject({ op: 'in', meta: { type: 'checkbox', group_title: 'Mærke' } });
    expect(brand.meta.values!.length).toBe(brand.meta.counts!.length);
    const price = filters.find((f) => f.field === 'price')!;
    expect(price).toMatchObject({ op: 'inrange', meta: { type: 'range' } });
    expect(price.meta.min).toBeLessThan(price.meta.max!);
    const polarized = filters.find((f) => f.field === 'polarized')!;
    expect(polarized).toMatchObject({ op: 'eq', meta: { type: 'radio', values: ['true', 'false'], names: ['Ja', 'Nej'] } });
    for (const f of filters) expect(['checkbox', 'radio', 'range']).toContain(f.meta.type);
    // The client sends a facet back under its lower-cased group title, with the values as it read them.
    const yes = await results({ query: '', filters: [{ field: 'polariserede glas', op: 'eq', data: 'true' }] });
    expect(yes.n_hits).toBe(articles.filter((a) => a.attributes.polarized).length);
    const gucci = await results({ query: '', filters: [{ field: 'mærke', op: 'in', data: ['Gucci'] }] });
    expect(gucci.n_hits).toBe(articles.filter((a) => a.brand === 'Gucci').length);
  });

  it('lists by query_id (with a listing type), and category suggestions carry category_id', async () => {
    const byQueryId = await listing({ query_id: '/solbriller/ray-ban', type: 'category', limit: 5 });
    expect(byQueryId.n_hits).toBe((await listing({ category_id: '/solbriller/ray-ban', limit: 5 })).n_hits);
    expect(byQueryId.quick_links).toBeDefined();
    const none = await listing({}, 422);
    expect(none.error.fields.category_id).toBeDefined();
    const suggestions = (await request(t.app).get('/v2/search/suggestions').query({ ...ctx, query: 'sol' }).expect(200)).body.suggestions as { type: string; category_id?: string; page_url?: string }[];
    const categories = suggestions.filter((s) => s.type === 'category');
    expect(categories.length).toBeGreaterThan(0);
    for (const c of categories) expect(c.category_id).toBe(c.page_url);
  });

  it("answers /v2/search/related for a search's own body with related products", async () => {
    const body = { ...ctx, query: 'ray-ban', sort: { field: 'price', order: 'asc' }, limit: 20, dsid: 'x1' };
    const hits = new Set((await results({ query: 'ray-ban', limit: 20 })).displays.map((d: Display) => d.product_id));
    const related = (await request(t.app).post('/v2/search/related').set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify(body)).expect(200)).body;
    expect(related.displays.length).toBeGreaterThan(0);
    expect(related.displays.every((d: Display) => !hits.has(d.product_id) && typeof d.recommendation_id === 'string')).toBe(true);
    // By product id as before.
    const byProduct = (await request(t.app).post('/v2/search/related').send({ ...ctx, product_id: articles[0]!.id }).expect(200)).body;
    expect(byProduct.displays.length).toBeGreaterThan(0);
  });

  it("takes every Depict recommendation type, mapped to the closest strategy; unknown types follow the kind", async () => {
    const sunglasses = articles.find((a) => a.category === 'solbriller' && a.price.unit.publicationStatus === 20)!;
    const recommend = async (kind: string, body: object) => (await request(t.app).post(`/v2/recommend/products/${kind}`).send({ ...ctx, ...body }).expect(200)).body.displays as Display[];
    for (const type of ['front_page', 'landing_page', 'trending', 'bestsellers', 'new_arrivals', 'personal', 'whatever_else']) expect((await recommend('general', { type })).length).toBeGreaterThan(0);
    for (const type of ['product_normal', 'related', 'similar', 'cross_sell', 'whatever_else']) {
      const list = await recommend('product', { type, product_id: sunglasses.id });
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((d) => d.product_id === sunglasses.id)).toBe(false);
    }
    for (const type of ['after_basket', 'cart', 'checkout', 'cross_sell']) expect((await recommend('products', { type, product_ids: [sunglasses.id] })).length).toBeGreaterThan(0);
    expect((await recommend('category', { type: 'category_page', category_id: '/solbriller' })).every((d) => d.product_id !== undefined)).toBe(true);
  });

  it('answers 422 to a well-formed request that fails validation, and 400 only to a body that is not JSON', async () => {
    await request(t.app).post('/v2/search/results').send({ ...ctx, limit: 'many' }).expect(422);
    await request(t.app).post('/v2/recommend/products/general').send({ ...ctx, limit: 0 }).expect(422);
    await request(t.app).post('/v2/recommend/products/nonsense').send(ctx).expect(422);
    await request(t.app).get('/v2/search/suggestions').query({ tenant: 'x' }).expect(422);
    await request(t.app).post('/v2/search/related').send(ctx).expect(422);
    await request(t.app).post('/v2/search/results').set('Content-Type', 'text/plain').send('{nope').expect(400);
    await request(t.app).post('/v2/search/results').set('Content-Type', 'application/json').send('{nope').expect(400);
  });

  it("stores a click beacon in Depict's shape (a JSON array with type, per-event tenant and market), sent as JSON or as a form", async () => {
    const app = await makeTestApp();
    const event = { tenant: 'profil-optik', market: 'dk', type: 'click', search_result_id: 'r1:0', dsid: 'd1', url: 'http://host.test/s', document_width: 1280, entity_price: 100 };
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain;charset=UTF-8']) {
      expect((await request(app.app).post('/create-events').set('Content-Type', type).send(JSON.stringify([event])).expect(200)).body).toEqual({ success: true, stored: 1 });
    }
    await request(app.app).post('/create-events').set('Content-Type', 'application/json').send(JSON.stringify([{ ...event, search_result_id: undefined, product_listing_result_id: 'l1:3' }])).expect(200);
    const stored = await app.storage.collection(widgetEventsCollection).all();
    expect(stored.map((e) => e.event)).toEqual(expect.arrayContaining([expect.objectContaining({ event_type: 'click', search_result_id: 'r1:0', dsid: 'd1' }), expect.objectContaining({ event_type: 'click', product_listing_result_id: 'l1:3' })]));
    expect(stored).toHaveLength(4);
  });

  it('preflights allow credentials for allowed origins only, and never with *', async () => {
    const pre = await request(t.app).options('/create-events').set('Origin', 'http://shop.test').set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type').expect(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://shop.test');
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    const other = await request(t.app).options('/create-events').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST').expect(204);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('contact-lens parameter facets', () => {
  it('offers power, base curve and diameter on lens listings (Danish numbers) and filters by them', async () => {
    const body = listingResponseSchema.parse(await listing({ category_id: '/kontaktlinser', limit: 5 }));
    const fields = (body.filters ?? []).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['power', 'basecurve', 'diameter']));
    const power = body.filters!.find((f) => f.field === 'power')!;
    expect(power.meta!.group_title).toBe('Styrke');
    const value = (power.meta as { values: string[] }).values.find((v) => v.includes(','))!;
    expect(value).toMatch(/^[-+]\d+,\d{2}$/);
    const filtered = await listing({ category_id: '/kontaktlinser', filters: [{ field: 'styrke', op: 'in', data: [value] }], limit: 100 });
    const n = Number(value.replace(',', '.'));
    expect(filtered.n_hits).toBe(articles.filter((a) => a.routes.includes('/kontaktlinser') && (a.lensParameters?.powers ?? []).includes(n)).length);
    expect(filtered.n_hits).toBeGreaterThan(0);
    // Frames have no lens parameters, so a frame listing offers none of these facets.
    const frames = listingResponseSchema.parse(await listing({ category_id: '/briller', limit: 1 }));
    expect((frames.filters ?? []).map((f) => f.field)).not.toContain('power');
  });
});

describe('GET /v2/search/suggestions', () => {
  it('suggests queries, brand pages and a content page, and ignores unknown parameters', async () => {
    const res = await request(t.app).get('/v2/search/suggestions').query({ ...ctx, query: 'ray', dsid: 'x', session_id: 'undefined', foo: 'bar', metadata: '{}' }).expect(200);
    const body = suggestionsResponseSchema.parse(res.body);
    const queries = body.suggestions.filter((s) => s.type === 'query');
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.length).toBeLessThanOrEqual(3);
    expect(body.suggestions.find((s) => s.type === 'category')).toMatchObject({ category_type: 'BRAND', page_url: expect.stringMatching(/ray-ban$/) });
  });
});

describe('recommendations', () => {
  it('related: same category, never the product itself; by product ids; general; category', async () => {
    const a = articles.find((x) => x.category === 'solbriller' && x.price.unit.publicationStatus === 20)!;
    const rel = recommendationResponseSchema.parse((await request(t.app).post('/v2/recommend/products/product').send({ ...ctx, product_id: a.id, limit: 8 }).expect(200)).body);
    expect(rel.displays).toHaveLength(8);
    expect(rel.displays.map((d) => d.product_id)).not.toContain(a.id);
    const byId = new Map(articles.map((x) => [x.id, x]));
    expect(rel.displays.every((d) => byId.get(d.product_id)!.category === 'solbriller')).toBe(true);
    expect(rel.displays[0]!.recommendation_id).toBe(`${rel.recommendation_request_id}:0`);
    const cart = (await request(t.app).post('/v2/recommend/products/products').send({ ...ctx, product_ids: [a.id] }).expect(200)).body;
    expect(cart.displays).toHaveLength(16);
    const general = (await request(t.app).post('/v2/recommend/products/general').send({ ...ctx, type: 'landing_page', limit: 4 }).expect(200)).body;
    expect(general.displays).toHaveLength(4);
    const cat = (await request(t.app).post('/v2/recommend/products/category').send({ ...ctx, category_id: '/kontaktlinser' }).expect(200)).body;
    expect(cat.displays.every((d: { product_id: string }) => byId.get(d.product_id)!.routes.includes('/kontaktlinser'))).toBe(true);
    const related = (await request(t.app).post('/v2/search/related').send({ ...ctx, product_id: a.id }).expect(200)).body;
    expect(related.displays).toHaveLength(16);
  });

  it('events raise popularity: the most bought article leads the landing-page strip', async () => {
    const app = await makeTestApp();
    const target = (await app.storage.collection(articlesCollection).all()).find((x) => x.price.unit.publicationStatus === 20 && x.category === 'briller')!;
    const res = await request(app.app)
      .post('/v2/create-events')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ ...ctx, events: [{ event_type: 'purchase', transaction_id: 991, currency: 'DKK', products: [{ sku: target.skus[0]!.id, price: 100, quantity: 3 }], session_id: 'undefined' }] }))
      .expect(200);
    expect(res.body).toEqual({ success: true, stored: 1 });
    const top = (await request(app.app).post('/v2/recommend/products/general').send({ ...ctx, limit: 1 }).expect(200)).body;
    expect(top.displays[0].product_id).toBe(target.id);
    expect(await app.storage.collection(widgetEventsCollection).count()).toBe(1);
  });
});

describe('events and wire compatibility', () => {
  it('validates purchase events with the SPEC §8 messages and needs a market', async () => {
    const bad = await request(t.app).post('/v2/create-events').send({ ...ctx, events: [{ event_type: 'purchase', products: [{ sku: 'a', price: 1, quantity: 0 }] }] }).expect(422);
    expect(Object.values(bad.body.error.fields)).toEqual(expect.arrayContaining(['purchase event requires a transaction_id string or number', 'purchase event requires a currency string', 'purchase item requires a non-zero quantity']));
    const noMarket = await request(t.app).post('/v2/create-events').send({ tenant: 'x', events: [{ event_type: 'click', product_id: '1' }] }).expect(422);
    expect(noMarket.body.error.fields.market).toBe('Market not set');
  });

  it('takes a beacon array at /create-events, answers CORS for the shop only, and malformed text bodies with JSON', async () => {
    await request(t.app).post('/create-events').set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify([{ ...ctx, event_type: 'click', product_id: articles[0]!.id }])).expect(200);
    const pre = await request(t.app).options('/v2/search/results').set('Origin', 'http://shop.test').set('Access-Control-Request-Method', 'POST').expect(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://shop.test');
    const other = await request(t.app).post('/v2/search/results').set('Origin', 'https://evil.example').send({ ...ctx, query: 'x' }).expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const bad = await request(t.app).post('/v2/search/results').set('Content-Type', 'text/plain').send('{nope').expect(400);
    expect(bad.body.error.code).toBe('malformed_json');
    expect(bad.headers['content-type']).toMatch(/json/);
  });
});

describe('across API instances on one storage', () => {
  const general = async (app: TestApp) => (await request(app.app).post('/v2/recommend/products/general').send({ ...ctx, limit: 1 }).expect(200)).body.displays[0].product_id as string;
  const purchase = (app: TestApp, article: Article, quantity: number) =>
    request(app.app)
      .post('/v2/create-events')
      .send({ ...ctx, events: [{ event_type: 'purchase', transaction_id: 7, currency: 'DKK', products: [{ sku: article.skus[0]!.id, price: 100, quantity }] }] })
      .expect(200);

  it('events posted through one instance raise popularity on another once it refreshes', async () => {
    const a = await makeTestApp();
    const b = await makeTestApp({ storage: a.storage });
    const before = await general(b);
    const target = (await a.storage.collection(articlesCollection).all()).find((x) => x.price.unit.publicationStatus === 20 && x.category === 'briller' && x.id !== before)!;
    await purchase(a, target, 3);
    expect(await a.storage.collection(widgetPopularityCollection).get(target.id)).toEqual({ id: target.id, score: 30 });
    // The instance that took the events counts them itself; the other ranks by them from its next refresh on.
    expect(await general(a)).toBe(target.id);
    b.clock.advance(POPULARITY_REFRESH_MS - 1);
    expect(await general(b)).toBe(before);
    b.clock.advance(1);
    expect(await general(b)).toBe(target.id);
  });

  it('counts popular searches in storage: suggestions on another instance show them, read again after a few seconds', async () => {
    const a = await makeTestApp();
    const b = await makeTestApp({ storage: a.storage });
    const search = (query: string) => request(a.app).post('/v2/search/results').send({ ...ctx, query }).expect(200);
    const suggested = async (query: string) =>
      (await request(b.app).get('/v2/search/suggestions').query({ ...ctx, query }).expect(200)).body.suggestions.filter((s: { type: string }) => s.type === 'query').map((s: { title: string }) => s.title);
    for (const q of ['Solbriller', 'solbriller', 'SOLBRILLER', 'Kontaktlinser', 'ray-ban aviator', 'ray-ban aviator', 'x'.repeat(101)]) await search(q);
    expect(await suggested('')).toEqual(['solbriller', 'ray-ban aviator', 'kontaktlinser']);
    expect((await suggested('ray-b'))[0]).toBe('ray-ban aviator');
    expect(await a.storage.collection(widgetQueriesCollection).count()).toBe(3);

    for (let i = 0; i < 4; i++) await search('brille');
    // This instance's short cache answers until it is QUERY_CACHE_MS old.
    expect(await suggested('')).toEqual(['solbriller', 'ray-ban aviator', 'kontaktlinser']);
    b.clock.advance(QUERY_CACHE_MS);
    expect(await suggested('')).toEqual(['brille', 'solbriller', 'ray-ban aviator']);
  });
});

describe('widget housekeeping', () => {
  const click = (app: TestApp, productId: string) => request(app.app).post('/v2/create-events').send({ ...ctx, events: [{ event_type: 'click', product_id: productId }] }).expect(200);

  it('removes only events older than 90 days, and keeps their weight in popularity', async () => {
    const app = await makeTestApp();
    const [x, y] = (await app.storage.collection(articlesCollection).all()).filter((a) => a.price.unit.publicationStatus === 20);
    await click(app, x!.id);
    const oldAt = app.clock.now().toISOString();
    app.clock.advance(EVENT_RETENTION_MS - 60_000);
    await click(app, y!.id);
    app.clock.advance(2 * 60_000);
    expect(await app.services.widget.housekeeping()).toEqual({ counted: 0, events: 1, queries: 0 });
    const left = await app.storage.collection(widgetEventsCollection).all();
    expect(left.map((e) => e.event.product_id)).toEqual([y!.id]);
    expect(left.every((e) => e.at > oldAt)).toBe(true);
    expect(await app.storage.collection(widgetPopularityCollection).get(x!.id)).toEqual({ id: x!.id, score: 1 });
    expect(await app.services.widget.housekeeping()).toEqual({ counted: 0, events: 0, queries: 0 });
  });

  it('counts events stored before the popularity counters existed, once, and ignores ids outside the catalogue', async () => {
    const app = await makeTestApp();
    const x = (await app.storage.collection(articlesCollection).all()).find((a) => a.price.unit.publicationStatus === 20)!;
    const at = app.clock.now().toISOString();
    const old = (id: string, product_id: string) => ({ id, at, market: 'dk', tenant: 'profil-optik', event: providerEventSchema.parse({ event_type: 'add_to_cart', product_id }) });
    await app.storage.collection(widgetEventsCollection).putMany([old('e1', x.id), old('e2', x.id), old('e3', 'findes-ikke')]);
    expect(await app.services.widget.housekeeping()).toMatchObject({ counted: 3, events: 0 });
    expect(await app.storage.collection(widgetPopularityCollection).all()).toEqual([{ id: x.id, score: 6 }]);
    expect(await app.services.widget.housekeeping()).toMatchObject({ counted: 0 });
    expect(await app.storage.collection(widgetPopularityCollection).get(x.id)).toEqual({ id: x.id, score: 6 });
  });
});
