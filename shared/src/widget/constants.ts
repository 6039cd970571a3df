/** SPEC §9 widget constants that are not owned by one of the other widget modules. */

export const INSTANT_RESULTS_MAX = 4;
/** At least this many products are fetched for a results page … */
export const MIN_PRODUCTS_TO_FETCH = 20;
/** … but only this many when a sorting or filters are active (SPEC §9). */
export const MIN_PRODUCTS_TO_FETCH_SORTED_OR_FILTERED = 4;
export const QUERY_DEBOUNCE_MS = 250;
/** Analytics page view after the shopper stopped typing. */
export const ANALYTICS_PAGEVIEW_DELAY_MS = 2000;
export const VISIBILITY_MIN_MS = 500;
export const VISIBILITY_RATIO_COUNTED = 0.6;
export const VISIBILITY_RATIO_RESET = 0.5;
export const TAG_MANAGER_BATCH_SIZE = 100;
export const TAG_MANAGER_LIST_NAME = 'depict';
export const MODAL_WIDTH = '80vw';
export const MEDIA_QUERY_MAX_HEIGHTS_PX = [700, 790, 1000] as const;
/** SPEC §2: up to this viewport height the discover-more button sits inside the scrolling panel. */
export const DISCOVER_MORE_INSIDE_PANEL_MAX_HEIGHT_PX = 700;
export const MODAL_CLOSE_ANIMATION_MAX_MS = 1000;
export const RECOMMENDATIONS_DEFAULT_LIMIT = 16;

export function minProductsToFetch(options: { hasSorting: boolean; filterCount: number }): number {
  return options.hasSorting || options.filterCount > 0 ? MIN_PRODUCTS_TO_FETCH_SORTED_OR_FILTERED : MIN_PRODUCTS_TO_FETCH;
}

/**
 * SPEC §2: the widget search page path is configured by the host; a missing leading slash is added.
 */
export function normalizeSearchPagePath(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * SPEC §9 visibility: an element counts as seen after 500 ms at a ratio of at least 0.6; the
 * timer resets when the ratio drops below 0.5 (between the two it keeps running). Pure step
 * function over the previous state so the UI's IntersectionObserver stays trivial.
 */
export interface VisibilityState {
  visibleSince: number | null;
  counted: boolean;
}

export function visibilityStep(state: VisibilityState, ratio: number, now: number): VisibilityState {
  if (state.counted) return state;
  if (ratio < VISIBILITY_RATIO_RESET) return { visibleSince: null, counted: false };
  // Between the two thresholds a running timer keeps running, but none starts.
  const since = ratio >= VISIBILITY_RATIO_COUNTED ? (state.visibleSince ?? now) : state.visibleSince;
  return { visibleSince: since, counted: since !== null && now - since >= VISIBILITY_MIN_MS };
}
