import type { Article, CategoryNode, ContentPage, Sku, Store } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { CatalogueRepository } from './repository';

export interface CatalogueSnapshot {
  articles: readonly Article[];
  byId: ReadonlyMap<string, Article>;
  bySlug: ReadonlyMap<string, Article>;
  bySku: ReadonlyMap<string, { article: Article; sku: Sku }>;
  byRoute: ReadonlyMap<string, readonly Article[]>;
  stores: readonly Store[];
  pages: readonly ContentPage[];
}

/**
 * Read model of the catalogue. Articles, stores and pages change rarely (seed, later an
 * import), so they are held as one immutable snapshot with indexes instead of copying
 * 1,500 records out of storage on every request. A committed catalogue change, on any
 * instance, drops the snapshot.
 */
export class CatalogueService {
  private snapshot: Promise<CatalogueSnapshot> | null = null;
  private readonly repo: CatalogueRepository;

  constructor(storage: Storage) {
    this.repo = new CatalogueRepository(storage);
    // A change by this or another instance (PostgreSQL NOTIFY) drops the snapshot; the next read rebuilds it.
    this.repo.onChange(() => this.invalidate());
  }

  load(): Promise<CatalogueSnapshot> {
    this.snapshot ??= this.build().catch((err: unknown) => {
      this.snapshot = null;
      throw err;
    });
    return this.snapshot;
  }

  invalidate(): void {
    this.snapshot = null;
  }

  private async build(): Promise<CatalogueSnapshot> {
    const { articles, stores, pages } = await this.repo.everything();
    articles.sort((a, b) => a.id.localeCompare(b.id));
    stores.sort((a, b) => a.name.localeCompare(b.name, 'da'));
    const byId = new Map<string, Article>();
    const bySlug = new Map<string, Article>();
    const bySku = new Map<string, { article: Article; sku: Sku }>();
    const byRoute = new Map<string, Article[]>();
    for (const article of articles) {
      byId.set(article.id, article);
      bySlug.set(article.slug, article);
      for (const sku of article.skus) bySku.set(sku.id, { article, sku });
      for (const route of article.routes) {
        const list = byRoute.get(route);
        if (list) list.push(article);
        else byRoute.set(route, [article]);
      }
    }
    return { articles, byId, bySlug, bySku, byRoute, stores, pages: pages.map(({ id: _id, ...page }) => page) };
  }

  async getArticle(idOrSlug: string): Promise<Article | undefined> {
    const s = await this.load();
    return s.byId.get(idOrSlug) ?? s.bySlug.get(idOrSlug);
  }

  async findSku(skuId: string): Promise<{ article: Article; sku: Sku } | undefined> {
    return (await this.load()).bySku.get(skuId);
  }

  async list(query: { route?: string; limit: number; offset: number }): Promise<{ data: Article[]; total: number }> {
    const s = await this.load();
    const all = query.route ? (s.byRoute.get(query.route) ?? []) : s.articles;
    return { data: all.slice(query.offset, query.offset + query.limit), total: all.length };
  }

  /** The category tree with live counts: every route in the tree counts the articles listed on it. */
  async categories(tree: readonly CategoryTreeInput[]): Promise<CategoryNode[]> {
    const s = await this.load();
    const count = (path: string) => s.byRoute.get(path)?.length ?? 0;
    return tree.map((node) => ({
      path: node.path,
      title: node.title,
      kind: 'category' as const,
      count: count(node.path),
      children: node.children.map((c) => ({ ...c, count: count(c.path) })).filter((c) => c.count > 0),
    }));
  }

  async snapshotSince(since: number): Promise<{ version: number; articles: Article[] }> {
    const s = await this.load();
    const version = s.articles.reduce((v, a) => Math.max(v, a.version), 0);
    return { version, articles: s.articles.filter((a) => a.version > since) };
  }

  async stores(): Promise<readonly Store[]> {
    return (await this.load()).stores;
  }

  /** One store by id, as stored now (bookings, requisitions, payments name stores by id). */
  store(id: string): Promise<Store | undefined> {
    return this.repo.store(id);
  }

  async page(slug: string): Promise<ContentPage | undefined> {
    return (await this.load()).pages.find((p) => p.slug === slug || p.url === `/${slug}`);
  }
}

export interface CategoryTreeInput {
  path: string;
  title: string;
  children: { path: string; title: string; kind: CategoryNode['kind'] }[];
}
