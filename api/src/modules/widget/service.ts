import { randomUUID } from 'node:crypto';
import { foldDanish, type Article, type Order, type ProductDisplay, type ProviderEvent, type productListingRequestSchema, type recommendProductsRequestSchema, type relatedRequestSchema, type searchResultsRequestSchema } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { unprocessable } from '../../http/errors';
import type { Page, Storage } from '../../storage/port';
import type { CatalogueService, CatalogueSnapshot, CategoryTreeInput } from '../catalogue/service';
import type { OrderService } from '../orders/service';
import { SORTS, toDisplay, UnknownFilterError, WidgetEngine, type QueryResult } from './engine';
import { QUERY_MAX_LENGTH, type WidgetQueryRecord } from './records';
import { WidgetRepository } from './repository';
import { storageEventLog, type WidgetEventLog } from './event-log';

type SearchRequest = z.output<typeof searchResultsRequestSchema>;
type ListingRequest = z.output<typeof productListingRequestSchema>;
type RecommendRequest = z.output<typeof recommendProductsRequestSchema>;
type RelatedRequest = z.output<typeof relatedRequestSchema>;

/**
 * Recommendation types as clients name them (ours, SPEC §7, and Depict's), by the strategy we
 * compute: related to a product, bought with the basket, or popular (of a category when one is
 * named). A type not listed follows the request's kind (the path's suffix).
 */
const RECOMMENDATION_STRATEGY = new Map<string, 'related' | 'basket' | 'popular'>([
  ...['related', 'product', 'product_normal', 'product_page', 'similar', 'similar_products', 'alternatives', 'look_alike', 'style_with', 'recently_viewed'].map((t) => [t, 'related'] as const),
  ...['after_basket', 'basket', 'cart', 'cart_page', 'checkout', 'cross_sell', 'complementary', 'bought_together', 'frequently_bought_together', 'upsell', 'products'].map((t) => [t, 'basket'] as const),
  ...['landing_page', 'front_page', 'home_page', 'start_page', 'general', 'popular', 'top_sellers', 'bestsellers', 'trending', 'new_arrivals', 'personal', 'for_you', 'category', 'category_page', 'plp', 'search', 'no_results', 'not_found', '404'].map((t) => [t, 'popular'] as const),
]);

/** Weights of what a shopper did, for "popular" (orders count most). */
const EVENT_WEIGHT: Record<ProviderEvent['event_type'], number> = { purchase: 10, add_to_cart: 3, click: 1, page_view: 0.5, element_visible: 0, recommendations_inserted: 0 };

/** Orders are read this many at a time. */
const READ_PAGE = 500;

/**
 * Each instance reads the shared popularity counters again after this long (events posted to
 * another instance count here from then on; this instance's own count at once).
 */
export const POPULARITY_REFRESH_MS = 30_000;
/** Popular searches are read from storage per prefix at most this often per instance (a short per-process cache). */
export const QUERY_CACHE_MS = 5_000;
/** Prefixes kept in that cache at most (then it starts over). */
const QUERY_CACHE_SIZE = 1_000;
/** Events, and searches nobody made again, are kept this long (the hourly housekeeping removes older ones). */
export const EVENT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** Calls `each` for every item of a paged read, page after page. */
async function eachOf<T>(page: (after: string | null, limit: number) => Promise<Page<T>>, each: (item: T) => void): Promise<void> {
  let after: string | null = null;
  do {
    const p: Page<T> = await page(after, READ_PAGE);
    for (const item of p.items) each(item);
    after = p.next;
  } while (after !== null);
}

/** Cursor = the offset of the next page, opaque to clients. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}
function decodeCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const m = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw unprocessable({ cursor: 'Ugyldig cursor.' });
  return Number(m[1]);
}

/** The /v2 provider API behind the widget: search, listing, suggestions, recommendations, events. */
export class WidgetService {
  readonly engine: WidgetEngine;
  /** Popularity from stored orders, computed once per process (new orders count through their purchase events). */
  private fromOrders: Promise<ReadonlyMap<string, number>> | null = null;
  /** When the engine's popularity was last read from storage (clock ms), and the read under way. */
  private popularityAt: number | null = null;
  private refreshing: Promise<void> | null = null;
  /** Popular searches per folded prefix ('' = the most searched), as read from storage at `at`. */
  private readonly queryCache = new Map<string, { at: number; rows: readonly WidgetQueryRecord[] }>();
  private readonly repo: WidgetRepository;

