/** Builds the Depict host page for API_URL and serves it on DEPICT_PORT: its files, else index.html (a single-page app). */
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHost } from './build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const apiURL = process.env.API_URL;
const port = Number(process.env.DEPICT_PORT);
if (!apiURL || !port) throw new Error('API_URL and DEPICT_PORT are needed');
await buildHost(apiURL);

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8' };
const FILES = new Set(['/app.js', '/depict.css']);
createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  const file = FILES.has(pathname) ? pathname.slice(1) : 'index.html';
  const full = path.join(dist, file);
  if (!existsSync(full)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(full).pipe(res);
}).listen(port);
