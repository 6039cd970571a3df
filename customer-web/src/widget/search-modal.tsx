import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { lockBodyScroll, trapTab } from '../focus-trap';
import {
  composeSuggestionPanel,
  decodeWidgetState,
  displayedText,
  ANALYTICS_PAGEVIEW_DELAY_MS,
  MODAL_CLOSE_ANIMATION_MAX_MS,
  INSTANT_RESULTS_MAX,
  minProductsToFetch,
  navigate as navigateSuggestions,
  QUERY_DEBOUNCE_MS,
  type NavAction,
  type PanelEntry,
  type Suggestion,
  type SuggestionNavState,
} from '@optik/shared/widget';
import { pushSearchPageView } from '../analytics';
import { t } from '../messages';
import { ProductCard } from './product-card';
import { URL_OPTIONS, useWidget, type WidgetApi } from './provider';
import { readPreviousSearches, useSubmitQuery } from './search-submit';
import { SectionBoundary } from './section-boundary';

type SearchResults = Awaited<ReturnType<WidgetApi['searchResults']>>;

/** SPEC §2 embedded search widget modal; mounted fresh on every open. */
export function SearchModal() {
  const { modalOpen } = useWidget();
  const [mounted, setMounted] = useState(modalOpen);
  const [closing, setClosing] = useState(false);
  // Derived from `modalOpen`: a close keeps the modal mounted while its closing animation runs.
  if (modalOpen && (!mounted || closing)) {
    setMounted(true);
    setClosing(false);
  } else if (!modalOpen && mounted && !closing) {
    setClosing(true);
  }
  const onClosed = useCallback(() => {
    setMounted(false);
    setClosing(false);
  }, []);
  return mounted ? <OpenSearchModal closing={closing} onClosed={onClosed} /> : null;
}

/**
 * SPEC §4: the closing animation is awaited at most once, within 1 s. Without an animation
 * (reduced motion, or none defined) the modal goes at once.
 */
function useCloseAnimation(el: HTMLElement | null, closing: boolean, onClosed: () => void) {
  useEffect(() => {
    if (!closing || !el) return;
    const name = getComputedStyle(el).animationName;
    if (!name || name === 'none') {
      onClosed();
      return;
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      onClosed();
    };
    el.addEventListener('animationend', finish, { once: true });
    const timer = setTimeout(finish, MODAL_CLOSE_ANIMATION_MAX_MS);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('animationend', finish);
    };
  }, [el, closing, onClosed]);
}


const isQueryEntry = (e: PanelEntry): e is Extract<PanelEntry, { query: string }> => e.kind === 'previous-search' || e.kind === 'history-match' || e.kind === 'query';

function entryLabel(e: PanelEntry): string {
  if (isQueryEntry(e)) return e.query;
  if (e.kind === 'category') {
    const parts = [e.title];
    if (e.parentTitle) parts.push(t.widget.inParent(e.parentTitle));
    return parts.join(' ');
  }
  return e.title;
}

