import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root-route';

/**
 * The company flow (SPEC §2 /b2b/underskrive-kontrakt, /b2b/øjehelsedag and the company wizard):
 * /b2b says what a company agreement is (linked from the header's "Erhverv"), the wizard starts
 * at /b2b/ny-aftale, employees' e-requisitions
 * at /b2b/rekvisition. Each page's code loads on first visit.
 */
const page = (name: keyof typeof import('./company-routes')) => lazyRouteComponent(() => import('./company-routes'), name);

export function companyRoutes() {
  return [
    createRoute({ getParentRoute: () => rootRoute, path: '/b2b', component: page('CompanyLandingRoute') }),
    createRoute({ getParentRoute: () => rootRoute, path: '/b2b/ny-aftale', component: page('CompanyWizardRoute') }),
    createRoute({ getParentRoute: () => rootRoute, path: '/b2b/underskrive-kontrakt', component: page('SignContractRoute') }),
    createRoute({ getParentRoute: () => rootRoute, path: '/b2b/øjehelsedag', component: page('EyeHealthDayRoute') }),
    createRoute({ getParentRoute: () => rootRoute, path: '/b2b/rekvisition', component: page('RequisitionRoute') }),
  ] as const;
}
