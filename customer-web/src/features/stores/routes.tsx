import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

/**
 * The store finder, the store pages and the store-id redirect (SPEC §2 /find-butik, "pages for
 * stores and a single store, a store-id redirect"). Each page's code loads on first visit.
 */
export function storeRoutes(root: AnyRoute) {
  return [
    createRoute({ getParentRoute: () => root, path: '/find-butik', component: lazyRouteComponent(() => import('./store-routes'), 'StoreFinderRoute') }),
    createRoute({ getParentRoute: () => root, path: '/find-butik/$slug', component: lazyRouteComponent(() => import('./store-routes'), 'StoreRoute') }),
    createRoute({ getParentRoute: () => root, path: '/butik/$storeId', component: lazyRouteComponent(() => import('./store-routes'), 'StoreIdRedirectRoute') }),
  ] as const;
}
