import { decodeWidgetState } from '@optik/shared/widget';
import { findCataloguePage } from '../routes/catalogue-lookup';
import { allStoresKey, productCountKey, searchQueryOf, summaryKey } from '../features/site-search/search-results-page';
import { keyedSeedKey, runSiteSearch } from '../features/site-search/site-search-api';
import { finderKey, finderQueryOf, searchQuery } from '../features/stores/store-finder-page';
import { categoryRequestKey, fromListing } from '../widget/category-page';
import { fromSearchResults, searchRequestKey } from '../widget/search-page';
import { listingSeedKey, PAGE_SIZE } from '../widget/listing-page';
import { URL_OPTIONS, WIDGET_MARKET, WIDGET_TENANT } from '../widget/provider';
import type { SeedWriter } from './seed';

/**
 * What each public page loads on the shop's server before it is rendered (issue 19), put under
 * the keys the page's own hooks read (`useApi`'s key, the listing's request key). Only the
 * server runs these (the router's loaders hand them to the seed, which is a no-op in the
 * browser), so this module never loads in the browser.
 */

export const homeData = async ({ apis, put }: SeedWriter) => put('categories', await apis.api.getCategories());

export const productData = async ({ apis, put }: SeedWriter, slug: string) => put(`article:${slug}`, await apis.api.getArticle(slug));

export const storeData = async ({ apis, put }: SeedWriter, slug: string) => put(`store:${slug}`, await apis.api.getStore(slug));

/** The store finder: the stores its URL's search (or none: every store) lists. */
export async function finderData({ apis, put }: SeedWriter, search: string): Promise<void> {
  const query = searchQuery(finderQueryOf(search), null);
  put(finderKey(query), await apis.api.storeSearch(query));
}

export const bookingData = async ({ apis, put }: SeedWriter) => put('stores', await apis.api.getStores());

/** A catalogue path's listing (its first page, with the URL's filters and sorting), else the content page at `path`. */
export async function catalogueOrContentData({ apis, put }: SeedWriter, path: string, search: string): Promise<void> {
  const tree = await apis.api.getCategories();
  put('catalogue-tree', tree);
  const page = tree.ok ? findCataloguePage(tree.data.data, path) : null;
  if (!page) {
    put(path, await apis.api.getPage(path.replace(/^\//, '')));
    return;
  }
  const { filters, sorting, queryId } = decodeWidgetState(new URLSearchParams(search), URL_OPTIONS);
  const listed = queryId || page.path;
  const listing = await apis.widget.productListing({
    tenant: WIDGET_TENANT,
    market: WIDGET_MARKET,
    category_id: listed,
    filters,
    ...(sorting ? { sorting } : {}),
    limit: PAGE_SIZE,
  });
  const data = fromListing(listing);
  // A failed answer is not seeded: the page then loads (and retries) in the browser as before.
  if (!data.failed) put(listingSeedKey(categoryRequestKey(listed, filters, sorting)), data);
}

/**
 * A /search page: the site search's summary (and every store on the stores tab), the products'
 * count, and the products' first page.
 */
export async function searchData({ apis, put }: SeedWriter, search: string): Promise<void> {
  const { query, kind } = searchQueryOf(search);
  if (!query) return;
  const { filters, sorting } = decodeWidgetState(new URLSearchParams(search), URL_OPTIONS);
  const keyed = async (key: string, load: Promise<unknown>) => put(keyedSeedKey(key), { value: await load });
  const products = apis.widget.searchResults({ tenant: WIDGET_TENANT, market: WIDGET_MARKET, query, filters, ...(sorting ? { sorting } : {}), limit: PAGE_SIZE });
  await Promise.all([
    keyed(summaryKey(query), runSiteSearch(apis.api, query)),
    kind === 'stores' ? keyed(allStoresKey(query), runSiteSearch(apis.api, query, 'stores')) : null,
    products.then((r) => {
      put(keyedSeedKey(productCountKey(query, filters, sorting)), { value: r.failed ? 0 : r.n_hits });
      if (!r.failed) put(listingSeedKey(searchRequestKey(query, filters, sorting)), fromSearchResults(r));
    }),
  ]);
}
