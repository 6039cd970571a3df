// Issue 15 findings 4 and 7 under load, against the built API (api/dist/server.js, production
// mode, embedded store) in its own process, each bench on a fresh data folder:
//  - event flood: N clients, each from its own loopback address, send 100-event batches to
//    /v2/create-events as fast as they are answered for BENCH_FLOOD_SECONDS (default 20);
//  - image load: clients ask /v2/image at width 4096 with a new article (picture) each time;
// while a probe asks ordinary requests (GET /healthz and a site search, one at a time, 20 a
// second) and records their latency. Baseline: the same probe on the same API before the load.
// Prints PASS/FAIL against the limits of the issue; the process exits non-zero on a FAIL.
//   BENCH_FLOOD_SECONDS   seconds of load per bench (default 20)
//   BENCH_FLOOD_CLIENTS   flooding clients (default 10)
//   BENCH_IMAGE_CLIENTS   image clients at once (default 8)
//   BENCH_ABUSE_PORT      port of the API (default 4490)
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { generateArticles } from '../src/seed/catalogue';
import { buildApi, startApi } from '../../scripts/bench-processes';
import { fmt, pct, sortedTimes } from './fixtures';

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const FLOOD_CLIENTS = Number(process.env.BENCH_FLOOD_CLIENTS ?? 10);
const IMAGE_CLIENTS = Number(process.env.BENCH_IMAGE_CLIENTS ?? 8);
const PORT = Number(process.env.BENCH_ABUSE_PORT ?? 4490);
const PROBE_BASELINE_MS = 5_000;
const here = path.dirname(fileURLToPath(import.meta.url));

/** The issue's limits. */
const LIMITS = { growthMb: 20, rssMib: 500, probeP99Ms: 100 } as const;

interface Answer {
  status: number;
  ms: number;
}

/** One request over `agent` (keep-alive, optionally from a given local address). */
function send(agent: http.Agent, opts: { method: 'GET' | 'POST'; path: string; body?: string; localAddress?: string }): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method: opts.method, path: opts.path, agent, localAddress: opts.localAddress, headers: opts.body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(opts.body) } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The API's resident memory (MiB), from /proc. */
async function rssMib(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Bytes under `dir`, every file. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(p);
    else if (entry.isFile()) total += (await stat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Ordinary requests, one at a time, about 20 a second, until `stop()`; their latencies. */
function probe(): { stop: () => Promise<number[]> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let running = true;
  const paths = ['/healthz', '/api/site/search?q=gucci', '/healthz', '/api/site/search?q=solbriller'];
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const r = await send(agent, { method: 'GET', path: paths[i % paths.length]! });
      if (r.status !== 200) throw new Error(`probe ${paths[i % paths.length]}: ${r.status}`);
      times.push(r.ms);
      // Paced, not timed: the next one starts 50 ms after this one started (at once when it took longer).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - (performance.now() - started))));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return sortedTimes(times);
    },
  };
}

/** Samples the API's RSS every 250 ms until `stop()`; the peak. */
function rssSampler(pid: number): { stop: () => Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMib(pid));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return Math.max(peak, await rssMib(pid));
    },
  };
}

/**
 * glibc's malloc keeps the big buffers libvips frees (a 4096-wide picture is a 32 MB raster) in
 * fragmented arenas unless told to give them back: with a fixed trim threshold freed large blocks
 * return to the system (sharp's documentation on glibc). Production sets the same (README);
 * BENCH_MALLOC=default measures without it.
 */
const MALLOC_ENV: Record<string, string> = process.env.BENCH_MALLOC === 'default' ? {} : { MALLOC_TRIM_THRESHOLD_: '131072' };

async function withApi<T>(name: string, run: (api: ChildProcess, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `optik-bench-${name}-`));
  const api = await startApi(PORT, dataDir, MALLOC_ENV);
  try {
    return await run(api, dataDir);
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function baselineProbe(): Promise<number[]> {
  // Warm-up (first requests compile code paths), not counted.
  const warm = probe();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await warm.stop();
  const p = probe();
  await new Promise((resolve) => setTimeout(resolve, PROBE_BASELINE_MS));
  return p.stop();
}

const verdicts: { line: string; ok: boolean }[] = [];
function check(what: string, value: number, limit: number, unit: string, extra = '') {
  const ok = value <= limit;
  verdicts.push({ ok, line: `${ok ? 'PASS' : 'FAIL'}  ${what}: ${fmt(value, 1)} ${unit} (limit ${fmt(limit)} ${unit})${extra}` });
}

/** Runs the load in a worker thread (bench/load-client.mjs) for SECONDS; its answers' statuses and the 200s' latencies. */
function load(opts: { kind: 'events' | 'images'; clients: number; connections: number; pictures?: string[] }): Promise<{ statuses: Map<number, number>; okMs: number[] }> {
  const worker = new Worker(path.join(here, 'load-client.mjs'), { workerData: { port: PORT, seconds: SECONDS, ...opts } });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: { statuses: [number, number][]; okMs: number[] }) => resolve({ statuses: new Map(m.statuses), okMs: m.okMs }));
    worker.once('error', reject);
  });
}

