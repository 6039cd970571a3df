/**
 * Bundles the host page of the real Depict UI client (main.tsx) from node_modules with
 * esbuild, pointed at `API_URL`: `process.env.BASE_URL` is our API's origin, error reporting
 * (Sentry) off. Writes dist/ (app.js, the client's plain CSS, index.html). Nothing is fetched
 * at run time but our API: the page stubs WebSocket (the client sends impressions to a fixed
 * outside host over one).
 */
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

export async function buildHost(apiURL) {
  mkdirSync(dist, { recursive: true });
  await build({
    entryPoints: [path.join(here, 'main.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    outfile: path.join(dist, 'app.js'),
    logLevel: 'warning',
    define: {
      'process.env.BASE_URL': JSON.stringify(apiURL),
      'process.env.SENTRY': JSON.stringify('false'),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    // The packages read other process.env settings too (all unset here).
    banner: { js: 'var process = { env: {} };' },
  });
  const css = path.join(here, '../node_modules/@depict-ai/react-ui/dist/styles/plain-css-fallback-styling.css');
  copyFileSync(css, path.join(dist, 'depict.css'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Depict UI på vores API</title>
<link rel="stylesheet" href="/depict.css">
<script>
  // Impressions go over a WebSocket to a fixed outside host: never opened here.
  window.WebSocket = class { constructor() { this.readyState = 0; } send() {} close() {} addEventListener() {} removeEventListener() {} };
  window.WebSocket.CONNECTING = 0; window.WebSocket.OPEN = 1; window.WebSocket.CLOSING = 2; window.WebSocket.CLOSED = 3;
</script>
</head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body>
</html>
`,
  );
}
