import type { ClientRequest, IncomingMessage } from 'node:http';
import compression from 'compression';
import { defineConfig, type Connect, type Plugin, type ProxyOptions, type UserConfig } from 'vite';

/**
 * Settings both apps share. Each app merges its own with `mergeConfig(base, {...})`.
 * The apps talk to the API on the same origin under `/api`; the dev and preview servers
 * proxy that path to `API_URL`, the one configurable base URL (default http://127.0.0.1:4000).
 * Same origin keeps the shopper cookie httpOnly and first-party.
 */
export const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;

/**
 * The apps' server is the proxy in front of the API (issue 15): it tells the API who the client
 * is, from the connection itself. Whatever forwarding headers the client sent are replaced, so a
 * client cannot choose the address its rate limits are counted under (the API trusts these
 * headers from `TRUST_PROXY` hops only). Run on every proxied request (http-proxy's `proxyReq`).
 */
export function forwardClientAddress(proxyReq: Pick<ClientRequest, 'setHeader' | 'removeHeader'>, req: Pick<IncomingMessage, 'socket' | 'headers'>): void {
  proxyReq.removeHeader('forwarded');
  proxyReq.removeHeader('x-forwarded-port');
  // The host the browser opened the app on (its Host header, never a client-written
  // X-Forwarded-Host): in demo mode the API builds e-ID return addresses and links on it (issue 16).
  const host = req.headers.host;
  if (host && host.length <= 260) proxyReq.setHeader('x-forwarded-host', host);
  else proxyReq.removeHeader('x-forwarded-host');
  proxyReq.removeHeader('x-real-ip');
  const address = req.socket.remoteAddress;
  // A socket already closed has no address: then no client-chosen one either.
  if (address) proxyReq.setHeader('x-forwarded-for', address);
  else proxyReq.removeHeader('x-forwarded-for');
  proxyReq.setHeader('x-forwarded-proto', 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
}

const toApi = (): ProxyOptions => ({
  target: apiUrl,
  changeOrigin: false,
  configure: (server) => {
    server.on('proxyReq', (proxyReq, req) => forwardClientAddress(proxyReq, req));
  },
});

const proxy = {
  '/api': toApi(),
  '/media': toApi(),
  // The widget's provider API (search, listing, suggestions, recommendations, events).
  '/v2': toApi(),
  '/create-events': toApi(),
  // Generated from the catalogue by the API (SPEC §2 sitemap, robots).
  '/sitemap.xml': toApi(),
  '/robots.txt': toApi(),
};

/**
 * `vite preview` serves the built apps uncompressed; a shop is served gzipped (as any host or CDN
 * does), so the preview server (start, e2e, the Lighthouse bench) compresses too.
 */
const compressPreview: Plugin = {
  name: 'optik-compress-preview',
  configurePreviewServer(server) {
    // compression is typed for Express; it only needs Node's request and response.
    server.middlewares.use(compression() as unknown as Connect.NextHandleFunction);
  },
};

export function baseConfig(port: number): UserConfig {
  return defineConfig({
    plugins: [compressPreview],
    build: { target: 'es2022', sourcemap: true },
    server: { port, strictPort: true, proxy },
    preview: { port, strictPort: true, proxy },
    test: { environment: 'jsdom', globals: false },
  } as UserConfig);
}
