// @vitest-environment jsdom
// jsdom for its DOMParser: a strict XML parser that reports any malformed SVG.
import type { Article } from '@optik/shared';
import { describe, expect, it } from 'vitest';
import { generateArticles } from '../../seed/catalogue';
import { renderArticleSvg, renderFramePartSvg } from './svg';

const articles = generateArticles();
const FRAME_CATEGORIES = ['briller', 'solbriller', 'sportsbriller'];
const frames = articles.filter((a) => FRAME_CATEGORIES.includes(a.category));
const byCategory = (c: string) => articles.find((a) => a.category === c)!;

/** What the tests read of jsdom's XML document (the API is compiled without the DOM types). */
interface XmlDoc {
  documentElement: { localName: string };
  getElementsByTagName(name: string): ArrayLike<{ textContent: string | null }>;
}
const { DOMParser } = globalThis as unknown as { DOMParser: new () => { parseFromString(s: string, type: string): XmlDoc } };

function parse(svg: string): XmlDoc {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.localName).toBe('svg');
  return doc;
}
const body = (svg: string) => svg.slice(svg.indexOf('</title>'));
const texts = (doc: XmlDoc) => Array.from(doc.getElementsByTagName('text'), (t) => t.textContent ?? '');
/** A frame with some attributes changed (a copy: the seed is left alone). */
function variant(a: Article, change: Partial<Article['attributes']>, more: Partial<Article> = {}): Article {
  return { ...a, ...more, attributes: { ...a.attributes, ...change } };
}

