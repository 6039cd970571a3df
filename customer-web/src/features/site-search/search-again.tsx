import { useId, useRef, useState } from 'react';
import type { SearchOverlay as Overlay, SearchOverlayProps } from './search-overlay';
import { SearchForm } from './search-form';
import { searchUrl } from './site-search-api';

type Props = Pick<SearchOverlayProps, 'api' | 'navigate' | 'initialQuery'> & { label: string };

/**
 * The /search page's "search again" field. It is a plain search form (Enter searches) until the
 * visitor turns to it — focus, a tap or typing — and the site search overlay with its
 * suggestions loads then, taking over with the text typed so far and the focus; not on the
 * page's first load (issue 16: first-load JS ≤ 130 KB on every route).
 */
export function SearchAgain({ api, navigate, label, initialQuery = '' }: Props) {
  const ids = useId();
  const field = useRef<HTMLInputElement>(null);
  const [live, setLive] = useState<{ Overlay: typeof Overlay; text: string; focused: boolean } | null>(null);
  const wake = () => {
    void import('./search-overlay').then(({ SearchOverlay }) => {
      const el = field.current;
      setLive((l) => l ?? { Overlay: SearchOverlay, text: el?.value ?? initialQuery, focused: !!el && document.activeElement === el });
    });
  };
  if (live) return <live.Overlay api={api} navigate={navigate} label={label} initialQuery={live.text} autoFocus={live.focused} />;
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
