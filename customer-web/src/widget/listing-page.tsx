import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  applyWidgetState,
  historyStatePrefix,
  MIN_PRODUCTS_TO_FETCH,
  readWidgetHistoryState,
  scrollRestorationPadding,
  writeWidgetHistoryState,
  type DecodedWidgetUrlState,
  type SelectedFilter,
  type Sorting,
  type WidgetPageKind,
} from '@optik/shared/widget';
import type { ProductDisplay } from '@optik/shared';
import { pushItemViews } from '../analytics';
import { useMediaQuery } from '../layout/use-media-query';
import { useHydrated, useSeed } from '../ssr/seed';
import { t } from '../messages';
import type { SortOption, WidgetFacet } from './filters-panel';
import { ProductCard } from './product-card';
import { INSTANCE_KEY, searchHref, URL_OPTIONS, useWidget } from './provider';
import { SearchButton } from './search-button';

// The panels load when first opened: most visits never open them (first-load budget, issue 5).
const FiltersPanel = lazy(() => import('./filters-panel').then((m) => ({ default: m.FiltersPanel })));
const FiltersSheet = lazy(() => import('./filters-panel').then((m) => ({ default: m.FiltersSheet })));
const SortingPanel = lazy(() => import('./filters-panel').then((m) => ({ default: m.SortingPanel })));

/** One answer of the provider, whatever the page kind. */
export interface ListingData {
  nHits: number;
  displays: ProductDisplay[];
  sorts: SortOption[];
  facets: WidgetFacet[];
  cursor: string | null;
  failed: boolean;
  breadcrumb: { title: string; page_url: string }[];
  quickLinks: { title: string; page_url: string }[];
}
export type FetchPage = (page: { limit: number; cursor?: string }) => Promise<ListingData>;

/** The key a listing's first page is seeded under by the shop's server (ssr/seed.tsx). */
export const listingSeedKey = (requestKey: string) => `listing:${requestKey}`;

/** Below the desktop width (SPEC §9: 768 px) the filters open as a sheet over the page (issue 16 item 6). */
export const PHONE_QUERY = '(max-width: 767px)';

/** SPEC §9: at least 20 products per page; the first page is the same request the modal's instant results made. */
export const PAGE_SIZE = MIN_PRODUCTS_TO_FETCH;
/** The provider answers at most 100 per request. */
const MAX_LIMIT = 100;

/** The window's scroll position, kept next to the SPEC §2 scroll_restoration_data record of the same entry. */
export const scrollYKey = (kind: WidgetPageKind) => `${historyStatePrefix(kind, INSTANCE_KEY)}scroll_y`;
function readScrollY(state: unknown, kind: WidgetPageKind): number | null {
  const v = state && typeof state === 'object' ? (state as Record<string, unknown>)[scrollYKey(kind)] : undefined;
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

interface Loaded {
  key: string;
  attempt: number;
  data: ListingData;
  /** Where to scroll once these results are shown (back/forward or reload), else null. */
  restoreY: number | null;
}

/** A link inside the app that navigates through the router; modified clicks open as usual. */
export function useSpaLink() {
  const { go } = useWidget();
  return (href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !href.startsWith('/')) return;
    e.preventDefault();
    go(href);
  };
}

export interface ListingPageProps {
  kind: WidgetPageKind;
  /** Identifies the result set (page kind, query or category, filters, sorting). */
  requestKey: string;
  fetchPage: FetchPage;
  urlState: DecodedWidgetUrlState;
  title: string;
  /** Shown when there are no hits and no filters. */
  emptyText: string;
  /** Above the heading (breadcrumbs). */
  before?: (data: ListingData | null) => ReactNode;
  /** Below the heading (quick links). */
  after?: (data: ListingData | null) => ReactNode;
  /** 2 when the listing is part of a page that has its own h1 (the shop's /search). */
  headingLevel?: 1 | 2;
}

