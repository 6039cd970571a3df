import { invoiceMethodChangeResponseSchema, invoicePayResponseSchema, myInvoiceListSchema, myInvoiceResponseSchema, type InvoiceMethodChangeRequest, type InvoicePayRequest, type MyInvoice } from '@optik/shared';
import type { Api } from '../../../api';

/** What the invoice screens need of the API client (tests pass a fake). */
export type InvoicesApi = Pick<Api, 'get' | 'post'>;

const path = (id: string) => `/api/account/invoices/${encodeURIComponent(id)}`;

export const invoicesApi = {
  list: (api: InvoicesApi) => api.get(myInvoiceListSchema, '/api/account/invoices'),
  invoice: (api: InvoicesApi, id: string) => api.get(myInvoiceResponseSchema, path(id)),
  pay: (api: InvoicesApi, id: string, body: InvoicePayRequest) => api.post(invoicePayResponseSchema, `${path(id)}/pay`, body),
  changeMethod: (api: InvoicesApi, id: string, body: InvoiceMethodChangeRequest) => api.post(invoiceMethodChangeResponseSchema, `${path(id)}/payment-method`, body),
};

/** The URL segment for "no subscription" in the SPEC §2 invoice routes. */
export const NO_SUBSCRIPTION = '0';
const sub = (i: Pick<MyInvoice, 'subscriptionId'>) => encodeURIComponent(i.subscriptionId ?? NO_SUBSCRIPTION);

/** /min-konto/betaling-fakturaer/{id}/{subId}: the invoice's payment page. */
export const invoiceHref = (i: Pick<MyInvoice, 'id' | 'subscriptionId'>) => `/min-konto/betaling-fakturaer/${encodeURIComponent(i.id)}/${sub(i)}`;
/** /min-konto/betaling-fakturaer/{financeTypeId}/inv/{id}/{subscriptionId}: the invoice document; the finance type is the invoice's kind. */
export const invoiceDocumentHref = (i: Pick<MyInvoice, 'id' | 'subscriptionId' | 'kind'>) => `/min-konto/betaling-fakturaer/${encodeURIComponent(i.kind)}/inv/${encodeURIComponent(i.id)}/${sub(i)}`;

/** The path's subscription (and finance type) must be the invoice's own, or the page shows "not found". */
export function matchesPath(i: MyInvoice, subId: string, financeTypeId?: string): boolean {
  return (i.subscriptionId ?? NO_SUBSCRIPTION) === subId && (financeTypeId === undefined || financeTypeId === i.kind);
}
