import { expect, test } from '../fixtures';
import { hasMail } from '../mail';

/** Demo data (api/src/seed/lifestyle.ts): kunde@example.dk's glasses and sunglasses agreements, and Lars's unconnected one. */
const GLASSES = 'la-1001';
const SUNGLASSES = 'la-1002';
const LARS = 'lifestyle@example.dk';

test.describe('Lifestyle glasses agreement', () => {
  test('open the agreement and its contract, start cancelling and accept the winback: 3 free months', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
    await loginAsCustomer();
    await page.goto(`${webURL}/min-konto/abonnement/briller/${GLASSES}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lifestyle-aftale' })).toBeVisible();
    const facts = page.getByRole('region', { name: 'Om aftalen' });
    await expect(facts.getByText('40012345')).toBeVisible();
    await expect(facts.getByText('Aktiv', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Se aftaledokumenter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aftaledokumenter' })).toBeVisible();
    await page.getByRole('link', { name: 'Lifestyle-aftale nr. 40012345' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Lifestyle-aftale nr. 40012345' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Opsigelse' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`${webURL}/min-konto/abonnement/briller/${GLASSES}`);
    await page.getByRole('link', { name: 'Opsig aftalen' }).click();
    await expect(page).toHaveURL(/\/fortrodmig\?aftale=la-1001$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Opsig Lifestyle-aftale' })).toBeVisible();
    await expect(page.getByText(/Aftalen har 30 dages opsigelse/)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Fortsæt til opsigelse' }).click();
    await expect(page.getByRole('heading', { name: 'Bliv hos os – og få 3 gratis måneder' })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Ja tak, jeg bliver' }).click();
    await expect(page.getByRole('heading', { name: 'Tak, fordi du bliver' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Du har fået 3 gratis måneder.');
    await expectNoA11yViolations(page);
    await expect.poll(() => hasMail('kunde@example.dk', '3 gratis måneder og beholder din Lifestyle-aftale nr. 40012345')).toBe(true);

    // The agreement stays, with the free months, and the offer is not made again.
    await page.getByRole('link', { name: 'Tilbage til aftalen' }).click();
    await expect(page.getByRole('region', { name: 'Om aftalen' }).getByText('gratis (tilbud ved opsigelse)', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Opsig aftalen' }).click();
    await page.getByRole('button', { name: 'Fortsæt til opsigelse' }).click();
    await expect(page.getByRole('heading', { name: 'Bekræft opsigelsen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ja tak, jeg bliver' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Fortryd' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lifestyle-aftale' })).toBeVisible();
  });

  test('declining the winback gives 30 days’ notice and shows the confirmation', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
    await loginAsCustomer();
    await page.goto(`${webURL}/fortrodmig?aftale=${SUNGLASSES}`);
    await page.getByRole('button', { name: 'Fortsæt til opsigelse' }).click();
    await page.getByRole('button', { name: 'Nej tak, opsig aftalen' }).click();
    await expect(page).toHaveURL(/\/fortrodmig\/bekr%C3%A6ftelse\?aftale=la-1002$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bekræftelse af opsigelse' })).toBeVisible();
    await expect(page.getByText(/^Vi har modtaget din opsigelse af Lifestyle-aftale nr\. 40012346/)).toBeVisible();
    await expect(page.getByText(/^Aftalen ophører /)).toBeVisible();
    await expectNoA11yViolations(page);
    await expect.poll(() => hasMail('kunde@example.dk', 'Vi har modtaget din opsigelse af Lifestyle-aftale nr. 40012346')).toBe(true);

    await page.getByRole('link', { name: 'Se bekræftelsen som dokument' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Bekræftelse af opsigelse' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`${webURL}/min-konto/abonnement/briller/${SUNGLASSES}`);
    await expect(page.getByRole('status')).toContainText('Du opsagde aftalen');
    await expect(page.getByRole('link', { name: 'Opsig aftalen' })).toHaveCount(0);
  });

  test('perks: order the yearly exchange and see the referral code', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
    await loginAsCustomer();
    await page.goto(`${webURL}/min-konto/abonnement/briller/${GLASSES}/fordele`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fordele og ombytning' })).toBeVisible();
    await expect(page.getByText('VEN-7K3P9Q', { exact: true })).toBeVisible();
    const brand = page.getByLabel('Mærke');
    await expect(brand).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Bestil ombytning' }).click();
    await expect(page.getByText('Vælg det stel, du vil bytte til.')).toBeVisible();
    await brand.selectOption({ index: 1 });
    await page.getByRole('radio').first().check();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Bestil ombytning' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ombytningen er bestilt' })).toBeFocused();
    await expect(page.getByText(/^Brugt \d+\. \w+ \d{4}\. Næste ombytning kan ske fra/)).toBeVisible();
  });

  test('connect an agreement signed in a store, with a friend’s code', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
    await loginAsCustomer(LARS);
    await page.goto(`${webURL}/min-konto/abonnement/forbind-til-lifestyle`);
    await expect(page.getByRole('heading', { level: 1, name: 'Forbind til Lifestyle' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('Aftalenummer').fill('40012347');
    await page.getByLabel('Fødselsdato (DDMMÅÅ)').fill('160385');
    await page.getByRole('button', { name: 'Forbind aftalen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Forbindelsen til Lifestyle mislykkedes. Det virker kun med en Lifestyle-aftale – kontrollér dine oplysninger, og prøv igen.');
    await expectNoA11yViolations(page);

    await page.getByLabel('Fødselsdato (DDMMÅÅ)').fill('150385');
    await page.getByLabel('Kode fra en ven (valgfri)').fill('VEN-4M8R2T');
    await page.getByRole('button', { name: 'Forbind aftalen' }).click();
    await expect(page.getByRole('heading', { name: 'Aftalen er forbundet' })).toBeFocused();
    await expect(page.getByRole('status')).toContainText('Du får 2 gratis måneder');
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Se din aftale' }).click();
    await expect(page.getByRole('region', { name: 'Om aftalen' }).getByText('40012347')).toBeVisible();
  });
});

test('gift card: a wrong PIN is refused with the SPEC §8 message, the right one shows the balance', async ({ page, webURL, expectNoA11yViolations }) => {
  await page.goto(`${webURL}/gavekort`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gavekort' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Gavekortnummer').fill('6001100000000001');
  await page.getByLabel('PIN-kode').fill('9999');
  await page.getByRole('button', { name: 'Se saldo' }).click();
  await expect(page.getByRole('alert')).toHaveText('Gavekortoplysningerne passede ikke til noget gavekort.');
  await expect(page.getByLabel('Gavekortnummer')).toHaveValue('6001100000000001');
  await expectNoA11yViolations(page);

  await page.getByLabel('PIN-kode').fill('1234');
  await page.getByRole('button', { name: 'Se saldo' }).click();
  await expect(page.getByRole('heading', { name: 'Saldo på gavekortet' })).toBeFocused();
  await expect(page.getByText('Saldo: 500,00 kr.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('Friends: sign up with the terms accepted', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
  await loginAsCustomer();
  await page.goto(`${webURL}/min-konto/friends`);
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bliv medlem – det er gratis' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Bliv medlem – det er gratis' }).click();
  const box = page.getByRole('checkbox', { name: 'Jeg har læst og accepterer Friends-vilkårene' });
  await expect(page.getByText('Du skal acceptere vilkårene.')).toBeVisible();
  await expect(box).toBeFocused();
  await expectNoA11yViolations(page);
  await box.check();
  await page.getByRole('button', { name: 'Bliv medlem – det er gratis' }).click();
  await expect(page.getByText('Velkommen i Friends!', { exact: false })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Uheldsforsikring og bytteret' })).toBeVisible();
  await expectNoA11yViolations(page);
});
