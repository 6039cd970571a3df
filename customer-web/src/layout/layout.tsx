import { useCallback, useId, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useRouter } from '@tanstack/react-router';
import { api } from '../api';
import { t } from '../messages';
import { SearchButton, SearchModal } from '../widget/search-modal';
import { ConsentBanner } from '../consent/consent-banner';
import { SiteCart, isCheckoutPath } from '../features/cart';
import { BottomBar } from './bottom-bar';
import { FoldMenu } from './fold-menu';
import { Footer } from './footer';
import { Header, isBookingPath } from './header';
import { Notifications } from './notifications';
import { OldBrowserMessage } from './old-browser';
import { RouteProgressBar } from './progress-bar';
import { StoreStatusBar, useStoreUser } from './store-user';
import './layout.css';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** SPEC §2: a page may opt out of the layout ('none': only the page, no header or footer). */
    layout?: 'none';
    /** SPEC §2: a page may opt out of the mobile bottom bar. */
    bottomBar?: false;
  }
}

export function Layout() {
  const { pathname } = useLocation();
  const router = useRouter();
  const staticData = useMatches({ select: (ms) => ms.map((m) => m.staticData) });
  const bare = staticData.some((d) => d.layout === 'none');
  // Checkout has its own fixed actions at the bottom, so the bar stays away there too.
  const bottomBar = !isCheckoutPath(pathname) && !staticData.some((d) => d.bottomBar === false);
  const storeUserName = useStoreUser(api, pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useCallback((href: string) => void router.navigate({ href }), [router]);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  if (bare) {
    return (
      <>
        <RouteProgressBar />
        <main id="indhold" tabIndex={-1}>
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
      <OldBrowserMessage />
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
        search={<SearchButton />}
        cart={<SiteCart />}
      />
      <StoreStatusBar name={storeUserName} />
      <FoldMenu id={menuId} open={menuOpen} onClose={closeMenu} api={api} returnFocusRef={menuButtonRef} onNavigate={navigate} />
      <main id="indhold" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {bottomBar && <BottomBar showBookExam={!isBookingPath(pathname)} />}
      <Notifications />
      <ConsentBanner />
      <SearchModal />
    </>
  );
}
