#!/usr/bin/env node
// Local trials of several API instances on one PostgreSQL (issue 14):
//
//   STORAGE_URL=postgres://postgres@127.0.0.1:5432/optik_trial APP_SECRET=… DATA_ENCRYPTION_KEY=… \
//     pnpm start:instances -- --instances 2 [--apps]
//
// Builds the API bundle (api/dist/server.js), starts N instances of it on API_PORT+1 … API_PORT+N
// and a small round-robin HTTP proxy on API_PORT (default 4000) in front of them — where the apps
// look for the API (API_URL), so `--apps` (or the apps' own dev servers) work through it unchanged.
// The proxy passes method, path, headers and body through, adds X-Forwarded-For/-Proto (the API
// trusts a proxy on loopback), answers 502 when an instance is down and, for GET and HEAD, tries
// the next instance first. Every response names its instance in `X-Optik-Instance`. Kill one
// instance (its pid is printed) to watch the others carry on; Ctrl+C stops everything.
// For production use a real reverse proxy (README "Production").
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'api');

const USAGE = `Brug: pnpm start:instances -- [--instances N] [--apps]
  --instances N  antal API-instanser (1–16, standard 2)
  --apps         start også webshop og butiks-app (Vite dev-servere) mod proxyen
Kræver STORAGE_URL=postgres://… samt APP_SECRET (mindst 32 tegn) og DATA_ENCRYPTION_KEY (64 hex-tegn), ens for alle instanser.`;

let args;
try {
  // pnpm may pass the `--` separator on; it is no option here.
  ({ values: args } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { instances: { type: 'string', default: '2' }, apps: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  }));
} catch (err) {
  console.error(`${err.message}\n${USAGE}`);
  process.exit(1);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = Number(args.instances);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error(`--instances skal være et helt tal fra 1 til 16.\n${USAGE}`);
  process.exit(1);
}

const storageUrl = process.env.STORAGE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(storageUrl)) {
  console.error(`Flere instanser deler én PostgreSQL-database: sæt STORAGE_URL=postgres://… (fx createdb -h 127.0.0.1 -U postgres optik_trial
og STORAGE_URL=postgres://postgres@127.0.0.1:5432/optik_trial). Intet er startet.
Med det indlejrede lager (uden STORAGE_URL) kan kun én instans køre: brug pnpm start.`);
  process.exit(1);
}
const missing = [
  ...((process.env.APP_SECRET ?? '').length < 32 ? ['APP_SECRET'] : []),
  ...(/^[0-9a-f]{64}$/i.test(process.env.DATA_ENCRYPTION_KEY ?? '') ? [] : ['DATA_ENCRYPTION_KEY']),
];
if (missing.length) {
  console.error(`Sæt ${missing.join(' og ')} (APP_SECRET mindst 32 tegn, DATA_ENCRYPTION_KEY 64 hex-tegn; samme værdier for alle instanser og ved hver start — ellers kan sessioner, CPR-numre og recepter ikke læses), fx
  export APP_SECRET=$(openssl rand -base64 32) DATA_ENCRYPTION_KEY=$(openssl rand -hex 32)
Kommer data fra det indlejrede lager (import-embedded), så følg den vejledning, importen skrev (DATA_DIR/secret.key og data.key). Intet er startet.`);
  process.exit(1);
}

const redacted = (() => {
  const u = new URL(storageUrl);
  if (u.password) u.password = '***';
  return u.toString();
})();
const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? '4000');
const webPort = process.env.WEB_PORT ?? '5173';
const storePort = process.env.STORE_PORT ?? '5174';
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');

// ---- processes ----

/** Every child we started, by label; each in its own process group so its children stop with it. */
const children = new Map();
let stopping = false;

function prefixed(stream, label, out) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
}

function startChild(label, command, argv, options) {
  const child = spawn(command, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
  prefixed(child.stdout, label, process.stdout);
  prefixed(child.stderr, label, process.stderr);
  children.set(label, child);
  child.on('exit', (code, signal) => {
    children.delete(label);
    if (stopping) return;
    const apisLeft = [...children.keys()].filter((l) => l.startsWith('api-')).length;
    if (!label.startsWith('api-')) console.error(`${label} stoppede (${signal ?? code}).`);
    else if (apisLeft > 0) console.error(`${label} stoppede (${signal ?? code}). Proxyen sender videre til ${apisLeft === 1 ? 'den anden' : `de ${apisLeft} andre`}.`);
    else {
      console.error(`${label} stoppede (${signal ?? code}), og ingen API-instans kører længere; stopper resten.`);
      void stopAll(1);
    }
  });
  return child;
}

function signal(child, sig) {
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, sig);
  } catch {
    // already gone
  }
}

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  if (children.size) console.log('Stopper instanserne …');
  proxy.close();
  const exited = [...children.values()].map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const c of children.values()) signal(c, 'SIGTERM');
  // An instance closes its pools and stops; one that hangs is killed after 10 s.
  const force = setTimeout(() => {
    for (const c of children.values()) signal(c, 'SIGKILL');
  }, 10_000);
  await Promise.all(exited);
  clearTimeout(force);
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