function OpenSearchModal({ closing, onClosed }: { closing: boolean; onClosed: () => void }) {
  const [backdrop, setBackdrop] = useState<HTMLDivElement | null>(null);
  useCloseAnimation(backdrop, closing, onClosed);
  const { text, client, requestContext, location, searchPagePath, closeModal, returnFocusToOpener, lastingStorage, go } = useWidget();
  const submitQuery = useSubmitQuery();
  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-list`;
  const optionId = (i: number) => `${ids}-option-${i}`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // On the search page the field starts with the current query (SPEC §2 history field_value).
  const [initialQuery] = useState(() => (location.pathname === searchPagePath ? (decodeWidgetState(new URLSearchParams(location.search), URL_OPTIONS).query ?? '') : ''));
  const [typed, setTyped] = useState(initialQuery);
  const [debounced, setDebounced] = useState(initialQuery);
  const [history] = useState(() => readPreviousSearches(lastingStorage()));
  // SPEC §4: the clear button makes the next submit reset filters.
  const [clearedField, setClearedField] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [instant, setInstant] = useState<{ query: string; result: SearchResults } | null>(null);
  const [highlight, setHighlight] = useState<{ entriesKey: string; index: number }>({ entriesKey: '', index: -1 });

  // Focus into the dialog on open, back to the opener on close; the page behind does not scroll.
  useEffect(() => {
    const unlock = lockBodyScroll();
    inputRef.current?.focus();
    return () => {
      unlock();
      returnFocusToOpener();
    };
  }, [returnFocusToOpener]);

  // SPEC §2: a change of URL path or query closes the modal.
  const urlKey = `${location.pathname}?${location.search.replace(/^\?/, '')}`;
  const [openedAt] = useState(urlKey);
  useEffect(() => {
    if (urlKey !== openedAt) closeModal();
  }, [urlKey, openedAt, closeModal]);

  // SPEC §9: the query is debounced 250 ms before suggestions and instant results are fetched.
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(typed), QUERY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // SPEC §9: an analytics page view 2 s after the shopper stopped typing (statistics consent only).
  useEffect(() => {
    const q = typed.trim();
    if (!q) return;
    const timer = setTimeout(() => pushSearchPageView(q), ANALYTICS_PAGEVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    let live = true;
    const query = debounced.trim();
    void client.suggestions({ ...requestContext, query }).then((r) => {
      if (live) setSuggestions(r.suggestions);
    });
    if (query) {
      // The same request as the search page's first page, so "see all" opens from the client's cache.
      void client.searchResults({ ...requestContext, query, filters: [], limit: minProductsToFetch({ hasSorting: false, filterCount: 0 }) }).then((result) => {
        if (live) setInstant({ query, result });
      });
    }
    return () => {
      live = false;
    };
  }, [debounced, client, requestContext]);

  const query = typed.trim();
  // The last answer stays while the next one loads, so the panel does not flicker while typing.
  const results = query && instant ? instant.result : null;
  const cards = (results?.displays ?? []).slice(0, INSTANT_RESULTS_MAX);
  const entries = composeSuggestionPanel({ query: typed, history, suggestions, contentLinks: results?.content_search_links ?? [] });
  const entriesKey = JSON.stringify(entries);
  const nav: SuggestionNavState = {
    typed,
    entries,
    active: highlight.entriesKey === entriesKey ? highlight.index : -1,
    instantProductCount: cards.length,
    contentResults: results?.content_search_links ?? [],
  };

  function perform(action: NavAction) {
    if (action.type === 'close') return closeModal();
    if (action.type === 'submit-query') return submitQuery(action.query, { newTab: action.newTab, clearFilters: clearedField });
    if (action.newTab) {
      window.open(action.url, '_blank', 'noopener');
      return;
    }
    closeModal();
    if (action.url.startsWith('/')) go(action.url);
    else window.location.assign(action.url);
  }

  function choose(entry: PanelEntry, newTab = false) {
    if (isQueryEntry(entry)) perform({ type: 'submit-query', query: entry.query, newTab });
    else perform({ type: 'open-page', url: entry.pageUrl, newTab });
  }

  function onFieldKeyDown(e: ReactKeyboardEvent<HTMLInputElement>) {
    const r = navigateSuggestions(nav, e.key, { ctrlKey: e.ctrlKey, metaKey: e.metaKey });
    if (!r.handled) return;
    e.preventDefault();
    setHighlight({ entriesKey, index: r.state.active });
    if (r.state.typed !== typed) setTyped(r.state.typed);
    if (r.action) perform(r.action);
  }

  function onDialogKeyDown(e: ReactKeyboardEvent<HTMLDivElement>) {
    if (e.defaultPrevented) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      closeModal();
      return;
    }
    // Focus stays inside the dialog while it is open.
    trapTab(e, dialogRef.current);
  }

  const groups: { title: string; items: { entry: PanelEntry; index: number }[] }[] = [];
  const historyItems = entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.kind === 'previous-search' || entry.kind === 'history-match');
  const otherItems = entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.kind !== 'previous-search' && entry.kind !== 'history-match');
  if (historyItems.length) groups.push({ title: text('previousSearches'), items: historyItems });
  if (otherItems.length) groups.push({ title: text('suggestions'), items: otherItems });
  const activeEntry = nav.active >= 0 ? entries[nav.active] : undefined;

  return (
    <div
      ref={setBackdrop}
      className={closing ? 'widget-backdrop closing' : 'widget-backdrop'}
      data-testid="widget-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) closeModal();
      }}
    >
      <div ref={dialogRef} className="widget-modal" role="dialog" aria-modal="true" aria-label={t.widget.searchDialog} onKeyDown={onDialogKeyDown}>
        <form
          role="search"
          className="widget-search-form"
          onSubmit={(e) => {
            e.preventDefault();
            const r = navigateSuggestions(nav, 'Enter');
            if (r.action) perform(r.action);
          }}
        >
          <button type="button" className="widget-icon-button" onClick={closeModal}>
            {text('back')}
          </button>
          <label htmlFor={inputId} className="visually-hidden">
            {t.widget.searchField}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={entries.length > 0}
            aria-controls={entries.length > 0 ? listId : undefined}
            aria-activedescendant={activeEntry ? optionId(nav.active) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={text('searchPlaceholder')}
            value={displayedText(nav)}
            onChange={(e) => {
              setTyped(e.target.value);
              setHighlight({ entriesKey: '', index: -1 });
            }}
            onKeyDown={onFieldKeyDown}
          />
          {typed ? (
            <button
              type="button"
              className="widget-icon-button"
              onClick={() => {
                setTyped('');
                setClearedField(true);
                inputRef.current?.focus();
              }}
            >
              {text('clear')}
            </button>
          ) : null}
          <button type="submit">{text('submitSearch')}</button>
        </form>

        <div className="widget-panel">
          <SectionBoundary fallback={text('suggestionsFailed')}>
            {entries.length > 0 ? (
              <div role="listbox" id={listId} aria-label={text('suggestions')} className="widget-suggestions">
                {groups.map((g) => (
                  <div role="group" aria-label={g.title} key={g.title} className="widget-suggestion-group">
                    <div className="widget-group-title" aria-hidden="true">
                      {g.title}
                    </div>
                    {g.items.map(({ entry, index }) => (
                      <div
                        key={index}
                        id={optionId(index)}
                        role="option"
                        aria-selected={index === nav.active}
                        className={`widget-option kind-${entry.kind}`}
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={(e) => choose(entry, e.ctrlKey || e.metaKey)}
                      >
                        {entryLabel(entry)}
                        {entry.kind === 'category' && entry.isBrand ? <span className="widget-option-note"> ({t.widget.brand})</span> : null}
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            ) : null}
          </SectionBoundary>

          <SectionBoundary fallback={text('instantResultsFailed')}>
            {cards.length > 0 ? (
              <section className="widget-instant" aria-label={t.widget.instantProducts}>
                <ul className="product-grid compact">
                  {cards.map((d) => (
                    <li key={d.product_id}>
                      <ProductCard display={d} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </SectionBoundary>

          <div className="widget-discover">
            {query && results ? (
              <button type="button" onClick={() => submitQuery(query, { clearFilters: clearedField })}>
                {text('viewAllResults', results.n_hits)}
              </button>
            ) : !query ? (
              <button type="button" onClick={() => submitQuery('', { clearFilters: clearedField })}>
                {text('discoverMore')}
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
