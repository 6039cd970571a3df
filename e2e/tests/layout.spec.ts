import { expect, test } from '../fixtures';

test.describe('global layout', () => {
  test('fold menu by keyboard: open, Solbriller, back, follow a sub-link; Escape returns focus', async ({ page, webURL }) => {
    await page.goto(webURL);
    await expect(page.getByRole('heading', { level: 1, name: 'Briller, solbriller og kontaktlinser' })).toBeVisible();
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('button', { name: 'Luk menu' })).toBeFocused();

    // Escape closes and focus goes back to the menu button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const solbriller = dialog.getByRole('button', { name: 'Solbriller', exact: true });
    await solbriller.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { level: 2, name: 'Solbriller' })).toBeVisible();
    const back = dialog.getByRole('button', { name: 'Tilbage til menuen' });
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveCount(0);
    await expect(solbriller).toBeFocused();

    await page.keyboard.press('Enter');
    const rayBan = dialog.getByRole('link', { name: 'Ray-Ban', exact: true });
    await expect(rayBan).toHaveAttribute('href', '/solbriller/ray-ban');
    await rayBan.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/solbriller\/ray-ban$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ray-Ban' })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("the glasses section shows the free eye test as '0,-'", async ({ page, webURL }) => {
    await page.goto(webURL);
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('button', { name: 'Briller', exact: true }).click();
    const campaign = dialog.getByRole('link', { name: /Gratis synstest/ });
    await expect(campaign).toContainText('0,-');
    await expect(campaign).toHaveAttribute('href', '/bestil-tid-til-synstest');
  });

  test('axe clean with the fold menu open', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(webURL);
    await expect(page.getByRole('heading', { level: 3, name: 'Briller', exact: true })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Solbriller', exact: true }).click();
    await expect(dialog.getByRole('link', { name: 'Ray-Ban', exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test.describe('mobile', () => {
    test.use({ viewport: { width: 390, height: 780 } });

    test('footer sections expand one at a time', async ({ page, webURL, expectNoA11yViolations }) => {
      await page.goto(webURL);
      const footer = page.getByRole('contentinfo');
      const kundeservice = footer.getByRole('button', { name: 'Kundeservice' });
      const handel = footer.getByRole('button', { name: 'Handel' });
      await expect(kundeservice).toHaveAttribute('aria-expanded', 'false');
      await expect(footer.getByRole('link', { name: 'Garanti og ombytningsret' })).toBeHidden();
      await kundeservice.click();
      await expect(kundeservice).toHaveAttribute('aria-expanded', 'true');
      await expect(footer.getByRole('link', { name: 'Garanti og ombytningsret' })).toBeVisible();
      await handel.click();
      await expect(handel).toHaveAttribute('aria-expanded', 'true');
      await expect(kundeservice).toHaveAttribute('aria-expanded', 'false');
      await expect(footer.getByRole('link', { name: 'Garanti og ombytningsret' })).toBeHidden();
      await expect(footer.getByRole('link', { name: 'Delbetaling' })).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('the bottom bar hides on scroll down past 50 px and comes back on scroll up', async ({ page, webURL }) => {
      await page.goto(webURL);
      await expect(page.getByRole('heading', { level: 3, name: 'Briller', exact: true })).toBeVisible();
      const bar = page.getByRole('navigation', { name: 'Butik og synstest' });
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Book synstest' })).toBeVisible();
      await page.mouse.wheel(0, 600);
      await expect(bar).toBeHidden();
      await page.mouse.wheel(0, -200);
      await expect(bar).toBeVisible();
    });

    test('the bottom bar is not on the checkout', async ({ page, webURL }) => {
      await page.goto(`${webURL}/checkout`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Butik og synstest' })).toHaveCount(0);
    });
  });
});

test.describe('layout stability (CLS) while results arrive', () => {
  for (const { path, results } of [
    { path: '/briller', results: /\d+ produkter/ },
    { path: '/search?q=ray-ban', results: /\d+ produkter/ },
  ]) {
    test(`${path}: nothing on screen moves when the listing loads`, async ({ page, webURL }) => {
      await page.setViewportSize({ width: 412, height: 823 });
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.shifts += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${webURL}${path}`);
      await expect(page.getByRole('status').filter({ hasText: results })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Lighthouse counts a shift score of 0.1 as "needs improvement"; the listing used to shift 0.2–0.34.
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02);
    });
  }
});
