import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPage } from '../src/entry-server';
import { apiUrl } from './forward';
import { createShopServer } from './shop-server';

/**
 * Starts the shop's server (`pnpm --filter @optik/customer-web serve`, run by `pnpm start`, the
 * e2e journeys and the Lighthouse bench) on the built app: WEB_PORT or `--port`, the API at
 * API_URL, links on PUBLIC_WEB_URL. Built by `pnpm build` into dist-server/serve.js, beside dist.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const port = Number(arg('port') ?? process.env.WEB_PORT ?? 5173);
const distDir = path.resolve(here, '..', arg('dist') ?? 'dist');
const server = createShopServer({ distDir, apiUrl, publicUrl: process.env.PUBLIC_WEB_URL, render: renderPage });
server.listen(port, () => console.log(`Webshoppen kører på http://localhost:${port}/ (API: ${apiUrl})`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
