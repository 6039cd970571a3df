import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
  delete (window as { onbeforeinstallprompt?: unknown }).onbeforeinstallprompt;
});

/** A fresh copy of the module (its prompt is kept per page load), in a browser that does or does not offer installing. */
async function load({ offersPrompt, standalone = false }: { offersPrompt: boolean; standalone?: boolean }) {
  if (offersPrompt) (window as { onbeforeinstallprompt?: unknown }).onbeforeinstallprompt = null;
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: standalone && q === '(display-mode: standalone)' }));
  return (await import('./install')).InstallApp;
}

function promptEvent(outcome: 'accepted' | 'dismissed') {
  const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(async () => {}), userChoice: Promise.resolve({ outcome }) });
  return e;
}

describe('installing the app', () => {
  it('offers a button where the browser offers installing, and says when it is installed', async () => {
    const InstallApp = await load({ offersPrompt: true });
    render(<InstallApp />);
    // Chromium before it finds the app installable: nothing to offer yet.
    expect(screen.queryByRole('heading', { name: 'Installér appen' })).toBeNull();
    const e = promptEvent('accepted');
    act(() => void window.dispatchEvent(e));
    expect(e.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Installér appen på denne enhed' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Appen er installeret. Åbn den fra hjemmeskærmen.');
    expect(e.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Installér/ })).toBeNull();
  });

  it('gives the Danish steps where the browser never offers it (Safari on iPad)', async () => {
    const InstallApp = await load({ offersPrompt: false });
    render(<InstallApp />);
    expect(screen.getByRole('heading', { name: 'Installér appen', level: 2 })).toBeTruthy();
    expect(screen.getByText('På iPad og iPhone (Safari): tryk på Del-knappen, og vælg Føj til hjemmeskærm.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing when the app already runs installed', async () => {
    const InstallApp = await load({ offersPrompt: false, standalone: true });
    const { container } = render(<InstallApp />);
    act(() => void window.dispatchEvent(promptEvent('accepted')));
    expect(container.innerHTML).toBe('');
  });
});
