import compression from 'compression';
import { defineConfig, type Connect, type Plugin, type UserConfig } from 'vite';

/**
 * Settings both apps share. Each app merges its own with `mergeConfig(base, {...})`.
 * The apps talk to the API on the same origin under `/api`; the dev and preview servers
 * proxy that path to `API_URL`, the one configurable base URL (default http://127.0.0.1:4000).
 * Same origin keeps the shopper cookie httpOnly and first-party.
 */
export const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;

const proxy = {
  '/api': { target: apiUrl, changeOrigin: false },
  '/media': { target: apiUrl, changeOrigin: false },
  // The widget's provider API (search, listing, suggestions, recommendations, events).
  '/v2': { target: apiUrl, changeOrigin: false },
  '/create-events': { target: apiUrl, changeOrigin: false },
  // Generated from the catalogue by the API (SPEC §2 sitemap, robots).
  '/sitemap.xml': { target: apiUrl, changeOrigin: false },
  '/robots.txt': { target: apiUrl, changeOrigin: false },
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
