import MiniSearch, { type SearchOptions } from 'minisearch';
import { catalogueTree, type Article, type ArticleHit, type SiteSearchResponse, type Store } from '@optik/shared';
import type { CatalogueService, CatalogueSnapshot, CategoryTreeInput } from '../catalogue/service';
import { processDanishTerm, tokenizeDanish } from './danish';

/** SPEC §4: fewer than 2 characters clears the results. */
export const MIN_QUERY_LENGTH = 2;

const GROUP_LIMITS = { articles: 8, stores: 5, layoutPages: 5, cities: 5, categoryPages: 5 } as const;
const SINGLE_KIND_LIMIT = 48;

type Doc = { id: string } & Record<string, string>;

interface Indexes {
  snapshot: CatalogueSnapshot;
  articles: MiniSearch<Doc>;
  stores: MiniSearch<Doc>;
  pages: MiniSearch<Doc>;
  categories: MiniSearch<Doc>;
  cities: MiniSearch<Doc>;
  categoryByPath: Map<string, { title: string; url: string }>;
  cityByKey: Map<string, { name: string; postcode: string; storeCount: number; url: string }>;
  pageByUrl: Map<string, { title: string; url: string; image: string | null }>;
}

function index(fields: string[], boost: Record<string, number>, docs: Doc[]): MiniSearch<Doc> {
  const ms = new MiniSearch<Doc>({
    fields,
    storeFields: [],
    tokenize: tokenizeDanish,
    processTerm: processDanishTerm,
    searchOptions: {
      boost,
      prefix: true,
      // Typo tolerance: one edit in 5+ letter words, two in long ones; none in short ones.
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 2,
    },
  });
  ms.addAll(docs);
  return ms;
}


function articleDoc(a: Article): Doc {
  return {
    id: a.id,
    name: a.name,
    brand: a.brand,
    category: catalogueTree[a.category].title,
    attributes: [a.attributes.color, a.attributes.shape, a.attributes.material, a.attributes.lensType, a.attributes.subCategory, ...(a.attributes.style ?? []), ...(a.attributes.sport ?? [])]
      .filter(Boolean)
      .join(' '),
    sku: a.skus.map((s) => s.id).join(' '),
  };
}

function storeAddress(s: Store): string {
  return `${s.street}, ${s.postcode} ${s.city}`;
}

/**
 * Site search (SPEC §7 GET /api/site/search): grouped results for articles, stores, content
 * pages, cities and category pages. Indexes are built once per catalogue snapshot (≈ 1,500
 * articles index in well under a second) and rebuilt when the catalogue is invalidated.
 */
export class SearchService {
  private indexes: Promise<Indexes> | null = null;
  private builtFrom: CatalogueSnapshot | null = null;

  constructor(
    private readonly catalogue: CatalogueService,
    private readonly tree: readonly CategoryTreeInput[],
  ) {}

  private async ready(): Promise<Indexes> {
    const snapshot = await this.catalogue.load();
    if (!this.indexes || this.builtFrom !== snapshot) {
      this.builtFrom = snapshot;
      this.indexes = Promise.resolve(this.build(snapshot));
    }
    return this.indexes;
  }