export async function eventFlood(): Promise<void> {
  await withApi('flood', async (api, dataDir) => {
    const base = await baselineProbe();
    const bytes0 = await folderBytes(dataDir);
    const rss0 = await rssMib(api.pid!);
    const p = probe();
    const rss = rssSampler(api.pid!);
    const { statuses } = await load({ kind: 'events', clients: FLOOD_CLIENTS, connections: 4 });
    const probed = await p.stop();
    const peak = await rss.stop();
    const growth = ((await folderBytes(dataDir)) - bytes0) / (1024 * 1024);
    const b99 = pct(base, 99);
    const p99 = pct(probed, 99);
    console.log(`\nEvent flood: ${FLOOD_CLIENTS} clients × 4 connections, 100-event batches (~50 KB) for ${SECONDS} s; probe: GET /healthz and /api/site/search, 20/s`);
    console.table({
      'no flood (baseline)': { 'probe p50 ms': fmt(pct(base, 50), 1), 'probe p99 ms': fmt(b99, 1), 'RSS MiB': fmt(rss0, 0), 'data folder MB': fmt(bytes0 / 1048576, 1) },
      'under flood': { 'probe p50 ms': fmt(pct(probed, 50), 1), 'probe p99 ms': fmt(p99, 1), 'RSS MiB': `${fmt(peak, 0)} peak`, 'data folder MB': `+${fmt(growth, 1)}` },
      'flood / baseline': { 'probe p50 ms': fmt(pct(probed, 50) / pct(base, 50), 2), 'probe p99 ms': fmt(p99 / b99, 2), 'RSS MiB': fmt(peak / rss0, 2), 'data folder MB': '' },
    });
    console.log(`create-events answers: ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s} × ${fmt(n)}`).join(', ')}`);
    check('event flood: data folder growth', growth, LIMITS.growthMb, 'MB');
    check('event flood: API RSS (peak)', peak, LIMITS.rssMib, 'MiB', ` — baseline ${fmt(rss0, 0)} MiB`);
    check('event flood: probe p99', p99, LIMITS.probeP99Ms, 'ms', ` — baseline ${fmt(b99, 1)} ms, ×${fmt(p99 / b99, 2)}`);
    if ((statuses.get(500) ?? 0) > 0) verdicts.push({ ok: false, line: `FAIL  event flood: ${statuses.get(500)} answers were 500` });
  });
}

export async function imageLoad(): Promise<void> {
  const articles = generateArticles();
  // Every picture of every article, in formats, as /v2/image keys: a new one for each request.
  const pictures = articles.flatMap((a) => a.medias.map((m) => m.lg));
  await withApi('images', async (api) => {
    const base = await baselineProbe();
    const rss0 = await rssMib(api.pid!);
    const p = probe();
    const rss = rssSampler(api.pid!);
    const { statuses, okMs: ok } = await load({ kind: 'images', clients: IMAGE_CLIENTS, connections: 1, pictures });
    const probed = await p.stop();
    const peak = await rss.stop();
    const made = sortedTimes(ok);
    const b99 = pct(base, 99);
    const p99 = pct(probed, 99);
    console.log(`\nImage load: ${IMAGE_CLIENTS} clients asking /v2/image at width 4096, a new picture each time, for ${SECONDS} s (finding 7: 4 req/s, p50 4 s, 1,072 MiB)`);
    console.table({
      'no load (baseline)': { 'probe p50 ms': fmt(pct(base, 50), 1), 'probe p99 ms': fmt(b99, 1), 'RSS MiB': fmt(rss0, 0), 'images/s': '', 'image p50 ms': '' },
      'under image load': { 'probe p50 ms': fmt(pct(probed, 50), 1), 'probe p99 ms': fmt(p99, 1), 'RSS MiB': `${fmt(peak, 0)} peak`, 'images/s': fmt(made.length / SECONDS, 1), 'image p50 ms': made.length ? fmt(pct(made, 50), 0) : '–' },
      'load / baseline': { 'probe p50 ms': fmt(pct(probed, 50) / pct(base, 50), 2), 'probe p99 ms': fmt(p99 / b99, 2), 'RSS MiB': fmt(peak / rss0, 2), 'images/s': '', 'image p50 ms': '' },
    });
    console.log(`/v2/image answers: ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s} × ${fmt(n)}`).join(', ')} (503: queue full, Retry-After)`);
    check('image load: API RSS (peak)', peak, LIMITS.rssMib, 'MiB', ` — baseline ${fmt(rss0, 0)} MiB`);
    check('image load: probe p99', p99, LIMITS.probeP99Ms, 'ms', ` — baseline ${fmt(b99, 1)} ms, ×${fmt(p99 / b99, 2)}`);
    if (made.length === 0) verdicts.push({ ok: false, line: 'FAIL  image load: no image was made' });
    if ((statuses.get(500) ?? 0) > 0) verdicts.push({ ok: false, line: `FAIL  image load: ${statuses.get(500)} answers were 500` });
  });
}

/** Both benches on the freshly built API; prints the verdicts and returns whether all passed. */
export async function abuseBench(which: 'flood' | 'images' | 'both' = 'both'): Promise<boolean> {
  await buildApi();
  console.log(`\nIssue 15 load benches: API built and started in production mode, embedded store, env ${Object.entries(MALLOC_ENV).map(([k, v]) => `${k}=${v}`).join(' ') || '(glibc malloc defaults)'}`);
  if (which !== 'images') await eventFlood();
  if (which !== 'flood') await imageLoad();
  console.log('');
  for (const v of verdicts) console.log(v.line);
  return verdicts.every((v) => v.ok);
}
