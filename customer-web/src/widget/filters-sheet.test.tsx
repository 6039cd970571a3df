import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeWidgetState } from '@optik/shared/widget';
import { PHONE_QUERY } from './listing-page';
import { URL_OPTIONS } from './provider';
import { SearchPage } from './search-page';
import { answerSearch, renderWidget } from './test-utils';

/** The screen matches `query` or not (jsdom has no matchMedia of its own). */
function screenIs(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === PHONE_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const count = (query: string, filters: { field: string; op: 'eq' | 'in'; data: unknown }[] = []) => answerSearch({ market: 'dk', query, filters }).n_hits;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('filters on a phone: a sheet over the page (issue 16 item 6)', () => {
  it('opens as a modal dialog with focus inside; a choice filters at once and the sheet says the new count', async () => {
    screenIs(true);
    const { history } = renderWidget(<SearchPage />, { href: '/search?query=ray-ban' });
    await screen.findByText(`${count('ray-ban')} produkter`);
    const button = screen.getByRole('button', { name: /^Filtre/ });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);

    const sheet = await screen.findByRole('dialog', { name: 'Filtre' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    await within(sheet).findByRole('group', { name: 'Mærke' });
    expect(within(sheet).getByRole('button', { name: 'Luk filtre' })).toBe(document.activeElement);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The page behind does not scroll while the sheet is open.
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.click(within(within(sheet).getByRole('group', { name: 'Polariserede glas' })).getByRole('checkbox', { name: /^Ja/ }));
    expect(decodeWidgetState(history.params, URL_OPTIONS).filters).toEqual([{ field: 'polarized', op: 'eq', data: true }]);
    const filtered = count('ray-ban', [{ field: 'polarized', op: 'eq', data: true }]);
    // Still open on the new entry, its button telling how many products the choice gives.
    expect(await within(screen.getByRole('dialog', { name: 'Filtre' })).findByRole('button', { name: `Vis ${filtered} produkter` })).toBeDefined();
  });

  it('Escape closes it and gives focus back to "Filtre"; Tab wraps inside it', async () => {
    screenIs(true);
    renderWidget(<SearchPage />, { href: '/search?query=ray-ban' });
    await screen.findByText(`${count('ray-ban')} produkter`);
    const button = screen.getByRole('button', { name: /^Filtre/ });
    button.focus();
    fireEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Filtre' });
    await within(sheet).findByRole('group', { name: 'Mærke' });

    // Tab on the last control goes to the first, Shift+Tab on the first to the last.
    const close = within(sheet).getByRole('button', { name: 'Luk filtre' });
    const show = within(sheet).getByRole('button', { name: /^Vis \d+ produkter$/ });
    show.focus();
    fireEvent.keyDown(show, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(show);

    fireEvent.keyDown(show, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtre' })).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.body.style.overflow).toBe('');
  });

  it('"Vis … produkter" and the close button close it too, focus back on "Filtre"', async () => {
    screenIs(true);
    renderWidget(<SearchPage />, { href: '/search?query=ray-ban' });
    await screen.findByText(`${count('ray-ban')} produkter`);
    const button = screen.getByRole('button', { name: /^Filtre/ });
    for (const name of [/^Vis \d+ produkter$/, /^Luk filtre$/]) {
      button.focus();
      fireEvent.click(button);
      const sheet = await screen.findByRole('dialog', { name: 'Filtre' });
      fireEvent.click(await within(sheet).findByRole('button', { name }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtre' })).toBeNull());
      expect(document.activeElement).toBe(button);
    }
  });

  it('on a wide screen the filters stay a panel in the page, no dialog', async () => {
    screenIs(false);
    renderWidget(<SearchPage />, { href: '/search?query=ray-ban' });
    await screen.findByText(`${count('ray-ban')} produkter`);
    fireEvent.click(screen.getByRole('button', { name: /^Filtre/ }));
    await screen.findByRole('group', { name: 'Mærke' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Filtre' })).toBeDefined();
  });
});
