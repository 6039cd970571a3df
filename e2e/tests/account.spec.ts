import { expect, test } from '../fixtures';
import { mailTo } from '../mail';

test('a new customer registers, follows the mailed link and is signed in', async ({ page, webURL, expectNoA11yViolations }) => {
  const email = `ny-${Date.now()}@example.dk`;
  const shopper = await page.request.get(`${webURL}/api/site/shopper`);
  const { token } = (await shopper.json()) as { token: string };
  const reg = await page.request.post(`${webURL}/api/auth/register`, {
    headers: { 'CSRF-TOKEN': token },
    data: { firstName: 'Ida', lastName: 'Holm', email, phone: '20304050', password: 'langkode123', passwordRepeat: 'langkode123', acceptTerms: true },
  });
  expect(reg.status()).toBe(201);
  await expect.poll(() => mailTo(email).catch(() => '')).toContain('/min-konto/bekraeft-email#token=');
  const link = /(http\S+bekraeft-email#token=[\w-]+)/.exec(await mailTo(email))![1]!;
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Tak, Ida Holm. Din e-mail er bekræftet, og du er logget ind.');
  const me = await page.request.get(`${webURL}/api/auth/me`);
  expect((await me.json()).user.email).toBe(email);
  await expectNoA11yViolations(page);

  // The link works once; the page then offers a new one.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Linket er udløbet eller allerede brugt. Bestil et nyt link.');
  await expectNoA11yViolations(page);
  await page.getByLabel('Din e-mail').fill('forkert');
  await page.getByRole('button', { name: 'Send nyt link' }).click();
  await expect(page.getByText('E-mail skal indeholde @ og et domæne.')).toBeVisible();
  await page.getByLabel('Din e-mail').fill(email);
  await page.getByRole('button', { name: 'Send nyt link' }).click();
  await expect(page.getByRole('status')).toContainText('har vi sendt et nyt link');
});
