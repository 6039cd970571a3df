import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerSearch, renderWidget } from '../../widget/test-utils';
import { SearchResultsPage, tabHref } from './search-results-page';
import { emptyResponse, fakeSiteApi } from './test-data';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const productHits = (query: string) => answerSearch({ market: 'dk', query, filters: [] }).n_hits;
const tabs = () => within(screen.getByRole('navigation', { name: 'Vis resultater af typen' })).getAllByRole('link');

describe('search results page /search (SPEC §2)', () => {
  it('shows all kinds without s: stores, quick links, the widget listing, counts per tab and the page title', async () => {
    const api = fakeSiteApi();
    const { history } = renderWidget(<SearchResultsPage api={api} />, { href: '/search?q=aarhus' });
    expect(screen.getByRole('heading', { level: 1, name: 'Søgeresultater for »aarhus«' })).toBeDefined();
    expect(document.title).toBe('Søgning: aarhus – Profil Optik');
    const stores = await screen.findByRole('region', { name: 'Butikker (7)' });
    const first = within(stores).getAllByRole('link')[0]!;
    expect(first.textContent).toBe('Profil Optik Aarhus 1');
    expect(first.getAttribute('href')).toBe('/find-butik/aarhus-1');
    expect(within(stores).getByText('Søndergade 1, 8000 Aarhus C')).toBeDefined();
    expect(within(stores).getByRole('link', { name: 'Se alle 7 butikker' }).getAttribute('href')).toContain('s=stores');
    expect(within(screen.getByRole('region', { name: 'Artikler og sider (1)' })).getByRole('link', { name: /Aarhus C/ })).toBeDefined();
    // The widget listing rewrote q to its own parameter; the page still knows the query.
    await waitFor(() => expect(history.params.get('query')).toBe('aarhus'));
    expect(screen.getByRole('region', { name: 'Produkter' })).toBeDefined();
    await waitFor(() => expect(tabs().map((a) => a.textContent)).toEqual(['Alle', `Produkter (${productHits('aarhus')})`, 'Butikker (7)', 'Artikler (1)']));
    expect(tabs()[0]!.getAttribute('aria-current')).toBe('page');
    expect(api.siteSearch).toHaveBeenCalledWith('aarhus', undefined);
  });

  it('s=stores shows only stores (all of them), no product listing, and tab links keep q', async () => {
    const api = fakeSiteApi();
    const { client } = renderWidget(<SearchResultsPage api={api} />, { href: '/search?q=aarhus&s=stores' });
    const stores = await screen.findByRole('region', { name: 'Butikker (7)' });
    expect(within(stores).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(Array.from({ length: 7 }, (_, i) => `/find-butik/aarhus-${i + 1}`));
    expect(api.siteSearch).toHaveBeenCalledWith('aarhus', 'stores');
    expect(screen.queryByRole('region', { name: 'Produkter' })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Artikler/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /“aarhus”/ })).toBeNull();
    // Only the count request, no listing.
    expect(client.searchResults.mock.calls.length).toBeLessThanOrEqual(1);
    const current = tabs().find((a) => a.getAttribute('aria-current') === 'page');
    expect(current?.textContent).toBe('Butikker (7)');
    expect(tabs().map((a) => a.getAttribute('href'))).toEqual(['/search?q=aarhus', '/search?q=aarhus&s=products', '/search?q=aarhus&s=stores', '/search?q=aarhus&s=articles']);
  });

  it('s=articles shows content pages, categories and cities as quick links, no stores and no listing', async () => {
    renderWidget(<SearchResultsPage api={fakeSiteApi()} />, { href: '/search?q=gucci&s=articles' });
    const section = await screen.findByRole('region', { name: 'Artikler og sider (2)' });
    const page = within(section).getByRole('link', { name: 'Gucci hos Profil Optik' });
    expect(page.getAttribute('href')).toBe('/om-gucci');
    expect(page.querySelector('img')?.getAttribute('src')).toBe('/media/pages/gucci.jpg');
    expect(within(section).getByRole('link', { name: 'Gucci – Solbriller' }).getAttribute('href')).toBe('/solbriller/gucci');
    expect(screen.queryByRole('region', { name: /^Butikker/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Produkter' })).toBeNull();
  });

  it('s=products shows the widget listing only; switching tabs keeps its filters and sorting', async () => {
    const href = '/search?query=gucci&f_polarized%E2%89%A1=1&sorting=price%F0%9F%93%89&s=products';
    const { history } = renderWidget(<SearchResultsPage api={fakeSiteApi()} />, { href });
    expect(await screen.findByRole('heading', { level: 2, name: 'Produkter' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Søgeresultater for »gucci«' })).toBeDefined();
    expect(screen.queryByRole('region', { name: /^Butikker/ })).toBeNull();
    const stores = tabs()[2]!;
    const params = new URLSearchParams(stores.getAttribute('href')!.split('?')[1]);
    expect(params.get('s')).toBe('stores');
    expect(params.get('q')).toBe('gucci');
    expect(params.get('query')).toBe('gucci');
    expect(params.get('f_polarized≡')).toBe('1');
    expect(params.get('sorting')).toBe('price📉');
    fireEvent.click(stores);
    expect(history.params.get('s')).toBe('stores');
    expect(history.params.get('f_polarized≡')).toBe('1');
  });

  it('shows the SPEC §8 no-results message when every kind is empty, and when the call fails', async () => {
    renderWidget(<SearchResultsPage api={fakeSiteApi((q) => ({ ok: true, status: 200, data: emptyResponse(q) }))} />, { href: '/search?q=zzzz' });
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Ingen søgeresultater.')).toBe(true));
    cleanup();
    renderWidget(<SearchResultsPage api={fakeSiteApi(() => ({ ok: false, status: 500, error: { code: 'internal', message: 'x' } as never }))} />, { href: '/search?q=qqqq&s=stores' });
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Ingen søgeresultater.')).toBe(true));
  });

  it('"Søg igen" submits a new query to /search?q=…', async () => {
    const { history } = renderWidget(<SearchResultsPage api={fakeSiteApi()} />, { href: '/search?q=aarhus&s=stores' });
    const field = screen.getByRole('searchbox', { name: 'Søg igen' });
    expect((field as HTMLInputElement).value).toBe('aarhus');
    fireEvent.change(field, { target: { value: 'gucci' } });
    fireEvent.submit(field.closest('form')!);
    // The push went to /search?q=gucci (one new entry, no s); the listing then rewrote q to its own parameter in place.
    expect(history.length).toBe(2);
    await waitFor(() => expect(history.href).toBe('/search?query=gucci'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Søgeresultater for »gucci«' })).toBeDefined();
  });

  it('"Søg igen" is a plain field until the visitor turns to it; the suggestions then take over with the text, selection and focus', async () => {
    renderWidget(<SearchResultsPage api={fakeSiteApi()} />, { href: '/search?q=aarhus&s=stores' });
    const plain = screen.getByRole('searchbox', { name: 'Søg igen' }) as HTMLInputElement;
    // No suggestions panel before: the overlay's code has not been asked for.
    expect(screen.queryByRole('region', { name: 'Forslag' })).toBeNull();
    plain.focus();
    plain.value = 'gucci';
    // Selected, as a visitor's select-all before typing over it: the selection carries over too.
    plain.setSelectionRange(2, 5);
    fireEvent.input(plain);
    const live = await waitFor(() => {
      const field = screen.getByRole('searchbox', { name: 'Søg igen' }) as HTMLInputElement;
      expect(field).not.toBe(plain);
      return field;
    }, { timeout: 10_000 }); // the overlay's code is a lazy chunk: its first import includes transforming it
    expect(live.value).toBe('gucci');
    expect(document.activeElement).toBe(live);
    expect([live.selectionStart, live.selectionEnd]).toEqual([2, 5]);
    expect(screen.getByRole('region', { name: 'Forslag' })).toBeDefined();
  });

  it('builds tab links that set or drop s and keep everything else', () => {
    expect(tabHref('/search', '?query=a&s=stores&x=1', 'a', null)).toBe('/search?query=a&x=1&q=a');
    expect(tabHref('/search', '', 'ray ban', 'articles')).toBe('/search?q=ray+ban&s=articles');
  });
});
