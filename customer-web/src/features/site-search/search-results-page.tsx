import { useId, type ReactNode } from 'react';
import { usePageMeta } from '../../page-meta';
import { decodeWidgetState, type SelectedFilter, type Sorting } from '@optik/shared/widget';
import type { SiteSearchResponse } from '@optik/shared';
import { PAGE_SIZE, useSpaLink } from '../../widget/listing-page';
import { URL_OPTIONS, useWidget } from '../../widget/provider';
import { SearchPage } from '../../widget/search-page';
import { st, type SearchKind } from './messages';
import { SearchAgain } from './search-again';
import { runSiteSearch, useKeyedLoad, type SiteSearchApi } from './site-search-api';
import './site-search.css';

const KINDS: readonly SearchKind[] = ['products', 'stores', 'articles'];
/** SPEC §2: `s` picks one kind; anything else (or nothing) shows all kinds. */
export function parseKind(s: string | null): SearchKind | null {
  return KINDS.find((k) => k === s) ?? null;
}

/** The `s` parameter of the shop's search URL. */
export const KIND_PARAM = 's';
export const QUERY_PARAM = 'q';

/**
 * The link of one tab: the current URL with `s` set (or removed for "all") and `q` kept, so
 * the product listing's own parameters (query, filters, sorting) survive switching tabs.
 */
export function tabHref(pathname: string, search: string, query: string, kind: SearchKind | null): string {
  const params = new URLSearchParams(search);
  params.set(QUERY_PARAM, query);
  if (kind) params.set(KIND_PARAM, kind);
  else params.delete(KIND_PARAM);
  return `${pathname}?${params.toString()}`;
}

function Section({ title, count, children, id }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section className="search-results-section" aria-labelledby={id}>
      <h2 id={id}>{count === undefined ? title : st.tabWithCount(title, count)}</h2>
      {children}
    </section>
  );
}

function pagesCount(r: SiteSearchResponse | null): number {
  return r ? r.layoutPages.hits + r.categoryPages.hits + r.cities.hits : 0;
}

/**
 * /search?q={query} with optional s=stores|products|articles (SPEC §2): a "search again" field
 * (the site search overlay), tabs per kind with counts, stores and content pages from the site
 * search API, and the widget's product listing (which owns its filters, sorting and paging).
 */
/** The keys the page's loads go by (and are seeded under by the shop's server). */
export const summaryKey = (query: string) => `all:${query}`;
export const allStoresKey = (query: string) => `stores:${query}`;
export const productCountKey = (query: string, filters: readonly SelectedFilter[], sorting: Sorting | undefined) => JSON.stringify(['count', query, filters, sorting ?? null]);

/** The query a /search URL asks for, and which tab (the widget's own parameter wins over `q`). */
export function searchQueryOf(search: string): { query: string; kind: SearchKind | null } {
  const params = new URLSearchParams(search);
  const urlState = decodeWidgetState(params, URL_OPTIONS);
  return { query: (urlState.query ?? params.get(QUERY_PARAM) ?? '').trim(), kind: parseKind(params.get(KIND_PARAM)) };
}

