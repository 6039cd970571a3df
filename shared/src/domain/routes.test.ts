import { describe, expect, it, vi } from 'vitest';
import { categorySchema } from '../schemas/enums';
import { catalogueChildPath, catalogueTree, findCatalogueNode, MISSING_PARAM_MARKER, routeParams, routes, toUrl, UNKNOWN_ROUTE_MARKER } from './routes';

const collect = () => {
  const warnings: string[] = [];
  return { warnings, warn: (m: string) => warnings.push(m) };
};

describe('route table (SPEC §2)', () => {
  it('has every path of the SPEC §2 table and footer', () => {
    const paths = new Set<string | null>(Object.values(routes));
    const spec = [
      '/', '/briller', '/solbriller', '/solbriller-med-styrke', '/sportsbriller', '/tilbehør-briller', '/tilbehør-sportsbriller',
      '/kontaktlinser', '/tilbehør-kontaktlinser', '/linseabonnement', '/oejenpleje', '/dine-øjne', '/search', '/checkout', '/presse',
      '/min-konto/log-ind', '/min-konto/log-ud', '/min-konto/registrere', '/min-konto/glemt-løsen', '/min-konto', '/min-konto/friends',
      '/min-konto/opgaver', '/min-konto/bestil-tid-til-synstest', '/min-konto/abonnement',
      '/min-konto/abonnement/linse/:subscriptionId', '/min-konto/abonnement/linse/:subscriptionId/nyt-produkt',
      '/min-konto/abonnement/linse/:subscriptionId/nyt-produkt/:articleId', '/min-konto/abonnement/linse/:subscriptionId/opdater-betaling',
      '/min-konto/abonnement/briller/:subscriptionId', '/min-konto/abonnement/briller/:subscriptionId/aftale',
      '/min-konto/abonnement/briller/:subscriptionId/aftale/:documentId', '/min-konto/abonnement/briller/:subscriptionId/fordele',
      '/min-konto/abonnement/forbind-til-lifestyle', '/min-konto/ordrer', '/min-konto/ordrer/:orderId', '/min-konto/ordrer/:orderId/returnering',
      '/min-konto/betaling-fakturaer', '/min-konto/betaling-fakturaer/:id/:subId', '/min-konto/betaling-fakturaer/:financeTypeId/inv/:id/:subscriptionId',
      '/bestil-tid-til-synstest', '/bestil-tid-til-synstest/:id', '/find-butik', '/cookieliste', '/gavekort', '/b2b/underskrive-kontrakt',
      '/b2b/øjehelsedag', '/fortrodmig', '/fortrodmig/bekræftelse', '/kontakt-os', '/profil-optiks-historie', '/baeredygtighed',
      // Footer content pages.
      '/garanti-ombytningsret', '/delbetaling', '/fri-service', '/rabat-tilbud', '/:product-lifestyle-aftale', '/forbrugerklager',
      '/købs-og-leveringsbetingelser', '/cookies', '/privatlivspolitik', '/billeder-og-logo', '/om-os/tilgængelighed',
    ];
    for (const p of spec) expect(paths.has(p), p).toBe(true);
  });

  it('uses the keys named in the brief', () => {
    expect(routes.lensSubscription).toBe('/min-konto/abonnement/linse/:subscriptionId');
    expect(routes.orderReturn).toBe('/min-konto/ordrer/:orderId/returnering');
    expect(routes.invoice).toBe('/min-konto/betaling-fakturaer/:id/:subId');
  });

  it('gives FAQ no path', () => {
    expect(routes.faq).toBeNull();
  });

  it('has no duplicate paths and only absolute ones', () => {
    const paths = (Object.values(routes) as (string | null)[]).filter((p): p is string => p !== null);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p.startsWith('/'), p).toBe(true);
  });

  it('lists the parameters of a route', () => {
    expect(routeParams('subscriptionInvoice')).toEqual(['financeTypeId', 'id', 'subscriptionId']);
    expect(routeParams('lifestyleAgreement')).toEqual(['product']);
    expect(routeParams('home')).toEqual([]);
    expect(routeParams('faq')).toEqual([]);
  });
});

