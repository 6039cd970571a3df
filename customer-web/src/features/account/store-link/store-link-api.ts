import {
  myStoreLinkResponseSchema,
  myStorePrescriptionsResponseSchema,
  storeLinkPreviewResponseSchema,
  type StoreLinkConfirmRequest,
} from '@optik/shared';
import type { Api } from '../../../api';

/** What the store-link screens need of the API client (tests pass a fake). */
export type StoreLinkApi = Pick<Api, 'get' | 'post'>;

/** The account's store-customer link (issue 17); the mailed token goes in the body, never in a URL. */
export const storeLinkApi = {
  view: (api: StoreLinkApi) => api.get(myStoreLinkResponseSchema, '/api/my/store-link'),
  preview: (api: StoreLinkApi, token: string) => api.post(storeLinkPreviewResponseSchema, '/api/my/store-link/preview', { token }),
  confirm: (api: StoreLinkApi, body: StoreLinkConfirmRequest) => api.post(myStoreLinkResponseSchema, '/api/my/store-link/confirm', body),
  linkByCpr: (api: StoreLinkApi) => api.post(myStoreLinkResponseSchema, '/api/my/store-link/cpr'),
  consent: (api: StoreLinkApi, prescriptionsConsent: boolean) => api.post(myStoreLinkResponseSchema, '/api/my/store-link/consent', { prescriptionsConsent }),
  unlink: (api: StoreLinkApi) => api.post(myStoreLinkResponseSchema, '/api/my/store-link/unlink'),
  prescriptions: (api: StoreLinkApi) => api.get(myStorePrescriptionsResponseSchema, '/api/my/store-link/prescriptions'),
};

/** Where the store's e-mail link opens. */
export const STORE_LINK_PAGE = '/min-konto/butiksprofil';
