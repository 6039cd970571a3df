import { expect, test, DEMO_PASSWORD } from '../fixtures';
import { chooseSubscriptionEvery3Months, lineName, subscriptionLens } from '../lens-subscription';

/** Issue 16 items 3 and 5 across the shop and the API: the guest's subscription path, favicons, a quiet anonymous visit. */
test.describe('issue 16: flows and labels', () => {
  test('a guest choosing a lens subscription is told at once, signs in from the cart and comes back to the cart with its contents', async ({ page, webURL, expectNoA11yViolations }) => {
    const lens = await subscriptionLens(page.request, webURL);
    await page.goto(`${webURL}/produkt/${lens.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await chooseSubscriptionEvery3Months(page);
    await expect(page.getByText(/Linseabonnement kræver en konto/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Opret konto' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Læg i kurv' }).click();

    const drawer = page.getByRole('dialog', { name: /Din kurv/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Abonnement – levering hver 3. måned')).toBeVisible();
    await expect(drawer.getByText('Øje: Højre øje (H)')).toBeVisible();
    await expect(drawer.getByText(/^Varenr\. a-\d+-\d+$/)).toBeVisible();
    await expect(drawer.getByText(/Linseabonnement kræver en konto/)).toBeVisible();
    await expectNoA11yViolations(page);
    await drawer.getByRole('link', { name: 'Log ind' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
    await page.getByLabel('E-mail').fill('kunde@example.dk');
    await page.getByLabel('Adgangskode').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log ind', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kassen' })).toBeVisible();
    // The cart is the one the guest filled, its interval in Danish.
    await expect(page.getByText(lineName(lens)).first()).toBeVisible();
    await expect(page.getByText('Abonnement – levering hver 3. måned').first()).toBeVisible();
    await expect(page.getByText(/\(abonnement, m\d\)/)).toHaveCount(0);
  });

  test('both apps serve their favicons, and the company section has a front page at /b2b', async ({ page, request, webURL, storeURL, expectNoA11yViolations }) => {
    for (const base of [webURL, storeURL]) {
      for (const icon of ['/favicon.ico', '/favicon.svg']) expect((await request.get(`${base}${icon}`)).status(), `${base}${icon}`).toBe(200);
    }
    await page.goto(`${webURL}/b2b`);
    await expect(page.getByRole('heading', { level: 1, name: 'Brilleaftaler for virksomheder' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Opret en brilleaftale' })).toHaveAttribute('href', '/b2b/ny-aftale');
    await expectNoA11yViolations(page);
  });

  test('an anonymous visit logs nothing on the console, not even a 4xx for /api/auth/me; logged-out My Pages has no "Log ud"', async ({ page, webURL }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await page.goto(`${webURL}/min-konto`);
    expect((await me).status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Log ind' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log ud' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
