import { vi } from 'vitest';
import type { Article, CartHead, CartItem, CartUpdateRequest, PricePart } from '@optik/shared';
import type { ProductApi } from './product-page';

/** Test fixtures of the product page: articles as the API serves them and a fake typed client. */

type ArticleResult = Awaited<ReturnType<ProductApi['getArticle']>>;
type UserResult = Awaited<ReturnType<ProductApi['getUser']>>;
type CartResult = Awaited<ReturnType<ProductApi['cartUpdate']>>;
type ShopperResult = Awaited<ReturnType<ProductApi['getShopper']>>;
type MeResult = Awaited<ReturnType<ProductApi['me']>>;
type ErrorCode = Extract<CartResult, { ok: false }>['error']['code'];

const media = (id: string, i: number, alt: string) => {
  const u = (s: string) => `/media/articles/${id}/${i}/${s}.svg`;
  return { xs: u('xs'), sm: u('sm'), md: u('md'), lg: u('lg'), xl: u('xl'), alt };
};

export const pricePart = (over: Partial<PricePart> = {}): PricePart => ({
  publicationStatus: 20,
  currency: 'DKK',
  isCampaign: false,
  ordinaryPrice: 129_900,
  couponPrice: null,
  fromPrice: false,
  amount: 129_900,
  ...over,
});

export function sunglasses(over: Partial<Article> = {}): Article {
  return {
    id: 'a-00001',
    slug: 'ray-ban-aviator-guld',
    name: 'Ray-Ban Aviator',
    moduleName: 'Solbriller',
    packageAmount: null,
    brand: 'Ray-Ban',
    brandSlug: 'ray-ban',
    category: 'solbriller',
    routes: ['/solbriller', '/solbriller/ray-ban'],
    description: 'Klassiske pilotbriller i guld.',
    allowSubscription: false,
    hasVTO: true,
    dto: true,
    flags: [{ text: 'Nyhed', color: 'Blue' }],
    badges: ['fast-delivery', 'withdrawal-30-days'],
    medias: [media('a-00001', 0, 'Ray-Ban Aviator set forfra'), media('a-00001', 1, 'Ray-Ban Aviator, set fra siden')],
    skus: [
      { id: 'a-00001-1', name: '55-14-140', color: 'guld', size: '55-14-140', stock: 5 },
      { id: 'a-00001-2', name: '58-14-140', color: 'guld', size: '58-14-140', stock: 3 },
      { id: 'a-00001-3', name: '62-14-145', color: 'guld', size: '62-14-145', stock: 0 },
    ],
    specification: { lensType: 'Polariserede glas', weight: 31, length: 140, height: 48.5, width: 55 },
    attributes: { color: 'guld', polarized: true, prescriptionCapable: false },
    lensParameters: null,
    price: { unit: pricePart(), subscription: null },
    version: 1,
    ...over,
  };
}

export function glasses(over: Partial<Article> = {}): Article {
  return sunglasses({
    id: 'a-00002',
    slug: 'lindberg-strip-sort',
    name: 'Lindberg Strip',
    moduleName: 'Briller',
    brand: 'Lindberg',
    brandSlug: 'lindberg',
    category: 'briller',
    routes: ['/briller'],
    flags: [],
    badges: ['glasses-made-for-you-online'],
    skus: [{ id: 'a-00002-1', name: '50-18-145', color: 'sort', size: '50-18-145', stock: 4 }],
    attributes: { color: 'sort' },
    ...over,
  });
}

