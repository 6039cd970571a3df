import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreApi } from './store-finder-page';
import { StoreIdRedirect } from './store-id-redirect';
import { StorePage } from './store-page';
import { detail, fail, fakeApi, ok } from './test-data';

afterEach(() => {
  cleanup();
  document.title = '';
});

function renderAt(url: string, api: StoreApi) {
  const root = createRootRoute({ component: Outlet });
  const finder = createRoute({ getParentRoute: () => root, path: '/find-butik', component: () => <h1>Find butik</h1> });
  const store = createRoute({ getParentRoute: () => root, path: '/find-butik/$slug', component: () => <StorePage api={api} slug={store.useParams().slug} /> });
  const byId = createRoute({ getParentRoute: () => root, path: '/butik/$storeId', component: () => <StoreIdRedirect api={api} storeId={byId.useParams().storeId} /> });
  const router = createRouter({ routeTree: root.addChildren([finder, store, byId]), history: createMemoryHistory({ initialEntries: [url] }) });
  render(<RouterProvider router={router} />);
  return router;
}

describe('StorePage', () => {
  it('shows the store: name, open now, address, phone as a tel: link, e-mail and the booking link', async () => {
    const { api, get } = fakeApi(() => ok({ data: detail() }));
    renderAt('/find-butik/roskilde', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil Optik Roskilde' })).toBeDefined();
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/stores/roskilde');
    expect(document.body.textContent).toContain('Åben nu – lukker kl. 17.30');
    expect(screen.getByText(/Algade 31/).closest('address')?.textContent).toBe('Algade 314000 Roskilde');
    expect(screen.getByRole('link', { name: '33 12 74 74' }).getAttribute('href')).toBe('tel:+4533127474');
    expect(screen.getByRole('link', { name: 'roskilde@profil-optik.example' }).getAttribute('href')).toBe('mailto:roskilde@profil-optik.example');
    expect(screen.getByRole('link', { name: 'Book synstest her' }).getAttribute('href')).toBe('/bestil-tid-til-synstest?butik=st-014');
    expect(screen.getByRole('link', { name: 'Alle butikker' }).getAttribute('href')).toBe('/find-butik');
    await waitFor(() => expect(document.title).toBe('Profil Optik Roskilde – Profil Optik'));
  });

  it('has the weekly hours in a captioned table with today marked', async () => {
    const { api } = fakeApi(() => ok({ data: detail() }));
    renderAt('/find-butik/roskilde', api);
    const table = await screen.findByRole('table', { name: 'Åbningstider for Profil Optik Roskilde i en almindelig uge' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Mandag (i dag)10.00–17.30', 'Tirsdag10.00–17.30', 'Onsdag10.00–17.30', 'Torsdag10.00–18.00', 'Fredag10.00–17.30', 'Lørdag10.00–14.00', 'SøndagLukket']);
    expect(rows[0]!.getAttribute('aria-current')).toBe('date');
    expect(within(rows[0]!).getByRole('rowheader')).toBeDefined();
  });

  it('lists the holidays and the half day ahead, and the exams offered', async () => {
    const { api } = fakeApi(() => ok({ data: detail() }));
    renderAt('/find-butik/roskilde', api);
    await screen.findByRole('heading', { level: 1 });
    const special = screen.getByRole('heading', { name: 'Helligdage og ændrede åbningstider' }).parentElement!;
    expect(within(special).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Torsdag 24. december: Lukket (Juleaftensdag)', 'Torsdag 31. december: 10.00–15.00 (nytårsaftensdag)']);
    const exams = screen.getByRole('region', { name: 'Undersøgelser i butikken' });
    expect(within(exams).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Synstest (30 min.)', 'Kontaktlinsekontrol (30 min.)']);
  });

  it('says when nothing special happens in the days ahead, and when the store is closed', async () => {
    const d = detail({ days: [{ date: '2026-11-22', open: false, reason: 'weekday' }], today: { date: '2026-11-22', open: false, reason: 'weekday' }, openNow: false, nextOpening: { date: '2026-11-23', opens: '10:00', closes: '17:30', at: '2026-11-23T09:00:00.000Z' } });
    const { api } = fakeApi(() => ok({ data: d }));
    renderAt('/find-butik/roskilde', api);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Ingen helligdage eller ændrede åbningstider de næste 1 dage.')).toBeDefined();
    expect(document.body.textContent).toContain('Lukket nu – åbner i morgen kl. 10.00');
  });

  it('shows the not-found page for an unknown store and a retry for other failures', async () => {
    const { api } = fakeApi(() => fail(404, 'Butikken blev ikke fundet.'));
    renderAt('/find-butik/findes-ikke', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Siden blev ikke fundet' })).toBeDefined();
    cleanup();

    let calls = 0;
    const flaky = fakeApi(() => (++calls === 1 ? fail(500, 'fejl') : ok({ data: detail() })));
    renderAt('/find-butik/roskilde', flaky.api);
    fireEvent.click(await screen.findByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil Optik Roskilde' })).toBeDefined();
  });
});

describe('StoreIdRedirect', () => {
  it('replaces /butik/{id} with the store page', async () => {
    const { api, get } = fakeApi(() => ok({ data: detail() }));
    const router = renderAt('/butik/st-014', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil Optik Roskilde' })).toBeDefined();
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/stores/st-014');
    expect(router.state.location.pathname).toBe('/find-butik/roskilde');
    // Replaced, not pushed: back does not return to the redirect.
    expect(router.history.length).toBe(1);
  });

  it('shows the not-found page for an unknown id', async () => {
    const { api } = fakeApi(() => fail(404, 'Butikken blev ikke fundet.'));
    const router = renderAt('/butik/st-999', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Siden blev ikke fundet' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/butik/st-999');
  });
});
