import type { z } from 'zod/mini';
import type {
  ApiError,
  BookingAccessRequest,
  BookingCreateRequest,
  BookingRebookRequest,
  BookingRescheduleRequest,
  BookingUpdateRequest,
  CartUpdateRequest,
  LoginRequest,
  RegisterRequest,
  StoreLoginRequest,
  SyncRequest,
  CheckoutPlaceRequest,
  CheckoutQuoteRequest,
  PayLinkPayRequest,
  PayLinkQuoteRequest,
} from '../schemas/index';
import { SOMETHING_WENT_WRONG } from '../messages/common-texts';
import { createFetcher, type FetcherOptions, type RequestOptions } from './request';
import type { ResponseName, ResponseOf, ResponseSchemas } from './response-schemas';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError['error'] };

const CSRF_HEADER = 'CSRF-TOKEN';

export interface ApiClientOptions extends FetcherOptions {
  /**
   * The answers' schemas (`responseSchemas` from './response-schemas') to check every answer
   * with, or null to trust the API's answers as typed (the shop's production build, decision 006);
   * even then an answer that is not a JSON object, or a cart answer without cartHead, is a failure.
   */
  responses: ResponseSchemas | null;
}

type Read<T> = (body: unknown) => T;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bySchema =
  <T>(schema: z.ZodMiniType<T>): Read<T> =>
  (body) =>
    schema.parse(body);

function errorOf(body: unknown, responses: ResponseSchemas | null): ApiError['error'] | null {
  if (responses) {
    const parsed = responses.error.safeParse(body);
    return parsed.success ? parsed.data.error : null;
  }
  return isObject(body) && isObject(body.error) && typeof body.error.code === 'string' && typeof body.error.message === 'string' ? (body.error as ApiError['error']) : null;
}

/**
 * The typed client both apps use. Answers are typed by the shared schemas and checked against
 * them when the client is given them (`responses`); failures come back as `{ ok: false, error }`
 * in the API's one error shape, never as a throw.
 */
