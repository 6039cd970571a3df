import { useCallback, useSyncExternalStore } from 'react';

/** True while `query` matches; false where matchMedia is missing (jsdom, very old browsers). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** SPEC §9: desktop from 768 px. */
export const DESKTOP_QUERY = '(min-width: 768px)';
