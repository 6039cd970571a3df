import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

/**
 * The company flow (SPEC §2 /b2b/underskrive-kontrakt, /b2b/øjehelsedag and the company wizard):
 * the wizard starts at /b2b/ny-aftale (linked from the header's "Erhverv"), employees' e-requisitions
 * at /b2b/rekvisition. Each page's code loads on first visit.
 */
export function companyRoutes(root: AnyRoute) {
  const page = (path: string, name: keyof typeof import('./company-routes')) => createRoute({ getParentRoute: () => root, path, component: lazyRouteComponent(() => import('./company-routes'), name) });
  return [
    page('/b2b/ny-aftale', 'CompanyWizardRoute'),
    page('/b2b/underskrive-kontrakt', 'SignContractRoute'),
    page('/b2b/øjehelsedag', 'EyeHealthDayRoute'),
    page('/b2b/rekvisition', 'RequisitionRoute'),
  ] as const;
}
