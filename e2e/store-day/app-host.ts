import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview, type Plugin, type PreviewServer } from 'vite';
import { apiURL } from '../env';

const storePwa = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../store-pwa');

export interface StoreAppHost {
  /** Where this host serves the store app, e.g. http://localhost:40123. */
  url: string;
  /** Publishes a new app version: from now on /sw.js answers with different bytes, as after a deploy. */
  publishUpdate(): number;
  /** How many times the browser fetched /sw.js since the last update was published. */
  workerFetchesSinceUpdate(): number;
  close(): Promise<void>;
}

/**
 * The store app's build (store-pwa/dist, as the e2e web server built it) served by a `vite
 * preview` of its own, with the app's own config and /api proxy, on a free port. It exists so a
 * journey can publish a new service worker mid-test: the browser's update check of /sw.js is
 * not routable by Playwright (microsoft/playwright#14711), so new bytes must come from a server,
 * and this one is the journey's alone — the shared store server keeps serving the other specs
 * the version they expect.
 */
export async function startStoreAppHost(): Promise<StoreAppHost> {
  let version = 1;
  let fetches = 0;
  const swVersions: Plugin = {
    name: 'e2e-sw-versions',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/sw.js') return next();
        fetches += 1;
        void readFile(path.join(storePwa, 'dist', 'sw.js'), 'utf8').then((worker) => {
          // Version 1 is the build as it is; a later one differs by a marker the journey can read in the worker.
          const body = version === 1 ? worker : `${worker}\nself.__e2eAppVersion = ${version};\n`;
          res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
          res.end(body);
        }, next);
      });
    },
  };
  const server: PreviewServer = await preview({
    root: storePwa,
    configFile: path.join(storePwa, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [swVersions],
    preview: { host: 'localhost', port: 0, strictPort: true, proxy: { '/api': { target: apiURL } } },
  });
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!url) throw new Error('the store app host has no address');
  return {
    url,
    publishUpdate() {
      version += 1;
      fetches = 0;
      return version;
    },
    workerFetchesSinceUpdate: () => fetches,
    close: () => server.close(),
  };
}
