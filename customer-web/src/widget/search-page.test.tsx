import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeWidgetState, failedSearch } from '@optik/shared/widget';
import { SearchModal } from './search-modal';
import { SearchPage } from './search-page';
import { URL_OPTIONS } from './provider';
import { useSubmitQuery } from './search-submit';
import { answerSearch, fakeClient, renderWidget, type TestHistory } from './test-utils';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const stateOf = (history: TestHistory) => decodeWidgetState(history.params, URL_OPTIONS);
const count = (query: string, filters: { field: string; op: 'eq' | 'in'; data: unknown }[] = []) => answerSearch({ market: 'dk', query, filters }).n_hits;

/** Opens a panel and waits for it: the panels load on first opening. */
async function openPanel(name: 'Filtre' | 'Sortér') {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
  if (name === 'Filtre') await screen.findByRole('group', { name: 'Mærke' });
  else await screen.findByRole('radio', { name: 'Pris: høj til lav' });
}

describe('search page: state in the URL', () => {
  it('reads the query from the URL, writes filters and sorting to it, and reads them back after a fresh render', async () => {
    const first = renderWidget(<SearchPage />, { href: '/search?query=ray-ban' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Søgeresultater for “ray-ban”' })).toBeDefined();
    expect(await screen.findByText(`${count('ray-ban')} produkter`)).toBeDefined();
    expect(first.client.searchResults).toHaveBeenCalledWith(expect.objectContaining({ query: 'ray-ban', filters: [], limit: 20 }));

    await openPanel('Filtre');
    const polarised = screen.getByRole('group', { name: 'Polariserede glas' });
    fireEvent.click(within(polarised).getByRole('checkbox', { name: /^Ja/ }));
    expect(stateOf(first.history).filters).toEqual([{ field: 'polarized', op: 'eq', data: true }]);
    expect([...first.history.params.keys()]).toContain('f_polarized≡');
    const filtered = count('ray-ban', [{ field: 'polarized', op: 'eq', data: true }]);
    expect(await screen.findByText(`${filtered} produkter`)).toBeDefined();
    // The panel stays open on the new entry.
    expect(within(screen.getByRole('group', { name: 'Polariserede glas' })).getByRole('checkbox', { name: /^Ja/ })).toHaveProperty('checked', true);

    await openPanel('Sortér');
    fireEvent.click(screen.getByRole('radio', { name: 'Pris: høj til lav' }));
    expect(first.history.params.get('sorting')).toBe('price📉');
    expect(first.history.length).toBe(3);
    const href = first.history.href;
    cleanup();

    // A reload (or a shared link) shows the same choices.
    const again = renderWidget(<SearchPage />, { href });
    await screen.findByText(`${filtered} produkter`);
    expect(again.client.searchResults).toHaveBeenCalledWith(
      expect.objectContaining({ query: 'ray-ban', filters: [{ field: 'polarized', op: 'eq', data: true }], sorting: { field: 'price', order: 'desc' } }),
    );
    await openPanel('Filtre');
    await openPanel('Sortér');
    expect(within(screen.getByRole('group', { name: 'Polariserede glas' })).getByRole('checkbox', { name: /^Ja/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Pris: høj til lav' })).toHaveProperty('checked', true);
    const prices = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(prices.length).toBe(filtered);
  });

  it('goes back to the previous choices with the history', async () => {
    const { history } = renderWidget(<SearchPage />, { href: '/search?query=ray-ban' });
    await screen.findByText(`${count('ray-ban')} produkter`);
    await openPanel('Filtre');
    fireEvent.click(within(screen.getByRole('group', { name: 'Mærke' })).getByRole('checkbox', { name: /^Gucci/ }));
    expect(stateOf(history).filters).toEqual([{ field: 'brand', op: 'in', data: ['Gucci'] }]);
    act(() => history.back());
    expect(stateOf(history).filters).toEqual([]);
    expect(await screen.findByText(`${count('ray-ban')} produkter`)).toBeDefined();
  });

  it('takes the shop search URL /search?q=… as the query, rewriting the URL in place', async () => {
    const { history, client } = renderWidget(<SearchPage />, { href: '/search?q=gucci' });
    await waitFor(() => expect(history.href).toBe('/search?query=gucci'));
    expect(history.length).toBe(1);
    await screen.findByText(`${count('gucci')} produkter`);
    expect(client.searchResults).toHaveBeenCalledWith(expect.objectContaining({ query: 'gucci' }));
  });

  it('loads the next page by cursor with "Vis flere" and moves focus to the first new product', async () => {
    renderWidget(<SearchPage />, { href: '/search?query=' });
    expect(await screen.findByText('Viser 20 af 30')).toBeDefined();
    expect(screen.getAllByRole('link')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Vis flere' }));
    expect(await screen.findByText('Viser 30 af 30')).toBeDefined();
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(30);
    await waitFor(() => expect(document.activeElement).toBe(links[20]));
    expect(screen.queryByRole('button', { name: 'Vis flere' })).toBeNull();
  });

  it('shows the empty states: no results, and no products with filters plus a way out', async () => {
    renderWidget(<SearchPage />, { href: '/search?query=findes-ikke' });
    expect(await screen.findByText('Ingen resultater')).toBeDefined();
    cleanup();
    const withFilter = renderWidget(<SearchPage />, { href: `/search?query=findes-ikke&${encodeURIComponent('f_polarized≡')}=1` });
    expect(await screen.findByText('Ingen produkter fundet')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen uden filtre' }));
    expect(withFilter.history.href).toBe('/search?query=findes-ikke');
  });

  it('says something went wrong when the search fails, and tries again on request', async () => {
    let fail = true;
    const client = fakeClient({ search: (b) => (fail ? failedSearch() : answerSearch(b)) });
    renderWidget(<SearchPage />, { href: '/search?query=gucci', client });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Noget gik galt. Prøv igen.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByText(`${count('gucci')} produkter`)).toBeDefined();
  });
});

describe("the 'filters cleared' toast", () => {
  const withChoices = `/search?query=ray-ban&${encodeURIComponent('f_polarized≡')}=1&sorting=${encodeURIComponent('price📈')}`;

  it('a new query clears filters and sorting, and restore puts them back', async () => {
    const { history } = renderWidget(
      <>
        <SearchModal />
        <SearchPage />
      </>,
      { href: withChoices },
    );
    await screen.findByText(`${count('ray-ban', [{ field: 'polarized', op: 'eq', data: true }])} produkter`);
    fireEvent.click(screen.getByRole('button', { name: 'Søg i produkter' }));
    const field = screen.getByRole('combobox');
    expect((field as HTMLInputElement).value).toBe('ray-ban');
    fireEvent.change(field, { target: { value: 'gucci' } });
    fireEvent.keyDown(field, { key: 'Enter' });

    expect(history.href).toBe('/search?query=gucci');
    expect(await screen.findByText('Filtrene er ryddet')).toBeDefined();
    expect(await screen.findByText(`${count('gucci')} produkter`)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Gendan' }));
    expect(stateOf(history)).toMatchObject({ query: 'gucci', filters: [{ field: 'polarized', op: 'eq', data: true }], sorting: { field: 'price', order: 'asc' } });
    expect(screen.queryByText('Filtrene er ryddet')).toBeNull();
  });

  function Submit({ query }: { query: string }) {
    const submitQuery = useSubmitQuery();
    return (
      <button type="button" onClick={() => submitQuery(query)}>
        Søg efter {query}
      </button>
    );
  }

  it('closes after 30 s, not while hovered or focused, on OK or Escape; only one at a time', () => {
    vi.useFakeTimers();
    const { history } = renderWidget(<Submit query="gucci" />, { href: withChoices });
    fireEvent.click(screen.getByRole('button', { name: 'Søg efter gucci' }));
    const toast = () => screen.queryByText('Filtrene er ryddet');
    expect(toast()).not.toBeNull();
    act(() => vi.advanceTimersByTime(29_000));
    expect(toast()).not.toBeNull();
    fireEvent.pointerEnter(toast()!.parentElement!);
    act(() => vi.advanceTimersByTime(60_000));
    expect(toast()).not.toBeNull();
    fireEvent.pointerLeave(toast()!.parentElement!);
    act(() => vi.advanceTimersByTime(999));
    expect(toast()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(toast()).toBeNull();

    // Focus pauses too; Escape closes.
    act(() => history.navigate(withChoices, {}));
    fireEvent.click(screen.getByRole('button', { name: 'Søg efter gucci' }));
    fireEvent.focus(screen.getByRole('button', { name: 'OK' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(toast()).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toast()).toBeNull();

    // OK closes; a second query change replaces the toast rather than stacking one.
    act(() => history.navigate(withChoices, {}));
    fireEvent.click(screen.getByRole('button', { name: 'Søg efter gucci' }));
    act(() => history.navigate(withChoices, {}));
    fireEvent.click(screen.getByRole('button', { name: 'Søg efter gucci' }));
    expect(screen.getAllByText('Filtrene er ryddet')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(toast()).toBeNull();
    expect(history.href).toBe('/search?query=gucci');
  });
});