export function SearchResultsPage({ api }: { api: SiteSearchApi }) {
  const { location, go, client, requestContext } = useWidget();
  const spaLink = useSpaLink();
  const ids = useId();
  const urlState = decodeWidgetState(new URLSearchParams(location.search), URL_OPTIONS);
  // The widget's own parameter wins: it is what the listing shows (its modal may have changed it).
  const { query, kind } = searchQueryOf(location.search);

  usePageMeta(st.pageTitle(query));

  const summary = useKeyedLoad(query ? summaryKey(query) : null, () => runSiteSearch(api, query));
  // The stores tab lists every store, not just the first few the summary holds.
  const allStores = useKeyedLoad(query && kind === 'stores' ? allStoresKey(query) : null, () => runSiteSearch(api, query, 'stores'));
  const { filters, sorting } = urlState;
  const productCount = useKeyedLoad(query ? productCountKey(query, filters, sorting) : null, () =>
    client
      .searchResults({ ...requestContext, query, filters, ...(sorting ? { sorting } : {}), limit: PAGE_SIZE })
      .then((r) => (r.failed ? 0 : r.n_hits))
      .catch(() => 0),
  );

  const site = summary.state === 'ready' ? summary.data : null;
  const counts: Record<SearchKind, number | null> = {
    products: productCount.state === 'ready' ? productCount.data : null,
    stores: summary.state === 'ready' ? (site?.stores.hits ?? 0) : null,
    articles: summary.state === 'ready' ? pagesCount(site) : null,
  };
  const loading = summary.state !== 'ready' || productCount.state !== 'ready' || allStores.state === 'loading';
  const storesData = kind === 'stores' ? (allStores.state === 'ready' ? allStores.data : null) : site;
  const showStores = kind === null || kind === 'stores';
  const showArticles = kind === null || kind === 'articles';
  const showProducts = kind === null || kind === 'products';
  const nothing =
    !loading &&
    (kind === null
      ? counts.products === 0 && site === null
      : kind === 'stores'
        ? !storesData?.stores.data.length
        : kind === 'articles'
          ? pagesCount(site) === 0
          : false);

  const tabs: { kind: SearchKind | null; label: string; count: number | null }[] = [
    { kind: null, label: st.tabs.all, count: null },
    { kind: 'products', label: st.tabs.products, count: counts.products },
    { kind: 'stores', label: st.tabs.stores, count: counts.stores },
    { kind: 'articles', label: st.tabs.articles, count: counts.articles },
  ];

  return (
    <div className="page search-results-page">
      <div className="search-results-again">
        <SearchAgain key={query} api={api} navigate={(href) => go(href)} label={st.searchAgain} initialQuery={query} />
      </div>
      <h1 className="search-results-heading">{query ? st.heading(query) : st.headingEmpty}</h1>
      {query ? (
        <>
          <nav aria-label={st.tabsLabel} className="search-results-tabs">
            <ul>
              {tabs.map((tab) => {
                const href = tabHref(location.pathname, location.search, query, tab.kind);
                return (
                  <li key={tab.label}>
                    <a href={href} onClick={spaLink(href)} aria-current={tab.kind === kind ? 'page' : undefined}>
                      {st.tabWithCount(tab.label, tab.count)}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          {/* The status keeps its line when it empties, so the results below do not move up (CLS). */}
          <p role="status" className="search-results-status">
            {loading ? st.loading : nothing ? st.noResults : ''}
          </p>

          {showStores && storesData?.stores.data.length ? (
            <Section id={`${ids}stores`} title={st.storesHeading} count={storesData.stores.hits}>
              <ul className="search-results-stores">
                {storesData.stores.data.map((s) => {
                  const href = `/find-butik/${s.slug}`;
                  return (
                    <li key={s.id}>
                      <a href={href} onClick={spaLink(href)}>
                        {s.name}
                      </a>
                      <span className="search-results-address">{s.address}</span>
                    </li>
                  );
                })}
              </ul>
              {kind === null && storesData.stores.limited ? (
                <p>
                  <a href={tabHref(location.pathname, location.search, query, 'stores')} onClick={spaLink(tabHref(location.pathname, location.search, query, 'stores'))}>
                    {st.moreStores(storesData.stores.hits)}
                  </a>
                </p>
              ) : null}
            </Section>
          ) : null}

          {showArticles && site && pagesCount(site) > 0 ? (
            <Section id={`${ids}articles`} title={st.articlesHeading} count={pagesCount(site)}>
              {site.layoutPages.data.length ? (
                <ul className="search-results-pages">
                  {site.layoutPages.data.map((p) => (
                    <li key={p.url}>
                      <a href={p.url} onClick={spaLink(p.url)}>
                        {p.image ? <img src={p.image} alt="" width={96} height={64} loading="lazy" /> : null}
                        <span>{p.title}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              {site.categoryPages.data.length ? (
                <>
                  <h3 id={`${ids}categories`}>{st.categoriesHeading}</h3>
                  <ul className="search-results-quick" aria-labelledby={`${ids}categories`}>
                    {site.categoryPages.data.map((c) => (
                      <li key={c.url}>
                        <a href={c.url} onClick={spaLink(c.url)}>
                          {c.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {site.cities.data.length ? (
                <>
                  <h3 id={`${ids}cities`}>{st.citiesHeading}</h3>
                  <ul className="search-results-quick" aria-labelledby={`${ids}cities`}>
                    {site.cities.data.map((c) => (
                      <li key={c.name}>
                        <a href={c.url} onClick={spaLink(c.url)}>
                          {st.cityLabel(c.name, c.postcode, c.storeCount)}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </Section>
          ) : null}
        </>
      ) : null}

      {/* The widget's listing: its own heading, filters, sorting and paging, all in the URL. */}
      {/* With every kind shown, the listing comes once the sections above it are in place, so they do not push it down (CLS). */}
      {showProducts && (kind === 'products' || summary.state !== 'loading') ? (
        <section className="search-results-products" aria-label={st.productsHeading}>
          <SearchPage embedded />
        </section>
      ) : null}
    </div>
  );
}
