import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { siteSearchResponseSchema } from '@optik/shared';
import { makeTestApp } from '../../test/harness';
import { foldDanish } from '@optik/shared';
import { stemDanish, tokenizeDanish } from './danish';

async function search(q: string, extra: Record<string, string> = {}) {
  const t = await makeTestApp();
  const res = await request(t.app).get('/api/site/search').query({ q, ...extra }).expect(200);
  return siteSearchResponseSchema.parse(res.body);
}

describe('Danish text processing', () => {
  it('folds æ ø å and accents, stems plural/definite forms, splits hyphens', () => {
    expect(foldDanish('Øjenpleje Æble Århus Café')).toBe('oejenpleje aeble aarhus cafe');
    expect(stemDanish('brillerne')).toBe(stemDanish('briller'));
    expect(stemDanish('brillen')).toBe(stemDanish('brille'));
    expect(tokenizeDanish('Ray-Ban RB5154')).toEqual(['Ray', 'Ban', 'RayBan', 'RB5154']);
  });
});

describe('GET /api/site/search', () => {
  it('answers a 1-character query with an empty result, not an error', async () => {
    const r = await search('g');
    expect(r.success).toBe(true);
    expect(r.articles.hits + r.stores.hits + r.layoutPages.hits + r.cities.hits + r.categoryPages.hits).toBe(0);
  });

  it('finds articles by brand with totals and a limited flag', async () => {
    const r = await search('gucci');
    expect(r.articles.data.length).toBeGreaterThan(0);
    expect(r.articles.data.every((a) => a.brand === 'Gucci')).toBe(true);
    expect(r.articles.hits).toBeGreaterThan(r.articles.data.length);
    expect(r.articles.limited).toBe(true);
    expect(r.categoryPages.data.map((c) => c.url)).toContain('/briller/gucci');
  });

  it('tolerates typos and missing hyphens', async () => {
    expect((await search('oakly')).articles.data[0]?.brand).toBe('Oakley');
    expect((await search('rayban')).articles.data[0]?.brand).toBe('Ray-Ban');
    expect((await search('solbriler')).categoryPages.data.map((c) => c.url)).toContain('/solbriller');
  });

  it('matches Danish letters typed without a Danish keyboard', async () => {
    const a = await search('øjenpleje');
    const b = await search('oejenpleje');
    expect(a.categoryPages.data[0]?.url).toBe('/oejenpleje');
    expect(b.categoryPages.data[0]?.url).toBe('/oejenpleje');
  });

  it('groups stores and cities', async () => {
    const r = await search('aarhus');
    expect(r.stores.data.length).toBeGreaterThan(0);
    expect(r.stores.data[0]!.address).toMatch(/\d{4} Aarhus/);
    expect(r.cities.data.map((c) => c.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Aarhus/)]));
  });

  it('restricts to one kind when s is given', async () => {
    const r = await search('gucci', { s: 'stores' });
    expect(r.articles.hits).toBe(0);
    const p = await search('gucci', { s: 'products' });
    expect(p.stores.hits).toBe(0);
    expect(p.articles.data.length).toBeGreaterThan(8);
  });

  it('finds content pages', async () => {
    const r = await search('privatlivspolitik');
    expect(r.layoutPages.data.map((p) => p.url)).toContain('/privatlivspolitik');
  });
});
