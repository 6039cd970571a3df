import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

/**
 * My Pages and the account screens (SPEC §2 /min-konto/*, /abonnement/*, /gavekort,
 * /fortrodmig). Each screen's code loads when it is first visited. A feature adds its routes
 * here, one line each.
 */
export function accountRoutes(root: AnyRoute) {
  const page = (path: string, load: Parameters<typeof lazyRouteComponent>[0], name: string) =>
    createRoute({ getParentRoute: () => root, path, component: lazyRouteComponent(load, name) });
  return [page('/min-konto', () => import('./overview'), 'AccountOverview')];
}
