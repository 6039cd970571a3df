import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from '../fixtures';

/** Store staff receive a return's parcel (the store or returns desk scans its number), in their own session. */
async function receiveReturn(request: APIRequestContext, returnNumber: string) {
  const { token } = (await (await request.get('/api/site/shopper')).json()) as { token: string };
  const headers = { 'CSRF-TOKEN': token };
  expect((await request.post('/api/auth/store/login', { headers, data: { storeId: 'st-001', username: 'medarbejder1', password: DEMO_PASSWORD } })).status()).toBe(200);
  const res = await request.post('/api/staff/returns/confirm', { headers, data: { returnNumber } });
  expect(res.status()).toBe(200);
}

test('a customer returns an item within its withdrawal period, sees it pending, then confirmed and refunded', async ({ page, webURL, playwright, loginAsCustomer, expectNoA11yViolations }) => {
  await loginAsCustomer();
  await page.goto(`${webURL}/min-konto/ordrer`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ordrer' })).toBeVisible();
  const orders = page.getByRole('table', { name: 'Dine ordrer, nyeste først' });
  await expect(orders.getByRole('row').filter({ hasText: 'O2500105' })).toContainText('Under behandling');
  await expect(orders.getByRole('row').filter({ hasText: 'O2500106' })).toContainText('Annulleret');
  await expectNoA11yViolations(page);

  // Delivered 45 days ago: the glasses and the case had 30 days, the sunglasses have 90.
  await orders.getByRole('link', { name: 'O2500102' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordre O2500102' })).toBeVisible();
  await expect(page.getByText('Afhentning i pakkeshop')).toBeVisible();
  const lines = page.getByRole('table', { name: 'Varer i ordren' });
  await expect(lines.getByText(/^Fortrydelsesfristen udløb /)).toHaveCount(2);
  await expect(lines.getByText(/^90 dage – til og med /)).toHaveCount(1);
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Returnér varer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returnér varer – Ordre O2500102' })).toBeVisible();
  // The lines outside their period are refused, with the reason; only the sunglasses can be chosen.
  await expect(page.getByText(/^Kan ikke returneres: Fortrydelsesfristen udløb /)).toHaveCount(2);
  const choice = page.getByRole('checkbox', { name: /^Returnér / });
  await expect(choice).toHaveCount(1);
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Registrér returnering' }).click();
  await expect(page.getByText('Vælg de varer, du vil returnere.')).toBeVisible();
  await choice.check();
  await page.getByRole('radio', { name: 'Varen passer ikke' }).check();
  await expect(page.getByText('Beløbet sendes tilbage til MobilePay, når vi har modtaget varerne.')).toBeVisible();
  await page.getByRole('button', { name: 'Registrér returnering' }).click();
  await expect(page.getByRole('heading', { name: 'Returneringen er registreret' })).toBeFocused();
  const status = await page.getByRole('status').textContent();
  expect(status ?? '').toMatch(/R\d{6,}/);
  const returnNumber = /R\d{6,}/.exec(status ?? '')![0];
  await expect(page.getByText(/^RR\d{9}DK$/)).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Tilbage til ordren' }).click();
  await expect(page.getByRole('heading', { name: `Returnering ${returnNumber} Afventer` })).toBeVisible();
  await expect(lines.getByText('Leveret, 1 afventer retur')).toBeVisible();

  // The parcel arrives: staff confirm it, and the refund goes back to MobilePay.
  const staff = await playwright.request.newContext({ baseURL: webURL });
  await receiveReturn(staff, returnNumber!);
  await staff.dispose();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Returnering ${returnNumber} Bekræftet` })).toBeVisible();
  await expect(page.getByText(/^Pengene blev sendt tilbage /)).toBeVisible();
  await expect(page.getByText(/tilbage til MobilePay$/)).toBeVisible();
  await expect(lines.getByText('Leveret, 1 returneret')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Returnér varer' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('a customer pays an overdue invoice: a declined card first, then a good one', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
  await loginAsCustomer();
  await page.goto(`${webURL}/min-konto/betaling-fakturaer`);
  await expect(page.getByRole('heading', { level: 1, name: 'Betaling og fakturaer' })).toBeVisible();
  const open = page.getByRole('table', { name: 'Til betaling' });
  const overdue = open.getByRole('row').filter({ hasText: 'Forfalden' }).filter({ hasText: 'rate 2 af 4' });
  await expect(overdue).toContainText('Ikke betalt');
  await expect(page.getByRole('table', { name: 'Betalte og afsluttede fakturaer' }).getByText('Sendt til inkasso')).toBeVisible();
  await expectNoA11yViolations(page);

  await overdue.getByRole('link', { name: /^Betal faktura \d{16}$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Faktura \d{16}$/ })).toBeVisible();
  await expectNoA11yViolations(page);

  // Changing to a card the bank declines leaves the method as it was.
  const methodForm = page.getByRole('group', { name: 'Vælg betalingsmetode' });
  await methodForm.getByRole('radio', { name: 'Betalingskort' }).check();
  const pay = page.getByRole('form', { name: 'Betal fakturaen' });
  const methodSection = page.locator('section', { has: page.getByRole('heading', { name: 'Betalingsmetode', exact: true }) });
  await methodSection.getByLabel('Kortnummer').fill('4000 0000 0000 0002');
  await methodSection.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/30');
  await methodSection.getByLabel('Kontrolcifre (CVC)').fill('123');
  await methodSection.getByRole('button', { name: 'Gem betalingsmetode' }).click();
  await expect(methodSection.getByRole('status')).toContainText('Opdatering annulleret');

  await pay.getByLabel('Kortnummer').fill('4000 0000 0000 0002');
  await pay.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/30');
  await pay.getByLabel('Kontrolcifre (CVC)').fill('123');
  await pay.getByRole('button', { name: 'Betal 625,00 kr.' }).click();
  await expect(pay.getByRole('alert')).toHaveText('Betalingen blev afvist. Prøv et andet kort eller en anden betalingsmåde.');
  await expectNoA11yViolations(page);

  await pay.getByLabel('Kortnummer').fill('4111 1111 1111 1111');
  await pay.getByRole('button', { name: 'Betal 625,00 kr.' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tak!' })).toHaveText('Tak! Vi har modtaget 625,00 kr., og fakturaen er betalt.');
  await expect(page.getByText('Mangler at betale').locator('xpath=following-sibling::dd[1]')).toHaveText('0,00 kr.');
  await expect(page.getByRole('heading', { name: 'Betalinger' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Se fakturaen' }).click();
  await expect(page.getByRole('table', { name: 'Fakturalinjer' })).toContainText('Delbetaling af briller – rate 2 af 4');
  await expect(page.getByRole('definition').filter({ hasText: /^Betalt$/ })).toBeVisible();
  await expectNoA11yViolations(page);
});
