import { vi } from 'vitest';
import type { ApiError, Article, Subscription } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import type { SubscriptionApi } from './subscription-api';

/** The demo customer's active lens subscription as the API returns it. */
export const activeSub: Subscription = {
  id: 'ls-1',
  customerId: 'u-kunde',
  kind: 'lens',
  statusCode: 100,
  lensWear: 'daily',
  startDate: '2026-08-14',
  bindingPeriodExpiry: null,
  nextDelivery: '2027-02-14',
  deliveryInterval: 'm3',
  monthlyPrice: 33_200,
  lastOrderDate: '2026-11-14',
  lastOrderNumber: 'O2600042',
  noticeDayDate: '2027-02-13',
  campaign: null,
  yearlyExchange: null,
  temporaryAddress: null,
  items: [{ articleId: 'a-1', skuId: 'a-1-1', quantity: 4, status: 'active', prescription: { power: -2.25, baseCurve: 8.6, diameter: 14.2, cylinder: null, axis: null, addition: null }, description: 'Dailies Total 1 (30 stk.), 30 stk.', unitPrice: 24_900 }],
  deliveryDay: 14,
  delivery: { deliveryMethodId: 101, pickupStoreId: null, collectionPointId: null, deliveryAddress: { street: 'Vestergade 14', zip: '8000', city: 'Aarhus C' }, contact: null },
  paymentAgreement: { method: 'card', label: 'Kort •••• 1111', agreementId: 'agr-1', expiry: '12/29', registeredAt: '2026-08-14T10:00:00.000Z' },
  pausedAt: null,
  cancelledAt: null,
};

export const lensArticle = {
  id: 'a-2',
  slug: 'air-optix-aqua',
  name: 'Air Optix Aqua',
  packageName: 'Air Optix Aqua (6 stk.)',
  moduleName: 'contactlens',
  packageAmount: 6,
  brand: 'Air Optix',
  brandSlug: 'air-optix',
  category: 'kontaktlinser',
  routes: ['/kontaktlinser', '/linseabonnement'],
  description: 'Månedslinser.',
  allowSubscription: true,
  hasVTO: false,
  dto: true,
  flags: [],
  badges: [],
  medias: [{ xs: '/x.svg', sm: '/s.svg', md: '/m.svg', lg: '/l.svg', xl: '/xl.svg', alt: 'Æske' }],
  skus: [{ id: 'a-2-1', name: '6 stk.', stock: 20 }],
  specification: { lensType: 'månedslinser' },
  attributes: { lensType: 'månedslinser' },
  lensParameters: { powers: [-1.5, -1.25, -1], baseCurves: [8.6], diameters: [14.2] },
  price: {
    unit: { publicationStatus: 20, currency: 'DKK', isCampaign: false, ordinaryPrice: 29_900, couponPrice: null, fromPrice: false, amount: 29_900 },
    subscription: { publicationStatus: 20, currency: 'DKK', isCampaign: false, ordinaryPrice: 29_900, couponPrice: null, fromPrice: false, amount: 26_300 },
  },
  version: 1,
} satisfies Article;

type Answer = { status: number; body: unknown };
export const ok = (body: unknown, status = 200): Answer => ({ status, body });
export const fail = (status: number, error: ApiError['error']): Answer => ({ status, body: { error } });

/**
 * A fake of the shop's client: GETs answer from `gets` by path, POSTs from a queue per path;
 * bodies go through the real schemas, as the client does.
 */
export function fakeApi(gets: Record<string, Answer>, posts: Record<string, Answer[]> = {}) {
  const answer = <T>(schema: { parse: (v: unknown) => T }, a: Answer | undefined): ApiResult<T> => {
    if (!a) return { ok: false, status: 404, error: { code: 'not_found', message: 'Det blev ikke fundet.' } };
    if (a.status >= 400) return { ok: false, status: a.status, error: (a.body as ApiError).error };
    return { ok: true, status: a.status, data: schema.parse(a.body) };
  };
  const get: SubscriptionApi['get'] = async (schema, path) => answer(schema, gets[path]);
  const post: SubscriptionApi['post'] = async (schema, path) => answer(schema, posts[path]?.shift());
  const spies = { get: vi.fn(get), post: vi.fn(post) };
  // The spies keep the client's generic signatures for the pages, and their mock API for the tests.
  return spies as typeof spies & SubscriptionApi;
}
