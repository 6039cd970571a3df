import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { linkInMail } from '../mail';

interface ArticleList {
  data: { price: { unit: { publicationStatus: number } }; skus: { id: string; stock: number }[] }[];
}

/** A CSRF token for the browser's shopper on `origin` (the shop or the store app). */
async function csrf(request: APIRequestContext, origin: string): Promise<string> {
  return ((await (await request.get(`${origin}/api/site/shopper`)).json()) as { token: string }).token;
}

/** A new, verified shop account, signed in in `web` by the mailed verification link. */
async function newAccount(web: Page, webURL: string, email: string) {
  const reg = await web.request.post(`${webURL}/api/auth/register`, {
    headers: { 'CSRF-TOKEN': await csrf(web.request, webURL) },
    data: { firstName: 'Vibeke', lastName: 'Linkholm', email, phone: '20304050', password: 'langkode123', passwordRepeat: 'langkode123', acceptTerms: true },
  });
  expect(reg.status()).toBe(201);
  await web.goto(await linkInMail(email, '/min-konto/bekraeft-email#token='));
  await expect(web.getByRole('status')).toContainText('Din e-mail er bekræftet');
}

/** A web order of the signed-in account (click and collect, paid by the simulator's test card); answers its number. */
async function placeWebOrder(web: Page, webURL: string, email: string): Promise<string> {
  const token = await csrf(web.request, webURL);
  const list = (await (await web.request.get(`${webURL}/api/catalogue/articles?limit=50`)).json()) as ArticleList;
  const sku = list.data.find((a) => a.price.unit.publicationStatus === 20 && a.skus[0]!.stock > 2)!.skus[0]!;
  expect((await web.request.post(`${webURL}/api/cart/update`, { headers: { 'CSRF-TOKEN': token }, data: { skuId: sku.id, quantity: 1, noCheckoutInfo: true } })).status()).toBe(200);
  const placed = await web.request.post(`${webURL}/api/checkout/place`, {
    headers: { 'CSRF-TOKEN': token },
    data: {
      contact: { firstName: 'Vibeke', lastName: 'Linkholm', email, phone: '20304050' },
      address: { street: 'Søndergade 12', zip: '8000', city: 'Aarhus C' },
      deliveryMethodId: 119,
      pickupStoreId: 'st-001',
      payment: { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' },
      acceptTerms: true,
    },
  });
  expect(placed.status()).toBe(200);
  const body = (await placed.json()) as { outcome: string; order: { orderNumber: string } };
  expect(body.outcome).toBe('paid');
  return body.order.orderNumber;
}

const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('staff send a link to the web account, the customer confirms it from the mail: store orders on My Pages, web orders in the store app', async ({ page, browser, webURL, loginAsStore, expectNoA11yViolations }) => {
  // Two apps, a registration, a web order and a store order on a shared machine: a long journey.
  test.setTimeout(480_000);
  const stamp = String(Date.now());
  const email = `link-${stamp}@example.dk`;
  // A last name of this run's own (letters only), so the store's list finds this customer.
  const lastName = `Linkholm${stamp.slice(-5).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const name = `Vibeke ${lastName}`;
  const shop = await browser.newContext();
  const web = await shop.newPage();
  await newAccount(web, webURL, email);
  const webOrder = await placeWebOrder(web, webURL, email);

  // The store creates the customer (with the e-mail) and an order for them.
  await loginAsStore();
  await page.getByRole('link', { name: 'Kunder' }).click();
  await page.getByRole('button', { name: 'Opret kunde' }).click();
  await page.getByLabel('Postnummer').fill('8000');
  await expect(page.getByLabel('By')).toHaveValue('Aarhus C');
  await page.getByLabel('Fornavn').fill('Vibeke');
  await page.getByLabel('Efternavn').fill(lastName);
  await page.getByLabel('E-mail (valgfri)').fill(email);
  await page.getByLabel('Telefon').fill('20304050');
  await page.getByLabel('Adresse').fill('Søndergade 12');
  await page.getByRole('button', { name: 'Gem kunde' }).click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(/K\d{6}/);
  await row.getByRole('link', { name: `Recepter: ${name}` }).click();
  await page.getByRole('button', { name: 'Ny ordre' }).click();
  await expect(page.getByText(/^Priser opdateret/)).toBeVisible();
  await page.getByLabel('Søg i kataloget').fill('acuvue oasys 1-day');
  await page.getByRole('button', { name: /^Tilføj Acuvue Oasys 1-Day \(30 stk\.\)/ }).click();
  await page.getByRole('button', { name: 'Opret ordre' }).click();
  const storeOrder = page.getByRole('region', { name: 'Ordrer' }).getByRole('listitem');
  await expect(storeOrder.locator('strong')).toHaveText(/^\w+\d+$/);
  const storeOrderNumber = (await storeOrder.locator('strong').textContent())!;

  // "Send link til webkonto": a mail to the customer's e-mail.
  const account = page.getByRole('region', { name: 'Webkonto' });
  await expect(account).toContainText('Kunden er ikke knyttet til en webkonto.');
  await account.getByRole('button', { name: 'Send link til webkonto' }).click();
  await expect(account.getByRole('status')).toHaveText('Linket er sendt til kundens e-mail.');
  await expect(account).toContainText(/Link sendt – det virker til \d{2}\.\d{2}\.\d{4}\./);
  await expectNoA11yViolations(page);

  // The customer, signed in, opens the mailed link and confirms.
  await web.goto(await linkInMail(email, '/min-konto/butiksprofil#token='));
  await expect(web.getByRole('heading', { level: 1, name: 'Knyt din butikskunde-profil' })).toBeVisible();
  await expect(web.getByText(/Profil Optik København K har sendt dig et link/)).toBeVisible();
  // The token leaves the address bar once read.
  expect(new URL(web.url()).hash).toBe('');
  await expectNoA11yViolations(web);
  await web.getByRole('button', { name: 'Knyt profilen til min konto' }).click();
  await expect(web.getByRole('status').filter({ hasText: 'Din butikskunde-profil er knyttet til kontoen.' })).toBeVisible();

  // My Pages: the store's order beside the web order; the overview says the profile is linked.
  await web.getByRole('link', { name: 'Se dine ordrer' }).click();
  const inStore = web.getByRole('row').filter({ hasText: storeOrderNumber });
  await expect(inStore).toContainText('Købt i Profil Optik København K');
  await expect(web.getByRole('row').filter({ hasText: webOrder }).getByRole('link', { name: webOrder })).toBeVisible();
  await web.setViewportSize({ width: 320, height: 800 });
  expect(await noSidewaysScroll(web)).toBe(true);
  await expectNoA11yViolations(web);
  await web.goto(`${webURL}/min-konto`);
  const profile = web.getByRole('region', { name: 'Din butikskunde-profil' });
  await expect(profile).toContainText('Din butikskunde-profil er knyttet til kontoen.');
  await expect(profile.getByRole('checkbox', { name: 'Vis mine brilleoplysninger fra butikken' })).not.toBeChecked();
  expect(await noSidewaysScroll(web)).toBe(true);
  await expectNoA11yViolations(web);

  // The store app: the web order on the customer.
  await page.reload();
  await expect(account).toContainText(/Kunden er knyttet til en webkonto \(via link\) siden \d{2}\.\d{2}\.\d{4}\./);
  await expect(account.getByRole('region', { name: 'Webordrer' }).getByRole('listitem')).toContainText(webOrder);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await noSidewaysScroll(page)).toBe(true);
  await shop.close();
});
