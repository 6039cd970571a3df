import { useRef, useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryNode } from '@optik/shared';
import { FOLD_MENU_RESET_MS, FoldMenu } from './fold-menu';

const tree: CategoryNode[] = [
  { path: '/briller', title: 'Briller', count: 10, kind: 'category', children: [{ path: '/briller/gucci', title: 'Gucci', count: 2, kind: 'brand' }] },
  {
    path: '/solbriller',
    title: 'Solbriller',
    count: 5,
    kind: 'category',
    children: [
      { path: '/solbriller/ray-ban', title: 'Ray-Ban', count: 3, kind: 'brand' },
      { path: '/solbriller/barn', title: 'Solbriller til børn', count: 1, kind: 'audience' },
    ],
  },
];

const api = { getCategories: vi.fn(async () => ({ ok: true as const, status: 200, data: { data: tree } })) };

function Harness({ onNavigate }: { onNavigate?: (href: string) => void }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={buttonRef} type="button" aria-expanded={open} onClick={() => setOpen(true)}>
        Menu
      </button>
      <FoldMenu id="menu" open={open} onClose={() => setOpen(false)} api={api} returnFocusRef={buttonRef} onNavigate={onNavigate} />
    </>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets the fake api's promise settle under fake timers. */
const flush = () => act(async () => {});

describe('FoldMenu', () => {
  it('is hidden from screen readers until opened, then focuses into the dialog and locks the page scroll', async () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Luk menu' }));
    expect(document.body.style.overflow).toBe('hidden');
    for (const name of ['Briller', 'Solbriller', 'Sportsbriller', 'Kontaktlinser', 'Øjenpleje']) {
      expect(within(dialog).getByRole('button', { name })).toBeDefined();
    }
  });

  it('opens a section with its sub-links, and back returns to the main list with focus on the section', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await flush();
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Solbriller' }));
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Solbriller' })).toBeDefined();
    expect(within(dialog).getByRole('link', { name: 'Ray-Ban' }).getAttribute('href')).toBe('/solbriller/ray-ban');
    expect(within(dialog).getByRole('link', { name: 'Se alle solbriller' }).getAttribute('href')).toBe('/solbriller');
    const back = within(dialog).getByRole('button', { name: 'Tilbage til menuen' });
    expect(document.activeElement).toBe(back);
    fireEvent.click(back);
    expect(within(dialog).queryByRole('link', { name: 'Ray-Ban' })).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Solbriller' }));
  });

  it("labels the free eye test '0,-' in the glasses section", async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Briller' }));
    const campaign = screen.getByRole('link', { name: /Gratis synstest/ });
    expect(campaign.getAttribute('href')).toBe('/bestil-tid-til-synstest');
    expect(campaign.textContent).toContain('0,-');
  });

  it('closes on Escape, returns focus to the menu button, unlocks scroll and clears the section after 250 ms', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(opener);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Solbriller' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
    // The section stays while the menu slides out …
    act(() => vi.advanceTimersByTime(FOLD_MENU_RESET_MS - 1));
    fireEvent.click(opener);
    expect(screen.getByRole('heading', { level: 2, name: 'Solbriller' })).toBeDefined();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    // … and is cleared 250 ms after closing, so the next opening starts at the main list.
    act(() => vi.advanceTimersByTime(FOLD_MENU_RESET_MS));
    fireEvent.click(opener);
    expect(screen.queryByRole('heading', { level: 2, name: 'Solbriller' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Solbriller' })).toBeDefined();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await flush();
    const dialog = screen.getByRole('dialog');
    const links = within(dialog).getAllByRole('link');
    const last = links[links.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Luk menu' }));
  });

  it('navigates client-side on a plain click and closes', async () => {
    const onNavigate = vi.fn();
    render(<Harness onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Solbriller' }));
    fireEvent.click(screen.getByRole('link', { name: 'Ray-Ban' }));
    expect(onNavigate).toHaveBeenCalledWith('/solbriller/ray-ban');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
