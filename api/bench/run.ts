// `pnpm bench`: numbers, not pass/fail. Every figure is measured in this run, next to a
// baseline measured in the same run on the same machine. Last, the same store and HTTP figures on
// PostgreSQL (bench/postgres.ts: its knobs are listed there). BENCH_ONLY=widget | pictures | orders (lowdb and
// PostgreSQL order writes and lookups) | postgres (the PostgreSQL part alone) | flood | images | abuse
// (issue 15's event flood and image load against their limits, bench/abuse.ts; exits non-zero on a FAIL).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { foldDanish, type Article, type CartItem } from '@optik/shared';
import { CatalogueService } from '../src/modules/catalogue/service';
import { categoryTree } from '../src/modules/catalogue/tree';
import { SearchService } from '../src/modules/search/service';
import type { CatalogueSnapshot } from '../src/modules/catalogue/service';
import { generateArticles } from '../src/seed/catalogue';
import { renderArticleSvg } from '../src/modules/images/svg';
import { WidgetEngine, type QueryInput } from '../src/modules/widget/engine';
import { seedIfEmpty } from '../src/seed/index';
import { nextNumber } from '../src/storage/counter';
import { openLowdbStorage } from '../src/storage/lowdb';
import type { CartRecord } from '../src/modules/cart/records';
import { C } from '../src/collections';
import { allCollections } from '../src/collections';
import { benchOrder, fmt, pct } from './fixtures';
import { postgresBench, type WriteTimes } from './postgres';
import { abuseBench } from './abuse';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

const QUERIES = ['gucci', 'ray-ban solbriller', 'oakly', 'acuvue', 'runde briller', 'kontaktlinser', 'aarhus', 'øjendråber', 'tom ford', 'polariserede', 'læsebriller', 'endagslinser', 'rens', 'bliz cykling', 'københavn', 'transparent'];

