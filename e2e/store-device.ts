import { expect, type Page } from '@playwright/test';

/** One row of the store app's device database (IndexedDB `optik-store`), read in the page. */
export function deviceRow(page: Page, table: string, key: string): Promise<unknown> {
  return page.evaluate(
    ([t, k]) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('optik-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction(t!).objectStore(t!).get(k!);
          get.onsuccess = () => (open.result.close(), resolve(get.result));
        };
      }),
    [table, key],
  );
}

/** Every row of a table of the store app's device database, read in the page. */
export function deviceTable<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (t) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('optik-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(t).objectStore(t).getAll();
          all.onsuccess = () => (open.result.close(), resolve(all.result as T[]));
        };
      }),
    table,
  );
}

/**
 * Before the network goes: the service worker controls the page (TOOLCHAIN.md) and the
 * catalogue copy is on the device, so the app opens and orders can be made offline.
 */
export async function readyForOffline(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // The whole catalogue (≈1,500 articles) comes down and is stored: seconds on a busy machine.
  await expect.poll(async () => Boolean(await deviceRow(page, 'meta', 'catalogue-fetched-at')), { timeout: 30_000 }).toBe(true);
}
