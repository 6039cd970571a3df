import { expect, test } from '../fixtures';

test('a manager approves one requisition and rejects another with a note; staff never see them', async ({ page, storeURL, loginAsStore, expectNoA11yViolations }) => {
  await loginAsStore({ username: 'leder1' });
  await page.getByRole('link', { name: 'Rekvisitioner' }).click();
  await expect(page.getByRole('heading', { name: 'Rekvisitioner', level: 1 })).toBeVisible();
  const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lars Kristensen (medarbejdernr. M-1042)' }) });
  const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pia Andersen (medarbejdernr. M-1077)' }) });
  await expect(first).toContainText('Afventer beslutning');
  await expectNoA11yViolations(page);

  // A rejection needs a note.
  await second.getByRole('button', { name: 'Afvis' }).click();
  await expect(second.getByRole('alert')).toHaveText('Skriv en note om, hvorfor rekvisitionen afvises.');
  await expectNoA11yViolations(page);
  await second.getByLabel('Note (skal udfyldes ved afvisning)').fill('Aftalen dækker ikke premium-stel.');
  await second.getByRole('button', { name: 'Afvis' }).click();
  await expect(second).toContainText('Afvist');

  await first.getByLabel('Note (skal udfyldes ved afvisning)').fill('Godkendt efter aftale med firmaet.');
  await first.getByRole('button', { name: 'Godkend' }).click();
  await expect(first).toContainText('Godkendt af Henrik Poulsen');
  await expect(page.getByRole('link', { name: /Synkronisering/ })).toContainText('0');

  // The server holds both decisions.
  const res = await page.request.get(`${storeURL}/api/staff/requisitions`);
  const { data } = (await res.json()) as { data: { employeeName: string; status: string; note: string | null; decidedBy: string | null }[] };
  expect(data.find((r) => r.employeeName === 'Lars Kristensen')).toMatchObject({ status: 'approved', note: 'Godkendt efter aftale med firmaet.', decidedBy: 'Henrik Poulsen' });
  expect(data.find((r) => r.employeeName === 'Pia Andersen')).toMatchObject({ status: 'rejected', note: 'Aftalen dækker ikke premium-stel.' });

  // Store staff who are not managers get neither the menu item nor the list.
  await page.getByRole('button', { name: 'Log ud' }).click();
  await loginAsStore();
  await expect(page.getByRole('link', { name: 'Rekvisitioner' })).toHaveCount(0);
  expect((await page.request.get(`${storeURL}/api/staff/requisitions`)).status()).toBe(403);
});
