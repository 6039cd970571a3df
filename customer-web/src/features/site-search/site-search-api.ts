import { useEffect, useState } from 'react';
import type { SiteSearchResponse } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import type { SearchKind } from './messages';
import { useSeed } from '../../ssr/seed';

/** SPEC §5: the site search needs at least 2 characters, and waits 300 ms after the last keystroke. */
export const MIN_QUERY_LENGTH = 2;
export const DEBOUNCE_MS = 300;

/** The part of the shop's API client the site search uses (a fake in tests). */
export interface SiteSearchApi {
  siteSearch: (q: string, s?: SearchKind) => Promise<ApiResult<SiteSearchResponse>>;
}

/** The groups of a site search answer that are lists (SPEC §3). */
export const GROUPS = ['articles', 'stores', 'layoutPages', 'cities', 'categoryPages'] as const;

export function isEmptyResponse(r: SiteSearchResponse): boolean {
  return GROUPS.every((g) => r[g].data.length === 0);
}

/**
 * SPEC §7: an unsuccessful answer, a failed call or an answer with every group empty all mean
 * "no results" (null); otherwise the answer.
 */
export async function runSiteSearch(api: SiteSearchApi, q: string, s?: SearchKind): Promise<SiteSearchResponse | null> {
  try {
    const r = await api.siteSearch(q, s);
    if (!r.ok || !r.data.success || isEmptyResponse(r.data)) return null;
    return r.data;
  } catch (e) {
    // SPEC §8: fetch errors are logged to the console only.
    console.warn('site search failed', e);
    return null;
  }
}

export type Keyed<T> = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; data: T };

/** The key a `useKeyedLoad` answer is seeded under by the shop's server (wrapped: the answer may be null). */
export const keyedSeedKey = (key: string) => `keyed:${key}`;

/**
 * Loads once per `key` (null: nothing to load), after `delay` ms when given. Answers for an
 * older key are dropped, so a slow answer never overwrites a newer one.
 */
export function useKeyedLoad<T>(key: string | null, load: () => Promise<T>, delay = 0): Keyed<T> {
  // A page the shop's server rendered starts with what it loaded under the same key (ssr/seed.tsx).
  const seeded = useSeed<{ value: T }>(key === null ? '' : keyedSeedKey(key));
  const [result, setResult] = useState<{ key: string; data: T } | null>(() => (key !== null && seeded ? { key, data: seeded.value } : null));
  useEffect(() => {
    if (key === null || result?.key === key) return;
    let live = true;
    const run = () =>
      void load().then((data) => {
        if (live) setResult({ key, data });
      });
    const timer = delay > 0 ? setTimeout(run, delay) : null;
    if (timer === null) run();
    return () => {
      live = false;
      if (timer !== null) clearTimeout(timer);
    };
    // `load` is a fresh closure each render; `key` says when the request really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delay]);
  if (key === null) return { state: 'idle' };
  return result?.key === key ? { state: 'ready', data: result.data } : { state: 'loading' };
}

export const searchUrl = (q: string) => `/search?${new URLSearchParams({ q }).toString()}`;
