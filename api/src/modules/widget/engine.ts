import { create, insertMultiple, search, type Orama } from '@orama/orama';
import { stemmer } from '@orama/stemmers/danish';
import { foldDanish, formatDiopter, type Article, type ProductDisplay } from '@optik/shared';
import type { z } from 'zod';
import type { selectedFilterSchema, sortingSchema } from '@optik/shared';
import type { CatalogueSnapshot } from '../catalogue/service';

type SelectedFilter = z.infer<typeof selectedFilterSchema>;
type Sorting = z.infer<typeof sortingSchema>;

/** What Orama indexes: the text of an article. Filters, facets and sorting run on bitsets below. */
const schema = {
  id: 'string',
  title: 'string',
  brand_text: 'string',
  folded: 'string',
  description: 'string',
} as const;
type Db = Orama<typeof schema>;

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
  // Contact-lens parameters (SPEC §3 filter ids power, basecurve, diameter), as the lens is made.
  { field: 'power', title: 'Styrke', kind: 'array' },
  { field: 'basecurve', title: 'Basekurve', kind: 'array' },
  { field: 'diameter', title: 'Diameter', kind: 'array' },
  { field: 'polarized', title: 'Polariserede glas', kind: 'boolean' },
  { field: 'on_sale', title: 'Tilbud', kind: 'boolean' },
  { field: 'price', title: 'Pris', kind: 'number' },
] as const;
type Facet = (typeof FACETS)[number];
type FacetField = Facet['field'];
const facetByName = new Map<string, Facet>(FACETS.flatMap((f) => [[f.field, f] as const, [f.title.toLowerCase(), f] as const]));

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

/**
 * A facet in the shape Depict's client reads (issue 18): the filter to send back (`field`, `op`)
 * and its `meta` (type, group title, values with names and counts, or a range's min and max).
 * Yes/no facets are radios of 'true'/'false' (written 1/0 in addresses).
 */
export interface WidgetFilter {
  field: string;
  op: 'in' | 'eq' | 'inrange';
  meta: { type: 'checkbox' | 'radio' | 'range'; group_title: string; values?: string[]; names?: string[]; counts?: number[]; min?: number; max?: number };
}

export interface QueryResult {
  total: number;
  articles: Article[];
  filters: WidgetFilter[];
}

/* ---- bitsets: one bit per article, 32 per word ---- */
type Bits = Uint32Array;
const newBits = (n: number) => new Uint32Array((n + 31) >>> 5);
const setBit = (b: Bits, i: number) => {
  b[i >>> 5]! |= 1 << (i & 31);
};
const hasBit = (b: Bits, i: number) => (b[i >>> 5]! & (1 << (i & 31))) !== 0;
function popcount(b: Bits, mask?: Bits): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    let v = mask ? b[i]! & mask[i]! : b[i]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}
function and(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & b[i]!;
  return out;
}
function orAll(list: Bits[], n: number): Bits {
  const out = newBits(n);
  for (const b of list) for (let i = 0; i < out.length; i++) out[i]! |= b[i]!;
  return out;
}
function not(a: Bits, all: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = ~a[i]! & all[i]!;
  return out;
}

const decimalComma = (n: number) => String(n).replace('.', ',');

/** Facet values of an article, as bitset keys (booleans as 'true'/'false'; lens values as Danish numbers, "-1,25"). */
function facetValues(a: Article): Record<Exclude<FacetField, 'price'>, string[]> {
  const at = a.attributes;
  const one = (v: string | undefined) => (v ? [v] : []);
  return {
    brand: [a.brand],
    sub_category: one(at.subCategory),
    color: one(at.color),
    shape: one(at.shape),
    material: one(at.material),
    gender: one(at.gender),
    audience: one(at.audience),
    style: at.style ?? [],
    sport: at.sport ?? [],
    lens_type: one(at.lensType ?? a.specification.lensType),
    power: (a.lensParameters?.powers ?? []).map(formatDiopter),
    basecurve: (a.lensParameters?.baseCurves ?? []).map(decimalComma),
    diameter: (a.lensParameters?.diameters ?? []).map(decimalComma),
    polarized: [String(at.polarized ?? false)],
    on_sale: [String(a.price.unit.isCampaign)],
  };
}

