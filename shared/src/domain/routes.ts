/**
 * The route table of SPEC §2 (Danish paths) and the route-to-URL helper. `null` marks a
 * route that has no path (FAQ). Catalogue sub-pages (brands, styles …) are built from a
 * category route plus a slug: `toUrl('category', { category: 'briller', sub: 'gucci' })`.
 */
export const routes = {
  home: '/',
  glasses: '/briller',
  sunglasses: '/solbriller',
  prescriptionSunglasses: '/solbriller-med-styrke',
  sportsGlasses: '/sportsbriller',
  glassesAccessories: '/tilbehør-briller',
  sportsAccessories: '/tilbehør-sportsbriller',
  contactLenses: '/kontaktlinser',
  lensAccessories: '/tilbehør-kontaktlinser',
  lensSubscription: '/linseabonnement',
  eyeCare: '/oejenpleje',
  yourEyes: '/dine-øjne',
  category: '/:category/:sub',
  product: '/produkt/:slug',
  search: '/search',
  checkout: '/checkout',
  press: '/presse',
  login: '/min-konto/log-ind',
  logout: '/min-konto/log-ud',
  register: '/min-konto/registrere',
  forgotPassword: '/min-konto/glemt-løsen',
  verifyEmail: '/min-konto/bekraeft-email',
  account: '/min-konto',
  friends: '/min-konto/friends',
  accountDetails: '/min-konto/opgaver',
  accountBookings: '/min-konto/bestil-tid-til-synstest',
  subscriptions: '/min-konto/abonnement',
  lensSubscriptionDetail: '/min-konto/abonnement/linse/:subscriptionId',
  lensSubscriptionNewProduct: '/min-konto/abonnement/linse/:subscriptionId/nyt-produkt',
  lensSubscriptionNewProductArticle: '/min-konto/abonnement/linse/:subscriptionId/nyt-produkt/:articleId',
  lensSubscriptionUpdatePayment: '/min-konto/abonnement/linse/:subscriptionId/opdater-betaling',
  glassesSubscription: '/min-konto/abonnement/briller/:subscriptionId',
  glassesSubscriptionAgreement: '/min-konto/abonnement/briller/:subscriptionId/aftale',
  glassesSubscriptionDocument: '/min-konto/abonnement/briller/:subscriptionId/aftale/:documentId',
  glassesSubscriptionPerks: '/min-konto/abonnement/briller/:subscriptionId/fordele',
  connectLifestyle: '/min-konto/abonnement/forbind-til-lifestyle',
  orders: '/min-konto/ordrer',
  order: '/min-konto/ordrer/:orderId',
  orderReturn: '/min-konto/ordrer/:orderId/returnering',
  invoices: '/min-konto/betaling-fakturaer',
  invoice: '/min-konto/betaling-fakturaer/:id/:subId',
  subscriptionInvoice: '/min-konto/betaling-fakturaer/:financeTypeId/inv/:id/:subscriptionId',
  booking: '/bestil-tid-til-synstest',
  bookingManage: '/bestil-tid-til-synstest/:id',
  storeFinder: '/find-butik',
  store: '/find-butik/:slug',
  cookieList: '/cookieliste',
  giftCard: '/gavekort',
  signCompanyAgreement: '/b2b/underskrive-kontrakt',
  eyeHealthDay: '/b2b/øjehelsedag',
  winback: '/fortrodmig',
  winbackConfirmation: '/fortrodmig/bekræftelse',
  contact: '/kontakt-os',
  history: '/profil-optiks-historie',
  vision: '/baeredygtighed',
  payByLink: '/betal/:token',
  faq: null,
  // Footer content pages (SPEC §2).
  warranty: '/garanti-ombytningsret',
  partPayment: '/delbetaling',
  freeService: '/fri-service',
  offers: '/rabat-tilbud',
  lifestyleAgreement: '/:product-lifestyle-aftale',
  consumerComplaints: '/forbrugerklager',
  terms: '/købs-og-leveringsbetingelser',
  cookies: '/cookies',
  privacy: '/privatlivspolitik',
  pressImages: '/billeder-og-logo',
  accessibility: '/om-os/tilgængelighed',
} as const satisfies Record<string, string | null>;

export type RouteKey = keyof typeof routes;

export const UNKNOWN_ROUTE_MARKER = '#ukendt-rute:';

/**
 * Fills `:param` placeholders (URL-encoded). An unknown key — or a route without a path —
 * gives a placeholder marker and a warning (SPEC §2); a missing parameter leaves
 * `#mangler-<name>` in its place and warns too, so a broken link is visible, not silent.
 */
export function toUrl(key: string, params: Record<string, string | number> = {}, opts: { warn?: (msg: string) => void } = {}): string {
  const warn = opts.warn ?? ((msg: string) => console.warn(msg));
  const pattern = (routes as Record<string, string | null>)[key];
  if (pattern === undefined || pattern === null) {
    warn(pattern === null ? `Ruten "${key}" har ingen sti.` : `Ukendt rute: "${key}".`);
    return `${UNKNOWN_ROUTE_MARKER}${key}`;
  }
  return pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined || v === '') {
      warn(`Ruten "${key}" mangler parameteren "${name}".`);
      return `#mangler-${name}`;
    }
    return encodeURIComponent(String(v));
  });
}
