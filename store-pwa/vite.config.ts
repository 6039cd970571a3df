import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { baseConfig } from '../vite.config.base.ts';

export default mergeConfig(baseConfig(Number(process.env.STORE_PORT ?? 5174)), {
  plugins: [
    react(),
    VitePWA({
      // The app registers the worker itself (workbox-window) and asks before a new version takes over.
      registerType: 'prompt',
      injectRegister: false,
      // Icons are listed in the manifest only, so they are precached once (TOOLCHAIN.md).
      includeAssets: [],
      manifest: {
        name: 'Profil Optik Butik',
        short_name: 'Optik Butik',
        description: 'Kunder, recepter og ordrer i butikken — også uden netværk.',
        lang: 'da',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b4a7d',
        background_color: '#f3f5f7',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every built asset, so a reload with the network cut opens the app.
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        navigateFallback: '/index.html',
        // API calls and product images are never answered from the shell cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
