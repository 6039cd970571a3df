#!/usr/bin/env node
// Starts the whole product: the API (embedded lowdb store under DATA_DIR, or PostgreSQL when
// STORAGE_URL is set; seeded on first start) and both apps. `--dev` runs Vite dev servers and
// restarts the API on change; otherwise the apps are built: the shop served by its own server
// (customer-web/server), the store app by `vite preview`.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const apiPort = process.env.API_PORT ?? process.env.PORT ?? '4000';
const webPort = process.env.WEB_PORT ?? '5173';
const storePort = process.env.STORE_PORT ?? '5174';
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
// The API reads STORAGE_URL, APP_SECRET and DATA_ENCRYPTION_KEY from this environment as they are.
const storage = process.env.STORAGE_URL ? `PostgreSQL ${redactPassword(process.env.STORAGE_URL)}` : dataDir;
// Demo mode (DEMO=1): the simulators stand in for MitID, payments, SMS, mail and the other outside
// services, and both apps show a "Demo" marker; NODE_ENV=production in the shell does not change that.
// glibc: hand the large buffers image resizing frees back to the system (issue 15: 643 → 394 MiB under the image bench).
const env = { MALLOC_TRIM_THRESHOLD_: '131072', ...process.env, DEMO: '1', VITE_DEMO: '1', PORT: apiPort, DATA_DIR: dataDir, API_URL: apiUrl, WEB_PORT: webPort, STORE_PORT: storePort };

function redactPassword(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(ugyldig STORAGE_URL)';
  }
}

const children = [];
function start(name, args) {
  const child = spawn('pnpm', args, { cwd: root, env, stdio: 'inherit', detached: process.platform !== 'win32' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stoppede (${signal ?? code}); stopper resten.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}
let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) {
    try {
      process.kill(process.platform === 'win32' ? c.pid : -c.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, label) {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  console.error(`${label} svarede ikke på ${url}`);
  stop(1);
}

if (!dev) {
  const b = spawnSync('pnpm', ['--filter', '@optik/customer-web', '--filter', '@optik/store-pwa', 'build'], { cwd: root, env, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
console.log('Demotilstand (DEMO=1): MitID, betalinger, SMS og e-mail er simulerede – ingen rigtige betalinger.');
start('API', ['--filter', '@optik/api', dev ? 'dev' : 'start']);
await waitFor(`http://127.0.0.1:${apiPort}/healthz`, 'API');
// The shop runs on its own server (pages rendered on the server, issue 19); the store app on Vite's preview server.
if (dev) start('Butikken', ['--filter', '@optik/customer-web', 'dev', '--port', webPort, '--strictPort']);
else start('Butikken', ['--filter', '@optik/customer-web', 'serve', '--port', webPort]);
start('Butiks-app', ['--filter', '@optik/store-pwa', dev ? 'dev' : 'preview', '--port', storePort, '--strictPort']);
await waitFor(`http://localhost:${webPort}/`, 'Webshop');
await waitFor(`http://localhost:${storePort}/`, 'Butiks-app');
console.log(`
  Profil Optik kører med demodata (${storage}):
    Webshop:     http://localhost:${webPort}/
    Butiks-app:  http://localhost:${storePort}/
    API:         http://localhost:${apiPort}/healthz
  Stop med Ctrl+C.
`);
