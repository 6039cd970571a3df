import type { Category } from '../schemas/enums';
import { categoryTitles } from './category-titles';

/**
 * The route table of SPEC §2 (Danish paths) and the route-to-URL helper. `null` marks a
 * route that has no path (FAQ). Catalogue sub-pages (brands, styles …) are a category plus a
 * slug from `catalogueTree` below: `catalogueChildPath('briller', 'gucci')`, or
 * `toUrl('category', { category: 'briller', sub: 'gucci' })` for an encoded link.
 * Pages SPEC §2 names only in prose use the slugs of the API's seeded content pages; the
 * product, single-store, e-mail verification and pay-by-link paths are this project's choice.
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
  lensSubscriptionLanding: '/linseabonnement',
  eyeCare: '/oejenpleje',
  yourEyes: '/dine-øjne',
  category: '/:category/:sub',
  product: '/produkt/:slug',
  search: '/search',
  checkout: '/checkout',
  checkoutStep: '/checkout/:step',
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
  lensSubscription: '/min-konto/abonnement/linse/:subscriptionId',
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
  /** Store-id redirect (SPEC §2): goes on to the store's page. */
  storeById: '/butik/:storeId',
  cookieList: '/cookieliste',
  giftCard: '/gavekort',
  /** The company section's front page (issue 16). */
  companyLanding: '/b2b',
  signCompanyAgreement: '/b2b/underskrive-kontrakt',
  eyeHealthDay: '/b2b/øjehelsedag',
  /** The company wizard (SPEC §2 names the screen, not its path). */
  companyWizard: '/b2b/ny-aftale',
  /** An employee's e-requisition under the company's agreement. */
  companyRequisition: '/b2b/rekvisition',
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
  // Other content pages (SPEC §2 prose), slugs as seeded by the API.
  subscriptionInfo: '/abonnement',
  company: '/erhverv',
  hearing: '/hoerelse',
  accountTerms: '/kontovilkaar',
  storeTerms: '/butiksvilkaar',
  friendsTerms: '/friends-vilkaar',
  friendsBenefits: '/friends-medlemsfordele',
  aboutUs: '/om-os',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const satisfies Record<string, string | null>;


export type RouteKey = keyof typeof routes;

export const UNKNOWN_ROUTE_MARKER = '#ukendt-rute:';
export const MISSING_PARAM_MARKER = '#mangler-';

export type RouteParamValue = string | number | null | undefined;

export interface ToUrlOptions {
  /** Receives the warning for a broken link; defaults to console.warn. */
  warn?: (message: string) => void;
}

const PLACEHOLDER = /:([A-Za-z][A-Za-z0-9]*)/g;

/** The `:param` names of a route pattern, in order. */
export function routeParams(key: RouteKey): string[] {
  const pattern: string | null = routes[key];
  return pattern ? [...pattern.matchAll(PLACEHOLDER)].map((m) => m[1]!) : [];
}

const isRouteKey = (key: string): key is RouteKey => Object.prototype.hasOwnProperty.call(routes, key);

/**
 * Fills `:param` placeholders (URL-encoded). An unknown key — or a route without a path
 * (FAQ) — gives `#ukendt-rute:<key>` and a warning (SPEC §2); a missing parameter leaves
 * `#mangler-<name>` in its place and warns too, so a broken link is visible, not silent.
 * Parameters that are not placeholders become the query string (`search` takes `q` and `s`);
 * null, undefined and '' ones are left out.
 */
