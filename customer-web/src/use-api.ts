import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '@optik/shared/client';
import { useSeed } from './ssr/seed';

export type Loadable<T> = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ready'; data: T };

const loadable = <T>(r: ApiResult<T>): Loadable<T> => (r.ok ? { state: 'ready', data: r.data } : { state: 'error', status: r.status, message: r.error.message });

/**
 * Loads once per `key`; `reload` tries again after an error. Loading is derived, not stored.
 * A page the shop's server rendered starts with the answer the server loaded under the same key
 * (ssr/seed.tsx), so its first render in the browser matches the server's HTML.
 */
export function useApi<T>(key: string, load: () => Promise<ApiResult<T>>): [Loadable<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const seeded = useSeed<ApiResult<T>>(key);
  const [result, setResult] = useState<{ key: string; value: Loadable<T> } | null>(() => (seeded ? { key: requestKey, value: loadable(seeded) } : null));
  useEffect(() => {
    // The seeded answer is this request's: nothing to load.
    if (result?.key === requestKey) return;
    let live = true;
    void load().then((r) => {
      if (live) setResult({ key: requestKey, value: loadable(r) });
    });
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `requestKey` says when the request really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [result?.key === requestKey ? result.value : { state: 'loading' }, reload];
}
