import { createApiClient } from '@optik/shared/client';

export const api = createApiClient({ baseUrl: '', onError: (e) => console.warn('API-fejl', e) });
export type Api = typeof api;
