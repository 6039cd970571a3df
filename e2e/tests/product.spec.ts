import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { chooseSubscriptionEvery3Months } from '../lens-subscription';

/** The fields of the API's article and cart line this test reads (e2e does not depend on @optik/shared). */
interface PricePart {
  publicationStatus: number;
  amount: number;
}
interface Article {
  id: string;
  name: string;
  dto: boolean;
  allowSubscription: boolean;
  medias: { alt: string }[];
  skus: { id: string; stock: number }[];
  lensParameters: { powers: number[]; baseCurves: number[] } | null;
  price: { unit: PricePart; subscription: PricePart | null };
}
interface CartItem {
  skuId: string;
  articleId: string;
  quantity: number;
  subscriptionInterval: string | null;
  prescription: { power: number | null; baseCurve: number | null } | null;
}

/** Danish money as the shop writes it (formatDkk): 1.234,50 kr. with a no-break space. */
const dkk = (ore: number) => `${(ore / 100).toLocaleString('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0kr.`;

/** Product page links on a category page's listing, in order. */
async function listedProductLinks(page: Page): Promise<string[]> {
  const links = page.getByRole('main').getByRole('link');
  await expect(links.first()).toBeVisible();
  await expect.poll(async () => (await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).filter((h) => h.startsWith('/produkt/')).length).toBeGreaterThan(0);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/produkt/')))];
}

/** The first listed product the test can buy (the catalogue is seeded at random: some are sold out or store only). */
async function pickListed(request: APIRequestContext, webURL: string, hrefs: string[], fits: (a: Article) => boolean): Promise<{ href: string; article: Article }> {
  const seen: Article[] = [];
  for (const href of hrefs) {
    const slug = decodeURIComponent(href.replace(/^\/produkt\//, '').split('?')[0]!);
    const res = await request.get(`${webURL}/api/article/${encodeURIComponent(slug)}`);
    if (!res.ok()) continue;
    const article = ((await res.json()) as { data: Article }).data;
    if (fits(article)) return { href, article };
    seen.push(article);
  }
  throw new Error(`no listed product fits (looked at ${seen.length})`);
}

const buyableOnline = (a: Article) => a.price.unit.publicationStatus === 20 && a.dto && a.skus.some((s) => s.stock > 0);

async function cartItems(request: APIRequestContext, webURL: string): Promise<CartItem[]> {
  const res = await request.get(`${webURL}/api/site/shopper`);
  return ((await res.json()) as { cartHead: { cart: { items: CartItem[] } } }).cartHead.cart.items;
}

test.describe('product page', () => {
  test('a sunglasses product from the category page: name, price, gallery, variant and add to cart', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/solbriller`);
    const hrefs = await listedProductLinks(page);
    // Prefer one with two variants in stock, so a variant can be chosen.
    const { href, article } = await pickListed(page.request, webURL, hrefs, (a) => buyableOnline(a) && a.skus.filter((s) => s.stock > 0).length > 1).catch(() =>
      pickListed(page.request, webURL, hrefs, buyableOnline),
    );

    await page.getByRole('main').locator(`a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/produkt/`));
    await expect(page.getByRole('heading', { level: 1, name: article.name })).toBeVisible();
    await expect(page).toHaveTitle(`${article.name} – Profil Optik`);
    await expect(page.getByText(dkk(article.price.unit.amount)).first()).toBeVisible();
    const gallery = page.getByRole('region', { name: 'Billeder af produktet' });
    const main = gallery.getByRole('img', { name: article.medias[0]!.alt, exact: true });
    await expect(main).toBeVisible();
    await expect(main).toHaveAttribute('srcset', /xl\.svg 1180w/);
    if (article.medias.length > 1) {
      await gallery.getByRole('button', { name: /^Vis billede 2 af/ }).click();
      await expect(gallery.getByRole('button', { name: /^Vis billede 2 af/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(gallery.getByRole('img', { name: article.medias[1]!.alt, exact: true })).toBeVisible();
    }
    await expectNoA11yViolations(page);

    const inStock = article.skus.filter((s) => s.stock > 0);
    const chosen = inStock[1] ?? inStock[0]!;
    if (inStock.length > 1) await page.getByRole('group', { name: 'Variant' }).getByRole('radio').nth(article.skus.indexOf(chosen)).check();
    await page.getByLabel('Antal').selectOption('2');
    await page.getByRole('button', { name: 'Læg i kurv' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Lagt i kurven' })).toBeVisible();
    const line = (await cartItems(page.request, webURL)).find((i) => i.skuId === chosen.id);
    expect(line?.quantity).toBe(2);
    await expectNoA11yViolations(page);
  });

  test('a contact lens by subscription every 3 months with a prescription', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/kontaktlinser`);
    const hrefs = await listedProductLinks(page);
    const { href, article } = await pickListed(
      page.request,
      webURL,
      hrefs,
      (a) => buyableOnline(a) && a.allowSubscription && a.price.subscription !== null && a.lensParameters !== null && a.lensParameters.powers.includes(-1.25),
    );
    await page.getByRole('main').locator(`a[href="${href}"]`).first().click();
    await expect(page.getByRole('heading', { level: 1, name: article.name })).toBeVisible();

    await chooseSubscriptionEvery3Months(page);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Læg i kurv' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Lagt i kurven' })).toBeVisible();
    const line = (await cartItems(page.request, webURL)).find((i) => i.articleId === article.id);
    expect(line?.subscriptionInterval).toBe('m3');
    expect(line?.prescription?.power).toBe(-1.25);
    expect(line?.prescription?.baseCurve).toBe(article.lensParameters!.baseCurves[0]);
    await expectNoA11yViolations(page);
  });

  test('both eyes empty is refused with a message, and an unknown product shows the not-found page', async ({ page, webURL }) => {
    await page.goto(`${webURL}/kontaktlinser`);
    const hrefs = await listedProductLinks(page);
    const { href } = await pickListed(page.request, webURL, hrefs, (a) => buyableOnline(a) && a.lensParameters !== null);
    await page.goto(`${webURL}${href}`);
    await page.getByRole('button', { name: 'Læg i kurv' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Ret fejlene, og prøv igen.' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Højre øje (H)' }).getByText('Udfyld styrken for mindst ét øje.')).toBeVisible();

    await page.goto(`${webURL}/produkt/findes-ikke-123`);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' })).toBeVisible();
  });
});
