import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

interface ListingAnswer {
  displays: { product_id: string }[];
}
interface ArticleAnswer {
  data: { price: { unit: { publicationStatus: number } }; skus: { id: string; stock: number }[] };
}

/** Puts one buyable pair of glasses (publicationStatus 20, in stock) in the page's cart through the API on the shop's origin. */
async function addGlassesToCart(page: Page, webURL: string) {
  const request: APIRequestContext = page.request;
  const { token } = (await (await request.get(`${webURL}/api/site/shopper`)).json()) as { token: string };
  const listing = await request.post(`${webURL}/v2/product-listing`, { data: { market: 'dk', category_id: '/briller', limit: 20 } });
  for (const d of ((await listing.json()) as ListingAnswer).displays) {
    const res = await request.get(`${webURL}/api/article/${encodeURIComponent(d.product_id)}`);
    if (res.status() !== 200) continue;
    const a = ((await res.json()) as ArticleAnswer).data;
    const sku = a.skus.find((s) => s.stock >= 1);
    if (a.price.unit.publicationStatus !== 20 || !sku) continue;
    const added = await request.post(`${webURL}/api/cart/update`, { data: { skuId: sku.id, quantity: 1, noCheckoutInfo: true }, headers: { 'CSRF-TOKEN': token } });
    expect(added.status()).toBe(200);
    return;
  }
  throw new Error('no buyable glasses in the first 20 of /briller');
}

test.describe('checkout polish (issue 16 item 4)', () => {
  test('after every route change focus is on the new page’s h1: cart drawer to the checkout, logo home, fold menu to a brand', async ({ page, webURL }) => {
    await addGlassesToCart(page, webURL);
    await page.goto(webURL);
    await expect(page.getByRole('heading', { level: 1, name: 'Briller, solbriller og kontaktlinser' })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: /^Kurv/ }).click();
    await page.getByRole('dialog', { name: /Din kurv/ }).getByRole('link', { name: 'Gå til kassen' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kassen' })).toBeFocused();

    await page.getByRole('banner').getByRole('link', { name: /Profil Optik/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Briller, solbriller og kontaktlinser' })).toBeFocused();

    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Solbriller', exact: true }).click();
    await menu.getByRole('link', { name: 'Ray-Ban', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/solbriller\/ray-ban$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ray-Ban' })).toBeFocused();

    // The next Tab goes on from the top of the new page, not from the old page's link.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Briller, solbriller og kontaktlinser' })).toBeFocused();
  });

  test.describe('on a 390 px phone before the cookie choice', () => {
    test.use({ consent: 'undecided', viewport: { width: 390, height: 844 } });

    test('the banner comes early in the tab order and never covers "Betal"', async ({ page, webURL, expectNoA11yViolations }) => {
      await addGlassesToCart(page, webURL);
      await page.goto(`${webURL}/checkout`);
      const banner = page.getByRole('region', { name: 'Vi bruger cookies' });
      const pay = page.getByRole('button', { name: /^Betal/ });
      await expect(banner).toBeVisible();
      await expect(pay).toHaveText(/^Betal \d/);

      // Skip link first, then the banner — before the header and the page.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Gå til indhold' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('link', { name: 'Se alle cookies' })).toBeFocused();

      // The page keeps room for the banner: scrolled to "Betal" (as focus does), it sits above it.
      await pay.focus();
      const bannerBox = (await banner.boundingBox())!;
      const payBox = (await pay.boundingBox())!;
      expect(payBox.y + payBox.height).toBeLessThanOrEqual(bannerBox.y);
      // At the very bottom nothing of the page is under the banner either.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
      const bannerNow = (await banner.boundingBox())!;
      expect(padding).toBeGreaterThanOrEqual(Math.floor(bannerNow.height));
      const pageEnd = await page.evaluate(() => document.querySelector('.site-footer')!.getBoundingClientRect().bottom);
      expect(pageEnd).toBeLessThanOrEqual(bannerNow.y + 1);
      await expectNoA11yViolations(page);

      await banner.getByRole('button', { name: 'Kun nødvendige' }).click();
      await expect(banner).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
    });
  });

  test('a signed-in checkout is filled from the account: name, e-mail, phone and the address', async ({ page, webURL, loginAsCustomer }) => {
    await loginAsCustomer();
    await addGlassesToCart(page, webURL);
    await page.goto(`${webURL}/checkout`);
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('kunde@example.dk');
    await expect(page.getByLabel('Fornavn', { exact: true })).toHaveValue('Mette');
    await expect(page.getByLabel('Mobilnummer')).toHaveValue('20304050');
    await expect(page.getByLabel('Postnummer', { exact: true })).toHaveValue('8000');
    await expect(page.getByLabel('By', { exact: true })).toHaveValue('Aarhus C');
    await expect(page.getByLabel('Gade og husnummer')).toHaveValue('Søndergade 12, 2. tv.');
  });
});
