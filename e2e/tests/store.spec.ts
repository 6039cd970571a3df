import { DEMO_PASSWORD, expect, test } from '../fixtures';

test.describe('store app', () => {
  test('a wrong password shows the Danish error and keeps the chosen store and user', async ({ page, storeURL }) => {
    await page.goto(storeURL);
    await expect(page.getByRole('heading', { name: 'Log ind som butik' })).toBeVisible();
    await page.getByLabel('Butik').selectOption({ label: 'Profil Optik København K' });
    await page.getByLabel('Brugernavn').fill('medarbejder1');
    await page.getByLabel('Adgangskode').fill('forkert-kode');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login mislykkedes. Prøv igen.');
    await expect(page.getByLabel('Brugernavn')).toHaveValue('medarbejder1');
    await expect(page.getByLabel('Butik')).toHaveValue('st-001');
  });

  test('empty fields are named with Danish messages', async ({ page, storeURL }) => {
    await page.goto(storeURL);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByText('Skal udfyldes.')).toHaveCount(3);
    await expect(page.getByLabel('Brugernavn')).toHaveAttribute('aria-invalid', 'true');
  });

  test('staff log in, see their name and the store status bar, and log out', async ({ page, loginAsStore }) => {
    await loginAsStore();
    await expect(page.getByText('Medarbejder: Anders Møller')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Logget ind som butik Profil Optik København K' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Profil Optik København K' })).toBeVisible();
    await expect(page.getByText('Frederiksborggade 21, 1360 København K')).toBeVisible();
    await expect(page.getByRole('row', { name: /Søndag/ })).toContainText('Lukket');
    await page.reload();
    await expect(page.getByText('Medarbejder: Anders Møller')).toBeVisible();
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page.getByRole('heading', { name: 'Log ind som butik' })).toBeVisible();
  });

  test('staff cannot log in at another store', async ({ page, storeURL }) => {
    await page.goto(storeURL);
    await page.getByLabel('Butik').selectOption('st-002');
    await page.getByLabel('Brugernavn').fill('medarbejder1');
    await page.getByLabel('Adgangskode').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login mislykkedes. Prøv igen.');
  });
});
