import { createApiClient, responseSchemas } from '@optik/shared/client';

/**
 * Same-origin client: the dev and preview servers proxy /api to the API (vite.config.base.ts).
 * Answers are checked against the shared schemas in development and tests; the production
 * build trusts them as typed, which keeps zod out of the first load (docs/decisions/006).
 */
export const api = createApiClient({
  baseUrl: '',
  responses: import.meta.env.PROD ? null : responseSchemas,
  // SPEC §8: fetch errors are logged to the console only.
  onError: (e) => console.warn('API-fejl', e),
});
export type Api = typeof api;
