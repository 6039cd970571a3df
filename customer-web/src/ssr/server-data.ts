import type { Seed, SeedWriter } from './seed';

/**
 * A public page's data for the shop's server render: a route's loader hands the seed a job that
 * only the server runs (ssr/route-data.ts, never loaded in the browser, where the seed does
 * nothing and the pages load their own data as before).
 */
export const serverData = (seed: Seed, job: (m: typeof import('./route-data'), w: SeedWriter) => Promise<void>) =>
  seed.run((w) => import('./route-data').then((m) => job(m, w)));
