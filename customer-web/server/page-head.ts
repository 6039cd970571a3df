import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CategoryNode } from '@optik/shared';
import { createApiClient, responseSchemas, type ApiResult } from '@optik/shared/client';
import { createWidgetClient, widgetResponseSchemas } from '@optik/shared/widget';
import { WIDGET_MARKET, WIDGET_TENANT } from '../src/widget/provider';
import { findCataloguePage } from '../src/routes/catalogue-lookup';
import type { RenderedPage, SeedApi } from '../src/entry-server';
import { searchQueryOf } from '../src/features/site-search/search-results-page';
import { categoryHead, contentHead, fixedHead, homeHead, injectHead, notFoundHead, productHead, searchHead, storeHead, type PageHead } from '../src/seo/head';

/**
 * The shop's server puts each public page's head into its HTML (issue 19): what link previews,
 * search engines and the first paint read before any script runs. The page's data comes from the
 * API through the same client the app uses, with the visitor's address forwarded (the API counts
 * its limits per visitor, never one bucket for the server). Personal pages (My Pages, checkout,
 * pay links …) get the plain shell: nothing personal is ever put into shared HTML.
 */
export interface PageHeadOptions {
  apiUrl: string;
  /** The built index.html. */
  shellPath: string;
  /** The build's manifest (.vite/manifest.json): which chunks each route's code is in. */
  manifestPath?: string;
  /** The shop's public address (PUBLIC_WEB_URL) for canonical links; else the address the visitor opened. */
  publicUrl?: string;
  /** How long a rendered head is reused while the catalogue stays the same. */
  ttlMs?: number;
  now?: () => number;
  /** Renders the app's page (the server build's `renderPage`, src/entry-server.tsx); without it, pages carry their head only. */
  render?: (url: string, apis: SeedApi) => Promise<RenderedPage>;
}

/** Paths that are not pages, and pages that are personal: the shell as it is. */
const PASS = /^\/(api|v2|media|assets|create-events|min-konto|checkout|betal|b2b|gavekort|fortrodmig|cookieliste)(\/|$)/;
/** A file's address (a dot in the last segment), never a page. */
export const FILE_PATH = /\.[a-z0-9]+$/i;
const CACHE_LIMIT = 500;
const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;
/** Products a catalogue page's HTML lists (its listing's first page). */
const FIRST_PRODUCTS = 24;
/** The catalogue's version is asked at most this often; a change drops every cached head. */
const VERSION_CHECK_MS = 5_000;

type Next = (err?: unknown) => void;

/** The module of each kind of page whose code loads after the app starts (the router's lazy routes). */
const ROUTE_MODULES = {
  home: 'src/routes/home.tsx',
  product: 'src/features/product/product-route.tsx',
  category: 'src/widget/category-page.tsx',
  content: 'src/routes/content-page.tsx',
  store: 'src/features/stores/store-routes.tsx',
  booking: 'src/features/booking/routes.tsx',
  search: 'src/features/site-search/search-results-page.tsx',
} as const;
type RouteKind = keyof typeof ROUTE_MODULES;

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * `<link rel="modulepreload">` (and the stylesheets) for the chunks of `kind`'s page that the entry
 * does not load itself: the browser fetches them beside the entry instead of after it has run and
 * the router has asked for the page (one round trip less before the page paints). The same
 * scripts as before, only sooner.
 */
