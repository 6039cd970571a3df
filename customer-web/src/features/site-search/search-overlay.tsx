import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { SiteSearchResponse } from '@optik/shared';
import { st } from './messages';
import { Group } from './search-group';
import { SearchForm } from './search-form';
import { DEBOUNCE_MS, MIN_QUERY_LENGTH, runSiteSearch, searchUrl, useKeyedLoad, type SiteSearchApi } from './site-search-api';
import './site-search.css';

export interface SearchOverlayProps {
  api: SiteSearchApi;
  /** Goes to an in-app URL (the router); the overlay closes itself first. */
  navigate: (href: string) => void;
  /** Called when the overlay closes (Escape, a submit, a chosen result). */
  onClose?: () => void;
  /** The field's visible label. */
  label?: string;
  /** Focus the field on mount (when shown as an opened overlay). */
  autoFocus?: boolean;
  /** Text the field starts with (a function: read when the overlay is first rendered). */
  initialQuery?: string | (() => string);
  /** With `autoFocus`: the selection the field starts with (the field it replaces had it); else the caret after the text. */
  initialSelection?: () => readonly [number, number] | null;
}

/** Rows standing in for results while they load. */
function Placeholders() {
  return (
    <ul className="site-search-placeholders" aria-hidden="true" data-testid="site-search-placeholders">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="site-search-placeholder">
          <span className="site-search-placeholder-image" />
          <span className="site-search-placeholder-text" />
        </li>
      ))}
    </ul>
  );
}

// The results list loads once a query is typed (the empty field shows popular searches only): first-load budget, issue 5.
const loadResults = () => import('./search-results-panel');
const Results = lazy(() => loadResults().then((m) => ({ default: m.Results })));

function countOf(r: SiteSearchResponse): number {
  return r.articles.data.length + r.stores.data.length + r.layoutPages.data.length + r.cities.data.length + r.categoryPages.data.length;
}

/**
 * The site search overlay (SPEC §2, §4, §5): a search field whose panel shows popular searches
 * while empty, placeholder rows while a query of 2+ characters loads (300 ms after the last
 * keystroke), then grouped results or the SPEC §8 no-results message. Arrow Up/Down move focus
 * among the panel's links, wrapping; Enter submits to /search?q=… and closes; an empty submit
 * does nothing; Escape closes.
 */
export function SearchOverlay({ api, navigate, onClose, label = st.fieldLabel, autoFocus = false, initialQuery = '', initialSelection }: SearchOverlayProps) {
  const ids = useId();
  const panelId = `${ids}panel`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(initialQuery);
  const [open, setOpen] = useState(autoFocus);

  const query = text.trim();
  const active = query.length >= MIN_QUERY_LENGTH;
  const results = useKeyedLoad(active ? query : null, () => runSiteSearch(api, query), DEBOUNCE_MS);
  // Opened with text (the /search page's field taking over): the selection of the field it replaced, or the caret after the text.
  const [selection] = useState(() => initialSelection?.() ?? null);
  useEffect(() => {
    const field = inputRef.current;
    if (!autoFocus || !field) return;
    const [start, end] = selection ?? [field.value.length, field.value.length];
    field.setSelectionRange(start, end);
  }, [autoFocus, selection]);
  // The results list's code starts loading when the panel opens with a query, while the search runs.
  useEffect(() => {
    if (open && active) void loadResults();
  }, [open, active]);

  const close = () => {
    setOpen(false);
    onClose?.();
  };
  const go = (href: string) => {
    close();
    navigate(href);
  };
  const follow = (href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      if (!open && !onClose) return;
      e.preventDefault();
      setOpen(false);
      inputRef.current?.focus();
      onClose?.();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const links = [...(panelRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];
    if (links.length === 0) return;
    e.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const step = e.key === 'ArrowDown' ? 1 : -1;
    // From the field (or anywhere else) Down goes to the first link and Up to the last; among the links it wraps.
    const next = at === -1 ? (step === 1 ? 0 : links.length - 1) : (at + step + links.length) % links.length;
    links[next]?.focus();
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    const to = e.relatedTarget;
    if (to instanceof Node && rootRef.current?.contains(to)) return;
    setOpen(false);
  };

  const submit = () => {
    // SPEC §4: an empty submit does nothing.
    if (!query) return;
    go(searchUrl(query));
  };

  const status =
    results.state === 'loading' ? st.loading : results.state === 'ready' ? (results.data ? st.resultsCount(countOf(results.data)) : st.noResults) : '';
  const showPanel = open && (text === '' || active);

  return (
    <div className="site-search" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <SearchForm
        ids={ids}
        label={label}
        onSubmit={submit}
        input={{
          ref: inputRef,
          'aria-controls': panelId,
          autoFocus,
          value: text,
          onChange: (e) => {
            setText(e.target.value);
            setOpen(true);
          },
          onFocus: () => setOpen(true),
        }}
      />
      <p role="status" className={status && showPanel ? 'site-search-status' : 'visually-hidden'}>
        {showPanel ? status : ''}
      </p>
      <div
        ref={panelRef}
        id={panelId}
        className="site-search-panel"
        role="region"
        aria-label={st.resultsLabel}
        aria-busy={results.state === 'loading'}
        hidden={!showPanel}
      >
        {showPanel && text === '' ? (
          <Group id={`${ids}popular`} title={st.popularHeading}>
            {st.popular.map((p) => (
              <li key={p}>
                <a href={searchUrl(p)} onClick={follow(searchUrl(p))}>
                  {p}
                </a>
              </li>
            ))}
          </Group>
        ) : null}
        {showPanel && results.state === 'loading' ? <Placeholders /> : null}
        {showPanel && results.state === 'ready' && results.data ? (
          <Suspense fallback={<Placeholders />}>
            <Results ids={ids} data={results.data} follow={follow} query={query} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