  private build(snapshot: CatalogueSnapshot): Indexes {
    const articles = index(['name', 'brand', 'category', 'attributes', 'sku'], { name: 3, brand: 2.5, category: 1.5 }, snapshot.articles.map(articleDoc));
    const stores = index(['name', 'city', 'street', 'postcode'], { name: 2, city: 2 }, snapshot.stores.map((s) => ({ id: s.id, name: s.name, city: s.city, street: s.street, postcode: s.postcode })));
    const pageByUrl = new Map<string, { title: string; url: string; image: string | null }>();
    const pageDocs: Doc[] = [];
    for (const p of snapshot.pages) {
      pageByUrl.set(p.url, { title: p.title, url: p.url, image: p.image });
      pageDocs.push({ id: p.url, title: p.title, summary: p.summary, body: p.body.join(' ') });
    }
    const pages = index(['title', 'summary', 'body'], { title: 4, summary: 1.5 }, pageDocs);

    const categoryByPath = new Map<string, { title: string; url: string }>();
    const categoryDocs: Doc[] = [];
    for (const node of this.tree) {
      categoryByPath.set(node.path, { title: node.title, url: node.path });
      categoryDocs.push({ id: node.path, title: node.title, parent: '' });
      for (const child of node.children) {
        if (!snapshot.byRoute.has(child.path)) continue;
        const title = `${child.title} – ${node.title}`;
        categoryByPath.set(child.path, { title, url: child.path });
        categoryDocs.push({ id: child.path, title: child.title, parent: node.title });
      }
    }
    const categories = index(['title', 'parent'], { title: 3 }, categoryDocs);

    const cityByKey = new Map<string, { name: string; postcode: string; storeCount: number; url: string }>();
    for (const s of snapshot.stores) {
      const hit = cityByKey.get(s.city);
      if (hit) hit.storeCount += 1;
      else cityByKey.set(s.city, { name: s.city, postcode: s.postcode, storeCount: 1, url: `/find-butik?by=${encodeURIComponent(s.city)}` });
    }
    const cities = index(['name', 'postcode'], { name: 2 }, [...cityByKey.values()].map((c) => ({ id: c.name, name: c.name, postcode: c.postcode })));

    return { snapshot, articles, stores, pages, categories, cities, categoryByPath, cityByKey, pageByUrl };
  }

  async search(rawQuery: string, kind?: 'stores' | 'products' | 'articles', limit?: number): Promise<SiteSearchResponse> {
    const query = rawQuery.trim().slice(0, 100);
    const empty = { data: [], hits: 0, limited: false };
    const response: SiteSearchResponse = {
      success: true,
      query,
      articles: empty,
      stores: empty,
      layoutPages: empty,
      cities: empty,
      categoryPages: empty,
    };
    if (query.length < MIN_QUERY_LENGTH) return response;
    const ix = await this.ready();
    const want = (group: 'articles' | 'stores' | 'other') =>
      !kind || (group === 'stores' ? kind === 'stores' : group === 'articles' ? kind !== 'stores' : false);
    const cap = (group: keyof typeof GROUP_LIMITS) => limit ?? (kind ? SINGLE_KIND_LIMIT : GROUP_LIMITS[group]);

    if (want('articles')) {
      const hits = run(ix.articles, query);
      const data = hits.slice(0, cap('articles')).map((h) => articleHit(ix.snapshot.byId.get(h.id)!));
      response.articles = { data, hits: hits.length, limited: hits.length > data.length };
    }
    if (want('stores')) {
      const hits = run(ix.stores, query);
      const byId = new Map(ix.snapshot.stores.map((s) => [s.id, s]));
      const data = hits.slice(0, cap('stores')).map((h) => {
        const s = byId.get(h.id)!;
        return { id: s.id, name: s.name, address: storeAddress(s), slug: s.slug, url: `/find-butik/${s.slug}` };
      });
      response.stores = { data, hits: hits.length, limited: hits.length > data.length };
    }
    if (want('other')) {
      response.layoutPages = group(run(ix.pages, query), cap('layoutPages'), (id) => ix.pageByUrl.get(id)!);
      response.cities = group(run(ix.cities, query), cap('cities'), (id) => ix.cityByKey.get(id)!);
      response.categoryPages = group(run(ix.categories, query), cap('categoryPages'), (id) => ix.categoryByPath.get(id)!);
    }
    return response;
  }
}

/** All words must match (AND); when that finds nothing, any word may (OR), so a stray word does not empty the page. */
function run(ms: MiniSearch<Doc>, query: string): { id: string }[] {
  const strict: SearchOptions = { combineWith: 'AND' };
  const hits = ms.search(query, strict);
  return hits.length ? hits : ms.search(query, { combineWith: 'OR' });
}

function group<T>(hits: { id: string }[], cap: number, pick: (id: string) => T) {
  const data = hits.slice(0, cap).map((h) => pick(h.id));
  return { data, hits: hits.length, limited: hits.length > data.length };
}

function articleHit(a: Article): ArticleHit {
  return {
    id: a.id,
    slug: a.slug,
    name: a.name,
    packageName: a.packageName ?? null,
    brand: a.brand,
    category: a.category,
    image: a.medias[0]!.sm,
    price: a.price.unit,
    url: `/produkt/${a.slug}`,
  };
}
