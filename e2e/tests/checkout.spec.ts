import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';

interface ListingAnswer {
  displays: { product_id: string }[];
}
interface ArticleAnswer {
  data: { id: string; name: string; price: { unit: { publicationStatus: number; amount: number } }; skus: { id: string; stock: number }[] };
}

/** A glasses sku that can be bought online (publicationStatus 20, in stock), found as the widget lists them. */
async function buyableSku(request: APIRequestContext, webURL: string): Promise<{ skuId: string; name: string; price: number }> {
  const listing = await request.post(`${webURL}/v2/product-listing`, { data: { market: 'dk', category_id: '/briller', limit: 20 } });
  expect(listing.status()).toBe(200);
  for (const d of ((await listing.json()) as ListingAnswer).displays) {
    const res = await request.get(`${webURL}/api/article/${encodeURIComponent(d.product_id)}`);
    if (res.status() !== 200) continue;
    const a = ((await res.json()) as ArticleAnswer).data;
    const sku = a.skus.find((s) => s.stock >= 2);
    if (a.price.unit.publicationStatus === 20 && sku) return { skuId: sku.id, name: a.name, price: a.price.unit.amount };
  }
  throw new Error('no buyable glasses in the first 20 of /briller');
}

test.describe('cart and checkout', () => {
  test('cart drawer, quantity change, checkout with a declined then an accepted card', async ({ page, webURL, expectNoA11yViolations }) => {
    // The item goes in through the API on the shop's origin, so the page's shopper cookie holds the cart.
    const shopper = await page.request.get(`${webURL}/api/site/shopper`);
    const { token } = (await shopper.json()) as { token: string };
    const { skuId } = await buyableSku(page.request, webURL);
    const added = await page.request.post(`${webURL}/api/cart/update`, { data: { skuId, quantity: 1, noCheckoutInfo: true }, headers: { 'CSRF-TOKEN': token } });
    expect(added.status()).toBe(200);

    await page.goto(webURL);
    const toggle = page.getByRole('banner').getByRole('button', { name: /^Kurv/ });
    await expect(toggle).toHaveAccessibleName('Kurv 1, 1 vare');
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: /Din kurv/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Din kurv (1 vare)' })).toBeVisible();
    await expectNoA11yViolations(page);

    await drawer.getByRole('button', { name: /^Én mere af/ }).click();
    await expect(drawer.getByRole('heading', { name: 'Din kurv (2 varer)' })).toBeVisible();
    await expect(toggle).toHaveAccessibleName('Kurv 2, 2 varer');
    await drawer.getByRole('button', { name: /^Én mindre af/ }).click();
    await expect(drawer.getByRole('heading', { name: 'Din kurv (1 vare)' })).toBeVisible();

    // Escape closes and gives focus back to the toggle.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await drawer.getByRole('link', { name: 'Gå til kassen' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kassen' })).toBeVisible();
    // SPEC §2: no cart toggle on the checkout.
    await expect(page.getByRole('button', { name: /^Kurv/ })).toHaveCount(0);

    await page.getByLabel('Fornavn', { exact: true }).fill('Karen');
    await page.getByLabel('Efternavn').fill('Sørensen');
    await page.getByLabel('E-mail', { exact: true }).fill('karen@example.dk');
    await page.getByLabel('Mobilnummer').fill('26272829');
    await page.getByLabel('Postnummer', { exact: true }).fill('8000');
    await expect(page.getByLabel('By', { exact: true })).toHaveValue('Aarhus C');
    await page.getByLabel('Gade og husnummer').fill('Søndergade 12');
    await page.getByRole('radio', { name: /Levering til døren/ }).check();
    const summary = page.getByRole('region', { name: 'Din ordre' });
    await page.getByLabel('Rabatkode', { exact: true }).fill('VELKOMMEN10');
    await page.getByRole('button', { name: 'Anvend' }).click();
    await expect(summary.getByText('Rabat (VELKOMMEN10)')).toBeVisible();
    await expect(page.getByText(/^Rabatkoden VELKOMMEN10 giver/)).toBeVisible();

    await page.getByLabel('Kortnummer', { exact: true }).fill('4000 0000 0000 0002');
    await page.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/30');
    await page.getByLabel('Kontrolcifre (CVC)').fill('123');
    await page.getByRole('checkbox', { name: /accepterer/ }).check();
    await expectNoA11yViolations(page);

    const pay = page.getByRole('button', { name: /^Betal \d/ });
    await pay.click();
    await expect(page.getByRole('alert')).toContainText('Betalingen blev afvist.');
    // The cart is kept: the quote still has the line, and the form what was typed.
    await expect(summary.getByRole('table')).toContainText('1');
    await expect(page.getByLabel('Fornavn', { exact: true })).toHaveValue('Karen');

    await page.getByLabel('Kortnummer', { exact: true }).fill('4111 1111 1111 1111');
    await pay.click();

    await expect(page).toHaveURL(/\/checkout\/bekraeftelse$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tak for din ordre' })).toBeVisible();
    await expect(page.getByText(/^O\d+$/)).toBeVisible();
    await expect(page.getByText('Vi har sendt en bekræftelse til karen@example.dk')).toBeVisible();
    await expectNoA11yViolations(page);

    // The badge is cleared: back in the shop the cart is empty.
    await page.getByRole('link', { name: 'Profil Optik – til forsiden' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Kurv/ })).toHaveAccessibleName('Kurv, tom');
  });

  test('a Friends member with a booked eye test gets 50 % off the frame at checkout', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
    // The Lifestyle demo customer is a Friends member; a synstest booked while signed in belongs to the account.
    await loginAsCustomer('lifestyle@example.dk');
    const { token } = (await (await page.request.get(`${webURL}/api/site/shopper`)).json()) as { token: string };
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
    const times = await page.request.get(`${webURL}/api/bookings/availability?storeId=st-003&examType=synstest&from=${today}&days=14`);
    const start = ((await times.json()) as { data: { days: { slots: { start: string }[] }[] } }).data.days.flatMap((d) => d.slots).at(-1)!.start;
    const contact = { firstName: 'Lars', lastName: 'Pedersen', email: 'lifestyle@example.dk', phone: '24252627' };
    const booked = await page.request.post(`${webURL}/api/bookings`, { headers: { 'CSRF-TOKEN': token }, data: { storeId: 'st-003', examType: 'synstest', ageGroup: '18-75', start, contact } });
    expect(booked.status()).toBe(201);

    await page.goto(`${webURL}/min-konto/friends`);
    await expect(page.getByText(/^Du har (en|\d+) booke(t|de) synstest/)).toBeVisible();

    const { skuId, price } = await buyableSku(page.request, webURL);
    expect((await page.request.post(`${webURL}/api/cart/update`, { data: { skuId, quantity: 1, noCheckoutInfo: true }, headers: { 'CSRF-TOKEN': token } })).status()).toBe(200);
    await page.goto(`${webURL}/checkout`);
    const summary = page.getByRole('region', { name: 'Din ordre' });
    // Half the frame's price, shown as e.g. "−749,50 kr.".
    const half = (Math.floor(price / 2) / 100).toLocaleString('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect(summary.locator('dt', { hasText: 'Friends-rabat' }).locator('xpath=following-sibling::dd[1]')).toHaveText(new RegExp(`^−${half.replace('.', '\\.')}\\s*kr\\.$`));
    await expectNoA11yViolations(page);

    await page.getByLabel('Fornavn', { exact: true }).fill(contact.firstName);
    await page.getByLabel('Efternavn').fill(contact.lastName);
    await page.getByLabel('E-mail', { exact: true }).fill(contact.email);
    await page.getByLabel('Mobilnummer').fill(contact.phone);
    await page.getByLabel('Postnummer', { exact: true }).fill('8000');
    await page.getByLabel('Gade og husnummer').fill('Vestergade 14');
    await page.getByRole('radio', { name: /Levering til døren/ }).check();
    await page.getByLabel('Kortnummer', { exact: true }).fill('4111 1111 1111 1111');
    await page.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/30');
    await page.getByLabel('Kontrolcifre (CVC)').fill('123');
    await page.getByRole('checkbox', { name: /accepterer/ }).check();
    await page.getByRole('button', { name: /^Betal \d/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Tak for din ordre' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Friends-rabat' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
