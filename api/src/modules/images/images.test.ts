import request from 'supertest';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../../test/harness';
import { escapeXml, renderArticleSvg, renderFramePartSvg } from './svg';
import { generateArticles } from '../../seed/catalogue';
import { articlesCollection } from '../catalogue/records';

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

  it('sharp rasterises every view of every kind of article at every SPEC §9 width', async () => {
    const widths = { xs: 75, sm: 145, md: 285, lg: 570, xl: 1180 } as const;
    const kinds = new Map<string, (typeof articles)[number]>();
    for (const a of articles) {
      const key = `${a.category}/${a.attributes.subCategory ?? ''}/${a.attributes.material ?? ''}`;
      if (!kinds.has(key)) kinds.set(key, a);
    }
    for (const a of kinds.values()) {
      for (let i = 0; i < a.medias.length; i++) {
        for (const [size, width] of Object.entries(widths)) {
          const png = await sharp(Buffer.from(renderArticleSvg(a, i, size as keyof typeof widths))).png().toBuffer();
          const meta = await sharp(png).metadata();
          expect([meta.width, meta.height]).toEqual([width, Math.round(width / 2)]);
        }
        // Something is drawn: the picture is not one flat colour.
        const stats = await sharp(Buffer.from(renderArticleSvg(a, i, 'sm'))).stats();
        expect(stats.channels.some((c) => c.max - c.min > 60)).toBe(true);
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

describe('frame parts for the 3D view and the try-on (SPEC §1)', () => {
  const frames = articles.filter((a) => ['briller', 'solbriller', 'sportsbriller'].includes(a.category));
  const afterTitle = (svg: string) => svg.slice(svg.indexOf('</title>') + '</title>'.length, -'</svg>'.length);

  it('draws the front exactly as the front picture, on a transparent background', () => {
    for (const a of frames.slice(0, 30)) {
      const part = renderFramePartSvg(a, 'front');
      const picture = renderArticleSvg(a, 0, 'md');
      expect(part.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(part).not.toContain('<rect width="400" height="200"');
      // The picture is the background plus the very same front drawing.
      expect(afterTitle(picture)).toBe(`<rect width="400" height="200" fill="#f7f7f5"/>${afterTitle(part)}`);
      expect(part).toContain(`<title>${escapeXml(a.name)}, brillefronten</title>`);
    }
  });

  it('draws one temple arm as in the side picture, hinge end at (70, 90), without the front edge', () => {
    for (const a of frames.slice(0, 30)) {
      const temple = renderFramePartSvg(a, 'temple');
      // The temple starts at its hinge, the left edge of the part's box at the hinge height.
      expect(temple).toMatch(/M7[02] (90|8\d(\.\d)?) /);
      expect(temple).toContain('viewBox="70 60 276 88"');
      expect(temple).not.toContain('fill="#f7f7f5"');
      // The side picture draws the very same temple, then the front edge-on in front of it.
      const side = renderArticleSvg(a, 1, 'md');
      expect(side).toContain(afterTitle(temple));
      expect(afterTitle(side).endsWith(afterTitle(temple))).toBe(false);
    }
  });

  it('keeps every drawn part inside its box: nothing is cut off at the edges the 3D view joins', async () => {
    for (const a of frames.filter((_, i) => i % 6 === 0)) {
      for (const part of ['front', 'temple'] as const) {
        const { data, info } = await sharp(Buffer.from(renderFramePartSvg(a, part))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        const opaque = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]! > 40;
        const edge: boolean[] = [];
        for (let x = 0; x < info.width; x++) edge.push(opaque(x, 0), opaque(x, info.height - 1));
        // The temple's left edge is its hinge end, drawn up to the edge on purpose.
        for (let y = 0; y < info.height; y++) edge.push(part === 'front' && opaque(0, y), opaque(info.width - 1, y));
        expect(edge.some(Boolean), `${a.id} ${part}`).toBe(false);
      }
    }
  });

  it('serves both parts with caching headers and a 304 on a matching ETag', async () => {
    const t = await makeTestApp();
    const a = (await t.storage.collection(articlesCollection).all()).find((x) => x.category === 'solbriller')!;
    for (const part of ['front', 'temple'] as const) {
      const res = await request(t.app).get(`/media/articles/${a.id}/parts/${part}.svg`).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toContain('max-age');
      expect((res.body as Buffer).toString('utf8')).toBe(renderFramePartSvg(a, part));
      await request(t.app).get(`/media/articles/${a.id}/parts/${part}.svg`).set('If-None-Match', res.headers.etag!).expect(304);
    }
  });

  it('answers 404 JSON for an unknown article, a non-frame article and an unknown part', async () => {
    const t = await makeTestApp();
    const all = await t.storage.collection(articlesCollection).all();
    const frame = all.find((x) => x.category === 'briller')!;
    const lens = all.find((x) => x.category === 'kontaktlinser')!;
    for (const path of [
      '/media/articles/a-99999/parts/front.svg',
      `/media/articles/${lens.id}/parts/front.svg`,
      `/media/articles/${lens.id}/parts/temple.svg`,
      `/media/articles/${frame.id}/parts/lens.svg`,
      `/media/articles/${frame.id}/parts/front.png`,
    ]) {
      const res = await request(t.app).get(path).expect(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'Billedet blev ikke fundet.' });
    }
  });
});

describe('GET /v2/image (resize service)', () => {
  it('rasterises a product picture to the asked format and width, with an ETag', async () => {
    const t = await makeTestApp();
    const a = (await t.storage.collection(articlesCollection).all())[0]!;
    const url = a.medias[0]!.lg;
    for (const [format, type, magic] of [['webp', 'image/webp', 'RIFF'], ['png', 'image/png', '\x89PNG'], ['jpeg', 'image/jpeg', '\xff\xd8']] as const) {
      const res = await request(t.app).get('/v2/image').query({ format, url, width: 200 }).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(res.headers['content-type']).toBe(type);
      const body = res.body as Buffer;
      expect(body.subarray(0, magic.length).toString('latin1')).toBe(magic);
      const meta = await sharp(body).metadata();
      // 200 is made at the ladder width above it.
      expect(meta.width).toBe(256);
      await request(t.app).get('/v2/image').query({ format, url, width: 200 }).set('If-None-Match', res.headers.etag!).expect(304);
    }
  });

  it('refuses other hosts, unknown paths and widths outside 64–4096 with JSON errors', async () => {
    const t = await makeTestApp();
    const a = (await t.storage.collection(articlesCollection).all())[0]!;
    const elsewhere = await request(t.app).get('/v2/image').query({ format: 'webp', url: `https://evil.example${a.medias[0]!.md}`, width: 100 }).expect(400);
    expect(elsewhere.body.error.fields.url).toMatch(/egne billeder/);
    await request(t.app).get('/v2/image').query({ format: 'webp', url: `http://shop.test${a.medias[0]!.md}`, width: 100 }).expect(200);
    await request(t.app).get('/v2/image').query({ format: 'webp', url: '/etc/passwd', width: 100 }).expect(400);
    expect((await request(t.app).get('/v2/image').query({ format: 'gif', url: a.medias[0]!.md, width: 100 }).expect(400)).body.error.fields.format).toBe('Formatet skal være webp, jpeg eller png.');
    expect((await request(t.app).get('/v2/image').query({ format: 'png', url: a.medias[0]!.md, width: 63 }).expect(400)).body.error.fields.width).toBe('Bredden skal være mindst 64.');
    await request(t.app).get('/v2/image').query({ format: 'png', url: a.medias[0]!.md, width: 4097 }).expect(400);
    await request(t.app).get('/v2/image').query({ format: 'png', url: '/media/articles/nope/0/md.svg', width: 100 }).expect(404);
  });
});