/**
 * The widget's search and category pages (SPEC §2): count, filters and sorting panels, product
 * grid, "show more" by cursor, scroll-to-top and back controls, empty and failed states.
 * Query, filters and sorting live in the URL (the shared codec); panel state, the loaded count
 * and the scroll position live in the entry's history state, so back, forward and reload
 * come back to the same place.
 */
export function ListingPage({ kind, requestKey, fetchPage, urlState, title, emptyText, before, after, headingLevel = 1 }: ListingPageProps) {
  const { text, location, go, patchHistoryState, registerBeforeNavigate, claimInstance } = useWidget();
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  const filtersButtonRef = useRef<HTMLButtonElement>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  // A page the shop's server rendered starts with the first page it loaded (the same request).
  const seeded = useSeed<ListingData>(listingSeedKey(requestKey));
  const [loaded, setLoaded] = useState<Loaded | null>(() => (seeded ? { key: requestKey, attempt: 0, data: seeded, restoreY: null } : null));
  const seededKey = useRef(seeded ? requestKey : null);
  const [attempt, setAttempt] = useState(0);
  const [more, setMore] = useState<{ key: string; state: 'loading' | 'failed' } | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  // The entry's saved state (open panels, loaded count) exists only in the browser: read once the page is hydrated.
  const entryState = useHydrated() ? location.state : undefined;
  const hist = readWidgetHistoryState(entryState, kind, INSTANCE_KEY);
  const current = loaded?.key === requestKey ? loaded : null;
  const loading = !current || current.attempt !== attempt;
  const data = loaded?.data ?? null;
  const facets: WidgetFacet[] = data?.facets ?? hist.local_filter_cache;
  const hasRecord = hist.scroll_restoration_data.some((r) => r.for_id === requestKey);
  // SPEC §2: while an entry with a restoration record loads, pad the page so the position exists.
  const padding = loading && hasRecord ? scrollRestorationPadding(entryState, kind, INSTANCE_KEY, { isBackForward: true, forId: requestKey }) : 0;

  // SPEC §5: one instance per page kind and key.
  useEffect(() => {
    const claim = claimInstance(kind, INSTANCE_KEY);
    if (!claim.ok) {
      console.error(claim.error);
      return;
    }
    return claim.release;
  }, [claimInstance, kind]);

  // The newest fetch function and entry state, for the loader below (which runs per result set only).
  const latest = useRef({ fetchPage, state: location.state });
  useEffect(() => {
    latest.current = { fetchPage, state: location.state };
  });

  useEffect(() => {
    const { fetchPage: fetchNow, state } = latest.current;
    const h = readWidgetHistoryState(state, kind, INSTANCE_KEY);
    const record = h.scroll_restoration_data.find((r) => r.for_id === requestKey);
    const wanted = record ? Math.max(PAGE_SIZE, Math.round(record.min_results_loaded)) : PAGE_SIZE;
    const restoreY = record ? readScrollY(state, kind) : null;
    if (seededKey.current !== null) {
      // The server's first page is all this entry shows: nothing to load. Coming back to an entry that showed more, they load as below.
      if (seededKey.current === requestKey && attempt === 0 && !record) return;
      seededKey.current = null;
    }
    let live = true;
    void (async () => {
      let result = await fetchNow({ limit: Math.min(wanted, MAX_LIMIT) });
      // Coming back to an entry: load as many as were shown, so the position is there again.
      while (live && !result.failed && result.cursor && result.displays.length < wanted) {
        const next = await fetchNow({ limit: Math.min(wanted - result.displays.length, MAX_LIMIT), cursor: result.cursor });
        if (next.failed) break;
        result = { ...next, displays: [...result.displays, ...next.displays] };
      }
      if (live) setLoaded({ key: requestKey, attempt, data: result, restoreY });
    })();
    return () => {
      live = false;
    };
  }, [requestKey, attempt, kind]);

  const restored = useRef<Loaded | null>(null);
  useLayoutEffect(() => {
    if (!current || current.restoreY === null || restored.current === current) return;
    restored.current = current;
    const y = current.restoreY;
    // After the router's own scroll handling of this navigation.
    const frame = requestAnimationFrame(() => window.scrollTo(0, y));
    return () => cancelAnimationFrame(frame);
  }, [current]);

  useEffect(() => {
    if (focusIndex === null) return;
    gridRef.current?.querySelectorAll<HTMLElement>('.product-link')[focusIndex]?.focus();
  }, [focusIndex]);

  // Saves how many results are shown and where the page is scrolled, on the entry being left.
  const save = () => {
    if (!current) return;
    const y = Math.round(window.scrollY);
    patchHistoryState((s) => ({
      ...writeWidgetHistoryState(s, kind, INSTANCE_KEY, {
        scroll_restoration_data: [{ min_results_loaded: current.data.displays.length, for_id: requestKey }],
        local_filter_cache: current.data.facets,
      }),
      [scrollYKey(kind)]: y,
    }));
  };
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onLeave = () => saveRef.current();
    window.addEventListener('pagehide', onLeave);
    const unregister = registerBeforeNavigate(onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      unregister();
    };
  }, [registerBeforeNavigate]);

  /** A new choice of filters or sorting is a new history entry; the panels stay as they are. */
  const choose = (next: { filters?: SelectedFilter[]; sorting?: Sorting | undefined }) => {
    const params = new URLSearchParams(location.search);
    const href = searchHref(location.pathname, applyWidgetState(params, { ...urlState, ...next }, URL_OPTIONS));
    const state = writeWidgetHistoryState({}, kind, INSTANCE_KEY, {
      filters_open: hist.filters_open,
      sorting_open: hist.sorting_open,
      expanded_filters: hist.expanded_filters,
      local_filter_cache: facets,
    });
    go(href, { resetScroll: false, state });
  };
  const setPanel = (patch: Parameters<typeof writeWidgetHistoryState>[3]) => patchHistoryState((s) => writeWidgetHistoryState(s, kind, INSTANCE_KEY, patch));

  const loadMore = async () => {
    if (!current?.data.cursor || more?.state === 'loading') return;
    const { key } = current;
    const firstNew = current.data.displays.length;
    setMore({ key, state: 'loading' });
    const next = await fetchPage({ limit: PAGE_SIZE, cursor: current.data.cursor });
    if (next.failed) {
      setMore({ key, state: 'failed' });
      return;
    }
    setMore(null);
    setLoaded((prev) =>
      prev && prev.key === key ? { ...prev, restoreY: null, data: { ...prev.data, displays: [...prev.data.displays, ...next.displays], cursor: next.cursor } } : prev,
    );
    // Keyboard users continue at the first new product.
    setFocusIndex(firstNew);
  };

  const filterCount = urlState.filters.length;
  const hasChoices = filterCount > 0 || urlState.sorting !== undefined;
  const filtersId = `${ids}-filters`;
  const filtersProps = {
    id: filtersId,
    facets,
    filters: urlState.filters,
    onChange: (filters: SelectedFilter[]) => choose({ filters }),
    expanded: hist.expanded_filters,
    onExpand: (section: string, expanded: boolean) => setPanel({ expanded_filters: [...hist.expanded_filters.filter((e) => e.section !== section), { section, expanded }] }),
    text,
  };
  const sortingId = `${ids}-sorting`;
  // While the next result set loads, the last one stays (dimmed), so focus and position stay too.
  const shown = (current ?? loaded)?.data.displays ?? [];
  const moreState = more?.key === requestKey ? more.state : null;
  // SPEC §9: the products shown go to the tag manager as item views, in batches of 100 (statistics consent only).
  const viewed = useRef<{ key: string; count: number }>({ key: '', count: 0 });
  useEffect(() => {
    if (!current) return;
    const displays = current.data.displays;
    const start = viewed.current.key === current.key ? viewed.current.count : 0;
    if (displays.length <= start) return;
    pushItemViews(displays.slice(start).map((d) => ({ item_id: d.product_id, item_name: d.title, item_brand: d.brand, price: d.sale_price })));
    viewed.current = { key: current.key, count: displays.length };
  }, [current]);

  return (
    <div className="page listing-page" style={padding ? { paddingBottom: padding } : undefined}>
      {before?.(data)}
      {headingLevel === 1 ? (
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
      ) : (
        <h2 ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
      )}
      <div className="listing-toolbar">
        <SearchButton />
        <button
          ref={filtersButtonRef}
          type="button"
          className="secondary"
          aria-expanded={hist.filters_open}
          aria-controls={filtersId}
          aria-haspopup={phone ? 'dialog' : undefined}
          onClick={() => setPanel({ filters_open: !hist.filters_open })}
        >
          {text('filters')}
          {filterCount ? ` ${t.widget.chosen(filterCount)}` : ''}
        </button>
        <button type="button" className="secondary" aria-expanded={hist.sorting_open} aria-controls={sortingId} onClick={() => setPanel({ sorting_open: !hist.sorting_open })}>
          {text('sorting')}
        </button>
        {hasChoices ? (
          <button type="button" className="link-button" onClick={() => choose({ filters: [], sorting: undefined })}>
            {text('clearFilters')}
          </button>
        ) : null}
        <p className="listing-count" role="status">
          {loading ? t.widget.loading : current && !current.data.failed ? text('productsCount', current.data.nHits) : ''}
        </p>
      </div>
      {/* Below the toolbar: links that arrive with the results do not push the toolbar down (CLS). */}
      {after?.(data)}

      <Suspense fallback={<p role="status">{t.widget.loadingPanel}</p>}>
        {hist.sorting_open ? <SortingPanel id={sortingId} sorts={data?.sorts ?? []} sorting={urlState.sorting} onChange={(sorting) => choose({ sorting })} /> : null}
        {hist.filters_open ? (
          phone ? (
            <FiltersSheet {...filtersProps} hits={loading || !current || current.data.failed ? null : current.data.nHits} onClose={() => setPanel({ filters_open: false })} returnFocusRef={filtersButtonRef} />
          ) : (
            <FiltersPanel {...filtersProps} />
          )
        ) : null}
      </Suspense>

      {current?.data.failed ? (
        <div role="alert" className="error">
          <p>{t.error.generic}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t.error.retry}
          </button>
        </div>
      ) : current && current.data.nHits === 0 ? (
        <div className="listing-empty">
          {filterCount ? (
            <>
              <p>{text('noProductsFound')}</p>
              <button type="button" onClick={() => choose({ filters: [] })}>
                {text('tryWithoutFilters')}
              </button>
            </>
          ) : (
            <p>{emptyText}</p>
          )}
        </div>
      ) : (
        <ul ref={gridRef} className="product-grid" aria-label={t.widget.instantProducts} aria-busy={loading}>
          {shown.map((d) => (
            <li key={d.product_id}>
              <ProductCard display={d} onOpen={() => saveRef.current()} />
            </li>
          ))}
        </ul>
      )}

      {current && !current.data.failed && current.data.nHits > 0 ? (
        <div className="listing-more">
          <p>{t.widget.shownOf(shown.length, current.data.nHits)}</p>
          {current.data.cursor ? (
            <button type="button" onClick={() => void loadMore()} disabled={moreState === 'loading'}>
              {moreState === 'loading' ? t.widget.loadingMore : t.widget.loadMore}
            </button>
          ) : null}
          {moreState === 'failed' ? (
            <p role="alert" className="error">
              {t.error.generic}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="listing-controls">
        <button
          type="button"
          className="secondary"
          onClick={() => {
            window.scrollTo({ top: 0 });
            headingRef.current?.focus();
          }}
        >
          {text('scrollToTop')}
        </button>
        <button type="button" className="secondary" onClick={() => window.history.back()}>
          {text('back')}
        </button>
      </div>
    </div>
  );
}
