import { expect, test } from '../fixtures';
import { apiURL, webURL } from '../env';
import { watchNetwork } from '../network-quiet';

/**
 * Issue 19 (first part): a public page's HTML, fetched as a link preview or a search engine
 * fetches it — no script run — carries its title, description, canonical address, Open Graph
 * tags and schema.org data, from the real API; the app then takes over as before.
 */

interface Article {
  id: string;
  slug: string;
  name: string;
  price: { unit: { amount: number } };
}

const ldOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json" data-server-head>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

test('a product URL answers its name, price, picture and Product data in the HTML; the picture is a JPEG', async ({ request }) => {
  const sitemap = await (await request.get(`${webURL}/sitemap.xml`)).text();
  const slug = /<loc>[^<]*\/produkt\/([^<]+)<\/loc>/.exec(sitemap)![1]!;
  const article = ((await (await request.get(`${apiURL}/api/article/${slug}`)).json()) as { data: Article }).data;
  const res = await request.get(`${webURL}/produkt/${slug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const price = (article.price.unit.amount / 100).toFixed(2);
  expect(html).toContain(`<title>${article.name.replace(/&/g, '&amp;')} – Profil Optik</title>`);
  expect(metaOf(html, 'product:price:amount')).toBe(price);
  expect(metaOf(html, 'og:url')).toBe(`${webURL}/produkt/${slug}`);
  const [product, crumbs] = ldOf(html);
  expect(product).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: article.name, offers: { '@type': 'Offer', price, priceCurrency: 'DKK' } });
  expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  // The page itself is rendered on the server: its heading in the app's root, and the data it hydrates from.
  const root = /<div id="root">(.*)<\/div><script type="application\/json" id="optik-seed">/s.exec(html)?.[1] ?? '';
  expect(root).toContain(`>${article.name.replace(/&/g, '&amp;')}</h1>`);
  const image = await request.get(metaOf(html, 'og:image')!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});

test('catalogue and store pages carry their titles, first products and data; an unknown product is a 404 with the Danish not-found page', async ({ request }) => {
  const tree = ((await (await request.get(`${apiURL}/api/catalogue/categories`)).json()) as { data: { path: string; title: string }[] }).data;
  for (const c of tree) {
    const html = await (await request.get(`${webURL}${encodeURI(c.path)}`)).text();
    expect(html, c.path).toContain(`<title>${c.title} – Profil Optik</title>`);
    expect(ldOf(html)[0], c.path).toMatchObject({ '@type': 'BreadcrumbList' });
    // Its heading and first products, for a visitor or crawler without scripts.
    expect(html, c.path).toMatch(new RegExp(`<h1[^>]*>${c.title}</h1>`));
    expect(html, c.path).toMatch(/<a class="product-link" href="\/produkt\/[^"]+">.*?<strong>[\d.]+,\d\d\u00a0kr\.<\/strong>/s);
    expect(ldOf(html)[1], c.path).toMatchObject({ '@type': 'ItemList' });
  }
  const store = ldOf(await (await request.get(`${webURL}/find-butik/roskilde`)).text())[0];
  expect(store).toMatchObject({ '@type': 'Optician', address: { addressLocality: 'Roskilde' } });
  expect((store!.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);

  const missing = await request.get(`${webURL}/produkt/findes-ikke-0000`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<h1>Siden blev ikke fundet</h1>');
  // My Pages is never rendered on the server: the plain shell.
  expect(await (await request.get(`${webURL}/min-konto/ordrer`)).text()).not.toContain('data-server-head');
});

test('the app takes over the served product page, and moving on drops the product’s head', async ({ page }) => {
  const sitemap = await (await page.request.get(`${webURL}/sitemap.xml`)).text();
  const slug = /<loc>[^<]*\/produkt\/([^<]+)<\/loc>/.exec(sitemap)![1]!;
  await page.goto(`${webURL}/produkt/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('head meta[property="og:type"][content="product"]')).toHaveCount(1);
  await page.getByRole('banner').getByRole('link', { name: /Forside|Profil Optik/ }).first().click();
  await expect(page).toHaveURL(`${webURL}/`);
  await expect(page.locator('head [data-server-head]')).toHaveCount(0);
  await expect(page).toHaveTitle('Profil Optik – briller, solbriller og kontaktlinser');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a catalogue page shows its heading and products with prices, and a product page its name and price', async ({ page }) => {
    await page.goto(`${webURL}/solbriller`);
    await expect(page.getByRole('heading', { level: 1, name: 'Solbriller' })).toBeVisible();
    const first = page.getByRole('listitem').filter({ has: page.locator('a[href^="/produkt/"]') }).first();
    await expect(first).toContainText(/\d,\d\d\s?kr\./);
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/produkt\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main').getByText(/\d,\d\d\s?kr\./).first()).toBeVisible();
  });
});

test('the served pages are hydrated as they came: the app keeps the server’s markup (no mismatch) and answers at once', async ({ page }) => {
  // React replaces the root's content (header, main, footer) when its first render does not match the server's HTML.
  await page.addInitScript(() => {
    const w = window as unknown as { rootReplaced: boolean };
    w.rootReplaced = false;
    new MutationObserver((records) => {
      for (const r of records) {
        if ((r.target as Element).id !== 'root') continue;
        if ([...r.removedNodes].some((n) => n instanceof Element && n.matches('header.site-header, main, footer'))) w.rootReplaced = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const sitemap = await (await page.request.get(`${webURL}/sitemap.xml`)).text();
  const slug = /<loc>[^<]*\/produkt\/([^<]+)<\/loc>/.exec(sitemap)![1]!;
  for (const path of ['/', '/solbriller', `/produkt/${slug}`, '/find-butik', '/find-butik/roskilde', '/kontakt-os', '/bestil-tid-til-synstest', '/search?q=ray-ban', '/produkt/findes-ikke-0000']) {
    const network = watchNetwork(page);
    await page.goto(`${webURL}${path}`);
    await expect(page.locator('#optik-seed'), path).toHaveCount(1);
    await network.quiet();
    // Hydrated: the menu opens.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog'), path).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { rootReplaced: boolean }).rootReplaced), path).toBe(false);
  }
});
