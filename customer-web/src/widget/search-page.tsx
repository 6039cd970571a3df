import { useEffect } from 'react';
import { applyWidgetState, decodeWidgetState, type SelectedFilter, type Sorting } from '@optik/shared/widget';
import { t } from '../messages';
import { ListingPage, type FetchPage, type ListingData } from './listing-page';
import { searchHref, URL_OPTIONS, useWidget, type WidgetApi } from './provider';

type SearchResults = Awaited<ReturnType<WidgetApi['searchResults']>>;

export const fromSearchResults = (r: SearchResults): ListingData => ({
  nHits: r.n_hits,
  displays: r.displays,
  sorts: r.sorts ?? [],
  facets: r.filters ?? [],
  cursor: r.cursor ?? null,
  failed: r.failed === true,
  breadcrumb: [],
  quickLinks: [],
});

/** SPEC §2: the shop's search URL is /search?q=…; the widget's own parameter is `query`. */
export const SHOP_QUERY_ALIAS = 'q';

/** The widget's search page (SPEC §2): everything it shows follows from the URL. */
/** `embedded`: inside a page with its own h1 (the shop's /search), so the listing's heading is an h2. */
/** Names a search page's result set (the listing's `requestKey`, and the key its first page is seeded under). */
export const searchRequestKey = (query: string, filters: readonly SelectedFilter[], sorting: Sorting | undefined) => JSON.stringify(['search', query, filters, sorting ?? null]);

export function SearchPage({ embedded = false }: { embedded?: boolean } = {}) {
  const { location, go, client, requestContext, text } = useWidget();
  const params = new URLSearchParams(location.search);
  const urlState = decodeWidgetState(params, URL_OPTIONS);
  const alias = urlState.query === undefined ? params.get(SHOP_QUERY_ALIAS) : null;

  // `q` stands in for the widget's query parameter: rewrite the URL once, in place.
  useEffect(() => {
    if (alias === null) return;
    const p = new URLSearchParams(location.search);
    p.delete(SHOP_QUERY_ALIAS);
    const state = location.state && typeof location.state === 'object' ? (location.state as Record<string, unknown>) : {};
    go(searchHref(location.pathname, applyWidgetState(p, { ...decodeWidgetState(p, URL_OPTIONS), query: alias }, URL_OPTIONS)), { replace: true, resetScroll: false, state });
  }, [alias, go, location.pathname, location.search, location.state]);
  // Until then the listing shows the alias's results already (the same request: nothing loads twice).
  const query = urlState.query ?? alias ?? '';
  const { filters, sorting } = urlState;
  const fetchPage: FetchPage = ({ limit, cursor }) =>
    client
      .searchResults({ ...requestContext, query, filters, ...(sorting ? { sorting } : {}), limit, ...(cursor ? { cursor } : {}) })
      .then(fromSearchResults);
  return (
    <ListingPage
      kind="search"
      requestKey={searchRequestKey(query, filters, sorting)}
      fetchPage={fetchPage}
      urlState={urlState}
      title={embedded ? t.widget.productsHeading : t.widget.searchHeading(query)}
      emptyText={text('noResults')}
      headingLevel={embedded ? 2 : 1}
    />
  );
}
