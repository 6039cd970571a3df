import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, articleResponseSchema, categoriesResponseSchema, categorySchema, storesResponseSchema } from '@optik/shared';
import { makeTestApp } from '../../test/harness';
import { articlesCollection } from './records';

describe('catalogue calls', () => {
  it('GET /api/article/{id} answers the article in `data`, also by slug', async () => {
    const t = await makeTestApp();
    const [first] = await t.storage.collection(articlesCollection).all();
    const byId = await request(t.app).get(`/api/article/${first!.id}`).expect(200);
    expect(articleResponseSchema.parse(byId.body).data.id).toBe(first!.id);
    const bySlug = await request(t.app).get(`/api/article/${encodeURIComponent(first!.slug)}`).expect(200);
    expect(bySlug.body.data.id).toBe(first!.id);
  });

  it('answers an unknown article id with 404 JSON', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/api/article/a-99999999').expect(404);
    const body = apiErrorSchema.parse(res.body);
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toBe('Produktet blev ikke fundet.');
  });

  it('lists every main category with counts and its seeded sub-routes', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/api/catalogue/categories').expect(200);
    const { data } = categoriesResponseSchema.parse(res.body);
    expect(data.map((c) => c.path.slice(1)).sort()).toEqual([...categorySchema.options].sort());
    for (const c of data) expect(c.count).toBeGreaterThan(0);
    const briller = data.find((c) => c.path === '/briller')!;
    expect(briller.children.map((c) => c.path)).toEqual(expect.arrayContaining(['/briller/gucci', '/briller/runde', '/briller/barn']));
  });

  it('pages the articles of one route', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/api/catalogue/articles').query({ route: '/solbriller/ray-ban', limit: 3 }).expect(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.total).toBeGreaterThan(3);
    for (const a of res.body.data) expect(a.routes).toContain('/solbriller/ray-ban');
    await request(t.app).get('/api/catalogue/articles').query({ limit: 'many' }).expect(400);
  });

  it('lists stores and serves content pages with slashes in the slug', async () => {
    const t = await makeTestApp();
    const stores = storesResponseSchema.parse((await request(t.app).get('/api/stores').expect(200)).body);
    expect(stores.data.length).toBeGreaterThanOrEqual(40);
    const page = await request(t.app).get('/api/pages/om-os/tilg%C3%A6ngelighed').expect(200);
    expect(page.body.data.url).toBe('/om-os/tilgængelighed');
    await request(t.app).get('/api/pages/findes-ikke').expect(404);
  });
});

describe('sitemap and robots', () => {
  it('lists catalogue routes, content pages, stores and sellable products on the shop origin, and keeps private paths out', async () => {
    const t = await makeTestApp();
    const sitemap = await request(t.app).get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain('http://shop.test/solbriller');
    expect(locs).toContain('http://shop.test/solbriller/ray-ban');
    expect(locs).toContain(`http://shop.test/${encodeURIComponent('tilbehør-briller')}`);
    expect(locs.some((l) => l.startsWith('http://shop.test/produkt/'))).toBe(true);
    expect(locs.some((l) => l.startsWith('http://shop.test/find-butik/'))).toBe(true);
    expect(locs.some((l) => /shop\.test\/(checkout|min-konto|betal)(\/|$)/.test(l))).toBe(false);
    const robots = await request(t.app).get('/robots.txt').expect(200);
    expect(robots.text).toContain('Disallow: /checkout');
    expect(robots.text).toContain('Sitemap: http://shop.test/sitemap.xml');
  });
});