/**
 * Greedy longest-phrase match of the query's words against the vocabulary (up to 3 words, as
 * typed or stemmed). Null when no word is understood.
 */
function understand(ix: Pick<Index, 'vocabulary' | 'all'>, query: string): { bits: Bits; rest: string } | null {
  const w = words(query);
  let bits: Bits | null = null;
  const rest: string[] = [];
  for (let i = 0; i < w.length; ) {
    let hit: { len: number; bits: Bits } | null = null;
    for (let len = Math.min(3, w.length - i); len >= 1 && !hit; len--) {
      const slice = w.slice(i, i + len);
      const b = ix.vocabulary.get(slice.join(' ')) ?? ix.vocabulary.get(slice.map(stemKey).join(' '));
      if (b) hit = { len, bits: b };
    }
    if (hit) {
      bits = bits ? and(bits, hit.bits) : hit.bits;
      i += hit.len;
    } else {
      rest.push(w[i]!);
      i += 1;
    }
  }
  return bits ? { bits, rest: rest.join(' ') } : null;
}

/** Danish text on both sides: the query as typed, plus its folded form when it differs (øjenpleje ↔ oejenpleje). */
function terms(query: string): string {
  const q = query.trim();
  const folded = foldDanish(q);
  return folded === q.toLowerCase() ? q : `${q} ${folded}`;
}

/** Query words as the vocabulary keys them: folded, hyphens as spaces. */
const words = (text: string) => foldDanish(text).replace(/[-/]+/g, ' ').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const stemKey = (word: string) => foldDanish(stemmer(word));

interface Index {
  snapshot: CatalogueSnapshot;
  /** Phrases that name a category, brand, style or sport ("ray ban", "solbriller", "runde") → the articles they mean. */
  vocabulary: Map<string, Bits>;
  db: Db;
  docs: readonly Article[];
  pos: Map<string, number>;
  all: Bits;
  facets: Map<FacetField, Map<string, Bits>>;
  routes: Map<string, Bits>;
  price: Float64Array;
  /** Article positions in ascending order of price, newest (version) and name. */
  order: { price: Uint32Array; newest: Uint32Array; name: Uint32Array };
}

/**
 * The widget's search engine. Text goes through Orama (BM25, the Snowball Danish stemmer, typo
 * tolerance, a folded æ/ø/å twin field); filters, facet counts, sorting and paging run on
 * per-value bitsets and presorted position arrays, so a listing over 10,000 products costs a
 * few thousand word operations. Built from the catalogue snapshot, rebuilt when it changes.
 * Popularity (orders and events) is kept beside the index, set and added to by the service.
 */
export class WidgetEngine {
  private built: Index | null = null;
  private building: Promise<Index> | null = null;
  readonly popularity = new Map<string, number>();
  private popularityOrder: { at: number; version: number; order: Uint32Array; of: Index } | null = null;
  private popularityVersion = 0;

