import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../../test/harness';
import { escapeXml, renderArticleSvg } from './svg';
import { generateArticles } from '../../seed/catalogue';

const articles = generateArticles();

describe('generated product images', () => {
  it('draws every category at the SPEC §9 widths as well-formed SVG', () => {
    const widths = { xs: 75, sm: 145, md: 285, lg: 570, xl: 1180 } as const;
    for (const category of new Set(articles.map((a) => a.category))) {
      const a = articles.find((x) => x.category === category)!;
      for (const [size, width] of Object.entries(widths)) {
        const svg = renderArticleSvg(a, 0, size as keyof typeof widths);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg).toContain(`width="${width}"`);
        expect(svg).toContain(`<title>${escapeXml(a.medias[0]!.alt)}</title>`);
      }
    }
  });

  it('escapes text', () => {
    expect(escapeXml(`Face à Face <"Bocca"> & 'co'`)).toBe('Face à Face &lt;&quot;Bocca&quot;&gt; &amp; &apos;co&apos;');
  });

  it('serves images with caching headers and a 304 on a matching ETag; 404 JSON otherwise', async () => {
    const t = await makeTestApp();
    const a = articles[0]!;
    const res = await request(t.app).get(`/media/articles/${a.id}/0/md.svg`).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('max-age');
    await request(t.app).get(`/media/articles/${a.id}/0/md.svg`).set('If-None-Match', res.headers.etag!).expect(304);
    const missing = await request(t.app).get(`/media/articles/${a.id}/9/md.svg`).expect(404);
    expect(missing.body.error.code).toBe('not_found');
    await request(t.app).get(`/media/articles/${a.id}/0/huge.svg`).expect(404);
    await request(t.app).get('/media/articles/a-99999/0/md.svg').expect(404);
  });
});
