import { decodeWidgetState, type SelectedFilter, type Sorting } from '@optik/shared/widget';
import { t } from '../messages';
import { usePageMeta } from '../page-meta';
import { ListingPage, useSpaLink, type FetchPage, type ListingData } from './listing-page';
import { URL_OPTIONS, useWidget, type WidgetApi } from './provider';

type Listing = Awaited<ReturnType<WidgetApi['productListing']>>;

export const fromListing = (r: Listing): ListingData => ({
  nHits: r.n_hits,
  displays: r.displays,
  sorts: r.sorts ?? [],
  facets: r.filters ?? [],
  cursor: r.cursor ?? null,
  failed: 'failed' in r && r.failed === true,
  breadcrumb: r.breadcrumb ?? [],
  quickLinks: r.quick_links ?? [],
});

/** Names a category page's result set (the listing's `requestKey`, and the key its first page is seeded under). */
export const categoryRequestKey = (listed: string, filters: readonly SelectedFilter[], sorting: Sorting | undefined) => JSON.stringify(['category', listed, filters, sorting ?? null]);

/**
 * The widget's category page (SPEC §2) for a catalogue path such as /solbriller/ray-ban:
 * breadcrumbs, quick links to its sub-pages, and the same listing as the search page.
 * The shop's own pages name the category by their path; a `query_id` URL parameter (SPEC §2,
 * as host pages of the widget send it) names it instead.
 */
export function CategoryPage({ categoryId, title }: { categoryId: string; title: string }) {
  const { location, client, requestContext, text } = useWidget();
  const spaLink = useSpaLink();
  const urlState = decodeWidgetState(new URLSearchParams(location.search), URL_OPTIONS);
  const { filters, sorting } = urlState;
  const listed = urlState.queryId || categoryId;
  // SPEC §2 catalogue routes: a title and a description per route.
  usePageMeta(title, t.widget.categoryDescription(title));
  const fetchPage: FetchPage = ({ limit, cursor }) =>
    client
      .productListing({ ...requestContext, category_id: listed, filters, ...(sorting ? { sorting } : {}), limit, ...(cursor ? { cursor } : {}) })
      .then(fromListing);

  return (
    <ListingPage
      kind="category"
      requestKey={categoryRequestKey(listed, filters, sorting)}
      fetchPage={fetchPage}
      urlState={urlState}
      title={title}
      emptyText={text('noProductsHere')}
      before={(data) =>
        // While loading, the breadcrumb's line is kept free so the page below does not move when it comes (CLS).
        !data ? (
          <div className="breadcrumb-placeholder" aria-hidden="true" />
        ) : data.breadcrumb.length > 0 ? (
          <nav aria-label={t.widget.breadcrumb} className="breadcrumb">
            <ol>
              {data.breadcrumb.map((b, i) =>
                i === data.breadcrumb.length - 1 ? (
                  <li key={b.page_url} aria-current="page">
                    {b.title}
                  </li>
                ) : (
                  <li key={b.page_url}>
                    <a href={b.page_url} onClick={spaLink(b.page_url)}>
                      {b.title}
                    </a>
                  </li>
                ),
              )}
            </ol>
          </nav>
        ) : null
      }
      after={(data) =>
        data && data.quickLinks.length > 0 ? (
          <nav aria-label={t.widget.quickLinks} className="quick-links">
            <ul>
              {data.quickLinks.map((q) => (
                <li key={q.page_url}>
                  <a href={q.page_url} onClick={spaLink(q.page_url)}>
                    {q.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null
      }
    />
  );
}
