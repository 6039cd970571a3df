import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useRouter } from '@tanstack/react-router';
import { api } from '../api';
import { t } from '../messages';
import { useWidget } from '../widget/provider';
import { HeaderSearch } from '../features/site-search/header-search';
import { ConsentBanner } from '../consent/consent-banner';
import { SiteCart, isCheckoutPath } from '../features/cart';
import { BottomBar } from './bottom-bar';
import { DemoMarker } from './demo-marker';
import { Footer } from './footer';
import { Header, isBookingPath } from './header';
import { Notifications } from './notifications';
import { OldBrowserMessage } from './old-browser';
import { RouteProgressBar } from './progress-bar';
import { useFocusHeadingOnRouteChange } from './route-focus';
import { StoreStatusBar, useStoreUser } from './store-user';
import './layout.css';

// Opened on demand, so their code loads on first use, not with every page (first-load budget).
const FoldMenu = lazy(() => import('./fold-menu').then((m) => ({ default: m.FoldMenu })));
const SearchModal = lazy(() => import('../widget/search-modal').then((m) => ({ default: m.SearchModal })));

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** SPEC §2: a page may opt out of the layout ('none': only the page, no header or footer). */
    layout?: 'none';
    /** SPEC §2: a page may opt out of the mobile bottom bar. */
    bottomBar?: false;
  }
}

export function Layout() {
  const { pathname, searchStr } = useLocation();
  const router = useRouter();
  const staticData = useMatches({ select: (ms) => ms.map((m) => m.staticData) });
  const bare = staticData.some((d) => d.layout === 'none');
  // Checkout has its own fixed actions at the bottom, so the bar stays away there too.
  const bottomBar = !isCheckoutPath(pathname) && !staticData.some((d) => d.bottomBar === false);
  const storeUserName = useStoreUser(api, pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  /** The menu stays mounted once opened (it keeps its section for 250 ms after closing). */
  const [menuUsed, setMenuUsed] = useState(false);
  if (menuOpen && !menuUsed) setMenuUsed(true);
  const { modalOpen } = useWidget();
  const [modalUsed, setModalUsed] = useState(false);
  if (modalOpen && !modalUsed) setModalUsed(true);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useCallback((href: string) => void router.navigate({ href }), [router]);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnRouteChange(mainRef);

  if (bare) {
    return (
      <>
        <RouteProgressBar />
        <main id="indhold" tabIndex={-1} ref={mainRef}>
          <Outlet />
        </main>
      </>
    );
  }

  return (
    <>
      <RouteProgressBar />
      <a className="skip-link" href="#indhold">
        {t.skipToContent}
      </a>
      {/* Early in the tab order: the cookie choice comes before the header and the page (issue 16 item 4). */}
      <ConsentBanner />
      <OldBrowserMessage />
      <DemoMarker />
      <Header
        pathname={pathname}
        storeUserName={storeUserName}
        menuId={menuId}
        menuOpen={menuOpen}
        onMenuToggle={() => setMenuOpen((o) => !o)}
        menuButtonRef={menuButtonRef}
        logo={
          <Link to="/" className="logo">
            Profil <span>Optik</span>
            <span className="visually-hidden"> – {t.homeLink}</span>
          </Link>
        }
        search={<HeaderSearch api={api} navigate={navigate} locationKey={`${pathname}${searchStr}`} />}
        cart={<SiteCart />}
      />
      <StoreStatusBar name={storeUserName} />
      {menuUsed ? (
        <Suspense fallback={null}>
          <FoldMenu id={menuId} open={menuOpen} onClose={closeMenu} api={api} returnFocusRef={menuButtonRef} onNavigate={navigate} />
        </Suspense>
      ) : null}
      <main id="indhold" tabIndex={-1} ref={mainRef}>
        <Outlet />
      </main>
      <Footer />
      {bottomBar && <BottomBar showBookExam={!isBookingPath(pathname)} />}
      <Notifications />
      {modalUsed ? (
        <Suspense fallback={null}>
          <SearchModal />
        </Suspense>
      ) : null}
    </>
  );
}
