import type { SessionResponse } from '@optik/shared';
import { api } from './api';
import { StoreDb } from './db/db';
import { openVault } from './db/vault';
import { createSyncEngine, type SyncEngine } from './sync/engine';
import { startSyncLoop } from './sync/loop';

export const db = new StoreDb();

let started: Promise<{ engine: SyncEngine; trigger: () => Promise<void> }> | null = null;

/** The device's sync engine and its loop, started once after a staff login. */
export function syncServices() {
  started ??= (async () => {
    const engine = createSyncEngine({ db, vault: await openVault(db), send: (commands) => api.sync({ commands }) });
    const loop = startSyncLoop(engine, {
      events: window,
      isVisible: () => document.visibilityState === 'visible',
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (id) => window.clearInterval(id as number),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (id) => window.clearTimeout(id as number),
    });
    void refreshCatalogue();
    window.addEventListener('online', () => void refreshCatalogue());
    return { engine, trigger: loop.trigger };
  })();
  return started;
}

export const CATALOGUE_VERSION_KEY = 'catalogue-version';
export const CATALOGUE_FETCHED_KEY = 'catalogue-fetched-at';

/** Fetches what changed in the catalogue since the device's version; offline, the copy stays as it was. */
export async function refreshCatalogue(): Promise<boolean> {
  const since = ((await db.meta.get(CATALOGUE_VERSION_KEY))?.value as number | undefined) ?? 0;
  const r = await api.getCatalogueSnapshot(since);
  if (!r.ok) return false;
  await db.transaction('rw', [db.catalogue, db.meta], async () => {
    await db.catalogue.bulkPut(r.data.articles);
    await db.meta.put({ key: CATALOGUE_VERSION_KEY, value: r.data.version });
    await db.meta.put({ key: CATALOGUE_FETCHED_KEY, value: new Date().toISOString() });
  });
  return true;
}

const SESSION_KEY = 'offline-session';

/**
 * After one online login the session is kept on the device, so staff keep working with the
 * network cut — until the session's own expiry, after which an online login is needed again.
 */
export async function rememberSession(session: SessionResponse | null): Promise<void> {
  if (session) await db.meta.put({ key: SESSION_KEY, value: session });
  else await db.meta.delete(SESSION_KEY);
}

export async function offlineSession(now = Date.now()): Promise<SessionResponse | null> {
  const s = (await db.meta.get(SESSION_KEY))?.value as SessionResponse | undefined;
  return s && Date.parse(s.expiresAt) > now ? s : null;
}
