import { createApiClient } from '@optik/shared/client';

/** One attempt per call: offline the screens fall back to the device's data at once (see services.ts). */
export const api = createApiClient({ baseUrl: '', maxAttempts: 1, onError: (e) => console.warn('API-fejl', e) });
export type Api = typeof api;
