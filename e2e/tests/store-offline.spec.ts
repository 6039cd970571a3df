import { expect, test } from '../fixtures';

test('staff create a customer with the network cut; it syncs exactly once when back online', async ({ page, context, storeURL, loginAsStore }) => {
  await loginAsStore();
  // The service worker must control the page before the network goes (TOOLCHAIN.md).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByText('Medarbejder: Anders Møller')).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Kunder' }).click();
  await page.getByRole('button', { name: 'Opret kunde' }).click();
  await page.getByLabel('Postnummer').fill('8000');
  await expect(page.getByLabel('By')).toHaveValue('Aarhus C');
  await page.getByLabel('Fornavn').fill('Karen');
  await page.getByLabel('Efternavn').fill('Offline-Sørensen');
  await page.getByLabel('Telefon').fill('+45 26 27 28 29');
  await page.getByLabel('Adresse').fill('Søndergade 12');
  await page.getByLabel('CPR-nummer på brugeren af linserne').fill('010160-1235');
  await page.getByRole('button', { name: 'Gem kunde' }).click();
  // A failed check digit is a warning to confirm, never a block (DOMAIN.md).
  await expect(page.getByText(/består ikke kontrollen af sidste ciffer/)).toBeVisible();
  await page.getByLabel('Jeg har kontrolleret CPR-nummeret, og det er korrekt').check();
  await page.getByRole('button', { name: 'Gem kunde' }).click();
  await expect(page.getByText('Karen Offline-Sørensen er oprettet.', { exact: false })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Karen Offline-Sørensen' });
  await expect(row).toContainText('Venter på synkronisering');
  await expect(row).toContainText('CPR 010160-XXXX');
  await expect(page.getByRole('link', { name: /Synkronisering/ })).toContainText('1');

  // Reload with the network still cut: the app shell comes from the service worker.
  await page.reload();
  await expect(page.getByText('Medarbejder: Anders Møller')).toBeVisible();
  await page.getByRole('link', { name: /Synkronisering/ }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Ny kunde' })).toContainText('Venter');

  await context.setOffline(false);
  await expect(page.getByRole('listitem').filter({ hasText: 'Ny kunde' })).toContainText('Sendt');
  await expect(page.getByRole('link', { name: /Synkronisering/ })).toContainText('0');
  await page.getByRole('link', { name: 'Kunder' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Karen Offline-Sørensen' })).toContainText(/K\d{6}/);

  // The API holds exactly one such customer, found by exact CPR.
  const shopper = await page.request.get(`${storeURL}/api/site/shopper`);
  const { token } = (await shopper.json()) as { token: string };
  const found = await page.request.post(`${storeURL}/api/staff/customers/search`, { data: { q: '0101601235' }, headers: { 'CSRF-TOKEN': token } });
  const body = (await found.json()) as { data: { lastName: string; cpr: string }[] };
  expect(body.data).toEqual([expect.objectContaining({ lastName: 'Offline-Sørensen', cpr: '010160-XXXX' })]);
});
