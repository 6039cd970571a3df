import { atom } from 'jotai';
import {
  subscriptionListResponseSchema,
  subscriptionPaymentResponseSchema,
  subscriptionResponseSchema,
  type SubscriptionAddProductRequest,
  type SubscriptionInterval,
  type SubscriptionPaymentRequest,
  type TemporaryAddressRequest,
} from '@optik/shared';
import type { Api } from '../../../api';

/** The part of the shop's API client the subscription pages use (tests pass a fake). */
export type SubscriptionApi = Pick<Api, 'get' | 'post'>;

const lensPath = (id: string, rest = '') => `/api/subscriptions/lens/${encodeURIComponent(id)}${rest}`;

/** The subscription endpoints (api/src/modules/subscriptions/routes.ts), typed by the shared schemas. */
export function subscriptionCalls(api: SubscriptionApi) {
  return {
    list: () => api.get(subscriptionListResponseSchema, '/api/subscriptions'),
    lens: (id: string) => api.get(subscriptionResponseSchema, lensPath(id)),
    action: (id: string, action: 'pause' | 'reactivate' | 'cancel') => api.post(subscriptionResponseSchema, lensPath(id, `/${action}`)),
    changeInterval: (id: string, deliveryInterval: SubscriptionInterval) => api.post(subscriptionResponseSchema, lensPath(id, '/interval'), { deliveryInterval }),
    setTemporaryAddress: (id: string, body: TemporaryAddressRequest) => api.post(subscriptionResponseSchema, lensPath(id, '/temporary-address'), body),
    removeTemporaryAddress: (id: string) => api.post(subscriptionResponseSchema, lensPath(id, '/temporary-address/remove')),
    addProduct: (id: string, articleId: string, body: SubscriptionAddProductRequest) => api.post(subscriptionResponseSchema, lensPath(id, `/products/${encodeURIComponent(articleId)}`), body),
    updatePayment: (id: string, body: SubscriptionPaymentRequest) => api.post(subscriptionPaymentResponseSchema, lensPath(id, '/payment-method'), body),
  };
}

/** A message for the lens page after a change made on a sub-page (add product, payment method). */
export const subscriptionFlashAtom = atom<{ subscriptionId: string; message: string } | null>(null);

export const lensHref = (id: string, rest = '') => `/min-konto/abonnement/linse/${encodeURIComponent(id)}${rest}`;
