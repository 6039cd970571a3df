import { create, insertMultiple, search, type Orama } from '@orama/orama';
import { stemmer } from '@orama/stemmers/danish';
import { foldDanish, type Article, type ProductDisplay } from '@optik/shared';
import type { z } from 'zod';
import type { selectedFilterSchema, sortingSchema } from '@optik/shared';
import type { CatalogueSnapshot } from '../catalogue/service';

type SelectedFilter = z.infer<typeof selectedFilterSchema>;
type Sorting = z.infer<typeof sortingSchema>;

/** The searchable and facetable document of one article. */
const schema = {
  id: 'string',
  title: 'string',
  brand_text: 'string',
  folded: 'string',
  description: 'string',
  brand: 'enum',
  category: 'enum',
  sub_category: 'enum',
  color: 'enum',
  shape: 'enum',
  material: 'enum',
  gender: 'enum',
  audience: 'enum',
  lens_type: 'enum',
  style: 'enum[]',
  sport: 'enum[]',
  routes: 'enum[]',
  polarized: 'boolean',
  on_sale: 'boolean',
  price: 'number',
  newest: 'number',
  name_sort: 'string',
} as const;
type Db = Orama<typeof schema>;
type Doc = { id: string; [k: string]: unknown };

/** Facets offered to the widget, with their Danish group titles (a filter may name a facet by its lower-cased title). */
export const FACETS = [
  { field: 'brand', title: 'Mærke', kind: 'enum' },
  { field: 'sub_category', title: 'Kategori', kind: 'enum' },
  { field: 'color', title: 'Farve', kind: 'enum' },
  { field: 'shape', title: 'Form', kind: 'enum' },
  { field: 'material', title: 'Materiale', kind: 'enum' },
  { field: 'gender', title: 'Køn', kind: 'enum' },
  { field: 'audience', title: 'Alder', kind: 'enum' },
  { field: 'style', title: 'Stil', kind: 'array' },
  { field: 'sport', title: 'Sport', kind: 'array' },
  { field: 'lens_type', title: 'Linsetype', kind: 'enum' },
  { field: 'polarized', title: 'Polariserede glas', kind: 'boolean' },
  { field: 'on_sale', title: 'Tilbud', kind: 'boolean' },
  { field: 'price', title: 'Pris', kind: 'number' },
] as const;
type FacetField = (typeof FACETS)[number]['field'];
const facetByName = new Map<string, (typeof FACETS)[number]>(FACETS.flatMap((f) => [[f.field, f] as const, [f.title.toLowerCase(), f] as const]));

/** The sorts the widget may offer; relevance only with a query. */
export const SORTS = [
  { field: 'relevance', order: 'desc', title: 'Relevans' },
  { field: 'popularity', order: 'desc', title: 'Mest populære' },
  { field: 'price', order: 'asc', title: 'Pris: lav til høj' },
  { field: 'price', order: 'desc', title: 'Pris: høj til lav' },
  { field: 'newest', order: 'desc', title: 'Nyeste' },
  { field: 'name', order: 'asc', title: 'Navn A–Å' },
] as const;

export class UnknownFilterError extends Error {
  constructor(readonly field: string) {
    super(`Ukendt filter: ${field}`);
  }
}

export interface QueryInput {
  query: string;
  route?: string;
  filters: SelectedFilter[];
  sorting?: Sorting | null;
  offset: number;
  limit: number;
}

export interface WidgetFilter {
  field: string;
  type: 'checkbox' | 'checkbox-boolean' | 'range';
  meta: { group_title: string; values?: (string | boolean)[]; counts?: number[]; min?: number; max?: number };
}

export interface QueryResult {
  total: number;
  articles: Article[];
  filters: WidgetFilter[];
}

function toDoc(a: Article): Doc {
  const at = a.attributes;
  const doc: Doc = {
    id: a.id,
    title: `${a.name} ${a.packageName ?? ''}`.trim(),
    brand_text: a.brand,
    folded: foldDanish(`${a.name} ${a.brand} ${a.category} ${at.subCategory ?? ''}`),
    description: a.description,
    brand: a.brand,
    category: a.category,
    routes: a.routes,
    style: at.style ?? [],
    sport: at.sport ?? [],
    polarized: at.polarized ?? false,
    on_sale: a.price.unit.isCampaign,
    price: a.price.unit.amount / 100,
    newest: a.version,
    name_sort: foldDanish(a.name),
  };
  // Optional enums are left out when unknown, so they match no filter value.
  for (const [k, v] of [['sub_category', at.subCategory], ['color', at.color], ['shape', at.shape], ['material', at.material], ['gender', at.gender], ['audience', at.audience], ['lens_type', at.lensType ?? a.specification.lensType]] as const) {
    if (v) doc[k] = v;
  }
  return doc;
}

