import { defineConfig } from 'vitest/config';

// e2e is left out on purpose: its Playwright specs run through `pnpm test:e2e` (TOOLCHAIN.md).
export default defineConfig({
  test: {
    projects: ['shared', 'api', 'customer-web', 'store-pwa'],
  },
});
