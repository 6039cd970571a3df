import { useState, useSyncExternalStore } from 'react';
import { dm } from './messages';

/** Chromium's install prompt (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type InstallState = { prompt: InstallPromptEvent | null; installed: boolean };
let state: InstallState = { prompt: null, installed: false };
const listeners = new Set<() => void>();
const set = (next: Partial<InstallState>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};

// Listened to from the first import (the event can come before the home page shows).
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // The app offers installing with its own button instead of the browser's banner.
    e.preventDefault();
    set({ prompt: e as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ prompt: null, installed: true }));
}

const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));
const snapshot = () => state;

/** Running as the installed app (home-screen icon): Chromium's display mode, or iOS Safari's flag. */
function isStandalone(): boolean {
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

/**
 * "Installér appen": a button where the browser offers installing (beforeinstallprompt), short
 * instructions where it never does (Safari on iPad: Del → Føj til hjemmeskærm), nothing once the
 * app runs installed or where the browser could offer it but does not (already installed).
 */
export function InstallApp() {
  const { prompt, installed } = useSyncExternalStore(subscribe, snapshot);
  const [standalone] = useState(isStandalone);
  if (standalone) return null;
  const offersPrompt = 'onbeforeinstallprompt' in window;
  if (!prompt && !installed && offersPrompt) return null;

  async function install() {
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    // A prompt is used once; accepted, `appinstalled` follows.
    set({ prompt: null, installed: outcome === 'accepted' });
  }

  return (
    <section aria-labelledby="installer-titel" className="install">
      <h2 id="installer-titel">{dm.install.title}</h2>
      {installed ? (
        <p role="status">{dm.install.installed}</p>
      ) : prompt ? (
        <>
          <p>{dm.install.intro}</p>
          <button type="button" onClick={() => void install()}>
            {dm.install.button}
          </button>
        </>
      ) : (
        <>
          <p>{dm.install.intro}</p>
          <p>{dm.install.safari}</p>
          <p>{dm.install.other}</p>
        </>
      )}
    </section>
  );
}