  constructor(
    storage: Storage,
    private readonly clock: Clock,
    private readonly catalogue: CatalogueService,
    private readonly tree: readonly CategoryTreeInput[],
    /** Every order, in pages (modules/orders): purchases count most for "popular", and make "bought together". */
    private readonly orders: Pick<OrderService, 'page'>,
    /** The raw events' append-only, bounded log (the embedded store's: files in DATA_DIR); by default the store's widgetEvents collection. */
    private readonly eventLog: WidgetEventLog = storageEventLog(storage),
  ) {
    this.repo = new WidgetRepository(storage);
    this.engine = new WidgetEngine(() => catalogue.load());
  }

  /** Calls `each` for every stored order. */
  private eachOrder(each: (o: Order) => void): Promise<void> {
    return eachOf((after, limit) => this.orders.page(after, limit), each);
  }

  /**
   * Popularity as the engine ranks by: stored orders (read once) plus the event counters every
   * instance shares in storage, read again when older than POPULARITY_REFRESH_MS.
   */
  private async freshPopularity(): Promise<void> {
    const now = this.clock.now().getTime();
    if (this.popularityAt !== null && now - this.popularityAt < POPULARITY_REFRESH_MS) return;
    this.refreshing ??= this.loadPopularity(now).finally(() => {
      this.refreshing = null;
    });
    await this.refreshing;
  }

  private async loadPopularity(now: number): Promise<void> {
    this.fromOrders ??= this.orderPopularity().catch((err: unknown) => {
      this.fromOrders = null;
      throw err;
    });
    const scores = new Map(await this.fromOrders);
    for (const { id, score } of await this.repo.scores()) scores.set(id, (scores.get(id) ?? 0) + score);
    this.engine.setPopularity(scores);
    this.popularityAt = now;
  }

  private async orderPopularity(): Promise<Map<string, number>> {
    const scores = new Map<string, number>();
    await this.eachOrder((o) => {
      for (const l of o.lines) scores.set(l.articleId, (scores.get(l.articleId) ?? 0) + EVENT_WEIGHT.purchase * l.quantity);
    });
    return scores;
  }

  /** What events add to articles' popularity; only articles of the catalogue count (purchases name skus). */
  private weigh(events: readonly ProviderEvent[], snapshot: CatalogueSnapshot): Map<string, number> {
    const deltas = new Map<string, number>();
    const add = (id: string | undefined, w: number) => {
      if (id !== undefined && snapshot.byId.has(id)) deltas.set(id, (deltas.get(id) ?? 0) + w);
    };
    for (const e of events) {
      const w = EVENT_WEIGHT[e.event_type];
      if (!w) continue;
      add(e.product_id, w);
      for (const id of e.product_ids ?? []) add(id, w);
      for (const p of e.products ?? []) add(snapshot.bySku.get(p.sku)?.article.id ?? p.sku, w * Math.abs(p.quantity));
    }
    return deltas;
  }

  private async run(input: { query: string; route?: string; filters: SearchRequest['filters']; sorting?: SearchRequest['sorting']; sort?: SearchRequest['sort']; limit: number; cursor?: string | null }): Promise<QueryResult & { next: string | null; offset: number }> {
    await this.freshPopularity();
    const offset = decodeCursor(input.cursor);
    try {
      // `sort` is Depict's client's name for `sorting` (issue 18).
      const sorting = input.sorting ?? input.sort;
      const r = await this.engine.query({ query: input.query, route: input.route, filters: input.filters, sorting, offset, limit: input.limit });
      return { ...r, offset, next: offset + r.articles.length < r.total ? encodeCursor(offset + r.articles.length) : null };
    } catch (err) {
      if (err instanceof UnknownFilterError) throw unprocessable({ filters: `Ukendt filterfelt: ${err.field}` });
      throw err;
    }
  }

  private sorts(withRelevance: boolean) {
    // `title` for our widget, `meta.title` for Depict's client (issue 18).
    return SORTS.filter((s) => withRelevance || s.field !== 'relevance').map((s) => ({ ...s, meta: { title: s.title } }));
  }

