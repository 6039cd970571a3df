import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vite';
import { baseConfig } from '../vite.config.base.ts';

export default defineConfig(({ isSsrBuild }) =>
  mergeConfig(baseConfig(Number(process.env.WEB_PORT ?? 5173)), {
    plugins: [react()],
    build: {
      // The server build (server/serve.ts) serves the browser build's files; it needs no copy of its own.
      copyPublicDir: !isSsrBuild,
      // The shop's server (server/serve.ts, built beside the app by `pnpm build`) reads it to name each route's chunks in the page's HTML (server/page-head.ts).
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
  }),
);
