import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchOverlay } from './search-overlay';
import { fakeSiteApi } from './test-data';

// The results list loads on the first query (its own chunk); loaded once here so the fake clock's steps below see it.
beforeAll(async () => {
  await import('./search-results-panel');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(api = fakeSiteApi()) {
  const navigate = vi.fn();
  const onClose = vi.fn();
  render(<SearchOverlay api={api} navigate={navigate} onClose={onClose} label="Søg igen" />);
  const field = screen.getByRole('searchbox', { name: 'Søg igen' });
  const panel = () => document.getElementById(field.getAttribute('aria-controls')!)!;
  const type = (value: string) => fireEvent.change(field, { target: { value } });
  return { api, navigate, onClose, field, panel, type };
}

/** Lets the debounce run out and the fake API answer. */
async function settle(ms = 300) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('site search overlay (SPEC §2, §4, §5)', () => {
  it('shows the four popular searches while the field is empty', () => {
    const { field, panel } = setup();
    fireEvent.focus(field);
    const links = within(panel()).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Ray-Ban', 'Tom Ford', 'Gucci', 'Prada']);
    expect(links[1]!.getAttribute('href')).toBe('/search?q=Tom+Ford');
  });

  it('waits 300 ms after the last keystroke, shows placeholder rows meanwhile, then the grouped results', async () => {
    const { api, field, panel, type } = setup();
    fireEvent.focus(field);
    type('gu');
    expect(panel().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('site-search-placeholders')).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Søger …');
    await settle(200);
    type('guc');
    await settle(299);
    expect(api.siteSearch).not.toHaveBeenCalled();
    await settle(1);
    expect(api.siteSearch).toHaveBeenCalledTimes(1);
    expect(api.siteSearch).toHaveBeenCalledWith('guc', undefined);
    expect(panel().getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByTestId('site-search-placeholders')).toBeNull();

    const products = within(panel()).getByRole('region', { name: 'Produkter' });
    const first = within(products).getAllByRole('link')[0]!;
    expect(first.getAttribute('href')).toBe('/produkt/gucci-gg0061s');
    expect(first.textContent).toContain('Gucci GG0061S');
    expect(first.textContent).toContain('Solbriller');
    // Campaign: the price now and the ordinary price struck through.
    expect(first.textContent).toContain('999,00\u00a0kr.');
    expect(first.querySelector('s')?.textContent).toBe('1.499,00\u00a0kr.');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/media/a1/sm.jpg');
    expect(within(products).getAllByRole('link')[1]!.textContent).toContain('Stel');
    expect(within(panel()).getByRole('region', { name: 'Sider' })).toBeDefined();
    expect(within(panel()).getByRole('region', { name: 'Kategorier' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('4 resultater');
  });

  it('shows the no-results message when every group is empty, and when the call fails', async () => {
    const { type, field } = setup();
    fireEvent.focus(field);
    type('xyz');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Ingen søgeresultater.');
    cleanup();

    const failing = setup(fakeSiteApi(() => ({ ok: false, status: 500, error: { code: 'internal', message: 'boom' } as never })));
    fireEvent.focus(failing.field);
    failing.type('gucci');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Ingen søgeresultater.');
  });

  it('clears the results at 1 character (and does not search)', async () => {
    const { api, type, field, panel } = setup();
    fireEvent.focus(field);
    type('gucci');
    await settle();
    expect(within(panel()).getAllByRole('link').length).toBeGreaterThan(0);
    type('g');
    expect(panel().hidden).toBe(true);
    expect(within(panel()).queryAllByRole('link', { hidden: true })).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('');
    await settle();
    expect(api.siteSearch).toHaveBeenCalledTimes(1);
    type('');
    // Empty: the popular searches again.
    expect(within(panel()).getByRole('link', { name: 'Ray-Ban' })).toBeDefined();
  });

  it('moves focus among the result links with Arrow Up/Down, wrapping both ways', async () => {
    const { type, field, panel } = setup();
    fireEvent.focus(field);
    type('gucci');
    await settle();
    const links = within(panel()).getAllByRole('link');
    // 2 products, 1 page, 1 category and "see all".
    expect(links.length).toBe(5);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links[links.length - 1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[0]);
    // From the field, Up goes to the last link.
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links[links.length - 1]);
  });

  it('Enter goes to /search?q=… and closes; an empty submit does nothing', async () => {
    const { navigate, onClose, type, field, panel } = setup();
    fireEvent.focus(field);
    fireEvent.submit(field.closest('form')!);
    expect(navigate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    type('   ');
    fireEvent.submit(field.closest('form')!);
    expect(navigate).not.toHaveBeenCalled();

    type('tom ford');
    fireEvent.submit(field.closest('form')!);
    expect(navigate).toHaveBeenCalledWith('/search?q=tom+ford');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(panel().hidden).toBe(true);
  });

  it('a chosen result navigates and closes; Escape closes and keeps focus in the field', async () => {
    const { navigate, onClose, type, field, panel } = setup();
    fireEvent.focus(field);
    type('aarhus');
    await settle();
    fireEvent.click(within(panel()).getAllByRole('link')[0]!);
    expect(navigate).toHaveBeenCalledWith('/find-butik/aarhus-1');
    expect(onClose).toHaveBeenCalledTimes(1);

    field.focus();
    fireEvent.focus(field);
    expect(panel().hidden).toBe(false);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(panel().hidden).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(field);
  });
});
