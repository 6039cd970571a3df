import { z } from 'zod/mini';
import {
  apiErrorSchema,
  articleListResponseSchema,
  articleResponseSchema,
  cartResponseSchema,
  categoriesResponseSchema,
  contentPageResponseSchema,
  getUserResponseSchema,
  registerResponseSchema,
  sessionResponseSchema,
  shopperResponseSchema,
  siteSearchResponseSchema,
  storesResponseSchema,
  type ApiError,
  type CartUpdateRequest,
  type LoginRequest,
  type RegisterRequest,
  type StoreLoginRequest,
  type SyncRequest,
  customerSchema,
  syncResponseSchema,
  catalogueSnapshotResponseSchema,
  orderListResponseSchema,
  payLinkLookupResponseSchema,
  payLinkPayResponseSchema,
  requisitionListResponseSchema,
  prescriptionSchema,
  checkoutPlaceResponseSchema,
  checkoutQuoteResponseSchema,
  collectionPointsResponseSchema,
  deliveryOptionsResponseSchema,
  giftCardLookupResponseSchema,
  type CheckoutPlaceRequest,
  type CheckoutQuoteRequest,
  type PayLinkPayRequest,
} from '../schemas/index';
import { da } from '../messages/da';
import { createFetcher, type FetcherOptions, type RequestOptions } from './request';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError['error'] };

const CSRF_HEADER = 'CSRF-TOKEN';
const successSchema = z.object({ success: z.literal(true) });
const customerListSchema = z.object({ data: z.array(customerSchema) });

/**
 * The typed client both apps use. Every answer is parsed with the shared schema; failures
 * come back as `{ ok: false, error }` in the API's one error shape, never as a throw.
 */
