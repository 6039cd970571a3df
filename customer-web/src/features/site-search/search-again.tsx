import { useId, useRef, useState } from 'react';
import type { SearchOverlay as Overlay, SearchOverlayProps } from './search-overlay';
import { SearchForm } from './search-form';
import { searchUrl } from './site-search-api';

type Props = Pick<SearchOverlayProps, 'api' | 'navigate'> & { label: string; initialQuery?: string };

/**
 * The /search page's "search again" field. It is a plain search form (Enter searches) until the
 * visitor turns to it — focus, a tap or typing — and the site search overlay with its
 * suggestions loads then, taking over with the text typed so far and the focus; not on the
 * page's first load (issue 16: first-load JS ≤ 130 KB on every route).
 */
export function SearchAgain({ api, navigate, label, initialQuery = '' }: Props) {
  const ids = useId();
  const field = useRef<HTMLInputElement>(null);
  const [live, setLive] = useState<{ Overlay: typeof Overlay; focused: boolean } | null>(null);
  const wake = () => {
    void import('./search-overlay').then(({ SearchOverlay }) => {
      const el = field.current;
      setLive((l) => l ?? { Overlay: SearchOverlay, focused: !!el && document.activeElement === el });
    });
  };
  // The field's text and selection are read as the overlay first renders — in the same task as it
  // replaces the field, so nothing typed or selected in between is lost.
  if (live) {
    return (
      <live.Overlay
        api={api}
        navigate={navigate}
        label={label}
        initialQuery={() => field.current?.value ?? initialQuery}
        initialSelection={() => (field.current ? [field.current.selectionStart ?? 0, field.current.selectionEnd ?? 0] : null)}
        autoFocus={live.focused}
      />
    );
  }
  return (
    <div className="site-search">
      <SearchForm
        ids={ids}
        label={label}
        onSubmit={() => {
          const q = field.current?.value.trim();
          if (q) navigate(searchUrl(q));
        }}
        input={{ ref: field, defaultValue: initialQuery, onFocus: wake, onPointerDown: wake, onInput: wake }}
      />
    </div>
  );
}
