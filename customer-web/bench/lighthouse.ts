// Shop performance bench (`pnpm bench`): builds the shop, serves it as `pnpm start` does (its own
// server: pages rendered on the server, gzip, /api proxied to a freshly seeded API) and runs Lighthouse (mobile, simulated
// throttling, the system Chromium) on the home page, a category and a product, plus other entry
// routes for their first-load JS. Baseline of the same run: a static page without any script on
// the same server — the best score this machine gives.
// Targets (issues 16, 19): performance score ≥ 95 and first-load JS ≤ 130 KB gzip on every route;
// first contentful paint ≤ 1.5× the static page's on home, category, product and content (the
// pages the shop's server renders). Exits 1 when a target is missed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApi, repoRoot, startApi, startGroup, stopGroup, waitForUrl } from '../../scripts/bench-processes';

const API_PORT = Number(process.env.BENCH_API_PORT ?? 4491);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 5491);
const SCORE_TARGET = 95;
const FCP_RATIO_TARGET = 1.5;
const JS_BUDGET_KB = 130;
const chrome = process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
if (!chrome) throw new Error('No Chromium found: install Debian chromium or set CHROME_PATH.');

const webDir = path.join(repoRoot, 'customer-web');
// The shop's config loads its server code (server/page-head.ts) and through it the shared package's TypeScript: Vite's module runner reads those.
const CONFIG_LOADER = ['--configLoader', 'runner'];
const outDir = '.bench-dist';
const origin = `http://localhost:${WEB_PORT}`;
const BASELINE_PATH = '/bench-baseline.html';

interface Lhr {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: { url: string; resourceType?: string; transferSize?: number }[] } }>;
}

