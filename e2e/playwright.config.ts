import { defineConfig, devices } from '@playwright/test';
import { apiPort, apiURL, chromiumPath, dataDir, depictPort, depictURL, storePort, storeURL, webPort, webURL } from './env';

// Built for demo mode like the README's start: the Demo marker is in the first paint.
const appEnv = { API_URL: apiURL, VITE_DEMO: '1' };

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list']],
  // A journey runs 10–20 steps with several axe scans (≈1 s each on a 2-core CI machine): 25–33 s
  // there for the longest, measured on this and the previous release alike. Speed is measured
  // by the benches; the journeys' limit only stops a hung test.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTeardown: './teardown.ts',
  use: {
    trace: 'retain-on-failure',
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
        },
      },
    },
  ],
  // The API on a fresh temporary data folder (seeded on start) and both apps built: the shop
  // served by its own server (pages rendered on the server, issue 19), the store app by
  // `vite preview`; both proxy /api to that API. Playwright waits for each URL.
  webServer: [
    {
      command: 'pnpm --filter @optik/api start',
      url: `${apiURL}/healthz`,
      env: { DEMO: '1', PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_MAX: '50', PUBLIC_WEB_URL: webURL, WIDGET_ALLOWED_ORIGINS: depictURL },
      reuseExistingServer: false,
      timeout: 120_000,
      cwd: '..',
    },
    {
      command: `pnpm --filter @optik/customer-web build && pnpm --filter @optik/customer-web serve --port ${webPort}`,
      url: webURL,
      env: appEnv,
      reuseExistingServer: false,
      timeout: 180_000,
      cwd: '..',
    },
    {
      command: `pnpm --filter @optik/store-pwa build && pnpm --filter @optik/store-pwa preview --port ${storePort} --strictPort`,
      url: storeURL,
      env: appEnv,
      reuseExistingServer: false,
      timeout: 180_000,
      cwd: '..',
    },
    {
      // The real Depict UI client (issue 18), bundled from node_modules for this API and served as a page.
      command: 'node depict-host/serve.mjs',
      url: depictURL,
      env: { API_URL: apiURL, DEPICT_PORT: String(depictPort) },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
