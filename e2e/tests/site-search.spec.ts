import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** The site search results page /search?q=… (SPEC §2) and the site search overlay (SPEC §4, §5). */

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Vis resultater af typen' });
const storesSection = (page: Page) => page.getByRole('region', { name: /^Butikker \(\d+\)$/ });
const productCount = (page: Page) => page.getByRole('status').filter({ hasText: /^\d[\d.]* produkt(er)?$/ });

test.describe('site search', () => {
  test('/search?q=aarhus shows the stores in Aarhus with the title and counts; s=stores shows only stores', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/search?q=aarhus`);
    await expect(page.getByRole('heading', { level: 1, name: 'Søgeresultater for »aarhus«' })).toBeVisible();
    await expect(page).toHaveTitle('Søgning: aarhus – Profil Optik');
    const stores = storesSection(page);
    await expect(stores).toBeVisible();
    const first = stores.getByRole('listitem').first();
    await expect(first).toContainText(/\d{4} Aarhus/);
    await expect(first.getByRole('link')).toHaveAttribute('href', /^\/find-butik\/[\w-]+$/);
    await expect(tabs(page).getByRole('link', { name: /^Butikker \(\d+\)$/ })).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: 'Alle' })).toHaveAttribute('aria-current', 'page');
    await expectNoA11yViolations(page);

    // The stores tab: only stores, and the URL keeps q.
    await tabs(page).getByRole('link', { name: /^Butikker/ }).click();
    await expect(page).toHaveURL(/[?&]s=stores/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('aarhus');
    await expect(tabs(page).getByRole('link', { name: /^Butikker/ })).toHaveAttribute('aria-current', 'page');
    await expect(storesSection(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Produkter' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: /^Artikler/ })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('list', { name: 'Produkter' })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // A direct link to s=stores works the same.
    await page.goto(`${webURL}/search?q=aarhus&s=stores`);
    await expect(storesSection(page).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Produkter' })).toHaveCount(0);
  });

  test('/search?q=gucci shows products through the widget listing, with the Produkter count', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/search?q=gucci`);
    await expect(page.getByRole('heading', { level: 1, name: 'Søgeresultater for »gucci«' })).toBeVisible();
    const count = productCount(page);
    await expect(count).toBeVisible();
    const n = Number((await count.textContent())!.match(/^[\d.]+/)![0].replace('.', ''));
    expect(n).toBeGreaterThan(0);
    await expect(tabs(page).getByRole('link', { name: `Produkter (${n})` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('list', { name: 'Produkter' }).getByRole('link').first()).toBeVisible();
    // Category quick links from the site search.
    await expect(page.getByRole('region', { name: /^Artikler og sider/ }).getByRole('link', { name: /Gucci/ }).first()).toBeVisible();
    await expectNoA11yViolations(page);

    // s=products: the listing only.
    await tabs(page).getByRole('link', { name: /^Produkter/ }).click();
    await expect(page).toHaveURL(/[?&]s=products/);
    await expect(productCount(page)).toHaveText(`${n} produkter`);
    await expect(storesSection(page)).toHaveCount(0);
  });

  test('the overlay: typing shows grouped results, arrow keys wrap among the links, Enter goes to /search?q=…', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/search?q=aarhus&s=stores`);
    const field = page.getByRole('searchbox', { name: 'Søg igen' });
    await field.fill('');
    // Empty: the popular searches.
    const panel = page.getByRole('region', { name: 'Forslag' });
    await expect(panel.getByRole('link', { name: 'Ray-Ban' })).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText(['Ray-Ban', 'Tom Ford', 'Gucci', 'Prada']);

    await field.pressSequentially('gucci');
    const products = panel.getByRole('region', { name: 'Produkter' });
    await expect(products.getByRole('link').first()).toBeVisible();
    await expect(products.getByRole('link').first()).toHaveAttribute('href', /^\/produkt\//);
    await expect(panel).toHaveAttribute('aria-busy', 'false');
    await expectNoA11yViolations(page);

    const links = panel.getByRole('link');
    const total = await links.count();
    await page.keyboard.press('ArrowDown');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(links.nth(total - 1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.first()).toBeFocused();

    // One character clears the results.
    await field.fill('g');
    await expect(panel).toBeHidden();

    // Empty submit does nothing; Enter with text goes to the results page.
    await field.fill('');
    await field.press('Enter');
    await expect(page).toHaveURL(/q=aarhus/);
    await field.fill('tom ford');
    await field.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Søgeresultater for »tom ford«' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('s')).toBeNull();
    await expect(panel).toBeHidden();

    // Escape closes the panel.
    await field.fill('aarhus');
    await expect(panel.getByRole('link').first()).toBeVisible();
    await field.press('Escape');
    await expect(panel).toBeHidden();
    await expect(field).toBeFocused();
  });

  test('the header search: a dialog from any page, keyboard only, to a product and back', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/solbriller`);
    const opener = page.getByRole('banner').getByRole('button', { name: 'Søg', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Søg på siden' });
    const field = dialog.getByRole('searchbox', { name: 'Søg på hele siden' });
    await expect(field).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await expect(dialog.getByRole('link')).toHaveText(['Ray-Ban', 'Tom Ford', 'Gucci', 'Prada']);

    await page.keyboard.type('gucci');
    const products = dialog.getByRole('region', { name: 'Produkter' });
    await expect(products.getByRole('link').first()).toBeVisible();
    await expectNoA11yViolations(page);

    // Escape closes and gives focus back to the header button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // Down to the first product, Enter follows it and the dialog closes.
    await page.keyboard.press('Enter');
    await page.keyboard.type('gucci');
    const first = products.getByRole('link').first();
    await expect(first).toBeVisible();
    const href = await first.getAttribute('href');
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
