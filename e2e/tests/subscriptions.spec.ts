import { expect, test } from '../fixtures';
import { fillCheckout, fillDemoContact, lineName, rowNamePattern, subscriptionLens } from '../lens-subscription';

// The whole journey of a new customer (register → … → buy → pause → reactivate → change interval → cancel) is in accounts.spec.ts.

test.describe('lens subscriptions', () => {
  test('add a product and update the payment method of the demo subscription', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
    await loginAsCustomer();
    const lens = await subscriptionLens(page.request, webURL);
    const name = lineName(lens);
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
    await expect(page.getByRole('row', { name: rowNamePattern(name) })).toContainText('Styrke -1,25');

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
    await fillDemoContact(page);
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
