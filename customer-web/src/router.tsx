import { useCallback, useEffect, useMemo, useRef, type ComponentType } from 'react';
import { useAtomValue } from 'jotai';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, useLocation, useParams, useRouter, type HistoryState } from '@tanstack/react-router';
import { pushPageView } from './analytics';
import { api } from './api';
import { consentAtom, hasConsent } from './consent/consent';
import { accountRoutes } from './features/account/routes';
import { storeRoutes } from './features/stores/routes';
import { companyRoutes } from './features/company/routes';
import { Layout } from './layout/layout';
import { t } from './messages';
import { findCataloguePage, loadCatalogueTree } from './routes/catalogue-lookup';
import { Home } from './routes/home';
import { NotFound } from './routes/not-found';
import { useApi } from './use-api';
import { widgetClient } from './widget/client';
import { WidgetProvider, type WidgetNavigate } from './widget/provider';
import { RecommendationStrip } from './widget/recommendations';

/**
 * Pages other than the home and catalogue pages load their code when first visited (SPEC §9
 * first-load budget): `load` imports the page's module, `page` makes the route component of it.
 */
function lazyPage<M>(load: () => Promise<M>, page: (m: M) => ComponentType) {
  return lazyRouteComponent(() => load().then((m) => ({ default: page(m) })));
}

/** The search widget sits around the whole layout: the header opens its modal, pages show its listings. */
function Root() {
  const router = useRouter();
  const location = useLocation();
  const navigate = useCallback<WidgetNavigate>(
    (href, options) => {
      const state = options.state;
      void router.navigate({
        href,
        replace: options.replace,
        resetScroll: options.resetScroll,
        ...(state ? { state: () => state as HistoryState } : {}),
      });
      // The browser history is written at once, so a state write and a push in one event land on their own entries.
      router.history.flush();
    },
    [router],
  );
  const consent = useAtomValue(consentAtom);
  // SPEC §7: a page view on first load and on every route change, with URL and referrer.
  const previous = useRef(typeof document === 'undefined' ? '' : document.referrer);
  useEffect(() => {
    pushPageView(window.location.href, previous.current);
    previous.current = window.location.href;
  }, [location.pathname]);
  const widgetLocation = useMemo(() => ({ pathname: location.pathname, search: location.searchStr, state: location.state }), [location.pathname, location.searchStr, location.state]);
  return (
    // SPEC §6: recommendation calls only with consent — the provider personalises, so the preferences group.
    <WidgetProvider client={widgetClient} navigate={navigate} location={widgetLocation} language="da" recommendationsConsent={hasConsent(consent, 'preferences')}>
      <Layout />
    </WidgetProvider>
  );
}

const rootRoute = createRootRoute({ component: Root, notFoundComponent: NotFound });

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: () => (
    <Home api={api}>
      <RecommendationStrip kind="general" type="landing_page" />
    </Home>
  ),
});

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/min-konto/bekraeft-email',
  component: lazyPage(
    () => import('./routes/verify-email'),
    ({ VerifyEmail }) =>
      function VerifyEmailPage() {
        const { hash } = useLocation();
        return <VerifyEmail api={api} hash={hash} />;
      },
  ),
});

/** Pay-by-link target of the SMS or e-mail store staff send (SPEC §1, §6). */
const payByLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/betal/$token',
  component: lazyPage(
    () => import('./routes/pay-by-link'),
    ({ PayByLink }) =>
      function PayByLinkPage() {
        const { token } = useParams({ from: '/betal/$token' });
        // A new token is a new payment: no state carries over from the previous link.
        return <PayByLink key={token} api={api} token={token} />;
      },
  ),
});

/** SPEC §2 /search?q=… (optional s=stores|products|articles): site search results around the widget's product listing (its query in `query`). */
const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  component: lazyPage(
    () => import('./features/site-search/search-results-page'),
    ({ SearchResultsPage }) =>
      function SearchRoute() {
        return <SearchResultsPage api={api} />;
      },
  ),
});

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const ContentPage = lazyRouteComponent(() => import('./routes/content-page'), 'ContentPage');
const CategoryPage = lazyRouteComponent(() => import('./widget/category-page'), 'CategoryPage');

/** Catalogue paths (/solbriller, /solbriller/ray-ban …) are the widget's category pages; anything else is a content page. */
function CatalogueOrContent() {
  const { pathname } = useLocation();
  const path = safeDecode(pathname);
  const [tree] = useApi('catalogue-tree', () => loadCatalogueTree(api));
  if (tree.state === 'loading') {
    return (
      <p role="status" className="page">
        {t.page.loading}
      </p>
    );
  }
  const page = tree.state === 'ready' ? findCataloguePage(tree.data.data, path) : null;
  if (page) return <CategoryPage key={page.path} categoryId={page.path} title={page.title} />;
  // Without the tree (it failed to load) the path is still tried as a content page.
  return <ContentPage api={api} path={path} />;
}
const cookieListRoute = createRoute({ getParentRoute: () => rootRoute, path: '/cookieliste', component: lazyRouteComponent(() => import('./routes/cookie-list'), 'CookieList') });
const productRoute = createRoute({ getParentRoute: () => rootRoute, path: '/produkt/$slug', component: lazyRouteComponent(() => import('./features/product/product-route'), 'ProductRoute') });

/** SPEC §2 /checkout and /checkout/*: the header's cart toggle is hidden there (features/cart). */
const checkoutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/checkout', component: lazyRouteComponent(() => import('./features/checkout/routes'), 'CheckoutRoute') });
const checkoutConfirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/bekraeftelse',
  component: lazyRouteComponent(() => import('./features/checkout/routes'), 'CheckoutConfirmationRoute'),
});

/** SPEC §2 /bestil-tid-til-synstest (wizard) and /bestil-tid-til-synstest/{id} (the e-mailed manage link). */
const bookingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bestil-tid-til-synstest', component: lazyRouteComponent(() => import('./features/booking/routes'), 'BookingWizardRoute') });
const bookingManageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bestil-tid-til-synstest/$id', component: lazyRouteComponent(() => import('./features/booking/manage-route'), 'BookingManageRoute') });
const contentRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: CatalogueOrContent });

/**
 * Search parameters are plain strings: the widget's codec reads and writes them (the router's
 * default JSON parsing would turn '1' into a number and quote strings that look like JSON).
 * For a parameter given twice the first value counts, as in the codec.
 */
function parseSearch(searchStr: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(searchStr)) if (k !== '__proto__' && !Object.hasOwn(out, k)) out[k] = v;
  return out;
}
function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) if (v !== undefined && v !== null) params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const router = createRouter({
  routeTree: rootRoute.addChildren([homeRoute, verifyEmailRoute, payByLinkRoute, searchRoute, cookieListRoute, productRoute, checkoutRoute, checkoutConfirmationRoute, bookingRoute, bookingManageRoute, ...accountRoutes(rootRoute), ...storeRoutes(rootRoute), ...companyRoutes(rootRoute), contentRoute]),
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
