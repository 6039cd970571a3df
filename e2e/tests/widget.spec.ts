import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** The search and category widget of the shop (SPEC §2, §4): /v2 is proxied to the API by the preview server. */

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Søg i butikken' });
const productCount = (page: Page) => page.getByRole('status').filter({ hasText: /^\d[\d.]* produkt(er)?$/ });
const productGrid = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Produkter' });
const productLinks = (page: Page) => productGrid(page).getByRole('link');

/** Opens a panel toggle unless it is open already (its state is kept in the history entry, so a reload keeps it open). */
async function openPanel(toggle: Locator) {
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

const params = (page: Page) => new URL(page.url()).searchParams;

test.describe('search widget', () => {
  test('keyboard search, filters and sorting in the URL, reload, back, and the filters-cleared toast with restore', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/briller`);
    await expect(page.getByRole('heading', { level: 1, name: 'Briller' })).toBeVisible();

    // The product listings open the widget's modal (the header's search is the site search); by keyboard.
    const opener = page.getByRole('button', { name: 'Søg i produkter' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = searchDialog(page);
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('combobox');
    await expect(field).toBeFocused();
    await page.keyboard.type('ray-ban');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Se alle \d+ resultater$/ })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Produkter' }).getByRole('link')).toHaveCount(4);
    await expectNoA11yViolations(page);

    // Down highlights the first suggestion; Enter searches it.
    await page.keyboard.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
    const highlighted = await field.inputValue();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/search\?query=/);
    expect(params(page).get('query')).toBe(highlighted);
    await expect(opener).toBeFocused();

    // Back to the plain query through the modal's "see all" button.
    await opener.click();
    await field.fill('ray-ban');
    const viewAll = dialog.getByRole('button', { name: /^Se alle \d+ resultater$/ });
    const total = Number((await viewAll.textContent())!.match(/\d+/)![0]);
    await viewAll.click();
    await expect(page).toHaveURL(/\/search\?query=ray-ban$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Søgeresultater for »ray-ban«' })).toBeVisible();
    await expect(productCount(page)).toHaveText(`${total} produkter`);

    // A filter: fewer results, and the URL carries the f… parameter.
    await openPanel(page.getByRole('button', { name: /^Filtre/ }));
    const polarised = page.getByRole('group', { name: 'Polariserede glas' });
    const yes = polarised.getByRole('checkbox', { name: /^Ja/ });
    const polarisedCount = Number((await polarised.getByText(/^Ja \(\d+\)$/).textContent())!.match(/\((\d+)\)/)![1]);
    await yes.check();
    await expect(page).toHaveURL(/[?&]f_polarized/);
    await expect(productCount(page)).toHaveText(`${polarisedCount} produkter`);
    expect(polarisedCount).toBeLessThan(total);

    // A sorting: the URL carries it and the prices go up.
    await openPanel(page.getByRole('button', { name: 'Sortér' }));
    await page.getByRole('radio', { name: 'Pris: lav til høj' }).check();
    await expect(page).toHaveURL(/[?&]sorting=price/);
    expect(params(page).get('sorting')).toBe('price📈');
    await expect(productGrid(page)).toHaveAttribute('aria-busy', 'false');
    // The first price of a card is what it costs now (a sale price comes before the original).
    const cards = await productGrid(page).getByRole('listitem').allTextContents();
    const kroner = cards.map((c) => Number(c.match(/(\d[\d.]*,\d\d)\s*kr\./)![1]!.replace(/\./g, '').replace(',', '.')));
    expect(kroner).toEqual([...kroner].sort((a, b) => a - b));
    await expectNoA11yViolations(page);

    // Reload: the same state.
    const url = page.url();
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(productCount(page)).toHaveText(`${polarisedCount} produkter`);
    await openPanel(page.getByRole('button', { name: /^Filtre/ }));
    await openPanel(page.getByRole('button', { name: 'Sortér' }));
    await expect(page.getByRole('group', { name: 'Polariserede glas' }).getByRole('checkbox', { name: /^Ja/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Pris: lav til høj' })).toBeChecked();

    // Back: the state before the sorting.
    await page.goBack();
    await expect(page).not.toHaveURL(/sorting=/);
    await expect(page).toHaveURL(/[?&]f_polarized/);
    await openPanel(page.getByRole('button', { name: 'Sortér' }));
    await expect(page.getByRole('radio', { name: 'Anbefalet' })).toBeChecked();

    // A new query clears the filters, with a toast that can restore them.
    await page.getByRole('button', { name: 'Søg i produkter' }).click();
    await expect(field).toHaveValue('ray-ban');
    await field.fill('gucci');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=gucci$/);
    const toast = page.getByText('Filtrene er ryddet');
    await expect(toast).toBeVisible();
    await page.getByRole('button', { name: 'Gendan' }).click();
    await expect(toast).toBeHidden();
    await expect(page).toHaveURL(/query=gucci.*[?&]f_polarized/);
    await openPanel(page.getByRole('button', { name: /^Filtre/ }));
    await expect(page.getByRole('group', { name: 'Polariserede glas' }).getByRole('checkbox', { name: /^Ja/ })).toBeChecked();
  });

  test('closing the modal: Escape, backdrop and the back button; focus returns to the opener', async ({ page, webURL }) => {
    await page.goto(`${webURL}/solbriller`);
    const opener = page.getByRole('button', { name: 'Søg i produkter' });
    const dialog = searchDialog(page);
    await opener.click();
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await opener.click();
    await page.mouse.click(5, 400);
    await expect(dialog).toBeHidden();

    await opener.click();
    await dialog.getByRole('button', { name: 'Tilbage' }).click();
    await expect(dialog).toBeHidden();
  });

  test('/search?q= is the shop search URL', async ({ page, webURL }) => {
    await page.goto(`${webURL}/search?q=gucci`);
    await expect(page).toHaveURL(/\/search\?query=gucci$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Søgeresultater for »gucci«' })).toBeVisible();
    await expect(productLinks(page).first()).toBeVisible();
  });
});

test.describe('category widget', () => {
  test('/solbriller lists sunglasses with breadcrumb and quick links, and keeps loaded results on back', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/solbriller`);
    await expect(page.getByRole('heading', { level: 1, name: 'Solbriller' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Brødkrumme' });
    await expect(breadcrumb.getByRole('link', { name: 'Forside' })).toHaveAttribute('href', '/');
    const quick = page.getByRole('navigation', { name: 'Genveje' }).getByRole('link', { name: 'Ray-Ban', exact: true });
    await expect(quick).toHaveAttribute('href', '/solbriller/ray-ban');
    await expect(productLinks(page)).toHaveCount(20);
    await expectNoA11yViolations(page);

    // Show more, open a product, come back: the same products, and the same place on the page.
    await page.getByRole('button', { name: 'Vis flere' }).click();
    await expect(productLinks(page)).toHaveCount(40);
    await expect(productLinks(page).nth(20)).toBeFocused();
    const product = productLinks(page).nth(30);
    await product.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(0);
    await product.click();
    await expect(page).toHaveURL(/\/produkt\//);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Solbriller' })).toBeVisible();
    await expect(productLinks(page)).toHaveCount(40);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
    // A reload keeps them too (the entry's history state records how many were shown and where).
    await page.reload();
    await expect(productLinks(page)).toHaveCount(40);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);

    // The quick link opens the brand page with a longer breadcrumb.
    await page.evaluate(() => window.scrollTo(0, 0));
    await quick.click();
    await expect(page).toHaveURL(/\/solbriller\/ray-ban$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ray-Ban' })).toBeVisible();
    await expect(breadcrumb.getByRole('link', { name: 'Solbriller' })).toHaveAttribute('href', '/solbriller');
    await expect(productLinks(page).first()).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('recommendations', () => {
  test('the home page shows a recommendation strip below the categories', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(webURL);
    const strip = page.getByRole('region', { name: 'Det kunne du også lide' });
    await expect(strip).toBeVisible();
    await expect(strip.getByRole('link').first()).toBeVisible();
    expect(await strip.getByRole('link').count()).toBeGreaterThan(3);
    await expectNoA11yViolations(page);
  });
});