/** Danish text on both sides: the query as typed, plus its folded form when it differs (øjenpleje ↔ oejenpleje). */
function terms(query: string): string {
  const q = query.trim();
  const folded = foldDanish(q);
  return folded === q.toLowerCase() ? q : `${q} ${folded}`;
}

/**
 * The widget's search engine: Orama over the catalogue (BM25, the Snowball Danish stemmer,
 * typo tolerance, facets, sorting, paging), built from the catalogue snapshot and rebuilt when
 * the catalogue changes. Popularity (orders and events) is kept live beside the index.
 */
export class WidgetEngine {
  private built: { snapshot: CatalogueSnapshot; db: Db } | null = null;
  private building: Promise<{ snapshot: CatalogueSnapshot; db: Db }> | null = null;
  readonly popularity = new Map<string, number>();

  constructor(private readonly load: () => Promise<CatalogueSnapshot>) {}

  /** The index for the current catalogue snapshot; a new snapshot (catalogue changed) builds a new index. */
  async index(): Promise<{ snapshot: CatalogueSnapshot; db: Db }> {
    const snapshot = await this.load();
    if (this.built?.snapshot === snapshot) return this.built;
    this.building ??= (async () => {
      const db = create({ schema, components: { tokenizer: { language: 'danish', stemming: true, stemmer } } }) as Db;
      await insertMultiple(db, snapshot.articles.map(toDoc) as never[], 500);
      this.built = { snapshot, db };
      return this.built;
    })().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  addPopularity(articleId: string, weight: number): void {
    this.popularity.set(articleId, (this.popularity.get(articleId) ?? 0) + weight);
  }

  /** Widget filters → Orama `where`, plus the few operators Orama lacks as a check on the hits. */
  private where(filters: SelectedFilter[], route: string | undefined, skip?: FacetField) {
    const where: Record<string, unknown> = {};
    const post: ((d: Doc) => boolean)[] = [];
    if (route) where.routes = { containsAny: [route] };
    for (const f of filters) {
      const facet = facetByName.get(f.field.toLowerCase());
      if (!facet) throw new UnknownFilterError(f.field);
      if (facet.field === skip) continue;
      const field = facet.field;
      const list = (Array.isArray(f.data) ? f.data : [f.data]).map((v) => (typeof v === 'number' || typeof v === 'boolean' ? v : String(v)));
      if (facet.kind === 'number') {
        const nums = list.map(Number).filter((n) => Number.isFinite(n));
        const [a, b] = nums;
        if (a === undefined) continue;
        if (f.op === 'leq') where[field] = { lte: a };
        else if (f.op === 'geq') where[field] = { gte: a };
        else if (f.op === 'inrange') where[field] = { between: [a, b ?? a] };
        else if (f.op === 'eq') where[field] = { eq: a };
        else if (f.op === 'neq') post.push((d) => d[field] !== a);
        else if (f.op === 'in') post.push((d) => nums.includes(d[field] as number));
        else post.push((d) => !nums.includes(d[field] as number));
      } else if (facet.kind === 'boolean') {
        const v = list[0] === true || list[0] === 1 || list[0] === '1' || list[0] === 'true';
        where[field] = f.op === 'neq' || f.op === 'nin' ? !v : v;
      } else if (facet.kind === 'array') {
        if (f.op === 'eq' || f.op === 'in') where[field] = { containsAny: list };
        else if (f.op === 'neq' || f.op === 'nin') post.push((d) => !(d[field] as string[]).some((x) => list.includes(x)));
      } else {
        if (f.op === 'eq') where[field] = { eq: list[0] };
        else if (f.op === 'in') where[field] = { in: list };
        else if (f.op === 'neq' || f.op === 'nin') where[field] = { nin: list };
        else post.push((d) => (f.op === 'leq' ? String(d[field] ?? '') <= String(list[0]) : String(d[field] ?? '') >= String(list[0])));
      }
    }
    return { where, post };
  }

  private static facetParams(only?: FacetField) {
    const params: Record<string, unknown> = {};
    for (const f of FACETS) {
      if (only && f.field !== only) continue;
      if (f.kind === 'number') continue; // min/max computed from the hits
      params[f.field] = f.kind === 'boolean' ? { true: true, false: true } : { limit: 100, sort: 'DESC' };
    }
    return params;
  }

  async query(input: QueryInput): Promise<QueryResult> {
    const { snapshot, db } = await this.index();
    const { where, post } = this.where(input.filters, input.route);
    const text = input.query.trim();
    const sort = input.sorting && !(input.sorting.field === 'relevance') ? input.sorting : text ? null : { field: 'popularity', order: 'desc' as const };
    // Operators Orama lacks, popularity order and the price range need every hit; otherwise Orama pages.
    const everything = post.length > 0 || sort?.field === 'popularity';
    const base = {
      term: text ? terms(text) : '',
      properties: ['title', 'brand_text', 'folded', 'description'] as ('title' | 'brand_text' | 'folded' | 'description')[],
      boost: { title: 3, brand_text: 2, folded: 1.5, description: 0.3 },
      tolerance: text.length >= 5 ? 1 : 0,
      where: where as never,
    };
    const sortBy =
      sort && sort.field !== 'popularity'
        ? { property: (sort.field === 'name' ? 'name_sort' : sort.field) as 'price', order: sort.order === 'asc' ? ('ASC' as const) : ('DESC' as const) }
        : undefined;
    const res = await search(db, {
      ...base,
      facets: WidgetEngine.facetParams() as never,
      sortBy,
      limit: everything ? 100_000 : input.limit,
      offset: everything ? 0 : input.offset,
    });
    let ids = res.hits.map((h) => h.id);
    let total = res.count;
    if (everything) {
      let docs = res.hits.map((h) => h.document as unknown as Doc);
      if (post.length) docs = docs.filter((d) => post.every((p) => p(d)));
      if (sort?.field === 'popularity') {
        const pos = new Map(docs.map((d, i) => [d.id, i]));
        docs.sort((a, b) => (this.popularity.get(b.id) ?? 0) - (this.popularity.get(a.id) ?? 0) || pos.get(a.id)! - pos.get(b.id)!);
      }
      total = docs.length;
      ids = docs.slice(input.offset, input.offset + input.limit).map((d) => d.id);
    }
    const filters = await this.filters(db, base, input, res.facets ?? {});
    return { total, articles: ids.map((id) => snapshot.byId.get(id)!).filter(Boolean), filters };
  }

  /**
   * Facet values and counts for the current result. A facet with a chosen value is counted as if
   * that facet were not chosen, so the other values stay selectable (disjunctive facets).
   */
  private async filters(db: Db, base: Record<string, unknown>, input: QueryInput, facets: Record<string, { values: Record<string, number> }>): Promise<WidgetFilter[]> {
    const chosen = new Set(input.filters.map((f) => facetByName.get(f.field.toLowerCase())?.field));
    const out: WidgetFilter[] = [];
    for (const f of FACETS) {
      let values = facets[f.field]?.values;
      if (chosen.has(f.field) || f.kind === 'number') {
        const { where } = this.where(input.filters, input.route, f.field);
        const r = await search(db, { ...base, where: where as never, facets: (f.kind === 'number' ? {} : WidgetEngine.facetParams(f.field)) as never, limit: f.kind === 'number' ? 100_000 : 0 });
        if (f.kind === 'number') {
          const prices = r.hits.map((h) => (h.document as unknown as { price: number }).price);
          if (prices.length) out.push({ field: f.field, type: 'range', meta: { group_title: f.title, min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)) } });
          continue;
        }
        values = (r.facets as typeof facets | undefined)?.[f.field]?.values;
      }
      const entries = Object.entries(values ?? {}).filter(([, n]) => n > 0);
      if (!entries.length) continue;
      if (f.kind === 'boolean') {
        out.push({ field: f.field, type: 'checkbox-boolean', meta: { group_title: f.title, values: entries.map(([v]) => v === 'true'), counts: entries.map(([, n]) => n) } });
      } else {
        entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'da'));
        out.push({ field: f.field, type: 'checkbox', meta: { group_title: f.title, values: entries.map(([v]) => v), counts: entries.map(([, n]) => n) } });
      }
    }
    return out;
  }
}

/** An article as a widget product card (prices in kroner, as the widget formats them). */
export function toDisplay(a: Article, ids: { search_result_id?: string; recommendation_id?: string } = {}): ProductDisplay {
  return {
    product_id: a.id,
    title: a.name,
    brand: a.brand,
    sub_heading_1: a.packageName ?? a.brand,
    sub_heading_2: a.attributes.subCategory ?? undefined,
    image_url: a.medias[0]!.md,
    image_urls: a.medias.map((m) => m.md),
    original_price: a.price.unit.ordinaryPrice / 100,
    sale_price: a.price.unit.amount / 100,
    page_url: `/produkt/${a.slug}`,
    variant_index: 0,
    variant_displays: a.skus.map((s) => ({ product_id: s.id, page_url: `/produkt/${a.slug}?sku=${encodeURIComponent(s.id)}`, image_urls: a.medias.map((m) => m.md) })),
    ga_product_id: a.id,
    ...ids,
  };
}