async function load(url: string, requests?: autocannon.Request[]) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function http() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-bench-http-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts'), dir], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
    });
    const { api, bare, articleId } = JSON.parse(line) as { api: number; bare: number; articleId: string };
    const baseline = await load(`http://127.0.0.1:${bare}/`);
    const article = await load(`http://127.0.0.1:${api}/api/article/${articleId}`);
    const search = await load(
      `http://127.0.0.1:${api}`,
      QUERIES.map((q) => ({ method: 'GET' as const, path: `/api/site/search?q=${encodeURIComponent(q)}` })),
    );
    console.log(`\nHTTP throughput (${CONNECTIONS} connections, ${DURATION} s each, server in its own process)`);
    console.table({
      'bare node:http JSON (baseline)': { 'req/s': fmt(baseline.rps), 'p50 ms': baseline.p50, 'p99 ms': baseline.p99, 'vs baseline': '1.00' },
      'GET /api/article/{id}': { 'req/s': fmt(article.rps), 'p50 ms': article.p50, 'p99 ms': article.p99, 'vs baseline': fmt(article.rps / baseline.rps, 2) },
      'GET /api/site/search?q=': { 'req/s': fmt(search.rps), 'p50 ms': search.p50, 'p99 ms': search.p99, 'vs baseline': fmt(search.rps / baseline.rps, 2) },
    });
  } finally {
    child.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

async function searchLatency() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-bench-search-'));
  const storage = await openLowdbStorage({ dir, collections: allCollections });
  await seedIfEmpty(storage);
  const catalogue = new CatalogueService(storage);
  const search = new SearchService(catalogue, categoryTree);
  const t0 = performance.now();
  await search.search('warm');
  const build = performance.now() - t0;
  const times: number[] = [];
  for (let round = 0; round < 100; round++) {
    for (const q of QUERIES) {
      const s = performance.now();
      await search.search(q);
      times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  const articles = await storage.collection(C.articles).count();
  console.log(`\nSite search in-process over ${articles} seeded articles (${times.length} queries, ${QUERIES.length} distinct)`);
  console.table({ 'index build (ms)': fmt(build, 1), 'p50 (ms)': fmt(pct(times, 50), 3), 'p95 (ms)': fmt(pct(times, 95), 3), 'max (ms)': fmt(times.at(-1)!, 3) });
  await storage.close();
  await rm(dir, { recursive: true, force: true });
}

/** Issue 16 item 7: drawing every seeded picture (SVG, md) against serialising its article, the same run. */
function pictureDrawing() {
  const articles = generateArticles();
  const draw: number[] = [];
  const json: number[] = [];
  let bytes = 0;
  let sink = 0;
  for (let round = 0; round < 3; round++) {
    for (const a of articles) {
      for (let i = 0; i < a.medias.length; i++) {
        let t = performance.now();
        bytes += renderArticleSvg(a, i, 'md').length;
        draw.push(performance.now() - t);
        t = performance.now();
        sink += JSON.stringify(a).length;
        json.push(performance.now() - t);
      }
    }
  }
  draw.sort((a, b) => a - b);
  json.sort((a, b) => a - b);
  console.log(`\nProduct pictures drawn in-process (${draw.length} SVGs over ${fmt(sink / 1024 / 1024, 0)} MB of article JSON, ${fmt(bytes / draw.length / 1024, 1)} KB average; budget 5 ms each)`);
  console.table({
    'JSON.stringify(article) (baseline)': { 'p50 (ms)': fmt(pct(json, 50), 3), 'p95 (ms)': fmt(pct(json, 95), 3), 'max (ms)': fmt(json.at(-1)!, 3) },
    'renderArticleSvg(article, view, md)': { 'p50 (ms)': fmt(pct(draw, 50), 3), 'p95 (ms)': fmt(pct(draw, 95), 3), 'max (ms)': fmt(draw.at(-1)!, 3) },
  });
}

/** The catalogue grown to `n` articles: seeded ones plus variants with new ids, names and prices. */
function catalogueOf(n: number, seed: Article[]): CatalogueSnapshot {
  const articles: Article[] = [];
  for (let i = 0; i < n; i++) {
    const base = seed[i % seed.length]!;
    const round = Math.floor(i / seed.length);
    articles.push(round === 0 ? base : { ...base, id: `${base.id}-v${round}`, slug: `${base.slug}-v${round}`, name: `${base.name} ${['Nova', 'Luna', 'Sol', 'Fjord', 'Hav', 'Skov'][round % 6]}`, price: { ...base.price, unit: { ...base.price.unit, amount: base.price.unit.amount + round * 5000 } } });
  }
  const byId = new Map(articles.map((a) => [a.id, a]));
  return { articles, byId, bySlug: new Map(articles.map((a) => [a.slug, a])), bySku: new Map(), byRoute: new Map(), stores: [], pages: [] };
}

/** What a page of the widget asks: text queries (some with filters and a sort) and listings with filters. */
const WIDGET_QUERIES: Omit<QueryInput, 'offset' | 'limit'>[] = [
  ...QUERIES.filter((q) => !['aarhus', 'københavn'].includes(q)).map((query) => ({ query, filters: [] })),
  { query: 'solbriller', filters: [{ field: 'brand', op: 'in', data: ['Ray-Ban', 'Gucci'] }], sorting: { field: 'price', order: 'asc' } },
  { query: 'briller', filters: [{ field: 'price', op: 'inrange', data: [500, 2000] }] },
  { query: '', route: '/briller', filters: [{ field: 'color', op: 'eq', data: 'sort' }] },
  { query: '', route: '/solbriller', filters: [{ field: 'polarized', op: 'eq', data: true }], sorting: { field: 'price', order: 'desc' } },
  { query: '', route: '/kontaktlinser', filters: [] },
];

/** The obvious alternative measured in the same run: a scan with substring match, filters and a sort. */
function linearScan(articles: readonly Article[], q: Omit<QueryInput, 'offset' | 'limit'>) {
  const words = foldDanish(q.query).split(/\s+/).filter(Boolean);
  const hits = articles.filter((a) => {
    if (q.route && !a.routes.includes(q.route)) return false;
    const text = foldDanish(`${a.name} ${a.brand} ${a.category} ${a.description}`);
    if (words.length && !words.some((w) => text.includes(w))) return false;
    return q.filters.every((f) => {
      const v = f.field === 'brand' ? a.brand : f.field === 'price' ? a.price.unit.amount / 100 : f.field === 'polarized' ? Boolean(a.attributes.polarized) : (a.attributes as Record<string, unknown>)[f.field];
      if (f.op === 'in') return (f.data as unknown[]).includes(v);
      if (f.op === 'inrange') return (v as number) >= (f.data as number[])[0]! && (v as number) <= (f.data as number[])[1]!;
      return v === f.data;
    });
  });
  const counts = new Map<string, number>();
  for (const a of hits) counts.set(a.brand, (counts.get(a.brand) ?? 0) + 1);
  if (q.sorting) hits.sort((a, b) => (q.sorting!.order === 'asc' ? 1 : -1) * (a.price.unit.amount - b.price.unit.amount));
  return { total: hits.length, page: hits.slice(0, 20), counts };
}

async function widgetSearch() {
  const seed = generateArticles();
  const rows: Record<string, Record<string, string>> = {};
  for (const n of [seed.length, 5_000, 10_000]) {
    const snapshot = catalogueOf(n, seed);
    globalThis.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const engine = new WidgetEngine(async () => snapshot);
    const t0 = performance.now();
    await engine.index();
    const build = performance.now() - t0;
    globalThis.gc?.();
    const heap = process.memoryUsage().heapUsed - heap0;
    const times: number[] = [];
    const scan: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const q of WIDGET_QUERIES) {
        let s = performance.now();
        await engine.query({ ...q, offset: 0, limit: 20 });
        times.push(performance.now() - s);
        s = performance.now();
        linearScan(snapshot.articles, q);
        scan.push(performance.now() - s);
      }
    }
    times.sort((a, b) => a - b);
    scan.sort((a, b) => a - b);
    rows[`${fmt(n)} products`] = {
      'index build (ms)': fmt(build, 0),
      'index heap (MB)': fmt(heap / 1e6, 1),
      'engine p50 (ms)': fmt(pct(times, 50), 2),
      'engine p95 (ms)': fmt(pct(times, 95), 2),
      'scan p50 (ms)': fmt(pct(scan, 50), 2),
      'scan p95 (ms)': fmt(pct(scan, 95), 2),
      'p95 engine / scan': fmt(pct(times, 95) / pct(scan, 95), 2),
    };
  }
  console.log(`\nWidget search engine (Orama: text, filters, facets, sort; ${WIDGET_QUERIES.length} query shapes × 20) vs a linear scan in the same run`);
  console.table(rows);
}

