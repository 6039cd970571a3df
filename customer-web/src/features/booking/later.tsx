import type { ReactNode } from 'react';
import { LoadError } from '../../load-error';
import { loadOnce, useLoaded } from '../../load-once';
import { bt } from './messages';

export type Parts = typeof import('./parts');

/** Kept once loaded, so a page mounted later has the parts at once. */
let loaded: Parts | null = null;
const loadParts = loadOnce(() =>
  import('./parts').then((m) => {
    loaded = m;
    return m;
  }),
);

/**
 * The later booking parts (parts.ts), loaded once `needed` turns true — when the customer
 * leaves the wizard's first step, or opens a change on the manage page. `pending` goes in their
 * place until then: 'Henter …', or after a failed load (offline) the generic error with a retry;
 * the answers given stay in the page's state meanwhile.
 */
export function useParts(needed: boolean): { parts: Parts | null; pending: ReactNode } {
  const { value: parts, failed, retry } = useLoaded(loadParts, needed, loaded);
  return { parts, pending: failed ? <LoadError onRetry={retry} /> : <p role="status">{bt.loading}</p> };
}