describe('toUrl', () => {
  it('returns static paths unchanged without warning', () => {
    const { warnings, warn } = collect();
    expect(toUrl('home', {}, { warn })).toBe('/');
    expect(toUrl('forgotPassword', undefined, { warn })).toBe('/min-konto/glemt-løsen');
    expect(warnings).toEqual([]);
  });

  it('fills placeholders and URL-encodes values', () => {
    const { warnings, warn } = collect();
    expect(toUrl('orderReturn', { orderId: 'O-1 2' }, { warn })).toBe('/min-konto/ordrer/O-1%202/returnering');
    expect(toUrl('lensSubscription', { subscriptionId: 'a/b?c' }, { warn })).toBe('/min-konto/abonnement/linse/a%2Fb%3Fc');
    expect(toUrl('invoice', { id: 12, subId: 3 }, { warn })).toBe('/min-konto/betaling-fakturaer/12/3');
    expect(toUrl('subscriptionInvoice', { financeTypeId: 3, id: 9, subscriptionId: 'S1' }, { warn })).toBe('/min-konto/betaling-fakturaer/3/inv/9/S1');
    expect(toUrl('lifestyleAgreement', { product: 'briller' }, { warn })).toBe('/briller-lifestyle-aftale');
    expect(toUrl('lensSubscriptionNewProductArticle', { subscriptionId: 's1', articleId: 'a1' }, { warn })).toBe('/min-konto/abonnement/linse/s1/nyt-produkt/a1');
    expect(toUrl('category', { category: 'sportsbriller', sub: 'løb' }, { warn })).toBe('/sportsbriller/l%C3%B8b');
    expect(warnings).toEqual([]);
  });

  it('puts parameters that are not placeholders in the query string', () => {
    const { warnings, warn } = collect();
    expect(toUrl('search', { q: 'ray ban', s: 'products' }, { warn })).toBe('/search?q=ray%20ban&s=products');
    expect(toUrl('search', { q: 'gucci', s: undefined }, { warn })).toBe('/search?q=gucci');
    expect(toUrl('order', { orderId: 7, tab: '' }, { warn })).toBe('/min-konto/ordrer/7');
    expect(warnings).toEqual([]);
  });

  it('returns a marker and warns, naming the key, for an unknown route', () => {
    const { warnings, warn } = collect();
    expect(toUrl('nope', {}, { warn })).toBe(`${UNKNOWN_ROUTE_MARKER}nope`);
    expect(UNKNOWN_ROUTE_MARKER).toBe('#ukendt-rute:');
    expect(toUrl('toString', {}, { warn })).toBe('#ukendt-rute:toString');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('nope');
    expect(warnings[1]).toContain('toString');
  });

  it('returns the marker and warns for FAQ, which has no path', () => {
    const { warnings, warn } = collect();
    expect(toUrl('faq', {}, { warn })).toBe('#ukendt-rute:faq');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('faq');
  });

  it('leaves #mangler-<name> for each missing parameter and warns per parameter', () => {
    const { warnings, warn } = collect();
    expect(toUrl('order', {}, { warn })).toBe(`/min-konto/ordrer/${MISSING_PARAM_MARKER}orderId`);
    expect(toUrl('invoice', { id: 1, subId: null }, { warn })).toBe('/min-konto/betaling-fakturaer/1/#mangler-subId');
    expect(toUrl('invoice', { id: '' }, { warn })).toBe('/min-konto/betaling-fakturaer/#mangler-id/#mangler-subId');
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toContain('orderId');
    expect(warnings[0]).toContain('order');
  });

  it('warns on the console by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(toUrl('missing-route')).toBe('#ukendt-rute:missing-route');
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]?.[0]).toContain('missing-route');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('catalogueTree', () => {
  const slugs = (category: keyof typeof catalogueTree, kind?: string) =>
    catalogueTree[category].children.filter((c) => !kind || c.kind === kind).map((c) => c.slug);

  it('covers every main category with a Danish title and a route', () => {
    expect(Object.keys(catalogueTree).sort()).toEqual([...categorySchema.options].sort());
    for (const node of Object.values(catalogueTree)) {
      expect(node.title.length).toBeGreaterThan(0);
      expect(routes[node.routeKey]).toBe(`/${node.category}`);
      expect(node.children.length).toBeGreaterThan(0);
    }
  });

  it('has every brand, style, audience, sport and lens-type slug of SPEC §2', () => {
    expect(slugs('briller', 'brand')).toEqual(expect.arrayContaining(['gucci', 'tom-ford', 'lindberg']));
    expect(slugs('briller', 'style')).toEqual(expect.arrayContaining(['runde', 'transparent', 'læsebriller']));
    expect(slugs('briller', 'audience')).toEqual(expect.arrayContaining(['barn', 'ungdom']));
    expect(slugs('briller')).toContain('køb-online');
    expect(slugs('solbriller', 'brand')).toEqual(expect.arrayContaining(['gucci', 'ray-ban', 'prada', 'chimi', 'tom-ford']));
    expect(slugs('solbriller')).toEqual(expect.arrayContaining(['barn', 'polariserede-glas']));
    expect(slugs('sportsbriller', 'brand')).toEqual(expect.arrayContaining(['oakley', 'bliz', 'rigel']));
    expect(slugs('sportsbriller', 'sport')).toEqual(['løb', 'cykling', 'skydning', 'golf']);
    expect(slugs('kontaktlinser', 'brand')).toEqual(expect.arrayContaining(['eyeq', 'dailies', 'acuvue', 'air-optix']));
    expect(slugs('kontaktlinser', 'lens-type')).toEqual(['månedslinser', 'ugelinser', 'endagslinser', 'til-bygningsfejl', 'flerstyrke']);
  });

  it('has sub-categories for accessories and eye care, and eye-care brands', () => {
    for (const c of ['tilbehør-briller', 'tilbehør-sportsbriller', 'tilbehør-kontaktlinser', 'oejenpleje'] as const) {
      expect(slugs(c, 'sub-category').length, c).toBeGreaterThanOrEqual(3);
    }
    expect(slugs('tilbehør-briller')).toEqual(expect.arrayContaining(['etuier', 'brillekæder']));
    expect(slugs('tilbehør-kontaktlinser')).toContain('linsevæske');
    expect(slugs('oejenpleje', 'sub-category')).toContain('øjendråber');
    expect(slugs('oejenpleje', 'brand').length).toBeGreaterThanOrEqual(3);
  });

  it('has unique, lower-case, URL-safe slugs within each category', () => {
    for (const node of Object.values(catalogueTree)) {
      const s = node.children.map((c) => c.slug);
      expect(new Set(s).size, node.category).toBe(s.length);
      for (const slug of s) expect(slug, slug).toMatch(/^[a-z0-9æøå]+(?:-[a-z0-9æøå]+)*$/);
    }
  });

  it('links related top-level pages to their categories', () => {
    expect(catalogueTree.solbriller.related.map((r) => routes[r.routeKey])).toContain('/solbriller-med-styrke');
    expect(catalogueTree.kontaktlinser.related.map((r) => routes[r.routeKey])).toContain('/linseabonnement');
  });

  it('builds unencoded child paths, as article routes list them', () => {
    expect(catalogueChildPath('briller', 'gucci')).toBe('/briller/gucci');
    expect(catalogueChildPath('tilbehør-briller', 'etuier')).toBe('/tilbehør-briller/etuier');
  });

  it('finds the node of a path, encoded or not', () => {
    expect(findCatalogueNode('/briller')).toEqual({ category: catalogueTree.briller, child: null });
    expect(findCatalogueNode('/briller/gucci/')?.child).toEqual({ slug: 'gucci', title: 'Gucci', kind: 'brand' });
    expect(findCatalogueNode('/sportsbriller/l%C3%B8b')?.child?.title).toBe('Løb');
    expect(findCatalogueNode('/briller/l\u00e6sebriller?sort=pris')?.child?.kind).toBe('style');
    // "å" sent decomposed (a + combining ring above).
    expect(findCatalogueNode('/kontaktlinser/ma\u030anedslinser')?.child?.kind).toBe('lens-type');
    for (const p of ['/', '/briller/ukendt', '/briller/gucci/mere', '/toString', '/min-konto', '/%E0%A4%A']) {
      expect(findCatalogueNode(p), p).toBeUndefined();
    }
  });
});