function cart(i: number, item: CartItem): CartRecord {
  const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
  return { id: `bench-shopper-${i}`, accountId: null, isStore: false, items: [item, { ...item, skuId: `${item.skuId}-b` }], createdAt: at, updatedAt: at };
}

async function cartWrites() {
  const rows: Record<string, Record<string, string>> = {};
  const item: CartItem = {
    skuId: 'sku-1', parentSkuID: null, quantity: 1, articleId: 'a-00001', articleDescription: 'Ray-Ban RB5154 Clubmaster', ref: '49-21-140 Sort',
    slug: 'ray-ban-rb5154', category: 'briller', brand: 'Ray-Ban', media: '/media/articles/a-00001/0/md.svg',
    price: { amount: 129500, ordinaryPrice: 129500, isCampaign: false }, isEditAble: true, subscriptionInterval: null, prescription: null, prescriptionGlasses: null,
  };
  for (const n of [1_000, 10_000]) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-bench-cart-'));
    let storage = await openLowdbStorage({ dir, collections: allCollections });
    await storage.collection(C.carts).putMany(Array.from({ length: n }, (_, i) => cart(i, item)));
    await storage.close();
    const tOpen = performance.now();
    storage = await openLowdbStorage({ dir, collections: allCollections });
    const open = performance.now() - tOpen;
    const carts = storage.collection(C.carts);
    const M = 200;
    const seq: number[] = [];
    for (let k = 0; k < M; k++) {
      const s = performance.now();
      await carts.update(`bench-shopper-${(k * 7919) % n}`, (c) => ({ ...c, items: c.items.map((i) => ({ ...i, quantity: (i.quantity % 12) + 1 })) }));
      seq.push(performance.now() - s);
    }
    seq.sort((a, b) => a - b);
    const tc = performance.now();
    await Promise.all(Array.from({ length: M }, (_, k) => carts.update(`bench-shopper-${(k * 104729) % n}`, (c) => ({ ...c, updatedAt: new Date().toISOString() }))));
    const concurrent = performance.now() - tc;
    rows[`${fmt(n)} carts stored`] = {
      'open (ms)': fmt(open, 1),
      'update p50 (ms)': fmt(pct(seq, 50), 2),
      'update p95 (ms)': fmt(pct(seq, 95), 2),
      [`${M} concurrent updates (ms total)`]: fmt(concurrent, 1),
      'per update, concurrent (ms)': fmt(concurrent / M, 3),
    };
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  }
  console.log('\nCart update cost on the lowdb store (one sequential update at a time, then 200 at once)');
  console.table(rows);
  const [a, b] = Object.values(rows).map((r) => Number(r['update p50 (ms)']));
  if (a && b) console.log(`10k / 1k p50 ratio: ${fmt(b / a, 2)}`);
}

