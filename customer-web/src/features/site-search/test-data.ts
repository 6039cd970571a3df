import { vi } from 'vitest';
import type { SiteSearchResponse } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import type { SearchKind } from './messages';

const empty = { data: [], hits: 0, limited: false };

export function emptyResponse(query: string): SiteSearchResponse {
  return { success: true, query, articles: empty, stores: empty, layoutPages: empty, cities: empty, categoryPages: empty };
}

const price = (amount: number, ordinaryPrice: number) => ({
  publicationStatus: 20 as const,
  currency: 'DKK' as const,
  isCampaign: amount < ordinaryPrice,
  ordinaryPrice,
  couponPrice: null,
  fromPrice: false,
  amount,
});

/** A small world: Aarhus has stores, "gucci" finds products, pages and a category. */
export function answer(q: string, s?: SearchKind): SiteSearchResponse {
  const query = q.toLowerCase();
  const r = emptyResponse(q);
  if (query.startsWith('aa')) {
    const stores = Array.from({ length: s === 'stores' ? 7 : 5 }, (_, i) => ({
      id: `s${i}`,
      name: `Profil Optik Aarhus ${i + 1}`,
      address: `Søndergade ${i + 1}, 8000 Aarhus C`,
      slug: `aarhus-${i + 1}`,
      url: `/find-butik/aarhus-${i + 1}`,
    }));
    r.stores = { data: stores, hits: 7, limited: s !== 'stores' };
    if (!s) r.cities = { data: [{ name: 'Aarhus C', postcode: '8000', storeCount: 7, url: '/find-butik?by=Aarhus%20C' }], hits: 1, limited: false };
  }
  if (query.startsWith('gu')) {
    r.articles = {
      data: [
        { id: 'a1', slug: 'gucci-gg0061s', name: 'Gucci GG0061S', packageName: null, brand: 'Gucci', category: 'solbriller', image: '/media/a1/sm.jpg', price: price(99900, 149900), url: '/produkt/gucci-gg0061s' },
        { id: 'a2', slug: 'gucci-gg0010o', name: 'Gucci GG0010O', packageName: 'Stel', brand: 'Gucci', category: 'briller', image: '/media/a2/sm.jpg', price: price(129900, 129900), url: '/produkt/gucci-gg0010o' },
      ],
      hits: 2,
      limited: false,
    };
    if (!s) {
      r.layoutPages = { data: [{ title: 'Gucci hos Profil Optik', url: '/om-gucci', image: '/media/pages/gucci.jpg' }], hits: 1, limited: false };
      r.categoryPages = { data: [{ title: 'Gucci – Solbriller', url: '/solbriller/gucci' }], hits: 1, limited: false };
    }
  }
  return r;
}

export function fakeSiteApi(impl: (q: string, s?: SearchKind) => ApiResult<SiteSearchResponse> = (q, s) => ({ ok: true, status: 200, data: answer(q, s) })) {
  return { siteSearch: vi.fn(async (q: string, s?: SearchKind) => impl(q, s)) };
}
