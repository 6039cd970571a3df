import {
  lifestyleAgreementResponseSchema,
  lifestyleAgreementsResponseSchema,
  lifestyleCancellationResponseSchema,
  lifestyleChangeResponseSchema,
  lifestyleConnectResponseSchema,
  lifestyleDocumentResponseSchema,
  lifestyleDocumentsResponseSchema,
  lifestyleFrameOptionsResponseSchema,
  lifestylePerksResponseSchema,
  type LifestyleConnectRequest,
} from '@optik/shared';
import type { Api } from '../../../api';

/** What the Lifestyle screens need of the API client (tests pass a fake). */
export type LifestyleApi = Pick<Api, 'get' | 'post'>;

const base = (id: string) => `/api/lifestyle/agreements/${encodeURIComponent(id)}`;

export const lifestyleApi = {
  agreements: (api: LifestyleApi) => api.get(lifestyleAgreementsResponseSchema, '/api/lifestyle/agreements'),
  agreement: (api: LifestyleApi, id: string) => api.get(lifestyleAgreementResponseSchema, base(id)),
  documents: (api: LifestyleApi, id: string) => api.get(lifestyleDocumentsResponseSchema, `${base(id)}/documents`),
  document: (api: LifestyleApi, id: string, documentId: string) => api.get(lifestyleDocumentResponseSchema, `${base(id)}/documents/${encodeURIComponent(documentId)}`),
  perks: (api: LifestyleApi, id: string) => api.get(lifestylePerksResponseSchema, `${base(id)}/perks`),
  frames: (api: LifestyleApi, id: string) => api.get(lifestyleFrameOptionsResponseSchema, `${base(id)}/frames`),
  exchange: (api: LifestyleApi, id: string, articleId: string) => api.post(lifestyleChangeResponseSchema, `${base(id)}/exchange`, { articleId }),
  startCancellation: (api: LifestyleApi, id: string) => api.post(lifestyleCancellationResponseSchema, `${base(id)}/cancellation`),
  acceptWinback: (api: LifestyleApi, id: string) => api.post(lifestyleChangeResponseSchema, `${base(id)}/cancellation/winback`),
  confirmNotice: (api: LifestyleApi, id: string) => api.post(lifestyleChangeResponseSchema, `${base(id)}/cancellation/confirm`),
  connect: (api: LifestyleApi, body: LifestyleConnectRequest) => api.post(lifestyleConnectResponseSchema, '/api/lifestyle/connect', body),
};

/** Where each Lifestyle screen lives (SPEC §2). */
export const lifestyleHref = {
  agreement: (id: string) => `/min-konto/abonnement/briller/${encodeURIComponent(id)}`,
  documents: (id: string) => `${lifestyleHref.agreement(id)}/aftale`,
  document: (id: string, documentId: string) => `${lifestyleHref.documents(id)}/${encodeURIComponent(documentId)}`,
  download: (id: string, documentId: string) => `${base(id)}/documents/${encodeURIComponent(documentId)}/download`,
  perks: (id: string) => `${lifestyleHref.agreement(id)}/fordele`,
  cancel: (id: string) => `/fortrodmig?${new URLSearchParams({ aftale: id }).toString()}`,
  confirmation: (id: string) => `/fortrodmig/bekr%C3%A6ftelse?${new URLSearchParams({ aftale: id }).toString()}`,
  connect: '/min-konto/abonnement/forbind-til-lifestyle',
  subscriptions: '/min-konto/abonnement',
  invoices: '/min-konto/betaling-fakturaer',
};
