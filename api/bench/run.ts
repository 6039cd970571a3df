// `pnpm bench`: numbers, not pass/fail. Every figure is measured in this run, next to a
// baseline measured in the same run on the same machine.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { CartItem } from '@optik/shared';
import { CatalogueService } from '../src/modules/catalogue/service';
import { categoryTree } from '../src/modules/catalogue/tree';
import { SearchService } from '../src/modules/search/service';
import { seedIfEmpty } from '../src/seed/index';
import { openLowdbStorage } from '../src/storage/lowdb';
import type { CartRecord } from '../src/storage/records';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

const QUERIES = ['gucci', 'ray-ban solbriller', 'oakly', 'acuvue', 'runde briller', 'kontaktlinser', 'aarhus', 'øjendråber', 'tom ford', 'polariserede', 'læsebriller', 'endagslinser', 'rens', 'bliz cykling', 'københavn', 'transparent'];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

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
  const storage = await openLowdbStorage({ dir });
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
  const articles = await storage.collection('articles').count();
  console.log(`\nSite search in-process over ${articles} seeded articles (${times.length} queries, ${QUERIES.length} distinct)`);
  console.table({ 'index build (ms)': fmt(build, 1), 'p50 (ms)': fmt(pct(times, 50), 3), 'p95 (ms)': fmt(pct(times, 95), 3), 'max (ms)': fmt(times.at(-1)!, 3) });
  await storage.close();
  await rm(dir, { recursive: true, force: true });
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
    let storage = await openLowdbStorage({ dir });
    await storage.collection('carts').putMany(Array.from({ length: n }, (_, i) => cart(i, item)));
    await storage.close();
    const tOpen = performance.now();
    storage = await openLowdbStorage({ dir });
    const open = performance.now() - tOpen;
    const carts = storage.collection('carts');
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

await searchLatency();
await cartWrites();
await http();