export function createApiClient(opts: ApiClientOptions) {
  const request = createFetcher(opts);
  let token: string | null = null;

  /** How the answer named `name` is read: checked by its schema, or trusted with a sanity check. */
  function read<K extends ResponseName>(name: K): Read<ResponseOf<K>> {
    const schema = opts.responses?.[name];
    if (schema) return (body) => schema.parse(body) as ResponseOf<K>;
    return (body) => {
      if (!isObject(body) || (name === 'cart' && !isObject(body.cartHead))) throw new Error(`Uventet svar (${name})`);
      return body as ResponseOf<K>;
    };
  }

  async function call<T>(readBody: Read<T>, path: string, ro: RequestOptions = {}): Promise<ApiResult<T>> {
    let res;
    try {
      res = await request(path, ro);
    } catch (e) {
      opts.onError?.(e);
      return { ok: false, status: 0, error: { code: 'internal', message: SOMETHING_WENT_WRONG } };
    }
    if (res.status >= 200 && res.status < 300) {
      try {
        return { ok: true, status: res.status, data: readBody(res.body) };
      } catch (e) {
        opts.onError?.(e);
        return { ok: false, status: res.status, error: { code: 'internal', message: SOMETHING_WENT_WRONG } };
      }
    }
    return { ok: false, status: res.status, error: errorOf(res.body, opts.responses) ?? { code: 'internal', message: SOMETHING_WENT_WRONG } };
  }

  async function getShopper(o: { previewCart?: boolean } = {}) {
    const r = await call(read('shopper'), `/api/site/shopper${o.previewCart ? '?previewCart=1' : ''}`);
    if (r.ok) token = r.data.token;
    return r;
  }

  /** State-changing calls carry the shopper token; fetched first when the client has none. */
  async function send<T>(readBody: Read<T>, path: string, body?: unknown): Promise<ApiResult<T>> {
    if (!token) {
      const s = await getShopper();
      if (!s.ok) return s;
    }
    const r = await call(readBody, path, { method: 'POST', body, headers: { [CSRF_HEADER]: token! } });
    if (!r.ok && r.error.code === 'csrf_invalid') {
      // The shopper cookie was replaced (e.g. expired): refresh the token once and retry.
      token = null;
      const s = await getShopper();
      if (!s.ok) return s;
      return call(readBody, path, { method: 'POST', body, headers: { [CSRF_HEADER]: token! } });
    }
    return r;
  }

  return {
    /** A feature's own read: GET `path`, the answer parsed with `schema`. */
    get: <T>(schema: z.ZodMiniType<T>, path: string) => call(bySchema(schema), path),
    /** A feature's own change: POST `body` to `path` with the shopper token, the answer parsed with `schema`. */
    post: <T>(schema: z.ZodMiniType<T>, path: string, body?: unknown) => send(bySchema(schema), path, body),
    getShopper,
    getUser: () => send(read('user'), '/api/auth/user/getUser'),
    getArticle: (idOrSlug: string) => call(read('article'), `/api/article/${encodeURIComponent(idOrSlug)}`),
    siteSearch: (q: string, s?: 'stores' | 'products' | 'articles') =>
      call(read('siteSearch'), `/api/site/search?${new URLSearchParams(s ? { q, s } : { q }).toString()}`),
    /** SPEC §7: an answer without cartHead is a failure (checked with or without the response schemas). */
    cartUpdate: (body: CartUpdateRequest) => send(read('cart'), '/api/cart/update', body),
    cartEmpty: () => send(read('cart'), '/api/cart/empty'),
    getCategories: () => call(read('categories'), '/api/catalogue/categories'),
    listArticles: (q: { route?: string; limit?: number; offset?: number } = {}) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
      return call(read('articleList'), `/api/catalogue/articles?${params.toString()}`);
    },
    getStores: () => call(read('stores'), '/api/stores'),
    getCatalogueSnapshot: (since: number) => call(read('catalogueSnapshot'), `/api/catalogue/snapshot?since=${since}`),
    getPage: (slug: string) => call(read('page'), `/api/pages/${slug.split('/').map(encodeURIComponent).join('/')}`),
    register: (body: RegisterRequest) => send(read('register'), '/api/auth/register', body),
    verifyEmail: (token: string) => send(read('session'), '/api/auth/verify-email', { token }),
    resendVerification: (email: string) => send(read('success'), '/api/auth/resend-verification', { email }),
    login: (body: LoginRequest) => send(read('session'), '/api/auth/login', body),
    storeLogin: (body: StoreLoginRequest) => send(read('session'), '/api/auth/store/login', body),
    logout: () => send(read('success'), '/api/auth/logout'),
    me: () => call(read('me'), '/api/auth/me'),
    /** Store app outbox. Not retried here: the outbox engine keeps its own, persistent backoff. */
    sync: (body: SyncRequest) => send(read('sync'), '/api/sync', body),
    searchCustomers: (q: string) => send(read('customerList'), '/api/staff/customers/search', { q }),
    /** This store's customers changed since `since` (ISO), for the device's offline copy (with the CPR for the device's blind index only). */
    recentCustomers: (since?: string) => call(read('deviceCustomerList'), `/api/staff/customers/recent${since ? `?since=${encodeURIComponent(since)}` : ''}`),
    /** This store's orders changed since `since` (ISO): payment state reaches the device. */
    staffOrders: (since?: string) => call(read('orderList'), `/api/staff/orders${since ? `?since=${encodeURIComponent(since)}` : ''}`),
    /** A customer's prescriptions (staff), for a customer found on the server. */
    customerPrescriptions: (customerId: string) => call(read('prescriptionList'), `/api/staff/customers/${encodeURIComponent(customerId)}/prescriptions`),
    /** A customer's orders in this store (staff). */
    customerOrders: (customerId: string) => call(read('orderList'), `/api/staff/customers/${encodeURIComponent(customerId)}/orders`),
    /** A manager's store's requisitions. */
    requisitions: () => call(read('requisitionList'), '/api/staff/requisitions'),
    /** Pay-by-link: the token goes in the body (never in an API URL or log). */
    payLinkLookup: (token: string) => send(read('payLinkLookup'), '/api/pay/lookup', { token }),
    payLinkQuote: (body: PayLinkQuoteRequest) => send(read('payLinkQuote'), '/api/pay/quote', body),
    payLinkPay: (body: PayLinkPayRequest) => send(read('payLinkPay'), '/api/pay/charge', body),
    /** Checkout: delivery options for the cart's goods, parcel shops near a postcode, a price quote, placing the order. */
    deliveryOptions: () => send(read('deliveryOptions'), '/api/checkout/delivery-options'),
    collectionPoints: (zip: string, deliveryMethodId: number) => call(read('collectionPoints'), `/api/checkout/collection-points?${new URLSearchParams({ zip, deliveryMethodId: String(deliveryMethodId) }).toString()}`),
    checkoutQuote: (body: CheckoutQuoteRequest) => send(read('checkoutQuote'), '/api/checkout/quote', body),
    checkoutPlace: (body: CheckoutPlaceRequest) => send(read('checkoutPlace'), '/api/checkout/place', body),
    giftCardBalance: (number: string, pin: string) => send(read('giftCardLookup'), '/api/giftcard/balance', { number, pin }),
    /** The store finder: by town, postcode or name (`q`), by position (`lat`+`lng`), or every store (neither). */
    storeSearch: (q: { q?: string; lat?: number; lng?: number } = {}) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
      const s = params.toString();
      return call(read('storeSearch'), `/api/stores/search${s ? `?${s}` : ''}`);
    },
    /** One store's page: by slug or by store id. */
    getStore: (slugOrId: string) => call(read('store'), `/api/stores/${encodeURIComponent(slugOrId)}`),
    /** Eye-exam booking (SPEC §3, §4): the manage link's token goes in the body, never in the URL. */
    createBooking: (body: BookingCreateRequest) => send(read('bookingCreated'), '/api/bookings', body),
    viewBooking: (id: string, body: BookingAccessRequest) => send(read('booking'), `/api/bookings/${encodeURIComponent(id)}/view`, body),
    updateBooking: (id: string, body: BookingUpdateRequest) => send(read('booking'), `/api/bookings/${encodeURIComponent(id)}/update`, body),
    rescheduleBooking: (id: string, body: BookingRescheduleRequest) => send(read('booking'), `/api/bookings/${encodeURIComponent(id)}/reschedule`, body),
    cancelBooking: (id: string, body: BookingAccessRequest) => send(read('booking'), `/api/bookings/${encodeURIComponent(id)}/cancel`, body),
    rebookBooking: (id: string, body: BookingRebookRequest) => send(read('bookingCreated'), `/api/bookings/${encodeURIComponent(id)}/rebook`, body),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
