import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '@optik/shared/client';

export type Loadable<T> = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ready'; data: T };

/** Loads once per `key`; `reload` tries again after an error. Loading is derived, not stored. */
export function useApi<T>(key: string, load: () => Promise<ApiResult<T>>): [Loadable<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const [result, setResult] = useState<{ key: string; value: Loadable<T> } | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((r) => {
      if (!live) return;
      setResult({ key: requestKey, value: r.ok ? { state: 'ready', data: r.data } : { state: 'error', status: r.status, message: r.error.message } });
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
