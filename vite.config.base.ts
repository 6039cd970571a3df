import compression from 'compression';
import { defineConfig, type Connect, type Plugin, type ProxyOptions, type UserConfig } from 'vite';
// The shop's own server proxies the same paths the same way (customer-web/server).
import { API_PATHS, apiUrl, forwardClientAddress } from './customer-web/server/forward.ts';

export { apiUrl };

/**
 * Settings both apps share. Each app merges its own with `mergeConfig(base, {...})`.
 * The apps talk to the API on the same origin under `/api`; the dev and preview servers
 * proxy that path to `API_URL`, the one configurable base URL (default http://127.0.0.1:4000).
 * Same origin keeps the shopper cookie httpOnly and first-party.
 */
const toApi = (): ProxyOptions => ({
  target: apiUrl,
  changeOrigin: false,
  configure: (server) => {
    server.on('proxyReq', (proxyReq, req) => forwardClientAddress(proxyReq, req));
  },
});

const proxy = Object.fromEntries(API_PATHS.map((p) => [p, toApi()]));

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
