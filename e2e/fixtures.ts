import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { storeURL, webURL } from './env';

export const DEMO_PASSWORD = 'Demo1234!';

/**
 * Chromium reports every 4xx answer of a fetch, and every request made while a test has cut
 * the network, as a console error ("Failed to load resource"). Those are outcomes the UI
 * handles (401 before login, a wrong password, working offline); anything else on the
 * console — script errors, 5xx — fails the test.
 */
const EXPECTED_HTTP_4XX = /^Failed to load resource: (the server responded with a status of 4\d\d|net::ERR_INTERNET_DISCONNECTED)/;

interface Options {
  /** The shop's cookie choice before the test starts: every group, necessary only, or not yet made (the banner shows). */
  consent: 'all' | 'necessary' | 'undecided';
}

interface Fixtures {
  webURL: string;
  storeURL: string;
  loginAsCustomer: (email?: string) => Promise<void>;
  loginAsStore: (opts?: { store?: string; username?: string; url?: string }) => Promise<void>;
  expectNoA11yViolations: (page: Page) => Promise<void>;
}

export const test = base.extend<Fixtures & Options>({
  consent: ['all', { option: true }],
  page: async ({ page, consent }, use) => {
    if (consent !== 'undecided') {
      const groups = { necessary: true, statistics: consent === 'all', preferences: consent === 'all', marketing: consent === 'all' };
      await page.addInitScript((value) => {
        if (!localStorage.getItem('optik_consent')) localStorage.setItem('optik_consent', value);
      }, JSON.stringify({ version: 1, decidedAt: '2026-11-22T00:00:00.000Z', groups }));
    }
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !EXPECTED_HTTP_4XX.test(msg.text())) problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
  webURL: async ({}, use) => use(webURL),
  storeURL: async ({}, use) => use(storeURL),
  /** Logs in through the API on the shop's origin, so the page's cookies carry the session. */
  loginAsCustomer: async ({ page }, use) => {
    await use(async (email = 'kunde@example.dk') => {
      const shopper = await page.request.get(`${webURL}/api/site/shopper`);
      const { token } = (await shopper.json()) as { token: string };
      const res = await page.request.post(`${webURL}/api/auth/login`, { data: { email, password: DEMO_PASSWORD }, headers: { 'CSRF-TOKEN': token } });
      expect(res.status()).toBe(200);
    });
  },
  /** Logs in through the store app's login screen, as staff do (at `url`: where the store app is served, storeURL unless a journey serves it itself). */
  loginAsStore: async ({ page }, use) => {
    await use(async ({ store = 'Profil Optik København K', username = 'medarbejder1', url = storeURL } = {}) => {
      await page.goto(url);
      await page.getByLabel('Butik').selectOption({ label: store });
      await page.getByLabel('Brugernavn').fill(username);
      await page.getByLabel('Adgangskode').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log ind' }).click();
      await expect(page.getByText(`Logget ind som butik ${store}`)).toBeVisible();
    });
  },
  expectNoA11yViolations: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const summary = results.violations.map((v) => `${v.impact}: ${v.id} (${v.nodes.length}) ${v.help}`);
      expect(summary).toEqual([]);
    });
  },
});

export { expect };
