import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import { createProxyServer } from 'http-proxy-3';
import sirv from 'sirv';
import type { RenderedPage, SeedApi } from '../src/entry-server';
import { API_PATHS, forwardClientAddress } from './forward';
import { FILE_PATH, pageHeadMiddleware } from './page-head';

/**
 * The shop's own server (issue 19), what `pnpm start` runs: it renders each public page on the
 * server (head and content, cached briefly: page-head.ts), serves the built files compressed —
 * the hashed ones as immutable — and passes the API's paths on to the API as the dev server does
 * (forward.ts: the client's address from the connection, never from its headers). Everything
 * else gets the app's shell, which the browser renders (My Pages, checkout, pay links …).
 */
export interface ShopServerOptions {
  /** The browser build (dist). */
  distDir: string;
  apiUrl: string;
  /** The shop's public address (PUBLIC_WEB_URL) for canonical links; else the address the visitor opened. */
  publicUrl?: string;
  render?: (url: string, apis: SeedApi) => Promise<RenderedPage>;
}

type Next = (err?: unknown) => void;
type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

export function createShopServer(opts: ShopServerOptions): http.Server {
  const proxy = createProxyServer({ target: opts.apiUrl, xfwd: false });
  proxy.on('proxyReq', (proxyReq, req) => forwardClientAddress(proxyReq, req));
  proxy.on('error', (_err, _req, res) => {
    // The API did not answer: the one error shape, in Danish, and nothing else of the failure.
    if (!('writeHead' in res) || res.headersSent) return void res.end();
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: { code: 'bad_gateway', message: 'Tjenesten svarer ikke lige nu. Prøv igen om lidt.' } }));
  });
  const toApi = (pathname: string) => API_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

  const files = sirv(opts.distDir, {
    etag: true,
    // Only the files themselves: pages (and the shell) come from the steps around it.
    extensions: [],
    setHeaders: (res, pathname) => {
      // Hashed names (Vite's assets): the name changes with the content.
      if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  }) as Handler;
  const shellPath = path.join(opts.distDir, 'index.html');
  const pages = pageHeadMiddleware({ apiUrl: opts.apiUrl, shellPath, manifestPath: path.join(opts.distDir, '.vite', 'manifest.json'), publicUrl: opts.publicUrl, render: opts.render });
  let shell: Promise<Buffer> | null = null;
  // Small chunks too (the default leaves answers under 1 KB as they are): a page's many small route chunks add up.
  const gzip = compression({ threshold: 256 }) as unknown as Handler;

  const rest = (req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? '/', 'http://shop.invalid').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    // A missing file is a 404, not the app.
    if (FILE_PATH.test(pathname) && pathname !== '/index.html') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Ikke fundet');
      return;
    }
    shell ??= readFile(shellPath);
    void shell.then(
      (body) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500).end(),
    );
  };
  const fail = (res: ServerResponse, err: unknown) => {
    console.error('Butikkens server fejlede', err);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Der opstod en fejl. Prøv igen om lidt.');
  };

  return http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (toApi(pathname)) return proxy.web(req, res);
    gzip(req, res, (err) => {
      if (err) return fail(res, err);
      pages(req, res, (err2) => {
        if (err2) return fail(res, err2);
        files(req, res, () => rest(req, res));
      });
    });
  });
}