export function lenses(over: Partial<Article> = {}): Article {
  return sunglasses({
    id: 'a-00003',
    slug: 'acuvue-oasys-1-day',
    name: 'Acuvue Oasys 1-Day',
    packageName: 'Acuvue Oasys 1-Day (30 stk.)',
    moduleName: 'Kontaktlinser',
    packageAmount: 30,
    brand: 'Acuvue',
    brandSlug: 'acuvue',
    category: 'kontaktlinser',
    routes: ['/kontaktlinser'],
    allowSubscription: true,
    hasVTO: false,
    flags: [],
    badges: ['contact-lens-safety'],
    medias: [media('a-00003', 0, 'Æske med Acuvue Oasys 1-Day')],
    skus: [{ id: 'a-00003-1', name: '30 stk.', stock: 30 }],
    specification: { lensType: 'endagslinser' },
    attributes: { lensType: 'endagslinser' },
    lensParameters: { powers: [-1.25, -1, -0.75, 0.5, 1], baseCurves: [8.5], diameters: [14.2] },
    price: { unit: pricePart({ amount: 24_900, ordinaryPrice: 24_900 }), subscription: pricePart({ amount: 21_900, ordinaryPrice: 21_900 }) },
    ...over,
  });
}

export const checkoutConfig = { currency: 'DKK', market: 23, freeShippingThreshold: 49_900, shippingCost: 4_900, deliveryMethodIds: [79, 119] } as const;

export function cartHead(items: CartItem[] = []): CartHead {
  return { cart: { items, totalCost: items.reduce((s, i) => s + i.price.amount * i.quantity, 0) }, checkoutConfig: { ...checkoutConfig, deliveryMethodIds: [...checkoutConfig.deliveryMethodIds] } };
}

export function cartLine(over: Partial<CartItem> = {}): CartItem {
  return {
    skuId: 'a-00001-1',
    parentSkuID: null,
    quantity: 1,
    articleId: 'a-00001',
    articleDescription: 'Ray-Ban Aviator',
    ref: '55-14-140',
    slug: 'ray-ban-aviator-guld',
    category: 'solbriller',
    brand: 'Ray-Ban',
    media: '/media/articles/a-00001/0/md.svg',
    price: { amount: 129_900, ordinaryPrice: 129_900, isCampaign: false },
    isEditAble: true,
    subscriptionInterval: null,
    prescription: null,
    prescriptionGlasses: null,
    ...over,
  };
}

export const found = (a: Article): ArticleResult => ({ ok: true, status: 200, data: { data: a } });
export const failure = (status: number, code: ErrorCode, message: string, fields?: Record<string, string>) =>
  ({ ok: false, status, error: { code, message, ...(fields ? { fields } : {}) } }) as const;
export const added = (items: CartItem[] = [cartLine()]): CartResult => ({ ok: true, status: 200, data: { success: true, cartHead: cartHead(items), checkoutConfig: cartHead().checkoutConfig } });

export function fakeApi(opts: { article: ArticleResult; isStore?: boolean; cart?: CartResult[]; cartItems?: CartItem[]; signedIn?: boolean }) {
  const me: MeResult = opts.signedIn
    ? { ok: true, status: 200, data: { user: { id: 'u-kunde', role: 'customer', name: 'Mette Jensen', email: 'kunde@example.dk', storeId: null, storeName: null, companyId: null }, expiresAt: '2026-11-23T10:00:00Z' } }
    : { ok: true, status: 200, data: { user: null } };
  const user: UserResult = { ok: true, status: 200, data: { success: true, user: opts.isStore ? { isStore: true, name: 'Profil Optik København K' } : null } };
  const shopper: ShopperResult = {
    ok: true,
    status: 200,
    data: { success: true, shopperId: 's1', token: 't1', isStore: Boolean(opts.isStore), previewCart: false, cartHead: cartHead(opts.cartItems ?? []) },
  };
  const answers = opts.cart ?? [added()];
  let n = 0;
  return {
    getArticle: vi.fn(async (_slug: string) => opts.article),
    getUser: vi.fn(async () => user),
    getShopper: vi.fn(async (_o?: { previewCart?: boolean }) => shopper),
    cartUpdate: vi.fn(async (_body: CartUpdateRequest) => answers[Math.min(n++, answers.length - 1)]!),
    me: vi.fn(async () => me),
  };
}