  constructor(
    private readonly load: () => Promise<CatalogueSnapshot>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The index for the current catalogue snapshot; a new snapshot (catalogue changed) builds a new index. */
  async index(): Promise<Index> {
    const snapshot = await this.load();
    if (this.built?.snapshot === snapshot) return this.built;
    this.building ??= this.build(snapshot).finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async build(snapshot: CatalogueSnapshot): Promise<Index> {
    const docs = snapshot.articles;
    const n = docs.length;
    const db = create({ schema, components: { tokenizer: { language: 'danish', stemming: true, stemmer } } }) as Db;
    await insertMultiple(
      db,
      docs.map((a) => ({
        id: a.id,
        title: `${a.name} ${a.packageName ?? ''}`.trim(),
        brand_text: a.brand,
        folded: foldDanish(`${a.name} ${a.brand} ${a.category} ${a.attributes.subCategory ?? ''}`),
        description: a.description,
      })),
      500,
    );
    const all = newBits(n);
    const facets = new Map<FacetField, Map<string, Bits>>();
    const routes = new Map<string, Bits>();
    const price = new Float64Array(n);
    const bitsFor = (map: Map<string, Bits>, key: string) => {
      let b = map.get(key);
      if (!b) map.set(key, (b = newBits(n)));
      return b;
    };
    docs.forEach((a, i) => {
      setBit(all, i);
      price[i] = a.price.unit.amount / 100;
      for (const r of a.routes) setBit(bitsFor(routes, r), i);
      for (const [field, values] of Object.entries(facetValues(a)) as [FacetField, string[]][]) {
        let m = facets.get(field);
        if (!m) facets.set(field, (m = new Map()));
        for (const v of values) setBit(bitsFor(m, v), i);
      }
    });
    // The vocabulary: each phrase (and its stem) that names a catalogue facet of some articles.
    const vocabulary = new Map<string, Bits>();
    const learn = (phrase: string, bits: Bits) => {
      const w = words(phrase);
      if (!w.length) return;
      // "ray ban", "rayban" and the stemmed form all name the same thing.
      for (const key of new Set([w.join(' '), w.join(''), w.map(stemKey).join(' ')])) {
        const prev = vocabulary.get(key);
        vocabulary.set(key, prev ? orAll([prev, bits], n) : bits);
      }
    };
    for (const [route, bits] of routes) if (/^\/[^/]+$/.test(route)) learn(route.slice(1), bits);
    for (const field of ['brand', 'style', 'sport', 'sub_category'] as const) for (const [value, bits] of facets.get(field) ?? []) learn(value, bits);
    const positions = () => Uint32Array.from(docs.keys());
    const names = docs.map((a) => foldDanish(a.name));
    const order = {
      price: positions().sort((x, y) => price[x]! - price[y]! || x - y),
      newest: positions().sort((x, y) => docs[x]!.version - docs[y]!.version || x - y),
      name: positions().sort((x, y) => names[x]!.localeCompare(names[y]!, 'da') || x - y),
    };
    this.built = { snapshot, vocabulary, db, docs, pos: new Map(docs.map((a, i) => [a.id, i])), all, facets, routes, price, order };
    return this.built;
  }

  addPopularity(articleId: string, weight: number): void {
    this.popularity.set(articleId, (this.popularity.get(articleId) ?? 0) + weight);
    this.popularityVersion += 1;
  }

  /** Replaces every article's popularity (a refresh from storage, every half minute at most): ranked by at once. */
  setPopularity(scores: ReadonlyMap<string, number>): void {
    this.popularity.clear();
    for (const [id, score] of scores) this.popularity.set(id, score);
    this.popularityVersion += 1;
    this.popularityOrder = null;
  }

  /** Positions by popularity, most first; re-sorted at most once a second while events arrive. */
  private byPopularity(ix: Index): Uint32Array {
    const cached = this.popularityOrder;
    if (cached && cached.of === ix && (cached.version === this.popularityVersion || this.now() - cached.at < 1000)) return cached.order;
    const score = ix.docs.map((a) => this.popularity.get(a.id) ?? 0);
    const order = Uint32Array.from(ix.docs.keys()).sort((x, y) => score[y]! - score[x]! || x - y);
    this.popularityOrder = { at: this.now(), version: this.popularityVersion, order, of: ix };
    return order;
  }

  /** One widget filter as a bitset of the articles it lets through. */
  private filterBits(ix: Index, f: SelectedFilter, facet: Facet): Bits {
    const n = ix.docs.length;
    const list = (Array.isArray(f.data) ? f.data : [f.data]).map((v) => (typeof v === 'string' ? v : String(v)));
    if (facet.kind === 'number') {
      const nums = list.map(Number).filter((x) => Number.isFinite(x));
      const [a, b] = nums;
      const out = newBits(n);
      if (a === undefined) return ix.all;
      const keep: (p: number) => boolean =
        f.op === 'leq' ? (p) => p <= a
        : f.op === 'geq' ? (p) => p >= a
        : f.op === 'inrange' ? (p) => p >= a && p <= (b ?? a)
        : f.op === 'eq' ? (p) => p === a
        : f.op === 'neq' ? (p) => p !== a
        : f.op === 'in' ? (p) => nums.includes(p)
        : (p) => !nums.includes(p);
      ix.price.forEach((p, i) => keep(p) && setBit(out, i));
      return out;
    }
    const values = ix.facets.get(facet.field)!;
    const truthy = (v: string) => (facet.kind === 'boolean' ? String(v === 'true' || v === '1') : v);
    const wanted = orAll(list.map((v) => values.get(truthy(v))).filter((b): b is Bits => Boolean(b)), n);
    if (f.op === 'eq' || f.op === 'in') return wanted;
    if (f.op === 'neq' || f.op === 'nin') return not(wanted, ix.all);
    // leq/geq on text values: by Danish collation.
    const out = newBits(n);
    for (const [v, bits] of values) if (f.op === 'leq' ? v.localeCompare(list[0]!, 'da') <= 0 : v.localeCompare(list[0]!, 'da') >= 0) for (let i = 0; i < out.length; i++) out[i]! |= bits[i]!;
    return out;
  }

  async query(input: QueryInput): Promise<QueryResult> {
    const ix = await this.index();
    const n = ix.docs.length;
    // 1. Words that name a category, brand, style or sport become filters (query understanding:
    //    "ray-ban solbriller" is brand ∧ category, not 4,000 loose text matches); the rest is text.
    let base = input.route ? (ix.routes.get(input.route) ?? newBits(n)) : ix.all;
    const understood = understand(ix, input.query);
    let text = input.query.trim();
    if (understood && popcount(understood.bits, base) > 0) {
      base = and(base, understood.bits);
      text = understood.rest;
    }
    // 2. Text: Orama's scored matches become a bitset and a score per position.
    let score: Float64Array | null = null;
    if (text) {
      const res = await search(ix.db, {
        term: terms(text),
        properties: ['title', 'brand_text', 'folded', 'description'],
        boost: { title: 3, brand_text: 2, folded: 1.5, description: 0.3 },
        tolerance: text.length >= 5 ? 1 : 0,
        limit: n,
      });
      const hits = newBits(n);
      score = new Float64Array(n);
      for (const h of res.hits) {
        const i = ix.pos.get(h.id);
        if (i === undefined) continue;
        setBit(hits, i);
        score[i] = h.score;
      }
      base = and(base, hits);
    }
    // 3. Filters, grouped by facet (a facet's own filters are left out when counting its values).
    const byFacet = new Map<FacetField, Bits>();
    for (const f of input.filters) {
      const facet = facetByName.get(f.field.toLowerCase());
      if (!facet) throw new UnknownFilterError(f.field);
      const bits = this.filterBits(ix, f, facet);
      const prev = byFacet.get(facet.field);
      byFacet.set(facet.field, prev ? and(prev, bits) : bits);
    }
    const maskWithout = (skip?: FacetField) => {
      let m = base;
      for (const [field, bits] of byFacet) if (field !== skip) m = and(m, bits);
      return m;
    };
    const mask = maskWithout();
    const total = popcount(mask);
    // 4. Order and page.
    const sort = input.sorting && input.sorting.field !== 'relevance' ? input.sorting : text ? null : { field: 'popularity', order: 'desc' as const };
    const page: number[] = [];
    const want = input.offset + input.limit;
    if (!sort && score) {
      const matched: number[] = [];
      for (let i = 0; i < n; i++) if (hasBit(mask, i)) matched.push(i);
      matched.sort((x, y) => score[y]! - score[x]! || x - y);
      page.push(...matched.slice(input.offset, want));
    } else {
      const field = sort?.field ?? 'popularity';
      const order = field === 'popularity' ? this.byPopularity(ix) : ix.order[field === 'name' ? 'name' : field === 'newest' ? 'newest' : 'price'];
      const reverse = field !== 'popularity' && sort?.order === 'desc';
      let seen = 0;
      for (let k = 0; k < n && page.length < input.limit; k++) {
        const i = order[reverse ? n - 1 - k : k]!;
        if (!hasBit(mask, i)) continue;
        if (seen++ >= input.offset) page.push(i);
      }
    }
    return { total, articles: page.map((i) => ix.docs[i]!), filters: this.facetCounts(ix, mask, byFacet, maskWithout) };
  }

  /** Facet values with counts for the current result (disjunctive for facets that have a choice), and the price range. */
  private facetCounts(ix: Index, mask: Bits, chosen: Map<FacetField, Bits>, maskWithout: (skip?: FacetField) => Bits): WidgetFilter[] {
    const out: WidgetFilter[] = [];
    for (const f of FACETS) {
      const m = chosen.has(f.field) ? maskWithout(f.field) : mask;
      if (f.kind === 'number') {
        let lo = -1;
        let hi = -1;
        const n = ix.docs.length;
        for (let k = 0; k < n && lo < 0; k++) if (hasBit(m, ix.order.price[k]!)) lo = ix.order.price[k]!;
        for (let k = n - 1; k >= 0 && hi < 0; k--) if (hasBit(m, ix.order.price[k]!)) hi = ix.order.price[k]!;
        if (lo >= 0) out.push({ field: f.field, op: 'inrange', meta: { type: 'range', group_title: f.title, min: Math.floor(ix.price[lo]!), max: Math.ceil(ix.price[hi]!) } });
        continue;
      }
      const counted = [...ix.facets.get(f.field)!].map(([v, bits]) => [v, popcount(bits, m)] as const).filter(([, c]) => c > 0);
      if (!counted.length) continue;
      if (f.kind === 'boolean') {
        // "Ja" before "Nej".
        counted.sort((a, b) => b[0].localeCompare(a[0]));
        const names = counted.map(([v]) => (v === 'true' ? 'Ja' : 'Nej'));
        out.push({ field: f.field, op: 'eq', meta: { type: 'radio', group_title: f.title, values: counted.map(([v]) => v), names, counts: counted.map(([, c]) => c) } });
      } else {
        counted.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'da'));
        out.push({ field: f.field, op: 'in', meta: { type: 'checkbox', group_title: f.title, values: counted.map(([v]) => v), counts: counted.map(([, c]) => c) } });
      }
    }
    return out;
  }
}

/** The result id a card carries (one of them): the click event names it. */
export type ResultIds = { search_result_id?: string; product_listing_result_id?: string; recommendation_id?: string };

/**
 * An article as a widget product card (prices in kroner, as the widget formats them). Every
 * variant display is a whole card too: Depict's client shows `variant_displays[variant_index]`.
 */
export function toDisplay(a: Article, ids: ResultIds = {}): ProductDisplay {
  const images = a.medias.map((m) => m.md);
  const card = { title: a.name, brand: a.brand, image_url: a.medias[0]!.md, image_urls: images, original_price: a.price.unit.ordinaryPrice / 100, sale_price: a.price.unit.amount / 100 };
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
    // Without a sku there is no variant to point at (the client would read a missing one).
    ...(a.skus.length ? { variant_index: 0, variant_displays: a.skus.map((s) => ({ product_id: s.id, ...card, page_url: `/produkt/${a.slug}?sku=${encodeURIComponent(s.id)}`, ...ids })) } : {}),
    ga_product_id: a.id,
    ...ids,
  };
}
