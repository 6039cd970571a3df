import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** The fields of the API's article this test reads (e2e does not depend on @optik/shared). */
interface Article {
  id: string;
  slug: string;
  name: string;
  packageName?: string;
  dto: boolean;
  allowSubscription: boolean;
  skus: { id: string; stock: number }[];
  lensParameters: { powers: number[]; baseCurves: number[]; diameters: number[]; cylinders?: number[]; additions?: number[] } | null;
  price: { unit: { publicationStatus: number }; subscription: { amount: number } | null };
}

/** A lens sold online by subscription, in stock, made in -1,25 and with no cylinder or addition to choose. */
async function subscriptionLens(request: APIRequestContext, webURL: string): Promise<Article> {
  const res = await request.get(`${webURL}/api/catalogue/articles?route=%2Flinseabonnement&limit=100`);
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: Article[] };
  const lens = data.find(
    (a) =>
      a.allowSubscription &&
      a.dto &&
      a.price.unit.publicationStatus === 20 &&
      a.price.subscription !== null &&
      a.skus.some((s) => s.stock >= 2) &&
      a.lensParameters?.powers.includes(-1.25) &&
      !a.lensParameters.cylinders?.length &&
      !a.lensParameters.additions?.length,
  );
  if (!lens) throw new Error('no subscription lens to buy');
  return lens;
}

/** The checkout form: the demo customer's details, click and collect in the first store, card 4111 1111 1111 1111. */
async function fillCheckout(page: Page) {
  await page.getByLabel('Fornavn', { exact: true }).fill('Mette');
  await page.getByLabel('Efternavn').fill('Jensen');
  await page.getByLabel('E-mail', { exact: true }).fill('kunde@example.dk');
  await page.getByLabel('Mobilnummer').fill('20304050');
  await page.getByLabel('Postnummer', { exact: true }).fill('8000');
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('Aarhus C');
  await page.getByLabel('Gade og husnummer').fill('Vestergade 14');
  await page.getByRole('radio', { name: /Click and collect/ }).check();
  const store = page.getByLabel('Butik, du vil hente i');
  await expect(store.locator('option').nth(1)).toBeAttached();
  await store.selectOption({ index: 1 });
  await page.getByLabel('Kortnummer', { exact: true }).fill('4111 1111 1111 1111');
  await page.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/30');
  await page.getByLabel('Kontrolcifre (CVC)').fill('123');
  await page.getByRole('checkbox', { name: /accepterer/ }).check();
}

