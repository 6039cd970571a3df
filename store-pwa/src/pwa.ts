import { Workbox } from 'workbox-window';

/**
 * Registers the service worker in production builds. A new version waits until staff accept
 * it: queued commands live in IndexedDB, not in the page, and the Dexie upgrade migrates
 * the outbox, so reloading into the new version strands nothing.
 */
export function registerServiceWorker(onUpdateReady: (activate: () => void) => void): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    onUpdateReady(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb.register();
}
