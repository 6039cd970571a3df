import { useCallback } from 'react';
import {
  addPreviousSearch,
  applyWidgetState,
  decodeWidgetState,
  parsePreviousSearches,
  pickWidgetHistoryState,
  PREVIOUS_SEARCHES_STORAGE_KEY,
  putBackWidgetHistoryState,
  resetRowsAfterSubmit,
  serializePreviousSearches,
  type SelectedFilter,
  type Sorting,
} from '@optik/shared/widget';
import { INSTANCE_KEY, searchHref, URL_OPTIONS, useWidget } from './provider';

/*
 * Submitting a query from the widget's search modal (SPEC §4) and the previous searches it
 * shows. Apart from the provider, so the URL codec and these rules load with the modal, not
 * on every page (first-load budget, issue 5).
 */

/** What a query change cleared (SPEC §4), so the toast's restore can put it back. */
interface ClearedFilters {
  query: string;
  filters: SelectedFilter[];
  sorting: Sorting | undefined;
  /** The search page's panel fields as they were stored (unchecked; the listing checks them when it reads them). */
  panels: Record<string, unknown>;
}

/** What the filters-cleared toast's restore puts back besides the filters and sorting. */
const RESTORED_PANELS = ['local_filter_cache', 'expanded_filters', 'expanded_hierarchical_filters', 'filters_open', 'sorting_open'] as const;

export interface SubmitOptions {
  newTab?: boolean;
  clearFilters?: boolean;
}

/** The visitor's previous searches (SPEC §4), newest first; none when storage is blocked. */
export function readPreviousSearches(storage: Storage | undefined): string[] {
  try {
    return parsePreviousSearches(storage?.getItem(PREVIOUS_SEARCHES_STORAGE_KEY) ?? null);
  } catch {
    return [];
  }
}

function rememberSearch(storage: Storage | undefined, query: string) {
  try {
    storage?.setItem(PREVIOUS_SEARCHES_STORAGE_KEY, serializePreviousSearches(addPreviousSearch(readPreviousSearches(storage), query)));
  } catch {
    // Storage blocked: the search still runs, it is just not remembered.
  }
}

/** The widget's submit: remembers the query, closes the modal and goes to the search page (SPEC §4). */
export function useSubmitQuery(): (query: string, options?: SubmitOptions) => void {
  const { go, latestLocation, lastingStorage, searchPagePath, showToast, closeModal } = useWidget();

  const restoreFilters = useCallback(
    (cleared: ClearedFilters) => {
      const cur = latestLocation();
      const params = new URLSearchParams(cur.search);
      // Restore on the entry the query change made, unless the shopper has moved on since.
      const sameEntry = cur.pathname === searchPagePath && decodeWidgetState(params, URL_OPTIONS).query === cleared.query;
      const base = sameEntry ? params : new URLSearchParams();
      const href = searchHref(searchPagePath, applyWidgetState(base, { query: cleared.query, filters: cleared.filters, sorting: cleared.sorting }, URL_OPTIONS));
      const state = putBackWidgetHistoryState(sameEntry ? cur.state : {}, 'search', INSTANCE_KEY, RESTORED_PANELS, cleared.panels);
      go(href, { replace: sameEntry, resetScroll: false, state });
    },
    [go, latestLocation, searchPagePath],
  );

  return useCallback(
    (raw: string, options: SubmitOptions = {}) => {
      const query = raw.trim();
      if (query) rememberSearch(lastingStorage(), query);
      if (options.newTab) {
        window.open(searchHref(searchPagePath, applyWidgetState(new URLSearchParams(), { query }, URL_OPTIONS)), '_blank', 'noopener');
        return;
      }
      const cur = latestLocation();
      const onSearchPage = cur.pathname === searchPagePath;
      const params = new URLSearchParams(onSearchPage ? cur.search : '');
      const current = decodeWidgetState(params, URL_OPTIONS);
      closeModal();
      // SPEC §4: the same query again, with the parameter already there, just closes the modal.
      if (onSearchPage && current.query === query && !options.clearFilters) return;
      let cleared: ClearedFilters | null = null;
      const hasChoices = current.filters.length > 0 || current.sorting !== undefined;
      // SPEC §4: a query change after the first (or a submit after the field's clear button) clears filters and sorting.
      if (onSearchPage && hasChoices && (current.query !== undefined || options.clearFilters)) {
        cleared = {
          query,
          filters: current.filters,
          sorting: current.sorting,
          panels: pickWidgetHistoryState(cur.state, 'search', INSTANCE_KEY, RESTORED_PANELS),
        };
      }
      const next = cleared ? { query } : { ...current, query };
      // SPEC §4: pushing history, scrolled to the top, row counts back to their defaults.
      go(searchHref(searchPagePath, applyWidgetState(params, next, URL_OPTIONS)), { state: resetRowsAfterSubmit({}, INSTANCE_KEY), resetScroll: true });
      if (cleared) {
        const what = cleared;
        showToast('filters-cleared', () => restoreFilters(what));
      }
    },
    [go, lastingStorage, latestLocation, closeModal, restoreFilters, searchPagePath, showToast],
  );
}