  async searchResults(req: SearchRequest) {
    const id = randomUUID();
    const r = await this.run(req);
    const q = foldDanish(req.query);
    // Popular searches, shared by every instance; longer ones are not suggestions anyone would pick.
    if (q && q.length <= QUERY_MAX_LENGTH) await this.repo.countQuery(q, this.clock.now().toISOString());
    const snapshot = await this.catalogue.load();
    const content = q.length >= 2 ? snapshot.pages.filter((p) => foldDanish(`${p.title} ${p.slug}`).includes(q)).slice(0, 3) : [];
    return {
      n_hits: r.total,
      displays: r.articles.map((a, i) => toDisplay(a, { search_result_id: `${id}:${r.offset + i}` })),
      sorts: this.sorts(Boolean(req.query)),
      filters: r.filters,
      search_request_id: id,
      content_search_links: content.map((p) => ({ page_url: p.url, title: p.title })),
      cursor: r.next,
    };
  }

  /** A catalogue route's listing (named by `category_id` or Depict's `query_id`), with its breadcrumb and quick links (its sub-routes). */
  async productListing(req: ListingRequest) {
    const route = req.query_id ?? req.category_id ?? '';
    const node = this.findRoute(route);
    if (!node) throw unprocessable({ [req.query_id === undefined ? 'category_id' : 'query_id']: 'Kategorien findes ikke.' });
    const id = randomUUID();
    const r = await this.run({ query: '', route: node.path, filters: req.filters, sorting: req.sorting, sort: req.sort, limit: req.limit, cursor: req.cursor });
    const snapshot = await this.catalogue.load();
    return {
      n_hits: r.total,
      displays: r.articles.map((a, i) => toDisplay(a, { product_listing_result_id: `${id}:${r.offset + i}` })),
      sorts: this.sorts(false),
      filters: r.filters,
      breadcrumb: [{ title: 'Forside', page_url: '/' }, ...node.trail.map((c) => ({ ...c, query_id: c.page_url }))],
      quick_links: node.children.filter((c) => (snapshot.byRoute.get(c.path)?.length ?? 0) > 0).map((c) => ({ title: c.title, page_url: c.path, query_id: c.path })),
      product_listing_request_id: id,
      cursor: r.next,
    };
  }

  private findRoute(path: string): { path: string; trail: { title: string; page_url: string }[]; children: { path: string; title: string }[] } | null {
    const p = decodeURIComponent(path).replace(/\/+$/, '') || '/';
    for (const top of this.tree) {
      if (top.path === p) return { path: p, trail: [{ title: top.title, page_url: top.path }], children: top.children };
      const child = top.children.find((c) => c.path === p);
      if (child) return { path: p, trail: [{ title: top.title, page_url: top.path }, { title: child.title, page_url: child.path }], children: [] };
    }
    return null;
  }

