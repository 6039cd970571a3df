import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';
import { baseConfig } from '../vite.config.base.ts';

export default mergeConfig(baseConfig(Number(process.env.WEB_PORT ?? 5173)), {
  plugins: [react()],
  build: {
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
