import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ProductDisplay } from '@optik/shared';
import { WidgetProvider, type WidgetApi, type WidgetLocation, type WidgetNavigateOptions } from './provider';

/** Test helpers of the widget: a fake /v2 client over a small catalogue, and an in-memory history as the host router. */

type SearchBody = Parameters<WidgetApi['searchResults']>[0];
type ListingBody = Parameters<WidgetApi['productListing']>[0];
type SuggestBody = Parameters<WidgetApi['suggestions']>[0];
type SearchResults = Awaited<ReturnType<WidgetApi['searchResults']>>;
type Listing = Awaited<ReturnType<WidgetApi['productListing']>>;
type Suggestions = Awaited<ReturnType<WidgetApi['suggestions']>>;
type Recommendations = Awaited<ReturnType<WidgetApi['recommend']>>;

export interface FakeProduct extends ProductDisplay {
  polarized: boolean;
}

export function product(i: number, over: Partial<FakeProduct> = {}): FakeProduct {
  const brand = i % 3 === 0 ? 'Gucci' : 'Ray-Ban';
  return {
    product_id: `p${i}`,
    title: `${brand} model ${i}`,
    brand,
    sub_heading_1: brand,
    sub_heading_2: 'Solbriller',
    image_url: `/media/articles/p${i}/0/md.svg`,
    original_price: 1000 + i * 10,
    sale_price: 1000 + i * 10,
    page_url: `/produkt/model-${i}`,
    polarized: i % 2 === 0,
    ...over,
  };
}

/** 30 products: every third is Gucci, every second polarised. */
export const CATALOGUE: FakeProduct[] = Array.from({ length: 30 }, (_, i) => product(i + 1));

const SORTS = [
  { field: 'relevance', order: 'desc' as const, title: 'Relevans' },
  { field: 'price', order: 'asc' as const, title: 'Pris: lav til høj' },
  { field: 'price', order: 'desc' as const, title: 'Pris: høj til lav' },
];

function matches(p: FakeProduct, filters: readonly { field: string; op: string; data?: unknown }[]): boolean {
  return filters.every((f) => {
    if (f.field === 'polarized') return f.op === 'eq' ? p.polarized === f.data : true;
    if (f.field === 'brand') return Array.isArray(f.data) ? f.data.includes(p.brand) : p.brand === f.data;
    if (f.field === 'price' && f.op === 'inrange' && Array.isArray(f.data)) return p.sale_price >= Number(f.data[0]) && p.sale_price <= Number(f.data[1]);
    return true;
  });
}

/** The catalogue as the provider would answer: text match on the title, filters, sorting, cursor = offset. */
export function answerSearch(body: SearchBody | ListingBody, all: readonly FakeProduct[] = CATALOGUE): SearchResults {
  const q = ('query' in body ? (body.query ?? '') : '').toLowerCase().replace('-', '');
  const base = all.filter((p) => !q || p.title.toLowerCase().replace('-', '').includes(q));
  const hits = base.filter((p) => matches(p, body.filters ?? []));
  if (body.sorting?.field === 'price') hits.sort((a, b) => (body.sorting!.order === 'asc' ? a.sale_price - b.sale_price : b.sale_price - a.sale_price));
  const offset = body.cursor ? Number(body.cursor) : 0;
  const limit = body.limit ?? 20;
  const page = hits.slice(offset, offset + limit);
  const next = offset + page.length < hits.length ? String(offset + page.length) : null;
  const count = (pred: (p: FakeProduct) => boolean) => base.filter((p) => pred(p) && matches(p, (body.filters ?? []).filter((f) => f.field !== 'polarized'))).length;
  return {
    n_hits: hits.length,
    displays: page.map(({ polarized: _polarized, ...d }, i) => ({ ...d, search_result_id: `req:${offset + i}` })),
    sorts: SORTS,
    filters: [
      // The API's shape (issue 18: Depict's client's): op, and the type in meta.
      { field: 'brand', op: 'in', meta: { type: 'checkbox', group_title: 'Mærke', values: ['Ray-Ban', 'Gucci'], counts: [base.filter((p) => p.brand === 'Ray-Ban').length, base.filter((p) => p.brand === 'Gucci').length] } },
      { field: 'polarized', op: 'eq', meta: { type: 'radio', group_title: 'Polariserede glas', values: ['true', 'false'], names: ['Ja', 'Nej'], counts: [count((p) => p.polarized), count((p) => !p.polarized)] } },
      { field: 'price', op: 'inrange', meta: { type: 'range', group_title: 'Pris', min: 1000, max: 1300 } },
    ],
    search_request_id: 'req',
    content_search_links: [],
    cursor: next,
  };
}

