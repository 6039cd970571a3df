import { expect, test } from '../fixtures';

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('shop home', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(webURL);
    await expect(page.getByRole('heading', { level: 3, name: 'Briller', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    await expectNoA11yViolations(page);
  });

  test('shop content page', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/kontakt-os`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakt os' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the FAQ from the footer: questions open by keyboard; the press page lists releases', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(webURL);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Ofte stillede spørgsmål' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ofte stillede spørgsmål' })).toBeVisible();
    const question = page.getByText('Hvordan returnerer jeg en vare?');
    const answer = page.getByText('Log ind på Min konto, find ordren');
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`${webURL}/presse`);
    await expect(page.getByRole('heading', { level: 2, name: 'Pressemeddelelser' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /^3\. november 2026/ })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('shop page not found', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/findes-ikke`);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('store login, with and without field errors', async ({ page, storeURL, expectNoA11yViolations }) => {
    await page.goto(storeURL);
    await expect(page.getByLabel('Butik')).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByText('Skal udfyldes.').first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('store app logged in: start, customers, new-customer form with errors, sync panel', async ({ page, loginAsStore, expectNoA11yViolations }) => {
    await loginAsStore();
    await expect(page.getByRole('heading', { level: 2, name: 'Profil Optik København K' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Kunder' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kunder' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Opret kunde' }).click();
    await page.getByRole('button', { name: 'Gem kunde' }).click();
    await expect(page.getByLabel('Postnummer')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Annullér' }).click();
    await page.getByRole('link', { name: /Synkronisering/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Synkronisering' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
