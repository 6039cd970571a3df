import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREVIOUS_SEARCHES_STORAGE_KEY } from '@optik/shared/widget';
import { answerSearch, CATALOGUE, fakeClient, product, renderWidget } from './test-utils';
import { SearchButton } from './search-button';
import { SearchModal } from './search-modal';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ui = (
  <>
    <SearchButton />
    <SearchModal />
  </>
);

function openModal() {
  fireEvent.click(screen.getByRole('button', { name: 'Søg i produkter' }));
  return screen.getByRole('dialog', { name: 'Søg i butikken' });
}
const field = () => screen.getByRole('combobox', { name: 'Søg efter produkter, mærker og sider' });

describe('search modal: opening and closing', () => {
  it('opens from the header button with focus in the field and the page scroll locked; Escape closes and returns focus', () => {
    renderWidget(ui);
    const opener = screen.getByRole('button', { name: 'Søg i produkter' });
    document.body.style.overflow = 'auto';
    const dialog = openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(field());
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('auto');
  });

  it('waits for a closing animation, at most once and at most 1 s (SPEC §4)', () => {
    vi.useFakeTimers();
    try {
      renderWidget(ui);
      openModal();
      const backdrop = screen.getByTestId('widget-backdrop');
      backdrop.style.animationName = 'widget-close';
      fireEvent.keyDown(field(), { key: 'Escape' });
      expect(backdrop.className).toContain('closing');
      expect(screen.queryByRole('dialog')).not.toBeNull();
      fireEvent.animationEnd(backdrop);
      expect(screen.queryByRole('dialog')).toBeNull();

      openModal();
      screen.getByTestId('widget-backdrop').style.animationName = 'widget-close';
      fireEvent.keyDown(field(), { key: 'Escape' });
      act(() => void vi.advanceTimersByTime(999));
      expect(screen.queryByRole('dialog')).not.toBeNull();
      act(() => void vi.advanceTimersByTime(1));
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on a backdrop click but not on a click inside the dialog', () => {
    renderWidget(ui);
    const dialog = openModal();
    fireEvent.mouseDown(dialog);
    expect(screen.getByRole('dialog')).toBeDefined();
    fireEvent.mouseDown(screen.getByTestId('widget-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with the back button, and when the URL changes', () => {
    const { history } = renderWidget(ui);
    openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    openModal();
    act(() => history.navigate('/kontakt-os', {}));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    renderWidget(ui);
    const dialog = openModal();
    const back = within(dialog).getByRole('button', { name: 'Tilbage' });
    const last = within(dialog).getByRole('button', { name: 'Opdag mere' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(back);
    fireEvent.keyDown(back, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

describe('search modal: suggestions and keyboard', () => {
  it('Down/Up cycle through previous searches and suggestions back to the typed text; Enter searches the highlighted query', async () => {
    localStorage.setItem(PREVIOUS_SEARCHES_STORAGE_KEY, JSON.stringify(['ray-ban clubmaster', 'gucci']));
    const { history, client } = renderWidget(ui);
    openModal();
    // An empty field lists previous searches.
    expect(await screen.findByRole('option', { name: 'gucci' })).toBeDefined();
    fireEvent.change(field(), { target: { value: 'ray' } });
    await screen.findByRole('option', { name: 'ray-ban wayfarer' });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['ray-ban clubmaster', 'ray-ban', 'ray-ban wayfarer', 'Ray-Ban i Solbriller (Mærke)']);
    expect(client.suggestions).toHaveBeenLastCalledWith(expect.objectContaining({ query: 'ray', market: 'dk', tenant: 'profil-optik' }));

    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect((field() as HTMLInputElement).value).toBe('ray-ban clubmaster');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect((field() as HTMLInputElement).value).toBe('ray-ban');
    // Up from the first entry wraps round to the typed text, and on to the last entry.
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect((field() as HTMLInputElement).value).toBe('ray');
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(field().getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });

    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(history.href).toBe('/search?query=ray-ban');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(localStorage.getItem(PREVIOUS_SEARCHES_STORAGE_KEY)!)).toEqual(['ray-ban', 'ray-ban clubmaster', 'gucci']);
  });

  it('Enter on a category suggestion opens its page; with Ctrl it opens in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { history } = renderWidget(ui);
    openModal();
    fireEvent.change(field(), { target: { value: 'ray' } });
    await screen.findByRole('option', { name: /Ray-Ban i Solbriller/ });
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    expect(open).toHaveBeenCalledWith('/solbriller/ray-ban', '_blank', 'noopener');
    expect(history.href).toBe('/');
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(history.href).toBe('/solbriller/ray-ban');
  });

  it('Enter on the typed text searches it; an empty field submits nothing', async () => {
    const { history } = renderWidget(ui);
    openModal();
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(history.href).toBe('/');
    fireEvent.change(field(), { target: { value: '  gucci ' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(history.href).toBe('/search?query=gucci');
  });

  it('shows up to 4 instant products and "Se alle N resultater" for a query, "Opdag mere" without one', async () => {
    const { history, client } = renderWidget(ui);
    openModal();
    expect(screen.getByRole('button', { name: 'Opdag mere' })).toBeDefined();
    fireEvent.change(field(), { target: { value: 'ray' } });
    const total = answerSearch({ market: 'dk', query: 'ray', filters: [] }).n_hits;
    const viewAll = await screen.findByRole('button', { name: `Se alle ${total} resultater` });
    expect(client.searchResults).toHaveBeenCalledWith(expect.objectContaining({ query: 'ray', filters: [], limit: 20 }));
    const products = within(screen.getByRole('region', { name: 'Produkter' })).getAllByRole('link');
    expect(products).toHaveLength(4);
    fireEvent.click(viewAll);
    expect(history.href).toBe('/search?query=ray');
  });

  it('says "Se 1 resultat" for a single hit', async () => {
    const client = fakeClient({ search: (b) => answerSearch(b, [product(99, { title: 'Unik model' })]) });
    renderWidget(ui, { client });
    openModal();
    fireEvent.change(field(), { target: { value: 'unik' } });
    expect(await screen.findByRole('button', { name: 'Se 1 resultat' })).toBeDefined();
    expect(CATALOGUE.length).toBeGreaterThan(1);
  });

  it('starts with the current query on the search page; the same query again just closes', () => {
    const { history } = renderWidget(ui, { href: '/search?query=gucci' });
    openModal();
    expect((field() as HTMLInputElement).value).toBe('gucci');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(history.length).toBe(1);
    expect(history.href).toBe('/search?query=gucci');
  });
});
