import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Api } from '../api';
import type { WidgetApi } from '../widget/provider';

/**
 * A public page's first data, as the shop's server loaded it (issue 19). The server runs each
 * matched route's loader with a seed that calls the API (the same client, the visitor's address
 * forwarded) and keeps every answer under the key the page's own hook reads it by; it renders
 * the page with them and writes them into the HTML. The browser's first render — the hydration —
 * reads the same answers, so it renders what the server did; after that the pages load their
 * data themselves, as before. Only public data is ever seeded (no cookie reaches these calls).
 */
export interface SeedApi {
  api: Pick<Api, 'getArticle' | 'getCategories' | 'getPage' | 'getStore' | 'getStores' | 'siteSearch' | 'storeSearch'>;
  widget: Pick<WidgetApi, 'productListing' | 'searchResults'>;
}

/** What a route's loader gets on the server: the visitor's API clients and where the answers go. */
export interface SeedWriter {
  apis: SeedApi;
  put(key: string, value: unknown): void;
}

export interface Seed {
  /** Server: runs a route's `job`, which loads its data and puts it under its keys. Browser: nothing — its pages load their own data. */
  run(job: (w: SeedWriter) => Promise<void>): Promise<void>;
  /** The answer seeded for `key` while the page is first rendered; afterwards undefined. */
  take<T>(key: string): T | undefined;
  /**
   * The visitor has moved on (browser): later pages load their own data. Not at the first commit:
   * a part of the page whose code is still on its way is hydrated when it comes, from the seed.
   */
  done(): void;
}

/** The id of the `<script type="application/json">` the server writes the seed into. */
export const SEED_ELEMENT_ID = 'optik-seed';

/** No seeded data: pages load their own (tests, a page the server did not render). */
export const NO_SEED: Seed = { run: async () => {}, take: () => undefined, done: () => {} };

/** The browser's seed: what the server wrote into the page (none on a page it did not render). */
export function browserSeed(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): Seed {
  const text = doc?.getElementById(SEED_ELEMENT_ID)?.textContent;
  if (!text) return NO_SEED;
  let data: Map<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return NO_SEED;
    data = new Map(Object.entries(parsed));
  } catch {
    return NO_SEED;
  }
  return {
    run: async () => {},
    take: <T,>(key: string) => data.get(key) as T | undefined,
    done: () => data.clear(),
  };
}

const SeedContext = createContext<Seed>(NO_SEED);

/** Gives the pages the seed (the browser spends it at the first navigation: main.tsx). */
export function SeedProvider({ seed, children }: { seed: Seed; children: ReactNode }) {
  return <SeedContext.Provider value={seed}>{children}</SeedContext.Provider>;
}

/** The seeded answer for `key` while the page is first rendered (server and hydration), else undefined. */
export function useSeed<T>(key: string): T | undefined {
  return useContext(SeedContext).take<T>(key);
}

const noChange = () => () => {};

/**
 * False while the page is rendered on the server and while the browser hydrates it, true from
 * then on (and at once on a page the browser renders itself). What only the browser knows (a
 * history entry's saved state) waits for it, so the hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
