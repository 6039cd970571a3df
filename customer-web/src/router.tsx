import type { ComponentType } from 'react';
import { createRoute, createRouter, lazyRouteComponent, useLocation, useParams } from '@tanstack/react-router';
import { api } from './api';
import { accountRoutes } from './features/account/routes';
import { storeRoutes } from './features/stores/routes';
import { companyRoutes } from './features/company/routes';
import { t } from './messages';
import { RouteError, rootRoute } from './root-route';
import { findCataloguePage, loadCatalogueTree } from './routes/catalogue-lookup';
import { NotFound } from './routes/not-found';
import { useApi } from './use-api';
import type { Seed } from './ssr/seed';
import { serverData } from './ssr/server-data';
import { RecommendationStrip } from './widget/recommendations';

/**
 * Pages other than the catalogue pages load their code when first visited (SPEC §9
 * first-load budget): `load` imports the page's module, `page` makes the route component of it.
 */
function lazyPage<M>(load: () => Promise<M>, page: (m: M) => ComponentType) {
  return lazyRouteComponent(() => load().then((m) => ({ default: page(m) })));
}

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => serverData(context.seed, (m, w) => m.homeData(w)),
  // Its code is its own chunk (the other pages' first load is smaller); the shop's server names it in the home page's HTML.
  component: lazyPage(
    () => import('./routes/home'),
    ({ Home }) =>
      function HomePage() {
        return (
          <Home api={api}>
            <RecommendationStrip kind="general" type="landing_page" />
          </Home>
        );
      },
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
  loader: ({ context, location }) => serverData(context.seed, (m, w) => m.searchData(w, location.searchStr)),
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
const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/produkt/$slug',
  loader: ({ context, params }) => serverData(context.seed, (m, w) => m.productData(w, params.slug)),
  component: lazyRouteComponent(() => import('./features/product/product-route'), 'ProductRoute'),
});

/** SPEC §2 /checkout and /checkout/*: the header's cart toggle is hidden there (features/cart). */
const checkoutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/checkout' });
const checkoutIndexRoute = createRoute({ getParentRoute: () => checkoutRoute, path: '/', component: lazyRouteComponent(() => import('./features/checkout/routes'), 'CheckoutRoute') });
const checkoutConfirmationRoute = createRoute({
  getParentRoute: () => checkoutRoute,
  path: 'bekraeftelse',
  component: lazyRouteComponent(() => import('./features/checkout/routes'), 'CheckoutConfirmationRoute'),
});

/** SPEC §2 /bestil-tid-til-synstest (wizard) and /bestil-tid-til-synstest/{id} (the e-mailed manage link). */
const bookingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bestil-tid-til-synstest' });
const bookingWizardRoute = createRoute({
  getParentRoute: () => bookingRoute,
  path: '/',
  loader: ({ context }) => serverData(context.seed, (m, w) => m.bookingData(w)),
  component: lazyRouteComponent(() => import('./features/booking/routes'), 'BookingWizardRoute'),
});
const bookingManageRoute = createRoute({ getParentRoute: () => bookingRoute, path: '$id', component: lazyRouteComponent(() => import('./features/booking/manage-route'), 'BookingManageRoute') });
const contentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  loader: ({ context, location }) => serverData(context.seed, (m, w) => m.catalogueOrContentData(w, safeDecode(location.pathname), location.searchStr)),
  component: CatalogueOrContent,
});

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

/**
 * The route tree, with real parents (a path's routes under one parent route that renders its
 * children), so `useParams({ from })` is typed for every page. A route whose code or data fails
 * shows the Danish error page, an unknown path the Danish not-found page, both inside the layout.
 */
const routeTree = rootRoute.addChildren([
  homeRoute,
  verifyEmailRoute,
  payByLinkRoute,
  searchRoute,
  cookieListRoute,
  productRoute,
  checkoutRoute.addChildren([checkoutIndexRoute, checkoutConfirmationRoute]),
  bookingRoute.addChildren([bookingWizardRoute, bookingManageRoute]),
  ...accountRoutes,
  ...storeRoutes,
  ...companyRoutes(),
  contentRoute,
]);

/** The shop's router. The browser makes one; the shop's server one per request, with that request's seed (issue 19). */
export function createAppRouter(seed: Seed) {
  return createRouter({
    routeTree,
    context: { seed },
    parseSearch,
    stringifySearch,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
