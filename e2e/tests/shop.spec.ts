import { expect, test } from '../fixtures';

test.describe('shop', () => {
  test('home shows every main category with its count and sub-route links', async ({ page, webURL }) => {
    await page.goto(webURL);
    await expect(page.getByRole('heading', { level: 1, name: 'Briller, solbriller og kontaktlinser' })).toBeVisible();
    const categories = page.getByRole('region', { name: 'Kategorier' });
    for (const name of ['Briller', 'Solbriller', 'Sportsbriller', 'Kontaktlinser', 'Øjenpleje', 'Tilbehør til briller']) {
      await expect(categories.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
    const briller = categories.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Briller', exact: true }) });
    await expect(briller.getByText(/^\d{1,3}(\.\d{3})* varer$/)).toBeVisible();
    await expect(briller.getByRole('link', { name: 'Gucci' })).toHaveAttribute('href', '/briller/gucci');
    await expect(briller.getByRole('link', { name: 'Læsebriller' })).toHaveAttribute('href', '/briller/læsebriller');
    await expect(categories.getByRole('link', { name: 'Flerstyrkelinser' })).toHaveAttribute('href', '/kontaktlinser/flerstyrke');
  });

  test('the skip link is the first stop by keyboard and moves focus to the content', async ({ page, webURL }) => {
    await page.goto(webURL);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Gå til indhold' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#indhold$/);
    await expect(page.locator('main#indhold')).toBeFocused();
  });

  test('a footer content page opens with its text', async ({ page, webURL }) => {
    await page.goto(webURL);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Garanti og ombytningsret' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Garanti og ombytningsret' })).toBeVisible();
    await expect(page.getByText(/30 dage fra modtagelsen/)).toBeVisible();
  });

  test('an unknown path says the page was not found', async ({ page, webURL }) => {
    await page.goto(`${webURL}/findes-ikke`);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' })).toBeVisible();
    await page.getByRole('link', { name: 'Gå til forsiden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Briller, solbriller og kontaktlinser' })).toBeVisible();
  });

  test('a customer session set by loginAsCustomer is known to the API through the shop', async ({ page, webURL, loginAsCustomer }) => {
    await loginAsCustomer();
    const me = await page.request.get(`${webURL}/api/auth/me`);
    expect(me.status()).toBe(200);
    expect((await me.json()).user.name).toBe('Mette Jensen');
  });
});
