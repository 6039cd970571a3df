import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch } from './header-search';
import { fakeSiteApi } from './test-data';

afterEach(cleanup);

/** The overlay's code loads on opening (a lazy chunk): its first import in a test run includes transforming it, over a second on a busy machine. */
const LAZY = { timeout: 10_000 };

function setup() {
  const navigate = vi.fn();
  const view = render(<HeaderSearch api={fakeSiteApi()} navigate={navigate} locationKey="/briller" />);
  const button = screen.getByRole('button', { name: 'Søg' });
  return { navigate, button, view };
}

describe('the header search (SPEC §2 layout: search overlay)', () => {
  it('opens the site search as a modal dialog with the field focused and the page locked', async () => {
    const { button } = setup();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Søg på siden' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const field = await screen.findByRole('searchbox', { name: 'Søg på hele siden' }, LAZY);
    expect(document.activeElement).toBe(field);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('Escape closes it, unlocks the page and gives focus back to the button', async () => {
    const { button } = setup();
    fireEvent.click(button);
    fireEvent.keyDown(await screen.findByRole('searchbox', {}, LAZY), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(button);
  });

  it('the close button and a click on the backdrop close it; a click inside does not', () => {
    const { button } = setup();
    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Luk søgningen' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a submit goes to /search?q=… and closes; a change of page closes it too', async () => {
    const { button, navigate, view } = setup();
    fireEvent.click(button);
    const field = await screen.findByRole('searchbox', {}, LAZY);
    fireEvent.change(field, { target: { value: 'ray-ban' } });
    fireEvent.submit(field.closest('form')!);
    expect(navigate).toHaveBeenCalledWith('/search?q=ray-ban');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(button);
    view.rerender(<HeaderSearch api={fakeSiteApi()} navigate={navigate} locationKey="/solbriller" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