export function createApiClient(opts: FetcherOptions) {
  const request = createFetcher(opts);
  let token: string | null = null;

  async function call<T>(schema: z.ZodMiniType<T>, path: string, ro: RequestOptions = {}): Promise<ApiResult<T>> {
    let res;
    try {
      res = await request(path, ro);
    } catch (e) {
      opts.onError?.(e);
      return { ok: false, status: 0, error: { code: 'internal', message: da.errors.somethingWentWrong } };
    }
    if (res.status >= 200 && res.status < 300) {
      try {
        return { ok: true, status: res.status, data: schema.parse(res.body) };
      } catch (e) {
        opts.onError?.(e);
        return { ok: false, status: res.status, error: { code: 'internal', message: da.errors.somethingWentWrong } };
      }
    }
    const parsed = apiErrorSchema.safeParse(res.body);
    return { ok: false, status: res.status, error: parsed.success ? parsed.data.error : { code: 'internal', message: da.errors.somethingWentWrong } };
  }

  async function getShopper(o: { previewCart?: boolean } = {}) {
    const r = await call(shopperResponseSchema, `/api/site/shopper${o.previewCart ? '?previewCart=1' : ''}`);
    if (r.ok) token = r.data.token;
    return r;
  }

  /** State-changing calls carry the shopper token; fetched first when the client has none. */
  async function send<T>(schema: z.ZodMiniType<T>, path: string, body?: unknown): Promise<ApiResult<T>> {
    if (!token) {
      const s = await getShopper();
      if (!s.ok) return s;
    }
    const r = await call(schema, path, { method: 'POST', body, headers: { [CSRF_HEADER]: token! } });
    if (!r.ok && r.error.code === 'csrf_invalid') {
      // The shopper cookie was replaced (e.g. expired): refresh the token once and retry.
      token = null;
      const s = await getShopper();
      if (!s.ok) return s;
      return call(schema, path, { method: 'POST', body, headers: { [CSRF_HEADER]: token! } });
    }
    return r;
  }

  return {
    /** A feature's own read: GET `path`, the answer parsed with `schema`. */
    get: <T>(schema: z.ZodMiniType<T>, path: string) => call(schema, path),
    /** A feature's own change: POST `body` to `path` with the shopper token, the answer parsed with `schema`. */
    post: <T>(schema: z.ZodMiniType<T>, path: string, body?: unknown) => send(schema, path, body),
    getShopper,
    getUser: () => send(getUserResponseSchema, '/api/auth/user/getUser'),
    getArticle: (idOrSlug: string) => call(articleResponseSchema, `/api/article/${encodeURIComponent(idOrSlug)}`),
    siteSearch: (q: string, s?: 'stores' | 'products' | 'articles') =>
      call(siteSearchResponseSchema, `/api/site/search?${new URLSearchParams(s ? { q, s } : { q }).toString()}`),
    /** SPEC §7: an answer without cartHead fails to parse and so is a failure. */
    cartUpdate: (body: CartUpdateRequest) => send(cartResponseSchema, '/api/cart/update', body),
    cartEmpty: () => send(cartResponseSchema, '/api/cart/empty'),
    getCategories: () => call(categoriesResponseSchema, '/api/catalogue/categories'),
    listArticles: (q: { route?: string; limit?: number; offset?: number } = {}) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
      return call(articleListResponseSchema, `/api/catalogue/articles?${params.toString()}`);
    },
    getStores: () => call(storesResponseSchema, '/api/stores'),
    getCatalogueSnapshot: (since: number) => call(catalogueSnapshotResponseSchema, `/api/catalogue/snapshot?since=${since}`),
    getPage: (slug: string) => call(contentPageResponseSchema, `/api/pages/${slug.split('/').map(encodeURIComponent).join('/')}`),
    register: (body: RegisterRequest) => send(registerResponseSchema, '/api/auth/register', body),
    verifyEmail: (token: string) => send(sessionResponseSchema, '/api/auth/verify-email', { token }),
    resendVerification: (email: string) => send(successSchema, '/api/auth/resend-verification', { email }),
    login: (body: LoginRequest) => send(sessionResponseSchema, '/api/auth/login', body),
    storeLogin: (body: StoreLoginRequest) => send(sessionResponseSchema, '/api/auth/store/login', body),
    logout: () => send(successSchema, '/api/auth/logout'),
    me: () => call(sessionResponseSchema, '/api/auth/me'),
    /** Store app outbox. Not retried here: the outbox engine keeps its own, persistent backoff. */
    sync: (body: SyncRequest) => send(syncResponseSchema, '/api/sync', body),
    searchCustomers: (q: string) => send(customerListSchema, '/api/staff/customers/search', { q }),
    /** This store's customers changed since `since` (ISO), for the device's offline copy. */
    recentCustomers: (since?: string) => call(customerListSchema, `/api/staff/customers/recent${since ? `?since=${encodeURIComponent(since)}` : ''}`),
    /** This store's orders changed since `since` (ISO): payment state reaches the device. */
    staffOrders: (since?: string) => call(orderListResponseSchema, `/api/staff/orders${since ? `?since=${encodeURIComponent(since)}` : ''}`),
    /** A customer's prescriptions (staff), for a customer found on the server. */
    customerPrescriptions: (customerId: string) => call(z.object({ data: z.array(prescriptionSchema) }), `/api/staff/customers/${encodeURIComponent(customerId)}/prescriptions`),
    /** A customer's orders in this store (staff). */
    customerOrders: (customerId: string) => call(orderListResponseSchema, `/api/staff/customers/${encodeURIComponent(customerId)}/orders`),
    /** A manager's store's requisitions. */
    requisitions: () => call(requisitionListResponseSchema, '/api/staff/requisitions'),
    /** Pay-by-link: the token goes in the body (never in an API URL or log). */
    payLinkLookup: (token: string) => send(payLinkLookupResponseSchema, '/api/pay/lookup', { token }),
    payLinkPay: (body: PayLinkPayRequest) => send(payLinkPayResponseSchema, '/api/pay/charge', body),
    /** Checkout: delivery options for the cart's goods, parcel shops near a postcode, a price quote, placing the order. */
    deliveryOptions: () => send(deliveryOptionsResponseSchema, '/api/checkout/delivery-options'),
    collectionPoints: (zip: string, deliveryMethodId: number) => call(collectionPointsResponseSchema, `/api/checkout/collection-points?${new URLSearchParams({ zip, deliveryMethodId: String(deliveryMethodId) }).toString()}`),
    checkoutQuote: (body: CheckoutQuoteRequest) => send(checkoutQuoteResponseSchema, '/api/checkout/quote', body),
    checkoutPlace: (body: CheckoutPlaceRequest) => send(checkoutPlaceResponseSchema, '/api/checkout/place', body),
    giftCardBalance: (number: string, pin: string) => send(giftCardLookupResponseSchema, '/api/giftcard/balance', { number, pin }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
