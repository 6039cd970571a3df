import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { lockBodyScroll, trapTab } from '../../focus-trap';
import { headerSearchText as st } from './header-messages';
import type { SiteSearchApi } from './site-search-api';

// Loaded when the overlay first opens (first-load budget).
const SearchOverlay = lazy(() => import('./search-overlay').then((m) => ({ default: m.SearchOverlay })));

export interface HeaderSearchProps {
  api: SiteSearchApi;
  navigate: (href: string) => void;
  /** The current path and query: a change (back, a link) closes the overlay. */
  locationKey: string;
}

/**
 * The header's search (SPEC §2 layout: search overlay): a button that opens the site search
 * overlay as a modal dialog. Escape, the close button, a click on the backdrop, a chosen result,
 * a submit or a change of page close it; focus goes back to the button; the page behind does not
 * scroll while it is open (SPEC §4).
 */
export function HeaderSearch({ api, navigate, locationKey }: HeaderSearchProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const [openedAt, setOpenedAt] = useState(locationKey);
  // Derived from the location: a navigation while open closes the overlay.
  if (open && openedAt !== locationKey) {
    setOpen(false);
    setOpenedAt(locationKey);
  }

  useEffect(() => {
    if (!open) return;
    const unlock = lockBodyScroll();
    const button = buttonRef.current;
    return () => {
      unlock();
      if (button?.isConnected) button.focus();
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="search-toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpenedAt(locationKey);
          setOpen(true);
        }}
      >
        {st.open}
      </button>
      {open ? (
        <div
          className="site-search-backdrop"
          onMouseDown={(e) => {
            if (e.target === e.currentTarget) close();
          }}
        >
          <div ref={dialogRef} role="dialog" aria-modal="true" aria-label={st.dialogLabel} className="site-search-dialog" onKeyDown={(e) => trapTab(e, dialogRef.current)}>
            <Suspense
              fallback={
                <p role="status" className="site-search-status">
                  {st.loading}
                </p>
              }
            >
              <SearchOverlay api={api} navigate={navigate} onClose={close} autoFocus />
            </Suspense>
            <button type="button" className="secondary site-search-close" onClick={close}>
              {st.close}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