/**
 * Order writes on the lowdb store as it grows: each write is what placing an order does to
 * storage — one transaction taking the next order number and inserting the order (unique order
 * number checked) — at 1k, 10k and 100k stored orders. Before the journal every write rewrote the
 * whole orders file (TOOLCHAIN.md: 9 ms at 1k, 53 ms at 10k, 780 ms at 100k).
 */
async function orderWrites(): Promise<WriteTimes> {
  const order = benchOrder;
  const bySize: WriteTimes = new Map();
  const rows: Record<string, Record<string, string>> = {};
  const p50s: number[] = [];
  for (const n of [1_000, 10_000, 100_000]) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-bench-orders-'));
    let storage = await openLowdbStorage({ dir, collections: allCollections });
    for (let from = 0; from < n; from += 10_000) await storage.collection(C.orders).putMany(Array.from({ length: Math.min(10_000, n - from) }, (_, k) => order(from + k)));
    await storage.close();
    const tOpen = performance.now();
    storage = await openLowdbStorage({ dir, collections: allCollections });
    const open = performance.now() - tOpen;
    const orders = storage.collection(C.orders);
    const M = 500;
    const times: number[] = [];
    for (let k = 0; k < M; k++) {
      const s = performance.now();
      await storage.transaction(async () => {
        const number = await nextNumber(storage, 'bench-order-number', n);
        await orders.insert(order(number));
      });
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const byCustomer = performance.now();
    await orders.list('byCustomer', 'bench-customer-42', { desc: true, limit: 20 });
    const read = performance.now() - byCustomer;
    const tClose = performance.now();
    await storage.close();
    const close = performance.now() - tClose;
    p50s.push(pct(times, 50));
    bySize.set(n, { p50: pct(times, 50), p95: pct(times, 95) });
    rows[`${fmt(n)} orders stored`] = {
      'open (ms)': fmt(open, 0),
      'write p50 (ms)': fmt(pct(times, 50), 2),
      'write p95 (ms)': fmt(pct(times, 95), 2),
      'write max (ms)': fmt(times.at(-1)!, 2),
      ["a customer's newest 20 (ms)"]: fmt(read, 2),
      'close = checkpoint (ms)': fmt(close, 0),
    };
    await rm(dir, { recursive: true, force: true });
  }
  console.log('\nOrder writes on the lowdb store (500 sequential transactions: next order number + insert, fsynced journal)');
  console.table(rows);
  console.log(`100k / 1k write p50 ratio: ${fmt(p50s[2]! / p50s[0]!, 2)}`);
  return bySize;
}

// BENCH_ONLY=flood | images | abuse: the event flood, the image load, or both (PASS/FAIL against issue 15's limits).
if (process.env.BENCH_ONLY === 'flood' || process.env.BENCH_ONLY === 'images' || process.env.BENCH_ONLY === 'abuse') {
  const passed = await abuseBench(process.env.BENCH_ONLY === 'abuse' ? 'both' : process.env.BENCH_ONLY);
  process.exit(passed ? 0 : 1);
}
// BENCH_ONLY=orders: order writes on lowdb and PostgreSQL (with the lookups); BENCH_ONLY=postgres: the PostgreSQL part alone.
if (process.env.BENCH_ONLY === 'orders' || process.env.BENCH_ONLY === 'postgres') {
  await postgresBench(process.env.BENCH_ONLY === 'orders' ? await orderWrites() : undefined);
  process.exit(0);
}
// BENCH_ONLY=pictures: drawing the product pictures alone.
if (process.env.BENCH_ONLY === 'pictures') {
  pictureDrawing();
  process.exit(0);
}
await widgetSearch();
if (process.env.BENCH_ONLY === 'widget') process.exit(0);
pictureDrawing();
await searchLatency();
await cartWrites();
const lowdbOrders = await orderWrites();
await http();
await postgresBench(lowdbOrders);
// Last: issue 15's event flood and image load, PASS/FAIL against their limits.
if (!(await abuseBench())) process.exit(1);
