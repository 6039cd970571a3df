import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';
import { baseConfig } from '../vite.config.base.ts';

export default mergeConfig(baseConfig(Number(process.env.WEB_PORT ?? 5173)), {
  plugins: [react()],
  build: {
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [{ name: 'framework', test: /node_modules[\\/](\.pnpm[\\/])?(react|react-dom|scheduler|@tanstack|jotai|use-sync-external-store)/ }],
        },
      },
    },
  },
});
