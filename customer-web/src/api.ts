import { createApiClient } from '@optik/shared/client';

/** Same-origin client: the dev and preview servers proxy /api to the API (vite.config.base.ts). */
export const api = createApiClient({
  baseUrl: '',
  // SPEC §8: fetch errors are logged to the console only.
  onError: (e) => console.warn('API-fejl', e),
});
export type Api = typeof api;