export const RAY_SUGGESTIONS: Suggestions = {
  suggestions_request_id: 's1',
  suggestions: [
    { type: 'query', title: 'ray-ban' },
    { type: 'query', title: 'ray-ban wayfarer' },
    { type: 'category', title: 'Ray-Ban', parent_title: 'Solbriller', category_type: 'BRAND', page_url: '/solbriller/ray-ban' },
  ],
};

export interface FakeClientOptions {
  search?: (body: SearchBody) => SearchResults;
  listing?: (body: ListingBody) => Listing;
  suggestions?: (q: SuggestBody) => Suggestions;
  recommend?: (kind: string) => Recommendations;
}

export function fakeClient(opts: FakeClientOptions = {}) {
  return {
    searchResults: vi.fn(async (body: SearchBody) => (opts.search ?? ((b) => answerSearch(b)))(body)),
    productListing: vi.fn(async (body: ListingBody) =>
      (opts.listing ??
        ((b) => ({
          ...answerSearch(b),
          breadcrumb: [
            { title: 'Forside', page_url: '/' },
            { title: 'Solbriller', page_url: '/solbriller' },
          ],
          quick_links: [{ title: 'Ray-Ban', page_url: '/solbriller/ray-ban' }],
          product_listing_request_id: 'list',
        })))(body),
    ),
    suggestions: vi.fn(async (q: SuggestBody) => (opts.suggestions ?? ((x) => (x.query.startsWith('ray') ? RAY_SUGGESTIONS : { suggestions_request_id: 's0', suggestions: [] })))(q)),
    recommend: vi.fn(async (kind: Parameters<WidgetApi['recommend']>[0], _body: Parameters<WidgetApi['recommend']>[1]) =>
      (opts.recommend ?? (() => ({ displays: CATALOGUE.slice(0, 4).map(({ polarized: _p, ...d }, i) => ({ ...d, recommendation_id: `rec:${i}` })), recommendation_request_id: 'rec' })))(kind),
    ),
    createEvents: vi.fn(async (_body: Parameters<WidgetApi['createEvents']>[0]) => true),
  } satisfies WidgetApi;
}
export type FakeClient = ReturnType<typeof fakeClient>;

interface Entry {
  href: string;
  state: Record<string, unknown>;
}

/** An in-memory browser history standing in for the router. */
export function createTestHistory(initial: string) {
  let entries: Entry[] = [{ href: initial, state: {} }];
  let index = 0;
  const listeners = new Set<() => void>();
  const toLocation = (e: Entry): WidgetLocation => {
    const u = new URL(e.href, 'http://shop.test');
    return { pathname: decodeURIComponent(u.pathname), search: u.search, state: e.state };
  };
  let snapshot = toLocation(entries[0]!);
  const emit = () => {
    snapshot = toLocation(entries[index]!);
    for (const l of listeners) l();
  };
  return {
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSnapshot: () => snapshot,
    navigate(href: string, options: WidgetNavigateOptions) {
      const entry = { href, state: options.state ?? {} };
      if (options.replace) entries[index] = entry;
      else {
        entries = [...entries.slice(0, index + 1), entry];
        index += 1;
      }
      emit();
    },
    back() {
      if (index > 0) index -= 1;
      emit();
    },
    get href() {
      return entries[index]!.href;
    },
    get length() {
      return entries.length;
    },
    /** The current URL's parameters. */
    get params() {
      return new URLSearchParams(new URL(entries[index]!.href, 'http://shop.test').search);
    },
  };
}
export type TestHistory = ReturnType<typeof createTestHistory>;

export function WidgetHost({ history, client, consent = true, children }: { history: TestHistory; client: WidgetApi; consent?: boolean; children: ReactNode }) {
  const location = useSyncExternalStore(history.subscribe, history.getSnapshot);
  const navigate = useCallback((href: string, options: WidgetNavigateOptions) => history.navigate(href, options), [history]);
  return (
    <WidgetProvider client={client} navigate={navigate} location={location} recommendationsConsent={consent}>
      {children}
    </WidgetProvider>
  );
}

export function renderWidget(ui: ReactNode, { href = '/', client = fakeClient(), consent = true }: { href?: string; client?: FakeClient; consent?: boolean } = {}) {
  const history = createTestHistory(href);
  const result = render(
    <WidgetHost history={history} client={client} consent={consent}>
      {ui}
    </WidgetHost>,
  );
  return { ...result, history, client };
}