export function preloadTags(manifest: Manifest, kind: RouteKind): string[] {
  const closure = (keys: readonly string[], seen = new Set<string>()): Set<string> => {
    for (const k of keys) {
      if (seen.has(k) || !manifest[k]) continue;
      seen.add(k);
      closure(manifest[k].imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
  const route = [...closure([ROUTE_MODULES[kind]])].filter((k) => !entry.has(k));
  return route.flatMap((k) => [
    `<link rel="modulepreload" href="/${manifest[k]!.file}">`,
    // The page is rendered on the server: its styles must be there when it first paints (the app's loader finds this link and does not add another).
    ...(manifest[k]!.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
  ]);
}

export function pageHeadMiddleware(opts: PageHeadOptions) {
  const now = opts.now ?? Date.now;
  const ttl = opts.ttlMs ?? 60_000;
  let shell: Promise<string> | null = null;
  let manifest: Promise<Manifest | null> | null = null;
  const cache = new Map<string, { head: PageHead; kind: RouteKind | null; app: RenderedPage | null; at: number }>();
  let version: { value: number; checkedAt: number } | null = null;

  /** The API (and its widget provider API) as this visitor's request reaches it: their address forwarded, one attempt (the shell is the fallback). */
  const apiFor = (req: IncomingMessage) => {
    const fetchAs: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (req.socket.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress);
      return fetch(input, { ...init, headers });
    };
    const widget = createWidgetClient({ baseUrl: opts.apiUrl, responses: widgetResponseSchemas, maxAttempts: 1, fetch: fetchAs });
    const client = createApiClient({ baseUrl: opts.apiUrl, responses: responseSchemas, maxAttempts: 1, fetch: fetchAs });
    /** The head and the page's render read the same answers: each asked once per request. */
    const once = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => {
      const asked = new Map<string, Promise<R>>();
      return (...args: A): Promise<R> => {
        const key = JSON.stringify(args);
        let p = asked.get(key);
        if (!p) asked.set(key, (p = fn(...args)));
        return p;
      };
    };
    return Object.assign(client, {
      getArticle: once(client.getArticle),
      getCategories: once(client.getCategories),
      getPage: once(client.getPage),
      getStore: once(client.getStore),
      widget,
      /** A catalogue page's first products, as its listing shows them first. */
      firstProducts: async (categoryId: string) => {
        const r = await widget.productListing({ tenant: WIDGET_TENANT, market: WIDGET_MARKET, category_id: categoryId, limit: FIRST_PRODUCTS });
        return 'failed' in r ? [] : r.displays;
      },
    });
  };
  type Api = ReturnType<typeof apiFor>;

  /** Drops the cache when the catalogue changed (prices, campaigns, stock come from it). */
  async function checkVersion(api: Api): Promise<void> {
    if (version && now() - version.checkedAt < VERSION_CHECK_MS) return;
    const r = await api.getCatalogueSnapshot(version?.value ?? Number.MAX_SAFE_INTEGER);
    if (!r.ok) return;
    if (version && r.data.version !== version.value) cache.clear();
    version = { value: r.data.version, checkedAt: now() };
  }

  async function categories(api: Api): Promise<CategoryNode[] | null> {
    const r = await api.getCategories();
    return r.ok ? r.data.data : null;
  }

  /** The head of the page at `path` and the kind of page it is; null when the shell should go as it is (a personal page, or the API did not answer). */
  async function headFor(api: Api, origin: string, path: string, search: string): Promise<{ head: PageHead; kind: RouteKind | null } | null> {
    const as = (kind: RouteKind | null, head: PageHead | null) => (head ? { head, kind: head.status === 200 ? kind : null } : null);
    if (path === '/') return as('home', homeHead(origin));
    if (path === '/search') return as('search', searchHead(origin, searchQueryOf(search).query));
    const fixed = fixedHead(origin, path);
    if (fixed) return as(path === '/find-butik' ? 'store' : 'booking', fixed);
    const found = <T>(r: ApiResult<T>, make: (data: T) => PageHead | null): PageHead | null => (r.ok ? make(r.data) : r.status === 404 ? notFoundHead() : null);
    const product = /^\/produkt\/([^/]+)$/.exec(path);
    if (product) {
      const [article, tree] = await Promise.all([api.getArticle(product[1]!), categories(api)]);
      return as('product', found(article, (d) => productHead(origin, d.data, tree ?? [])));
    }
    const store = /^\/(?:find-butik|butik)\/([^/]+)$/.exec(path);
    if (store) return as('store', found(await api.getStore(store[1]!), (d) => storeHead(origin, path, d.data)));
    if (path.startsWith('/bestil-tid-til-synstest/')) return null;
    const tree = await categories(api);
    if (!tree) return null;
    if (findCataloguePage(tree, path)) return as('category', categoryHead(origin, path, tree, await api.firstProducts(path)));
    return as('content', found(await api.getPage(path.replace(/^\//, '')), (d) => contentHead(origin, d.data)));
  }

  /** The page rendered by the app, or null (no renderer, or it failed: the page then renders in the browser, as before). */
  async function renderApp(page: string, api: Api): Promise<RenderedPage | null> {
    if (!opts.render) return null;
    try {
      return await opts.render(page, { api, widget: api.widget });
    } catch (err) {
      console.error('Siden kunne ikke gengives på serveren', page, err);
      return null;
    }
  }

  return async (req: IncomingMessage, res: ServerResponse, next: Next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = new URL(req.url ?? '/', 'http://shop.invalid');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return next();
    }
    // Files (a dot in the last segment) and what is not a public page go on as before.
    if (PASS.test(path) || FILE_PATH.test(path) || path.length > 300) return next();
    try {
      // Without a configured public address, the host the visitor opened (demo, issue 16) — a well-formed one only: it ends up in links and the cache key.
      const host = req.headers.host && HOST.test(req.headers.host) ? req.headers.host : 'localhost';
      const origin = (opts.publicUrl ?? `http://${host}`).replace(/\/$/, '');
      const api = apiFor(req);
      await checkVersion(api);
      // The query matters to the rendered page (a listing's filters, a product's variant); it is bounded like the path.
      const search = url.search.length <= 500 ? url.search : '';
      const page = `${url.pathname}${search}`;
      const key = `${origin}${page}`;
      let hit = cache.get(key);
      if (!hit || now() - hit.at > ttl) {
        const made = await headFor(api, origin, path.replace(/(.)\/+$/, '$1'), search);
        if (!made) return next();
        hit = { ...made, app: await renderApp(page, api), at: now() };
        cache.set(key, hit);
        if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      }
      shell ??= readFile(opts.shellPath, 'utf8');
      manifest ??= opts.manifestPath
        ? readFile(opts.manifestPath, 'utf8').then((text) => JSON.parse(text) as Manifest, () => null)
        : Promise.resolve(null);
      const chunks = await manifest;
      const html = injectHead(await shell, hit.head, chunks && hit.kind ? preloadTags(chunks, hit.kind) : [], hit.app);
      res.statusCode = hit.head.status;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      // Browsers ask again every time (prices change); the server's own copy is short-lived and dropped on a catalogue change.
      res.setHeader('Cache-Control', 'no-cache');
      res.end(req.method === 'HEAD' ? undefined : html);
    } catch (err) {
      next(err);
    }
  };
}
