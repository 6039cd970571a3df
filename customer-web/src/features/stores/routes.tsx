import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root-route';
import { serverData } from '../../ssr/server-data';

/**
 * The store finder, the store pages and the store-id redirect (SPEC §2 /find-butik, "pages for
 * stores and a single store, a store-id redirect"), with /find-butik as the real parent of a
 * store's page. Each page's code loads on first visit. Routes are module constants: the route
 * tree's types (typed `useParams({ from })`) need them declared apart from the tree.
 */
const finder = createRoute({ getParentRoute: () => rootRoute, path: '/find-butik' });
const finderIndex = createRoute({
  getParentRoute: () => finder,
  path: '/',
  loader: ({ context, location }) => serverData(context.seed, (m, w) => m.finderData(w, location.searchStr)),
  component: lazyRouteComponent(() => import('./store-routes'), 'StoreFinderRoute'),
});
const store = createRoute({
  getParentRoute: () => finder,
  path: '$slug',
  loader: ({ context, params }) => serverData(context.seed, (m, w) => m.storeData(w, params.slug)),
  component: lazyRouteComponent(() => import('./store-routes'), 'StoreRoute'),
});
const storeById = createRoute({ getParentRoute: () => rootRoute, path: '/butik/$storeId', component: lazyRouteComponent(() => import('./store-routes'), 'StoreIdRedirectRoute') });

export const storeRoutes = [finder.addChildren([finderIndex, store]), storeById] as const;
