import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreSearchResponse } from '@optik/shared';
import { sm } from './messages';
import { StoreFinderPage, type PositionSource, type StoreApi } from './store-finder-page';
import { closedSunday, fail, fakeApi, hit, ok } from './test-data';

afterEach(() => {
  cleanup();
  document.title = '';
});

function renderFinder(api: StoreApi, opts: { url?: string; geolocation?: PositionSource } = {}) {
  const root = createRootRoute({ component: Outlet });
  const finder = createRoute({ getParentRoute: () => root, path: '/find-butik', component: () => <StoreFinderPage api={api} geolocation={opts.geolocation} /> });
  const storeRoute = createRoute({
    getParentRoute: () => root,
    path: '/find-butik/$slug',
    component: function StoreStub() {
      const { slug } = useParams({ strict: false });
      return <h1>Butik {slug}</h1>;
    },
  });
  const history = createMemoryHistory({ initialEntries: [opts.url ?? '/find-butik'] });
  const router = createRouter({ routeTree: root.addChildren([finder, storeRoute]), history });
  render(<RouterProvider router={router} />);
  return { router, history };
}

const all: StoreSearchResponse = {
  data: [hit(), hit({ id: 'st-020', slug: 'naestved', name: 'Profil Optik Næstved', street: 'Axeltorv 6', postcode: '4700', city: 'Næstved', ...closedSunday })],
  near: null,
};
const nearRoskilde: StoreSearchResponse = {
  data: [hit({ distanceKm: 0.4 }), hit({ id: 'st-015', slug: 'koege', name: 'Profil Optik Køge', city: 'Køge', distanceKm: 23.6 })],
  near: { kind: 'postcode', postcode: '4000', label: '4000 Roskilde' },
};
const unknownPostcode = 'Vi kender ikke postnummeret 1234. Tjek det, eller søg på byens navn.';

function answer(path: string) {
  const q = new URL(path, 'http://x').searchParams;
  if (q.get('q') === '4000' || q.has('lat')) return ok(nearRoskilde);
  if (q.get('q') === '1234') return fail(400, unknownPostcode);
  if (q.get('q') === 'xyzzy') return ok({ data: [], near: null });
  return ok(all);
}

const field = () => screen.getByRole('searchbox', { name: sm.searchLabel });