describe('pictures drawn from the article (issue 16 item 7)', () => {
  it('every picture of the catalogue is well-formed XML, a few KB, and the same article always gives the same SVG', () => {
    const started = performance.now();
    const svgs = articles.map((a) => a.medias.map((_, i) => renderArticleSvg(a, i, 'md')));
    const count = svgs.flat().length;
    // Well under 5 ms a picture, even on a shared machine.
    expect((performance.now() - started) / count).toBeLessThan(5);
    articles.forEach((a, k) => {
      svgs[k]!.forEach((svg, i) => {
        expect(svg.length).toBeLessThan(8_000);
        expect(renderArticleSvg(structuredClone(a), i, 'md')).toBe(svg);
      });
    });
    const sample = [...new Set(articles.map((a) => `${a.category}/${a.attributes.subCategory}/${a.attributes.material}/${a.attributes.shape}`))].map((k) => articles.find((a) => `${a.category}/${a.attributes.subCategory}/${a.attributes.material}/${a.attributes.shape}` === k)!);
    for (const a of sample) for (let i = 0; i < a.medias.length; i++) parse(renderArticleSvg(a, i, 'xl'));
    for (const a of frames.slice(0, 50)) for (const part of ['front', 'temple'] as const) parse(renderFramePartSvg(a, part));
  });

  it('listings do not look alike: the front pictures of the seeded frames are nearly all different', () => {
    const fronts = new Set(frames.map((a) => body(renderArticleSvg(a, 0, 'md'))));
    expect(fronts.size).toBeGreaterThan(frames.length * 0.9);
  });

  it('a frame changes picture with its shape, colour, material, lens size, bridge, price and (sunglasses) polarisation', () => {
    const a = frames.find((x) => x.category === 'briller' && x.attributes.material === 'acetat' && x.attributes.shape === 'firkantet' && x.attributes.color === 'sort')!;
    const front = (x: Article) => body(renderArticleSvg(x, 0, 'md'));
    const base = front(a);
    const changed = [
      variant(a, { shape: 'rund' }),
      variant(a, { shape: 'cat-eye' }),
      variant(a, { color: 'rød' }),
      variant(a, { material: 'titanium' }),
      variant(a, {}, { specification: { ...a.specification, width: (a.specification.width ?? 50) + 4 } }),
      variant(a, {}, { skus: [{ ...a.skus[0]!, name: '50-22-145', size: '50-22-145' }] }),
      variant(a, {}, { price: { ...a.price, unit: { ...a.price.unit, ordinaryPrice: a.price.unit.ordinaryPrice >= 200_000 ? 90_000 : 360_000 } } }),
    ].map(front);
    for (const c of changed) expect(c).not.toBe(base);
    expect(new Set(changed).size).toBe(changed.length);
    const sun = frames.find((x) => x.category === 'solbriller' && !x.attributes.polarized)!;
    expect(front(variant(sun, { polarized: true }))).not.toBe(front(sun));
  });

  it('the three frame views differ: front, side (temple and the front edge-on) and turned (both temples)', () => {
    for (const a of frames.slice(0, 40)) {
      const [front, side, angled] = [0, 1, 2].map((i) => body(renderArticleSvg(a, i, 'md')));
      expect(new Set([front, side, angled]).size).toBe(3);
      // The turned view draws the front once and a temple on each side of it, placed in perspective.
      expect(angled!.match(/<g transform="matrix\(/g)).toHaveLength(3);
    }
  });

  it('looks its material and price: tortoise acetate is patterned, metal has a metallic sheen and nose pads, dear frames carry the brand on the temple', () => {
    const havana = frames.find((x) => x.attributes.material === 'acetat' && x.attributes.color === 'havana')!;
    const metal = frames.find((x) => x.attributes.material === 'titanium' && x.category === 'briller')!;
    expect(renderArticleSvg(havana, 0, 'md')).toContain('<pattern id="fm"');
    const metalFront = renderArticleSvg(metal, 0, 'md');
    expect(metalFront).toContain('<linearGradient id="fm"');
    expect(metalFront).not.toContain('<pattern');
    expect(metalFront).toMatch(/<ellipse [^>]*rx="3.5" ry="7"/); // nose pads
    // A thin titanium rim against a thick acetate one.
    const rimWidth = (svg: string) => Number(/stroke="url\(#fm\)" stroke-linejoin="round" stroke-width="([\d.]+)"/.exec(svg)?.[1]);
    expect(rimWidth(metalFront)).toBeLessThan(3);
    expect(rimWidth(renderArticleSvg(havana, 0, 'md'))).toBeGreaterThan(6);
    const dear = { ...havana, brand: 'Tom Ford', price: { ...havana.price, unit: { ...havana.price.unit, ordinaryPrice: 360_000 } } };
    const cheap = { ...dear, price: { ...dear.price, unit: { ...dear.price.unit, ordinaryPrice: 90_000 } } };
    expect(texts(parse(renderArticleSvg(dear, 1, 'md')))).toContain('TOM FORD');
    expect(texts(parse(renderArticleSvg(cheap, 1, 'md')))).not.toContain('TOM FORD');
  });

  it('sunglasses get tinted gradient lenses, glasses clear ones, sports glasses a wraparound mirror', () => {
    const lensStops = (svg: string) => /<linearGradient id="fl"[^>]*><stop offset="0" stop-color="(#\w+)"\/><stop offset="1" stop-color="(#\w+)"/.exec(svg)!.slice(1);
    const sun = frames.find((x) => x.category === 'solbriller')!;
    const clear = frames.find((x) => x.category === 'briller')!;
    const sport = frames.find((x) => x.category === 'sportsbriller')!;
    const [top, bottom] = lensStops(renderArticleSvg(sun, 0, 'md'));
    expect(top).not.toBe(bottom);
    expect(lensStops(renderArticleSvg(clear, 0, 'md'))).toEqual(['#eef5fa', '#dbe7ef']);
    expect(renderArticleSvg(sun, 0, 'md')).toMatch(/fill="url\(#fl\)" fill-opacity="0.9"/);
    expect(renderArticleSvg(sport, 0, 'md')).toContain('<linearGradient id="fr"');
  });

  it('prints brand and product name on lens boxes and eye care, on the front and the turned box', () => {
    for (const a of [byCategory('kontaktlinser'), byCategory('oejenpleje'), articles.find((x) => x.attributes.subCategory === 'linsevæske')!]) {
      for (let i = 0; i < a.medias.length; i++) {
        const printed = texts(parse(renderArticleSvg(a, i, 'md'))).join(' ');
        expect(printed.toUpperCase()).toContain(a.brand.toUpperCase());
        // The name's first words are printed (long names wrap over two lines).
        expect(printed).toContain(a.name.split(' ').slice(0, 2).join(' ').replace(a.brand, '').trim());
      }
    }
    const lens = byCategory('kontaktlinser');
    expect(texts(parse(renderArticleSvg(lens, 0, 'md')))).toContain(`${lens.packageAmount} linser`);
  });

  it('escapes brand and name printed on packaging and temples: markup in them stays text', () => {
    const evil = `X<&"'</text><script>alert(1)</script>`;
    const cases: [Article, number][] = [
      [{ ...byCategory('kontaktlinser'), brand: evil, name: `${evil} Oasys` }, 0],
      [{ ...byCategory('kontaktlinser'), brand: evil, name: `${evil} Oasys` }, 1],
      [{ ...byCategory('oejenpleje'), brand: evil, name: evil }, 0],
      [{ ...articles.find((x) => x.attributes.subCategory === 'linsevæske')!, brand: evil, name: evil }, 0],
      [{ ...articles.find((x) => x.attributes.subCategory === 'etuier')!, brand: evil, name: evil }, 0],
      [{ ...frames.find((x) => x.attributes.material === 'acetat' && x.price.unit.ordinaryPrice >= 200_000)!, brand: evil, name: evil }, 1],
    ];
    for (const [a, i] of cases) {
      const doc = parse(renderArticleSvg(a, i, 'md'));
      expect(doc.getElementsByTagName('script')).toHaveLength(0);
      expect(doc.getElementsByTagName('title')[0]!.textContent).toBe(a.medias[i]!.alt);
      const printed = texts(doc).join(' ');
      expect(printed.toLowerCase()).toContain(`x<&"'`);
    }
  });

  it('an attribute value that names an object property draws the default colour, not the property', () => {
    const a = frames[0]!;
    for (const color of ['constructor', '__proto__', 'toString']) {
      const svg = renderArticleSvg(variant(a, { color, shape: 'hasOwnProperty', material: 'valueOf' }), 0, 'md');
      parse(svg);
      expect(svg).not.toMatch(/function|native code|\[object/);
    }
  });
});