export function toUrl(key: RouteKey | (string & {}), params: Record<string, RouteParamValue> = {}, opts: ToUrlOptions = {}): string {
  const warn = opts.warn ?? ((message: string) => console.warn(message));
  const pattern = isRouteKey(key) ? routes[key] : undefined;
  if (pattern === undefined || pattern === null) {
    warn(pattern === null ? `Ruten "${key}" har ingen sti (SPEC §2).` : `Ukendt rute: "${key}".`);
    return `${UNKNOWN_ROUTE_MARKER}${key}`;
  }
  const used = new Set<string>();
  const path = pattern.replace(PLACEHOLDER, (_m, name: string) => {
    used.add(name);
    const v = params[name];
    if (v === undefined || v === null || v === '') {
      warn(`Ruten "${key}" mangler parameteren "${name}".`);
      return `${MISSING_PARAM_MARKER}${name}`;
    }
    return encodeURIComponent(String(v));
  });
  const query = Object.entries(params)
    .filter(([name, v]) => !used.has(name) && v !== undefined && v !== null && v !== '')
    .map(([name, v]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}

export type CatalogueChildKind = 'brand' | 'style' | 'audience' | 'sport' | 'lens-type' | 'sub-category' | 'other';

export interface CatalogueChild {
  /** Path segment under the category: `/briller/gucci` has slug `gucci`. */
  slug: string;
  title: string;
  kind: CatalogueChildKind;
}

export interface CatalogueCategory {
  category: Category;
  routeKey: RouteKey;
  title: string;
  children: readonly CatalogueChild[];
  /** Top-level pages that belong with the category in menus (e.g. /solbriller-med-styrke). */
  related: readonly { routeKey: RouteKey; title: string }[];
}

const brand = (slug: string, title: string): CatalogueChild => ({ slug, title, kind: 'brand' });
const child = (kind: CatalogueChildKind) => (slug: string, title: string): CatalogueChild => ({ slug, title, kind });
const style = child('style');
const audience = child('audience');
const sport = child('sport');
const lensType = child('lens-type');
const sub = child('sub-category');
const other = child('other');

/**
 * The catalogue sub-pages of SPEC §2 with Danish titles: every brand, style, audience, sport
 * and lens-type slug the spec lists, plus further brands and the accessory and eye-care
 * sub-categories the seeded catalogue uses (SPEC §2 says only "sub-categories and brands").
 */
export const catalogueTree = {
  briller: {
    category: 'briller',
    routeKey: 'glasses',
    title: categoryTitles.briller,
    children: [
      brand('gucci', 'Gucci'),
      brand('tom-ford', 'Tom Ford'),
      brand('lindberg', 'Lindberg'),
      brand('ray-ban', 'Ray-Ban'),
      brand('prada', 'Prada'),
      brand('persol', 'Persol'),
      brand('hugo-boss', 'Hugo Boss'),
      brand('tommy-hilfiger', 'Tommy Hilfiger'),
      brand('calvin-klein', 'Calvin Klein'),
      brand('silhouette', 'Silhouette'),
      brand('polo-ralph-lauren', 'Polo Ralph Lauren'),
      brand('vogue-eyewear', 'Vogue Eyewear'),
      brand('carrera', 'Carrera'),
      brand('orgreen', 'Ørgreen'),
      brand('prodesign', 'ProDesign Denmark'),
      brand('face-a-face', 'Face à Face'),
      brand('oakley', 'Oakley'),
      brand('profil-optik', 'Profil Optik Collection'),
      style('runde', 'Runde briller'),
      style('transparent', 'Transparente briller'),
      style('læsebriller', 'Læsebriller'),
      audience('barn', 'Børnebriller'),
      audience('ungdom', 'Ungdomsbriller'),
      other('køb-online', 'Køb briller online'),
    ],
    related: [],
  },
  solbriller: {
    category: 'solbriller',
    routeKey: 'sunglasses',
    title: categoryTitles.solbriller,
    children: [
      brand('gucci', 'Gucci'),
      brand('ray-ban', 'Ray-Ban'),
      brand('prada', 'Prada'),
      brand('chimi', 'CHIMI'),
      brand('tom-ford', 'Tom Ford'),
      brand('persol', 'Persol'),
      brand('oakley', 'Oakley'),
      brand('carrera', 'Carrera'),
      brand('polaroid', 'Polaroid'),
      brand('profil-optik', 'Profil Optik Collection'),
      audience('barn', 'Solbriller til børn'),
      style('polariserede-glas', 'Solbriller med polariserede glas'),
    ],
    related: [{ routeKey: 'prescriptionSunglasses', title: 'Solbriller med styrke' }],
  },
  sportsbriller: {
    category: 'sportsbriller',
    routeKey: 'sportsGlasses',
    title: categoryTitles.sportsbriller,
    children: [
      brand('oakley', 'Oakley'),
      brand('bliz', 'Bliz'),
      brand('rigel', 'Rigel'),
      brand('nike-vision', 'Nike Vision'),
      brand('rudy-project', 'Rudy Project'),
      sport('løb', 'Løb'),
      sport('cykling', 'Cykling'),
      sport('skydning', 'Skydning'),
      sport('golf', 'Golf'),
    ],
    related: [],
  },
  'tilbehør-briller': {
    category: 'tilbehør-briller',
    routeKey: 'glassesAccessories',
    title: categoryTitles['tilbehør-briller'],
    children: [
      sub('etuier', 'Brilleetuier'),
      sub('brillekæder', 'Brillekæder og -snore'),
      sub('rengøring', 'Rengøring'),
      sub('antidug', 'Antidug'),
    ],
    related: [],
  },
  'tilbehør-sportsbriller': {
    category: 'tilbehør-sportsbriller',
    routeKey: 'sportsAccessories',
    title: categoryTitles['tilbehør-sportsbriller'],
    children: [
      sub('clip-on', 'Clip-on med styrke'),
      sub('stropper', 'Stropper'),
      sub('ekstra-glas', 'Ekstra glas'),
      sub('etuier', 'Sportsetuier'),
    ],
    related: [],
  },
  kontaktlinser: {
    category: 'kontaktlinser',
    routeKey: 'contactLenses',
    title: categoryTitles.kontaktlinser,
    children: [
      brand('eyeq', 'EyeQ'),
      brand('dailies', 'Dailies'),
      brand('acuvue', 'Acuvue'),
      brand('air-optix', 'Air Optix'),
      lensType('månedslinser', 'Månedslinser'),
      lensType('ugelinser', 'Ugelinser'),
      lensType('endagslinser', 'Endagslinser'),
      lensType('til-bygningsfejl', 'Linser til bygningsfejl'),
      lensType('flerstyrke', 'Flerstyrkelinser'),
    ],
    related: [{ routeKey: 'lensSubscriptionLanding', title: 'Linseabonnement' }],
  },
  'tilbehør-kontaktlinser': {
    category: 'tilbehør-kontaktlinser',
    routeKey: 'lensAccessories',
    title: categoryTitles['tilbehør-kontaktlinser'],
    children: [
      sub('linsevæske', 'Linsevæske'),
      sub('linseetuier', 'Linseetuier'),
      sub('øjendråber', 'Øjendråber til linsebrugere'),
    ],
    related: [],
  },
  oejenpleje: {
    category: 'oejenpleje',
    routeKey: 'eyeCare',
    title: categoryTitles.oejenpleje,
    children: [
      brand('hycosan', 'Hycosan'),
      brand('thealoz', 'Thealoz'),
      brand('blephaclean', 'Blephaclean'),
      brand('optrex', 'Optrex'),
      brand('systane', 'Systane'),
      brand('eyeq', 'EyeQ'),
      sub('øjendråber', 'Øjendråber'),
      sub('øjenmasker', 'Øjenmasker'),
      sub('øjenlågsrens', 'Øjenlågsrens'),
      sub('vitaminer', 'Vitaminer til øjnene'),
    ],
    related: [{ routeKey: 'yourEyes', title: 'Dine øjne' }],
  },
} as const satisfies { readonly [C in Category]: CatalogueCategory & { category: C } };

/**
 * The unencoded path of a catalogue sub-page, as articles list it in `routes`
 * (e.g. '/tilbehør-briller/etuier'); the browser encodes it on navigation.
 */
export function catalogueChildPath(category: Category, slug: string): string {
  return `${routes[catalogueTree[category].routeKey]}/${slug}`;
}

/** The catalogue node a path names (category or sub-page), e.g. for breadcrumbs; undefined if none. */
export function findCatalogueNode(path: string): { category: CatalogueCategory; child: CatalogueChild | null } | undefined {
  let decoded: string;
  try {
    // NFC: a client may send æ/ø/å decomposed; the slugs here are composed.
    decoded = decodeURIComponent(path.replace(/[?#].*$/, '')).normalize('NFC');
  } catch {
    return undefined;
  }
  const [, first, second, ...rest] = decoded.replace(/\/+$/, '').split('/');
  if (!first || rest.length) return undefined;
  if (!Object.prototype.hasOwnProperty.call(catalogueTree, first)) return undefined;
  const category: CatalogueCategory = catalogueTree[first as Category];
  if (second === undefined) return { category, child: null };
  const found = category.children.find((c) => c.slug === second);
  return found ? { category, child: found } : undefined;
}
