import { useCallback, useEffect, useState } from 'react';

/**
 * A dynamic import made on the first call and shared by later ones; a failed load (offline) is
 * tried again on the next call. For code a page needs only after the shopper acts (first-load JS
 * ≤ 130 KB gzip, issue 5).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
}

/**
 * `load()` run once `needed` turns true (and again after `retry()` following a failure), for a
 * part of a page that loads when the shopper gets to it. `set` puts in a value loaded elsewhere
 * (a submit that awaited the load itself).
 */
export function useLoaded<T>(load: () => Promise<T>, needed: boolean, initial: T | null = null): { value: T | null; failed: boolean; retry: () => void; set: (value: T) => void } {
  const [value, setValue] = useState<T | null>(initial);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed || value !== null || failed) return;
    let live = true;
    load().then(
      (m) => {
        if (live) setValue(() => m);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [needed, value, failed, load]);
  const retry = useCallback(() => setFailed(false), []);
  const set = useCallback((v: T) => setValue(() => v), []);
  return { value, failed, retry, set };
}
