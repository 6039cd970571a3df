import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '@optik/shared/client';

export type Loadable<T> = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ready'; data: T };

/** Loads once per `key`; `reload` tries again after an error. */
export function useApi<T>(key: string, load: () => Promise<ApiResult<T>>): [Loadable<T>, () => void] {
  const [value, setValue] = useState<Loadable<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setValue({ state: 'loading' });
    void load().then((r) => {
      if (!live) return;
      setValue(r.ok ? { state: 'ready', data: r.data } : { state: 'error', status: r.status, message: r.error.message });
    });
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `key` says when the request really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [value, reload];
}
