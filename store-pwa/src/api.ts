import { orderReturnListResponseSchema, staffGiftCardPaymentResponseSchema, type StaffGiftCardPaymentRequest } from '@optik/shared';
import { createApiClient, responseSchemas } from '@optik/shared/client';

/** One attempt per call: offline the screens fall back to the device's data at once (see services.ts). */
export const api = createApiClient({ baseUrl: '', responses: responseSchemas, maxAttempts: 1, onError: (e) => console.warn('API-fejl', e) });
export type Api = typeof api;

/** A gift card taken at the counter for an order on the server (number and PIN typed by the customer); online only. */
export const payGiftCardAtCounter = (orderId: string, card: StaffGiftCardPaymentRequest) =>
  api.post(staffGiftCardPaymentResponseSchema, `/api/staff/orders/${encodeURIComponent(orderId)}/gift-card`, card);

/** The returns this store received, newest first (the Returer screen's device copy). */
export const staffReturns = () => api.get(orderReturnListResponseSchema, '/api/staff/returns');
