import { SEED_ELEMENT_ID, type Seed, type SeedApi, type SeedWriter } from './seed';

/* The server's side of the seed (ssr/seed.tsx): only the shop's server build loads this module. */

/** The server's seed for one request: `apis` is that visitor's API client. */
export function serverSeed(apis: SeedApi): Seed & { entries(): Record<string, unknown> } {
  const data = new Map<string, unknown>();
  const writer: SeedWriter = { apis, put: (key, value) => void data.set(key, value) };
  return {
    // A job that fails seeds nothing: that part of the page renders as loading, here and in the browser, which then loads it.
    run: (job) =>
      job(writer).catch((err: unknown) => {
        console.error('Sidens data kunne ikke hentes på serveren', err);
      }),
    take: <T,>(key: string) => data.get(key) as T | undefined,
    done: () => {},
    entries: () => Object.fromEntries(data),
  };
}

/** The seed as JSON for a `<script type="application/json">`: no `<` can end the element early. */
export function seedScript(entries: Record<string, unknown>): string {
  const json = JSON.stringify(entries).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SEED_ELEMENT_ID}">${json}</script>`;
}
