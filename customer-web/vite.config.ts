import path from 'node:path';
import react from '@vitejs/plugin-react';
import { mergeConfig, type Plugin } from 'vite';
import { apiUrl, baseConfig } from '../vite.config.base.ts';
import { pageHeadMiddleware } from './server/page-head.ts';

/**
 * The served shop's public pages carry their own head in the HTML: title, link previews,
 * schema.org data (issue 19, server/page-head.ts). That code imports the shared package's
 * TypeScript, so this config is loaded with `--configLoader runner` (package.json, the bench).
 */
const pageHeads: Plugin = {
  name: 'optik-page-heads',
  configurePreviewServer(server) {
    const { root, build } = server.config;
    const outDir = path.resolve(root, build.outDir);
    server.middlewares.use(pageHeadMiddleware({ apiUrl, shellPath: path.join(outDir, 'index.html'), manifestPath: path.join(outDir, '.vite', 'manifest.json'), publicUrl: process.env.PUBLIC_WEB_URL }));
  },
};

export default mergeConfig(baseConfig(Number(process.env.WEB_PORT ?? 5173)), {
  plugins: [react(), pageHeads],
  build: {
    // The shop's server reads it to name each route's chunks in the page's HTML (server/page-head.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](\.pnpm[\\/])?(react|react-dom|scheduler|@tanstack|jotai|use-sync-external-store)/ },
            // Small modules every page loads that lazy pages share too: one chunk instead of four.
            { name: 'shop-core', test: /(customer-web[\\/]src[\\/](consent[\\/]consent|analytics|page-meta)|shared[\\/]src[\\/](widget[\\/]constants|domain[\\/](cart-rules|money)))\.ts$/ },
          ],
        },
      },
    },
  },
});