  /** Up to 3 query suggestions (catalogue titles and popular queries), brand and category pages, one content page (SPEC §9). */
  async suggestions(query: string) {
    const q = foldDanish(query.trim());
    const snapshot = await this.catalogue.load();
    const out: { type: 'query' | 'category' | 'content'; title: string; parent_title?: string; category_type?: string; category_id?: string; page_url?: string }[] = [];
    if (!q) {
      for (const { query: text } of (await this.popularQueries('')).slice(0, 3)) out.push({ type: 'query', title: text });
      return { suggestions_request_id: randomUUID(), suggestions: out };
    }
    await this.freshPopularity();
    const seen = new Set<string>();
    for (const { query: text } of await this.popularQueries(q)) if (seen.size < 3 && text !== q) seen.add(text);
    const names = new Map<string, number>();
    for (const a of snapshot.articles) {
      for (const candidate of [a.brand, `${a.brand} ${a.name.replace(a.brand, '').trim().split(' ')[0] ?? ''}`.trim(), a.name]) {
        const f = foldDanish(candidate);
        if (f.startsWith(q) || f.split(' ').some((w) => w.startsWith(q))) names.set(candidate, (names.get(candidate) ?? 0) + 1 + (this.engine.popularity.get(a.id) ?? 0));
      }
    }
    for (const [name] of [...names].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)) {
      if (seen.size >= 3) break;
      const key = name.toLowerCase();
      if (![...seen].some((s) => s.toLowerCase() === key)) seen.add(name);
    }
    for (const title of seen) out.push({ type: 'query', title });
    let categories = 0;
    for (const top of this.tree) {
      for (const c of [{ ...top, kind: 'category' as const }, ...top.children]) {
        if (categories >= 2) break;
        if (foldDanish(c.title).split(/\s+/).some((w) => w.startsWith(q))) {
          out.push({ type: 'category', title: c.title, parent_title: c.path === top.path ? undefined : top.title, category_type: c.kind === 'brand' ? 'BRAND' : 'CATEGORY', category_id: c.path, page_url: c.path });
          categories += 1;
        }
      }
    }
    const page = snapshot.pages.find((p) => foldDanish(p.title).split(/\s+/).some((w) => w.startsWith(q)));
    if (page) out.push({ type: 'content', title: page.title, page_url: page.url });
    return { suggestions_request_id: randomUUID(), suggestions: out };
  }

  /**
   * The most searched queries starting with `q` (folded), most first: from storage, cached per
   * prefix for QUERY_CACHE_MS in this process. Two-character buckets by count come from an index;
   * a one-character prefix looks among the most searched overall.
   */
  private async popularQueries(q: string): Promise<readonly WidgetQueryRecord[]> {
    const now = this.clock.now().getTime();
    const cached = this.queryCache.get(q);
    if (cached && now - cached.at < QUERY_CACHE_MS) return cached.rows;
    const rows = q === '' ? await this.repo.topQueries(3) : (q.length < 2 ? await this.repo.topQueries(500) : await this.repo.topQueriesStarting(q.slice(0, 2), 200)).filter((r) => r.query.startsWith(q));
    if (this.queryCache.size >= QUERY_CACHE_SIZE) this.queryCache.clear();
    this.queryCache.set(q, { at: now, rows });
    return rows;
  }

  /** Similar articles: same category first, then brand, shape, colour and a near price. */
  async related(productId: string, limit: number, exclude: Set<string> = new Set()): Promise<Article[]> {
    const snapshot = await this.catalogue.load();
    const a = snapshot.byId.get(productId) ?? snapshot.bySlug.get(productId);
    if (!a) return [];
    const price = a.price.unit.amount;
    const scored = snapshot.articles
      .filter((b) => b.id !== a.id && !exclude.has(b.id) && b.category === a.category && b.price.unit.publicationStatus !== 30)
      .map((b) => {
        let s = 0;
        if (b.brand === a.brand) s += 3;
        if (b.attributes.shape && b.attributes.shape === a.attributes.shape) s += 2;
        if (b.attributes.color && b.attributes.color === a.attributes.color) s += 1.5;
        if (b.attributes.subCategory && b.attributes.subCategory === a.attributes.subCategory) s += 1;
        const ratio = b.price.unit.amount / Math.max(1, price);
        if (ratio > 0.7 && ratio < 1.4) s += 2;
        s += Math.min(2, (this.engine.popularity.get(b.id) ?? 0) / 20);
        return { b, s };
      })
      .sort((x, y) => y.s - x.s || x.b.id.localeCompare(y.b.id));
    return scored.slice(0, limit).map((x) => x.b);
  }

  /** Bought together: articles that share an order with any of `ids`, by how often. */
  private async boughtWith(ids: Set<string>, limit: number): Promise<Article[]> {
    const snapshot = await this.catalogue.load();
    const together = new Map<string, number>();
    await this.eachOrder((o) => {
      const inOrder = new Set(o.lines.map((l) => l.articleId));
      if (![...ids].some((id) => inOrder.has(id))) return;
      for (const other of inOrder) if (!ids.has(other)) together.set(other, (together.get(other) ?? 0) + 1);
    });
    return [...together].sort((a, b) => b[1] - a[1]).map(([id]) => snapshot.byId.get(id)).filter((x): x is Article => Boolean(x)).slice(0, limit);
  }

  private async popular(limit: number, route?: string): Promise<Article[]> {
    const r = await this.run({ query: '', route, filters: [], sorting: { field: 'popularity', order: 'desc' }, limit });
    return r.articles.filter((a) => a.price.unit.publicationStatus !== 30);
  }

  /** Related to one product, or bought with several (more related ones fill up to `limit`). */
  private async basket(productIds: readonly string[], limit: number): Promise<Article[]> {
    const snapshot = await this.catalogue.load();
    const ids = new Set(productIds.map((p) => (snapshot.byId.get(p) ?? snapshot.bySlug.get(p))?.id).filter((x): x is string => Boolean(x)));
    const together = await this.boughtWith(ids, limit);
    const seen = new Set([...ids, ...together.map((a) => a.id)]);
    const list = [...together];
    for (const pid of ids) {
      if (list.length >= limit) break;
      for (const r of await this.related(pid, limit, seen)) {
        if (list.length >= limit) break;
        seen.add(r.id);
        list.push(r);
      }
    }
    return list;
  }

  /**
   * POST /v2/recommend/products/{kind}: related, by product ids (cart), landing page, after
   * basket, category. The type picks the strategy (RECOMMENDATION_STRATEGY; Depict's types
   * too), given the ids it needs; otherwise the kind does. A category recommendation is of that
   * category whatever the type.
   */
  async recommend(kind: 'category' | 'product' | 'products' | 'general', req: RecommendRequest) {
    await this.freshPopularity();
    const id = randomUUID();
    const limit = req.limit;
    const ids = req.product_ids?.length ? req.product_ids : req.product_id ? [req.product_id] : [];
    const byType = req.type === undefined ? undefined : RECOMMENDATION_STRATEGY.get(req.type.toLowerCase());
    const byKind = kind === 'product' ? 'related' : kind === 'products' ? 'basket' : 'popular';
    let strategy = byType ?? byKind;
    if (strategy !== 'popular' && ids.length === 0) strategy = 'popular';
    let list: Article[];
    if (kind === 'category' && req.category_id) {
      const node = this.findRoute(req.category_id.startsWith('/') ? req.category_id : `/${req.category_id}`);
      if (!node) throw unprocessable({ category_id: 'Kategorien findes ikke.' });
      list = await this.popular(limit, node.path);
    } else if (strategy === 'related' && ids.length === 1) {
      list = await this.related(ids[0]!, limit);
    } else if (strategy === 'related' || strategy === 'basket') {
      list = await this.basket(ids, limit);
    } else {
      list = await this.popular(limit);
    }
    const displays: ProductDisplay[] = list.slice(0, limit).map((a, i) => toDisplay(a, { recommendation_id: `${id}:${i}` }));
    return { displays, recommendation_request_id: id };
  }

  /**
   * POST /v2/search/related: products related to one product (`product_id`), or — Depict's client
   * sends the search's own body — to a search: popular products of the categories its best hits
   * are in, that are not among those hits.
   */
  async relatedTo(req: RelatedRequest) {
    const id = randomUUID();
    let list: Article[];
    if (req.product_id !== undefined) {
      list = await this.related(req.product_id, req.limit);
    } else {
      const hits = await this.run({ query: req.query ?? '', filters: req.filters ?? [], sorting: req.sorting, sort: req.sort, limit: 20 });
      const shown = new Set(hits.articles.map((a) => a.id));
      const categories = new Set(hits.articles.map((a) => a.category));
      const pool = await this.popular(Math.min(100, req.limit + shown.size + 20));
      list = pool.filter((a) => !shown.has(a.id) && (categories.size === 0 || categories.has(a.category))).slice(0, req.limit);
    }
    return { displays: list.map((a, i) => toDisplay(a, { recommendation_id: `${id}:${i}` })), recommendation_request_id: id };
  }

  /**
   * Events are appended to the raw event log (bounded by age and size, for later analysis;
   * shopper ids only as given, never personal data), then their weights are added to the shared
   * popularity counters — the aggregate every ranking reads; raw events are never read for it.
   * This instance ranks by them at once, others at their next refresh. (A refresh of this
   * instance reading the counters at the same moment may count them twice, until the refresh after.)
   */
  async createEvents(events: ProviderEvent[], market: string, tenant: string): Promise<number> {
    const snapshot = await this.catalogue.load();
    const at = this.clock.now().toISOString();
    const deltas = this.weigh(events, snapshot);
    await this.eventLog.append(events.map((event) => ({ at, market, tenant, event })));
    await this.repo.addCounts(deltas);
    for (const [id, w] of deltas) this.engine.addPopularity(id, w);
    return events.length;
  }

  /**
   * The hourly housekeeping (once across instances): counts events stored before the popularity
   * counters existed into them, then removes events, and searches nobody made again, older than
   * EVENT_RETENTION_MS (their weight stays in the counters), and holds the event log to its size.
   * `events`: stored events removed (the file log counts the segment files it deleted).
   */
  async housekeeping(): Promise<{ counted: number; events: number; queries: number }> {
    const snapshot = await this.catalogue.load();
    const counted = await this.repo.countUncounted((e) => this.weigh([e.event], snapshot));
    const before = new Date(this.clock.now().getTime() - EVENT_RETENTION_MS).toISOString();
    // Events stored in the collection before the file log (embedded store): the old ones go, the rest move into the log.
    let events = await this.repo.removeEventsBefore(before);
    if (!this.eventLog.inStore) await this.repo.moveEventsTo(this.eventLog);
    events += await this.eventLog.prune(new Date(before));
    const queries = await this.repo.removeQueriesBefore(before);
    return { counted, events, queries };
  }
}