describe('StoreFinderPage', () => {
  it('lists every store with address, open status and a link to its page, and sets the title', async () => {
    const { api, get } = fakeApi(answer);
    renderFinder(api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Find butik' })).toBeDefined();
    const list = await screen.findByRole('list');
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/stores/search');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Profil Optik Roskilde' }).getAttribute('href')).toBe('/find-butik/roskilde');
    expect(items[0]!.textContent).toContain('Algade 31, 4000 Roskilde');
    expect(items[0]!.textContent).toContain('Åben nu – lukker kl. 17.30');
    expect(items[1]!.textContent).toContain('Lukket nu – åbner i morgen kl. 10.00');
    expect(screen.getByRole('heading', { level: 2, name: 'Alle butikker' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('2 butikker');
    expect(document.title).toBe('Find butik – Profil Optik');
  });

  it('searches by postcode from the field: the query goes in the URL, the list shows km nearest first', async () => {
    const { api, get } = fakeApi(answer);
    const { router } = renderFinder(api);
    await screen.findByRole('list');
    fireEvent.change(field(), { target: { value: ' 4000 ' } });
    fireEvent.submit(field().closest('form')!);
    await screen.findByRole('heading', { level: 2, name: 'Nærmeste butikker ved 4000 Roskilde' });
    expect(router.state.location.searchStr).toBe('?q=4000');
    expect(get).toHaveBeenLastCalledWith(expect.anything(), '/api/stores/search?q=4000');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Afstand: 0,4 km');
    expect(items[1]!.textContent).toContain('24 km');
    expect(screen.getByRole('status').textContent).toBe('2 butikker nærmest 4000 Roskilde');
  });

  it('reads the query from the URL, also as the site search’s ?by= town link', async () => {
    const { api, get } = fakeApi(answer);
    renderFinder(api, { url: '/find-butik?by=Aarhus%20C' });
    await screen.findByRole('list');
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/stores/search?q=Aarhus+C');
    expect(field()).toHaveProperty('value', 'Aarhus C');
    expect(screen.getByRole('heading', { level: 2, name: 'Butikker, der matcher »Aarhus C«' })).toBeDefined();
  });

  it('shows a refused postcode as the field’s error, keeps the text and focuses the field', async () => {
    const { api } = fakeApi(answer);
    renderFinder(api);
    await screen.findByRole('list');
    fireEvent.change(field(), { target: { value: '1234' } });
    fireEvent.submit(field().closest('form')!);
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(field().getAttribute('aria-describedby')!.split(' ').pop()!);
    expect(error?.textContent).toBe(unknownPostcode);
    expect(field()).toHaveProperty('value', '1234');
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says so when nothing matches', async () => {
    const { api } = fakeApi(answer);
    renderFinder(api, { url: '/find-butik?q=xyzzy' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(sm.noResults('xyzzy')));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('searches by the browser’s position, rounded, without putting it in the URL', async () => {
    const { api, get } = fakeApi(answer);
    let succeed: PositionCallback | undefined;
    const geolocation = { getCurrentPosition: vi.fn((ok: PositionCallback) => void (succeed = ok)) };
    const { router } = renderFinder(api, { url: '/find-butik?q=aarhus', geolocation });
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('button', { name: 'Brug min position' }));
    expect(screen.getByRole('status').textContent).toBe('Finder din position …');
    expect(screen.getByRole('button', { name: 'Brug min position' })).toHaveProperty('disabled', true);
    act(() => succeed!({ coords: { latitude: 55.641_234, longitude: 12.080_456 } } as GeolocationPosition));
    await screen.findByRole('heading', { level: 2, name: 'Nærmeste butikker ved 4000 Roskilde' });
    expect(get).toHaveBeenLastCalledWith(expect.anything(), '/api/stores/search?lat=55.641&lng=12.08');
    expect(router.state.location.href).toBe('/find-butik');
    expect(field()).toHaveProperty('value', '');
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('shows the SPEC §8 message in an alert when the position cannot be found', async () => {
    const { api } = fakeApi(answer);
    const geolocation = { getCurrentPosition: vi.fn((_ok: PositionCallback, failed?: PositionErrorCallback | null) => failed?.({ code: 1, message: 'denied' } as GeolocationPositionError)) };
    renderFinder(api, { geolocation });
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('button', { name: 'Brug min position' }));
    expect(screen.getByRole('alert').textContent).toBe('Vi kunne ikke finde din position. Genindlæs siden, eller brug søgefeltet.');
    // The list is still there, and the field still works.
    expect(screen.getByRole('list')).toBeDefined();
    fireEvent.change(field(), { target: { value: '4000' } });
    fireEvent.submit(field().closest('form')!);
    await screen.findByRole('heading', { level: 2, name: 'Nærmeste butikker ved 4000 Roskilde' });
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('shows the message too when the browser has no geolocation', async () => {
    const { api } = fakeApi(answer);
    // jsdom, like an old or locked-down browser, has no navigator.geolocation.
    expect(navigator.geolocation).toBeUndefined();
    renderFinder(api);
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('button', { name: 'Brug min position' }));
    expect(screen.getByRole('alert').textContent).toBe(sm.geolocationFailed);
  });

  it('offers a retry when the stores cannot be loaded', async () => {
    let calls = 0;
    const { api } = fakeApi(() => (++calls === 1 ? fail(500, 'Noget gik galt. Prøv igen.') : ok(all)));
    renderFinder(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('list')).toBeDefined();
  });
});
