import { myOrderListResponseSchema, myOrderResponseSchema, orderReturnResponseSchema, type ReturnRequest } from '@optik/shared';
import type { Api } from '../../../api';

/** What the orders screens need of the API client (tests pass a fake). */
export type OrdersApi = Pick<Api, 'get' | 'post'>;

export const ordersApi = {
  list: (api: OrdersApi) => api.get(myOrderListResponseSchema, '/api/account/orders'),
  order: (api: OrdersApi, id: string) => api.get(myOrderResponseSchema, `/api/account/orders/${encodeURIComponent(id)}`),
  createReturn: (api: OrdersApi, id: string, body: ReturnRequest) => api.post(orderReturnResponseSchema, `/api/account/orders/${encodeURIComponent(id)}/returns`, body),
};

export const orderHref = (id: string) => `/min-konto/ordrer/${encodeURIComponent(id)}`;
export const returnHref = (id: string) => `${orderHref(id)}/returnering`;