function lighthouse(url: string): Lhr {
  const run = spawnSync(
    path.join(repoRoot, 'node_modules', '.bin', 'lighthouse'),
    [url, '--output=json', '--output-path=stdout', '--only-categories=performance', '--quiet', '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run'],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`lighthouse ${url} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Lhr;
}

/** Bytes of the gzip-encoded body the server sends for `url` (headers not counted). */
function gzipBodyBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' }, agent: false }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

/** Milliseconds until the first byte of `url`'s answer (its head written). */
function ttfb(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { agent: false }, (res) => {
        const ms = performance.now() - t0;
        res.resume();
        res.on('end', () => resolve(ms));
      })
      .on('error', reject);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * Issue 19: time to first byte of product pages, whose HTML the shop's server fills from the API
 * (server/page-head.ts), 20 requests at a time: first 100 products never asked before (each a
 * cache miss: article and catalogue tree from the API), then the same 100 again (cached heads).
 */
async function productTtfb(sitemap: string): Promise<void> {
  const products = [...sitemap.matchAll(/<loc>[^<]*?(\/produkt\/[^<]+)<\/loc>/g)].map((m) => m[1]!).slice(0, 100);
  const round = async () => {
    const times: number[] = [];
    for (let i = 0; i < products.length; i += 20) times.push(...(await Promise.all(products.slice(i, i + 20).map((p) => ttfb(`${origin}${p}`)))));
    return times.sort((a, b) => a - b);
  };
  const cold = await round();
  const warm = await round();
  const line = (name: string, t: number[]) => `  ${name.padEnd(34)} p50 ${quantile(t, 0.5).toFixed(1).padStart(6)} ms  p95 ${quantile(t, 0.95).toFixed(1).padStart(6)} ms`;
  console.log(`Product page time to first byte, ${products.length} pages, 20 concurrent requests`);
  console.log(line('first visit (head from the API)', cold));
  console.log(`${line('again (cached head)', warm)}  (${(quantile(warm, 0.5) / Math.max(quantile(cold, 0.5), 0.001)).toFixed(2)}× the first visit's p50)`);
}

/** Every script of the shop the page fetched while loading (Lighthouse's network record), as gzip bytes. */
async function firstLoadJs(lhr: Lhr): Promise<number> {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const urls = [...new Set(items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(origin)).map((i) => i.url))];
  let total = 0;
  // One at a time: the shop's server is the same one Lighthouse just measured.
  for (const url of urls) total += await gzipBodyBytes(url);
  return total;
}

// Built for demo mode, as `pnpm start` builds it: the API it measures against is the demo one.
const build = spawnSync('pnpm', ['exec', 'vite', 'build', ...CONFIG_LOADER, '--outDir', outDir, '--emptyOutDir'], { cwd: webDir, env: { ...process.env, VITE_DEMO: '1' }, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);
// The shop's server beside it, as `pnpm build` makes it (issue 19).
const ssrBuild = spawnSync('pnpm', ['exec', 'vite', 'build', ...CONFIG_LOADER, '--ssr', 'server/serve.ts', '--outDir', `${outDir}-server`, '--emptyOutDir'], {
  cwd: webDir,
  env: { ...process.env, VITE_DEMO: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (ssrBuild.status !== 0) process.exit(ssrBuild.status ?? 1);
await writeFile(
  path.join(webDir, outDir, BASELINE_PATH),
  '<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head><body><main><h1>Briller, solbriller og kontaktlinser</h1><p>En statisk side uden script.</p></main></body></html>',
);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'optik-lighthouse-'));
await buildApi();
const api = await startApi(API_PORT, dataDir);
const web = startGroup('node', [`${outDir}-server/serve.js`, '--dist', outDir, '--port', String(WEB_PORT)], {
  cwd: webDir,
  env: { ...process.env, API_URL: `http://127.0.0.1:${API_PORT}` },
});
let missed = false;
try {
  await waitForUrl(`${origin}/`);
  // A product page from the sitemap the API generates.
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const product = /<loc>[^<]*?(\/produkt\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  if (!product) throw new Error('No product in the sitemap');
  // A contact-lens product too: its page loads the lens prescription fields at once.
  const lens = /<loc>[^<]*?(\/produkt\/[^<]*(?:acuvue|dailies|eyeq|air-optix)[^<]*)<\/loc>/.exec(sitemap)?.[1];
  if (!lens) throw new Error('No contact-lens product in the sitemap');

  // `fcp`: a page the shop's server renders, held to the first-paint budget against the static page.
  const routes: { name: string; path: string; fcp: boolean }[] = [
    { name: 'baseline (static page, no JS)', path: BASELINE_PATH, fcp: false },
    { name: 'home /', path: '/', fcp: true },
    { name: 'category /briller', path: '/briller', fcp: true },
    { name: `product ${decodeURI(product)}`, path: product, fcp: true },
    { name: 'search /search?q=ray-ban', path: '/search?q=ray-ban', fcp: false },
    { name: 'checkout /checkout', path: '/checkout', fcp: false },
    { name: 'content /fri-service', path: '/fri-service', fcp: true },
    { name: `lens product ${decodeURI(lens)}`, path: lens, fcp: true },
    { name: 'booking /bestil-tid-til-synstest', path: '/bestil-tid-til-synstest', fcp: false },
    { name: 'store finder /find-butik', path: '/find-butik', fcp: false },
    { name: 'register /min-konto/registrere', path: encodeURI('/min-konto/registrere'), fcp: false },
    { name: 'gift card /gavekort', path: '/gavekort', fcp: false },
  ];
  console.log(`Lighthouse mobile performance; targets: score ≥ ${SCORE_TARGET} and first-load JS ≤ ${JS_BUDGET_KB} KB gzip on every route, FCP ≤ ${FCP_RATIO_TARGET}× the static page's on the server-rendered ones (fcp)`);
  let baseline = 0;
  let baselineFcp = 0;
  if (process.env.BENCH_LHR_DIR) await mkdir(process.env.BENCH_LHR_DIR, { recursive: true });
  for (const r of routes) {
    const lhr = lighthouse(`${origin}${r.path}`);
    // BENCH_LHR_DIR=folder keeps each report for a closer look (Lighthouse's JSON).
    if (process.env.BENCH_LHR_DIR) await writeFile(path.join(process.env.BENCH_LHR_DIR, `${r.path.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    if (r.path === BASELINE_PATH) baseline = score;
    const fcp = (lhr.audits['first-contentful-paint']?.numericValue ?? 0) / 1000;
    if (r.path === BASELINE_PATH) baselineFcp = fcp;
    const js = await firstLoadJs(lhr);
    const lcp = (lhr.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000;
    const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
    const isBaseline = r.path === BASELINE_PATH;
    const scoreOk = isBaseline || score >= SCORE_TARGET;
    const jsOk = js <= JS_BUDGET_KB * 1024;
    const fcpRatio = fcp / Math.max(baselineFcp, 0.001);
    const fcpOk = !r.fcp || fcpRatio <= FCP_RATIO_TARGET;
    if (!scoreOk || !jsOk || !fcpOk) missed = true;
    console.log(
      `  ${r.name.padEnd(52)} score ${String(score).padStart(3)} (${(score / Math.max(baseline, 1)).toFixed(2)}× baseline)${isBaseline ? '    ' : scoreOk ? ' ok ' : ' LOW'}` +
        `  FCP ${fcp.toFixed(2)} s (${fcpRatio.toFixed(2)}× baseline)${r.fcp ? (fcpOk ? ' ok  ' : ' SLOW') : '     '}  LCP ${lcp.toFixed(2)} s  TBT ${String(tbt).padStart(4)} ms  CLS ${cls.toFixed(3)}  first-load JS ${(js / 1024).toFixed(1).padStart(6)} KB gzip (${(js / (JS_BUDGET_KB * 1024)).toFixed(2)}× budget)${jsOk ? ' ok' : ' OVER'}`,
    );
  }
  await productTtfb(sitemap);
} finally {
  stopGroup(web);
  const apiGone = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  await apiGone;
  await rm(dataDir, { recursive: true, force: true });
  await rm(path.join(webDir, outDir), { recursive: true, force: true });
  await rm(path.join(webDir, `${outDir}-server`), { recursive: true, force: true });
}
if (missed) {
  console.error('A target was missed.');
  process.exit(1);
}