test.describe('lens subscriptions', () => {
  test('buy a lens subscription, then pause → reactivate → change interval → cancel on My Pages', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
    test.setTimeout(120_000);
    await loginAsCustomer();
    const lens = await subscriptionLens(page.request, webURL);
    const name = lens.packageName ?? lens.name;

    // Product page: by subscription every 3 months, a prescription for the right eye.
    await page.goto(`${webURL}/produkt/${encodeURIComponent(lens.slug)}`);
    await expect(page.getByRole('heading', { level: 1, name: lens.name })).toBeVisible();
    await page.getByRole('radio', { name: /^Abonnement/ }).check();
    await page.getByLabel('Levering', { exact: true }).selectOption({ label: 'Hver 3. måned' });
    const right = page.getByRole('group', { name: 'Højre øje (H)' });
    await right.getByLabel('Styrke').selectOption({ label: '-1,25' });
    await right.getByLabel('Basekurve').selectOption({ index: 1 });
    await right.getByLabel('Diameter').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Læg i kurv' }).click();

    // The cart opens with the line → checkout, click and collect, card 4111 1111 1111 1111.
    const drawer = page.getByRole('dialog', { name: /Din kurv/ });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('3. måned');
    await drawer.getByRole('link', { name: 'Gå til kassen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kassen' })).toBeVisible();
    await fillCheckout(page);
    await page.getByRole('button', { name: /^Betal \d/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tak for din ordre' })).toBeVisible();

    // My Pages: the new subscription is listed (newest first) next to the demo ones.
    await page.goto(`${webURL}/min-konto/abonnement`);
    await expect(page.getByRole('heading', { level: 1, name: 'Abonnementer' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'Hver 3. måned' }).first();
    await expect(card.getByText('Aktiv', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/min-konto\/abonnement\/linse\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Linseabonnement' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toContainText('Styrke -1,25');
    await expect(page.getByText('Kort •••• 1111').first()).toBeVisible();
    await expectNoA11yViolations(page);

    // Pause (confirmed in a dialog) …
    await page.getByRole('button', { name: 'Sæt på pause' }).click();
    const pauseDialog = page.getByRole('dialog', { name: 'Sæt abonnementet på pause?' });
    await expect(pauseDialog).toBeVisible();
    await expectNoA11yViolations(page);
    await pauseDialog.getByRole('button', { name: 'Ja, sæt på pause' }).click();
    await expect(page.getByRole('status').getByText('Abonnementet er sat på pause.')).toBeFocused();
    await expect(page.getByText('Sat på pause', { exact: true })).toBeVisible();

    // … reactivate …
    await page.getByRole('button', { name: 'Genaktivér abonnementet' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Abonnementet er aktivt igen.' })).toBeVisible();
    await expect(page.getByText('Aktiv', { exact: true })).toBeVisible();

    // … change the interval …
    await page.getByLabel('Levér linserne').selectOption({ label: 'Hver måned' });
    await page.getByRole('button', { name: 'Skift interval' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Leveringsintervallet er ændret til hver måned.' })).toBeVisible();

    // … and cancel (confirmed): final, so reactivation is no longer offered.
    await page.getByRole('button', { name: 'Opsig abonnementet' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Opsig abonnementet?' });
    await cancelDialog.getByRole('button', { name: 'Ja, opsig abonnementet' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Abonnementet er opsagt.' })).toBeVisible();
    await expect(page.getByText('Opsagt', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Genaktivér abonnementet' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sæt på pause' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    // Still cancelled after a reload.
    await page.reload();
    await expect(page.getByText('Opsagt', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Genaktivér abonnementet' })).toHaveCount(0);
  });

  test('add a product and update the payment method of the demo subscription', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
    await loginAsCustomer();
    const lens = await subscriptionLens(page.request, webURL);
    const name = lens.packageName ?? lens.name;
    await page.goto(`${webURL}/min-konto/abonnement/linse/ls-demo-aktiv`);
    await expect(page.getByRole('heading', { level: 1, name: 'Linseabonnement' })).toBeVisible();

    await page.getByRole('link', { name: 'Tilføj produkt' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tilføj produkt til abonnementet' })).toBeVisible();
    const lenses = page.getByRole('list', { name: 'Kontaktlinser med abonnement' });
    await expect(lenses.getByRole('link').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await lenses.getByRole('link', { name, exact: true }).click();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    // Nothing chosen: the prescription is asked for, and the choice is kept.
    await page.getByRole('button', { name: 'Tilføj til abonnementet' }).click();
    await expect(page.getByLabel('Styrke')).toBeFocused();
    await expectNoA11yViolations(page);
    await page.getByLabel('Styrke').selectOption({ label: '-1,25' });
    for (const label of ['Basekurve', 'Diameter']) {
      const select = page.getByLabel(label);
      if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
    }
    await page.getByLabel('Antal æsker pr. levering').selectOption('2');
    await page.getByRole('button', { name: 'Tilføj til abonnementet' }).click();
    await expect(page).toHaveURL(/\/min-konto\/abonnement\/linse\/ls-demo-aktiv$/);
    await expect(page.getByRole('status').getByText(`${name} er tilføjet til abonnementet.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toContainText('Styrke -1,25');

    await page.getByRole('link', { name: 'Skift betalingsmåde' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Opdatér betalingsmåde' })).toBeVisible();
    // A declined card: "update cancelled", the old method stays.
    await page.getByLabel('Kortnummer').fill('4000 0000 0000 0002');
    await page.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/30');
    await page.getByLabel('Kontrolcifre (CVC)').fill('123');
    await page.getByRole('button', { name: 'Gem betalingsmåde' }).click();
    await expect(page.getByRole('alert').getByText(/^Opdatering annulleret: Betalingen blev afvist/)).toBeVisible();
    await page.getByRole('radio', { name: 'MobilePay' }).check();
    await page.getByLabel('Mobilnummer').fill('20304050');
    await page.getByRole('button', { name: 'Gem betalingsmåde' }).click();
    await expect(page.getByRole('status').getByText('Opdateret: dine leveringer betales nu med MobilePay •• •• 40 50.')).toBeFocused();
    await expectNoA11yViolations(page);
  });

  test('a visitor is asked to log in before a subscription is bought, and keeps the cart', async ({ page, webURL, expectNoA11yViolations }) => {
    const lens = await subscriptionLens(page.request, webURL);
    const shopper = await page.request.get(`${webURL}/api/site/shopper`);
    const { token } = (await shopper.json()) as { token: string };
    const sku = lens.skus.find((x) => x.stock >= 2)!;
    const prescription = { power: -1.25, baseCurve: lens.lensParameters!.baseCurves[0], diameter: lens.lensParameters!.diameters[0], cylinder: null, axis: null, addition: null };
    const added = await page.request.post(`${webURL}/api/cart/update`, { data: { skuId: sku.id, quantity: 1, noCheckoutInfo: true, subscriptionInterval: 'm1', prescription }, headers: { 'CSRF-TOKEN': token } });
    expect(added.status()).toBe(200);
    await page.goto(`${webURL}/checkout`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kassen' })).toBeVisible();
    await fillCheckout(page);
    await page.getByRole('button', { name: /^Betal \d/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Linseabonnement kræver, at du er logget ind.' })).toBeVisible();
    // Nothing typed is lost, and the line is still in the cart.
    await expect(page.getByLabel('Fornavn', { exact: true })).toHaveValue('Mette');
    const cart = await page.request.get(`${webURL}/api/site/shopper`);
    expect(((await cart.json()) as { cartHead: { cart: { items: unknown[] } } }).cartHead.cart.items).toHaveLength(1);
    await expectNoA11yViolations(page);
  });
});