async function waitFor(url, label, isAlive = () => true) {
  for (let i = 0; i < 600 && isAlive(); i++) {
    try {
      const r = await fetch(url);
      if (r.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  console.error(`${label} svarede ikke på ${url}`);
  return false;
}

// ---- the round-robin proxy ----

const upstreams = Array.from({ length: count }, (_, i) => ({ label: `api-${i + 1}`, port: apiPort + 1 + i }));
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const RETRY_METHODS = new Set(['GET', 'HEAD']);
let next = 0;

function forwardHeaders(req) {
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k)) headers[k] = v;
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client;
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

function badGateway(res, detail) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`502: ingen API-instans svarede (${detail}).\n`);
}

const proxy = http.createServer((req, res) => {
  const start = next++ % upstreams.length;
  // GET and HEAD carry no body and change nothing: a down instance is skipped. Anything else goes to one instance only.
  const tries = RETRY_METHODS.has(req.method ?? '') ? upstreams.length : 1;
  const attempt = (n) => {
    const up = upstreams[(start + n) % upstreams.length];
    const out = http.request({ host: '127.0.0.1', port: up.port, method: req.method, path: req.url, headers: forwardHeaders(req), agent }, (answer) => {
      const headers = {};
      for (const [k, v] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(k)) headers[k] = v;
      headers['x-optik-instance'] = up.label;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    out.on('error', (err) => {
      if (n + 1 < tries && !res.headersSent) attempt(n + 1);
      else badGateway(res, `${up.label}: ${err.code ?? err.message}`);
    });
    if (tries === 1) req.pipe(out);
    else out.end();
  };
  // The client going away aborts the upstream request too.
  res.on('close', () => {
    if (!res.writableFinished) req.destroy();
  });
  // A GET or HEAD is sent without a body (it may go to several instances); one sent anyway is drained.
  if (tries > 1) req.resume();
  attempt(0);
});

// ---- start ----

console.log(`Bygger API'et (api/dist/server.js) …`);
const built = spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

await new Promise((resolve, reject) => {
  proxy.once('error', reject);
  proxy.listen(apiPort, '127.0.0.1', resolve);
}).catch((err) => {
  console.error(`Proxyen kan ikke lytte på port ${apiPort}: ${err.code ?? err.message}. Sæt API_PORT til en ledig port.`);
  process.exit(1);
});

// Together, as production starts them: migrations run once under an advisory lock, the first start seeds once.
const pids = [];
for (const up of upstreams) {
  const child = startChild(up.label, process.execPath, ['dist/server.js'], {
    cwd: apiDir,
    // Production build, demo adapters (DEMO=1): there are no real payment, SMS … adapters to run against.
    env: { MALLOC_TRIM_THRESHOLD_: '131072', ...process.env, NODE_ENV: 'production', DEMO: '1', PORT: String(up.port), DATA_DIR: dataDir, PUBLIC_WEB_URL: process.env.PUBLIC_WEB_URL ?? `http://localhost:${webPort}` },
  });
  pids.push(child.pid);
}
const ready = await Promise.all(upstreams.map((up) => waitFor(`http://127.0.0.1:${up.port}/healthz`, up.label, () => children.has(up.label))));
if (!ready.every(Boolean)) {
  console.error('Ikke alle instanser kom op; stopper resten.');
  await stopAll(1);
}

if (args.apps) {
  const appEnv = { ...process.env, API_URL: `http://127.0.0.1:${apiPort}`, WEB_PORT: webPort, STORE_PORT: storePort };
  startChild('webshop', 'pnpm', ['--filter', '@optik/customer-web', 'dev', '--port', webPort, '--strictPort'], { cwd: root, env: appEnv });
  startChild('butiks-app', 'pnpm', ['--filter', '@optik/store-pwa', 'dev', '--port', storePort, '--strictPort'], { cwd: root, env: appEnv });
  const up = await Promise.all([
    waitFor(`http://localhost:${webPort}/`, 'Webshop', () => children.has('webshop')),
    waitFor(`http://localhost:${storePort}/`, 'Butiks-app', () => children.has('butiks-app')),
  ]);
  if (!up.every(Boolean)) await stopAll(1);
}

console.log(`
  ${count} API-instanser på PostgreSQL (${redacted}):
${upstreams.map((u, i) => `    ${u.label}:  http://127.0.0.1:${u.port}/healthz  (pid ${pids[i]})`).join('\n')}
    Proxy (round-robin):  http://127.0.0.1:${apiPort}/  — svarets X-Optik-Instance viser instansen
${
  args.apps
    ? `    Webshop:     http://localhost:${webPort}/\n    Butiks-app:  http://localhost:${storePort}/`
    : `    Apps:        pnpm dev i en anden terminal starter også et API; brug i stedet --apps, eller
                 API_URL=http://127.0.0.1:${apiPort} pnpm --filter @optik/customer-web dev`
}
  Stop med Ctrl+C.
`);
