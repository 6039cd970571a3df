import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteError } from './root-route';
import { NotFound } from './routes/not-found';
import { createAppRouter } from './router';
import { NO_SEED } from './ssr/seed';

const router = createAppRouter(NO_SEED);

afterEach(cleanup);

const last = (path: string) => router.matchRoutes(path, {}).at(-1)!;

describe('the route tree (issue 16 item 8)', () => {
  it.each([
    ['/min-konto', '/min-konto/', {}],
    ['/min-konto/abonnement/linse/ls-1', '/min-konto/abonnement/linse/$subscriptionId/', { subscriptionId: 'ls-1' }],
    ['/min-konto/abonnement/linse/ls-1/opdater-betaling', '/min-konto/abonnement/linse/$subscriptionId/opdater-betaling', { subscriptionId: 'ls-1' }],
    ['/min-konto/abonnement/linse/ls-1/nyt-produkt/a-7', '/min-konto/abonnement/linse/$subscriptionId/nyt-produkt/$articleId', { subscriptionId: 'ls-1', articleId: 'a-7' }],
    ['/min-konto/abonnement/briller/ag-1/aftale/d-2', '/min-konto/abonnement/briller/$subscriptionId/aftale/$documentId', { subscriptionId: 'ag-1', documentId: 'd-2' }],
    ['/min-konto/ordrer/o-1/returnering', '/min-konto/ordrer/$orderId/returnering', { orderId: 'o-1' }],
    ['/min-konto/betaling-fakturaer/inv-1/0', '/min-konto/betaling-fakturaer/$id/$subId', { id: 'inv-1', subId: '0' }],
    ['/min-konto/betaling-fakturaer/pdf/inv/inv-1/0', '/min-konto/betaling-fakturaer/$financeTypeId/inv/$id/$subscriptionId', { financeTypeId: 'pdf', id: 'inv-1', subscriptionId: '0' }],
    ['/min-konto/bekraeft-email', '/min-konto/bekraeft-email', {}],
    ['/find-butik/aarhus', '/find-butik/$slug', { slug: 'aarhus' }],
    ['/bestil-tid-til-synstest/b-1', '/bestil-tid-til-synstest/$id', { id: 'b-1' }],
    ['/checkout', '/checkout/', {}],
    ['/checkout/bekraeftelse', '/checkout/bekraeftelse', {}],
    ['/fortrodmig/bekræftelse', '/fortrodmig/bekræftelse', {}],
  ])('%s is the page %s, under its parents, with its parameters', (path, id, params) => {
    const match = last(path);
    expect(match.routeId).toBe(id);
    expect(match.params).toEqual(params);
  });

  it('every route falls back on the Danish error page and an unknown path on the Danish not-found page', () => {
    expect(router.options.defaultErrorComponent).toBe(RouteError);
    expect(router.options.defaultNotFoundComponent).toBe(NotFound);
  });
});

describe('the error page', () => {
  it('says in Danish that the page could not be shown, and "Prøv igen" loads the route again', async () => {
    let fail = true;
    const root = createRootRoute({ component: () => <Outlet /> });
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/side',
      component: () => {
        if (fail) throw new Error('boom');
        return <h1>Siden</h1>;
      },
    });
    const test = createRouter({ routeTree: root.addChildren([broken]), history: createMemoryHistory({ initialEntries: ['/side'] }), defaultErrorComponent: RouteError });
    render(<RouterProvider router={test} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Siden kunne ikke vises' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Noget gik galt. Prøv igen.');
    expect(screen.getByRole('link', { name: 'Gå til forsiden' }).getAttribute('href')).toBe('/');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Siden' })).toBeDefined();
  });
});
