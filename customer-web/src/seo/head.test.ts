import { describe, expect, it } from 'vitest';
import type { CategoryNode, Store } from '@optik/shared';
import { sunglasses } from '../features/product/test-data';
import { categoryHead, contentHead, homeHead, injectHead, notFoundHead, productHead, storeHead } from './head';

const ORIGIN = 'https://www.profil-optik.example';
const TREE: CategoryNode[] = [
  { path: '/solbriller', title: 'Solbriller', kind: 'category', count: 2, children: [{ path: '/solbriller/ray-ban', title: 'Ray-Ban', kind: 'brand', count: 1 }] },
] as CategoryNode[];
const SHELL = '<!doctype html><html lang="da"><head><meta name="description" content="Shop" /><title>Profil Optik – briller, solbriller og kontaktlinser</title></head><body><div id="root"></div></body></html>';

/** The page's parsed head: its tags by property or name, and its schema.org objects. */
function read(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const meta = (k: string) => doc.querySelector(`meta[property="${k}"], meta[name="${k}"]`)?.getAttribute('content') ?? null;
  const ld = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!) as Record<string, unknown>);
  return { doc, meta, ld, title: doc.title, canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null };
}

describe("a public page's head in its HTML (issue 19)", () => {
  it('a product: name, price in DKK, first picture as JPEG, availability, Product + Offer and breadcrumbs', () => {
    const a = sunglasses({ price: { unit: { publicationStatus: 20, currency: 'DKK', isCampaign: true, ordinaryPrice: 129_900, couponPrice: null, fromPrice: false, amount: 99_950 }, subscription: null } });
    const h = read(injectHead(SHELL, productHead(ORIGIN, a, TREE)));
    expect(h.title).toBe('Ray-Ban Aviator – Profil Optik');
    expect(h.meta('description')).toBe('Klassiske pilotbriller i guld. 999,50\u00a0kr.');
    expect(h.canonical).toBe(`${ORIGIN}/produkt/ray-ban-aviator-guld`);
    expect(h.meta('og:type')).toBe('product');
    expect(h.meta('og:image')).toBe(`${ORIGIN}/v2/image?url=%2Fmedia%2Farticles%2Fa-00001%2F0%2Fxl.svg&width=1024&format=jpeg`);
    expect(h.meta('twitter:card')).toBe('summary_large_image');
    expect(h.meta('product:price:amount')).toBe('999.50');
    expect(h.meta('product:price:currency')).toBe('DKK');
    // Without scripts (as DOMParser reads it), the page's heading, picture and price are there.
    expect(h.doc.querySelector('noscript h1')!.textContent).toBe('Ray-Ban Aviator');
    expect(h.doc.querySelector('noscript strong')!.textContent).toBe('999,50\u00a0kr.');
    const [product, crumbs] = h.ld;
    expect(product).toMatchObject({ '@type': 'Product', name: 'Ray-Ban Aviator', brand: { name: 'Ray-Ban' }, offers: { '@type': 'Offer', price: '999.50', priceCurrency: 'DKK', availability: 'https://schema.org/InStock' } });
    expect((crumbs!.itemListElement as { name: string; item: string }[]).map((c) => [c.name, c.item])).toEqual([
      ['Forside', `${ORIGIN}/`],
      ['Solbriller', `${ORIGIN}/solbriller`],
      ['Ray-Ban', `${ORIGIN}/solbriller/ray-ban`],
      ['Ray-Ban Aviator', `${ORIGIN}/produkt/ray-ban-aviator-guld`],
    ]);
  });

  it('a product with no stock left is out of stock', () => {
    const a = sunglasses();
    const head = productHead(ORIGIN, { ...a, skus: a.skus.map((s) => ({ ...s, stock: 0 })) }, TREE);
    expect(head.og['product:availability']).toBe('out of stock');
    expect(head.jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('escapes what comes from the catalogue: a name cannot end the script or an attribute', () => {
    const html = injectHead(SHELL, productHead(ORIGIN, sunglasses({ name: 'Evil</script><script>alert(1)</script>"', description: 'a "b" <c>' }), TREE));
    const h = read(html);
    expect(h.doc.querySelectorAll('script')).toHaveLength(2);
    expect(h.ld[0]!.name).toBe('Evil</script><script>alert(1)</script>"');
    expect(h.meta('og:description')).toBe('a "b" <c> 1.299,00\u00a0kr.');
    expect(html).not.toContain('<script>alert');
  });

  it('a catalogue page without JavaScript: its heading, text and first products with links and prices, also as an ItemList', () => {
    const first = [
      { product_id: 'a-00001', title: 'Aviator', brand: 'Ray-Ban', page_url: '/produkt/ray-ban-aviator-guld', image_url: '/media/articles/a-00001/0/md.svg', original_price: 1299, sale_price: 999 },
      { product_id: 'a-00002', title: 'Wayfarer <Ltd>', brand: null, page_url: '/produkt/wayfarer', original_price: 1100, sale_price: 1100 },
    ] as never[];
    const head = categoryHead(ORIGIN, '/solbriller/ray-ban', TREE, first)!;
    const html = injectHead(SHELL, head);
    const fallback = new DOMParser().parseFromString(/<noscript>(.*)<\/noscript>/s.exec(html)![1]!, 'text/html');
    expect(fallback.querySelector('h1')!.textContent).toBe('Ray-Ban');
    expect([...fallback.querySelectorAll('li a[href^="/produkt/"]')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/produkt/ray-ban-aviator-guld', 'Ray-Ban Aviator'],
      ['/produkt/wayfarer', 'Wayfarer <Ltd>'],
    ]);
    expect([...fallback.querySelectorAll('li strong')].map((p) => p.textContent)).toEqual(['999,00\u00a0kr.', '1.100,00\u00a0kr.']);
    expect(head.jsonLd[1]).toMatchObject({ '@type': 'ItemList', itemListElement: [{ position: 1, url: `${ORIGIN}/produkt/ray-ban-aviator-guld` }, { position: 2 }] });
    // With scripts on, the app's root is empty as before: the fallback is not rendered.
    expect(html).toContain('<div id="root"></div><noscript>');
  });

  it('a category and a brand page: title, description and breadcrumbs; an unknown path is none', () => {
    const brand = categoryHead(ORIGIN, '/solbriller/ray-ban', TREE)!;
    expect(brand.title).toBe('Ray-Ban – Profil Optik');
    expect(brand.description).toContain('Ray-Ban hos Profil Optik');
    expect((brand.jsonLd[0] as { itemListElement: { name: string }[] }).itemListElement.map((c) => c.name)).toEqual(['Forside', 'Solbriller', 'Ray-Ban']);
    expect((categoryHead(ORIGIN, '/solbriller', TREE)!.jsonLd[0] as { itemListElement: unknown[] }).itemListElement).toHaveLength(2);
    expect(categoryHead(ORIGIN, '/kontakt-os', TREE)).toBeNull();
  });

  it('a store page: an Optician with address, phone and opening hours (closed days left out)', () => {
    const store = {
      id: 'st-014', slug: 'roskilde', name: 'Profil Optik Roskilde', street: 'Algade 31', postcode: '4000', city: 'Roskilde', region: 'Region Sjælland', phone: '33127469', email: 'roskilde@profil-optik.example', lat: 55.64, lng: 12.08,
      openingHours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '10:00', close: '17:30' })).concat([{ day: 6, open: '10:00', close: '14:00' }, { day: 7, open: null, close: null }] as never),
      services: ['synstest'],
    } as Store;
    const head = storeHead(ORIGIN, '/find-butik/roskilde', store);
    expect(head.fallback).toContain('<h1>Profil Optik Roskilde</h1><p>Algade 31, 4000 Roskilde</p>');
    expect(head.fallback).toContain('<li>Lørdag: 10.00–14.00</li>');
    const [optician] = head.jsonLd as Record<string, unknown>[];
    expect(optician).toMatchObject({ '@type': 'Optician', name: 'Profil Optik Roskilde', telephone: '+4533127469', address: { streetAddress: 'Algade 31', postalCode: '4000', addressLocality: 'Roskilde', addressCountry: 'DK' } });
    const hours = optician!.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
    expect(hours).toHaveLength(6);
    expect(hours[5]).toEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '10:00', closes: '14:00' });
  });

  it('a content page with questions carries its FAQPage; the home page its site search', () => {
    const faq = contentHead(ORIGIN, { slug: 'ofte-stillede-spoergsmaal', url: '/ofte-stillede-spoergsmaal', title: 'Ofte stillede spørgsmål', summary: 'Svar.', body: ['? Hvor lang er leveringstiden?', '1–2 hverdage.'] } as never);
    expect(faq.jsonLd[0]).toMatchObject({ '@type': 'FAQPage', mainEntity: [{ name: 'Hvor lang er leveringstiden?', acceptedAnswer: { text: '1–2 hverdage.' } }] });
    expect(faq.fallback).toBe('<h1>Ofte stillede spørgsmål</h1><p>Svar.</p><h3>Hvor lang er leveringstiden?</h3><p>1–2 hverdage.</p>');
    expect(homeHead(ORIGIN).jsonLd[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { target: `${ORIGIN}/search?q={search_term_string}` } });
    expect(homeHead(ORIGIN).title).toBe('Profil Optik');
  });

  it('a page not found says so in Danish in its HTML, is not indexed and has no canonical address', () => {
    const h = read(injectHead(SHELL, notFoundHead()));
    expect(h.title).toBe('Siden blev ikke fundet – Profil Optik');
    expect(h.doc.querySelector('#root h1')?.textContent).toBe('Siden blev ikke fundet');
    expect(h.meta('robots')).toBe('noindex');
    expect(h.canonical).toBeNull();
  });
});
