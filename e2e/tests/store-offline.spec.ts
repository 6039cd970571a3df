import { expect, test } from '../fixtures';
import { postWithCsrf } from '../csrf';
import { smsOutbox } from '../sms';
import { readyForOffline } from '../store-device';

test('staff create a customer with the network cut; it syncs exactly once when back online', async ({ page, context, storeURL, loginAsStore, expectNoA11yViolations }) => {
  // The whole store journey: offline work, sync, a gift card at the counter, and the customer paying the rest by link.
  test.slow();
  await loginAsStore();
  await readyForOffline(page);
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

  // A glasses prescription for the new customer, still offline: it waits for the customer.
  await row.getByRole('link', { name: 'Recepter: Karen Offline-Sørensen' }).click();
  await page.getByRole('button', { name: 'Tilføj brillerecept' }).click();
  await expectNoA11yViolations(page);
  await page.getByLabel('Dato for synsprøven').fill('2026-10-15');
  for (const [field, right, left] of [['Sfære', '-1,25', '-1'], ['Cylinder', '-0,5', ''], ['Akse', '90', ''], ['Addition', '1,5', '1,5'], ['PD (mm)', '31,5', '32']]) {
    await page.getByLabel(`Højre øje (H): ${field}`).fill(right!);
    if (left) await page.getByLabel(`Venstre øje (V): ${field}`).fill(left);
  }
  await page.getByRole('button', { name: 'Gem recept' }).click();
  await expect(page.getByText('Bekræft, at recepten ikke er ældre end et år.')).toBeVisible();
  // SPEC §5: ADD makes reading glasses — a warning shown before saving, not a block.
  await expect(page.getByRole('note')).toHaveText('Med addition bliver brillerne læsebriller.');
  await expectNoA11yViolations(page);
  await page.getByLabel('Recepten er ikke ældre end et år').check();
  await page.getByRole('button', { name: 'Gem recept' }).click();
  await expect(page.getByText('Recepten er gemt', { exact: false })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Brillerecept' })).toContainText('H Sfære-1,25');
  await expect(page.getByRole('link', { name: /Synkronisering/ })).toContainText('2');

  // An order from the device's catalogue: lenses by subscription, collected in the store.
  await page.getByRole('button', { name: 'Ny ordre' }).click();
  await expect(page.getByText(/^Priser opdateret/)).toBeVisible();
  await page.getByLabel('Søg i kataloget').fill('acuvue oasys 1-day');
  await page.getByRole('button', { name: /^Tilføj Acuvue Oasys 1-Day \(30 stk\.\)/ }).click();
  await page.getByLabel('Købstype').selectOption({ label: 'Abonnement hver 3. måned' });
  await page.getByLabel('Antal').fill('1');
  await expect(page.getByRole('radio', { name: 'Hent i butikken (click and collect)' })).toBeChecked();
  await expect(page.getByLabel('Recept')).toHaveValue(/.+/);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Opret ordre' }).click();
  await expect(page.getByText('Ordren er oprettet', { exact: false })).toBeVisible();
  const orderRow = page.getByRole('region', { name: 'Ordrer' }).getByRole('listitem');
  await expect(orderRow).toContainText('Ordrenummer tildeles ved synkronisering');
  await expect(orderRow).toContainText('Afventer betaling');
  await expect(page.getByRole('link', { name: /Synkronisering/ })).toContainText('3');

  // A payment request by SMS, still offline: it waits for the order's command.
  await orderRow.getByRole('button', { name: 'Send betalingslink for Ordrenummer tildeles ved synkronisering' }).click();
  await expect(page.getByRole('radio', { name: 'SMS til 26 27 28 29' })).toBeChecked();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(orderRow).toContainText('Betalingslink sendes via SMS ved næste synkronisering.');
  await expect(page.getByRole('link', { name: /Synkronisering/ })).toContainText('4');

  // A gift card at the counter needs the network: offline the app says so and keeps what was typed.
  await orderRow.getByRole('button', { name: 'Betal med gavekort for Ordrenummer tildeles ved synkronisering' }).click();
  await orderRow.getByLabel('Gavekortnummer').fill('6001100000000006');
  await orderRow.getByLabel('PIN-kode').fill('1357');
  await orderRow.getByRole('button', { name: 'Træk på gavekortet' }).click();
  await expect(orderRow.getByRole('alert')).toContainText('Gavekort kræver forbindelse');
  await expect(orderRow.getByLabel('Gavekortnummer')).toHaveValue('6001100000000006');
  await expectNoA11yViolations(page);
  await orderRow.getByRole('button', { name: 'Annullér' }).click();

  // Reload with the network still cut: the app shell comes from the service worker.
  await page.reload();
  await expect(page.getByText('Medarbejder: Anders Møller')).toBeVisible();
  await page.getByRole('link', { name: /Synkronisering/ }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Ny kunde' })).toContainText('Venter');
  await expect(page.getByRole('listitem').filter({ hasText: 'Ny recept' })).toContainText('Venter');

  await context.setOffline(false);
  await expect(page.getByRole('listitem').filter({ hasText: 'Ny kunde' })).toContainText('Sendt');
  await expect(page.getByRole('listitem').filter({ hasText: 'Ny recept' })).toContainText('Sendt');
  await expect(page.getByRole('listitem').filter({ hasText: 'Ny ordre' })).toContainText('Sendt');
  await expect(page.getByRole('listitem').filter({ hasText: 'Betalingslink' })).toContainText('Sendt');
  await expect(page.getByRole('link', { name: /Synkronisering/ })).toContainText('0');
  await page.getByRole('link', { name: 'Kunder' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Karen Offline-Sørensen' })).toContainText(/K\d{6}/);

  // The API holds exactly one such customer, found by exact CPR.
  const found = await postWithCsrf(page.request, `${storeURL}/api/staff/customers/search`, { q: '0101601235' });
  const body = (await found.json()) as { data: { lastName: string; cpr: string }[] };
  expect(body.data).toEqual([expect.objectContaining({ lastName: 'Offline-Sørensen', cpr: '010160-XXXX' })]);
  const rx = await page.request.get(`${storeURL}/api/staff/customers/${(body.data[0] as unknown as { id: string }).id}/prescriptions`);
  const prescriptions = (await rx.json()) as { data: { examDate: string; entry: { kind: string; glasses: { rightSphere: number; leftAddition: number } } }[] };
  expect(prescriptions.data).toHaveLength(1);
  expect(prescriptions.data[0]).toMatchObject({ examDate: '2026-10-15', entry: { kind: 'glasses', glasses: { rightSphere: -1.25, leftAddition: 1.5 } } });
  const ordersRes = await page.request.get(`${storeURL}/api/staff/customers/${(body.data[0] as unknown as { id: string }).id}/orders`);
  const orders = (await ordersRes.json()) as { data: { orderNumber: string; prescriptionId: string; deliveryMethodId: number; paymentStatus: string; lines: { quantity: number; subscriptionInterval: string }[] }[] };
  expect(orders.data).toHaveLength(1);
  expect(orders.data[0]!.prescriptionId).toBe((prescriptions.data[0] as unknown as { id: string }).id);
  expect(orders.data[0]).toMatchObject({ deliveryMethodId: 119, paymentStatus: 'awaiting-payment', lines: [{ quantity: 1, subscriptionInterval: 'm3' }] });
  // The app shows the server's order number and where the link went.
  await page.getByRole('link', { name: 'Kunder' }).click();
  await page.getByRole('link', { name: 'Recepter: Karen Offline-Sørensen' }).click();
  const synced = page.getByRole('region', { name: 'Ordrer' }).getByRole('listitem');
  await expect(synced).toContainText(orders.data[0]!.orderNumber);
  await expect(synced).toContainText('Betalingslink sendt via SMS til +45 •• •• 28 29.');

  // Online, the customer pays part with a gift card at the counter (50 kr.); the link then asks only the rest.
  await synced.getByRole('button', { name: `Betal med gavekort for ${orders.data[0]!.orderNumber}` }).click();
  await synced.getByLabel('Gavekortnummer').fill('6001 1000 0000 0006');
  await synced.getByLabel('PIN-kode').fill('1357');
  await synced.getByRole('button', { name: 'Træk på gavekortet' }).click();
  await expect(synced.getByRole('status')).toContainText(/^Gavekortet dækkede 50,00\skr\. Rest at betale: [\d.]+,\d{2}\skr\. – send et betalingslink til resten\.$/);
  await expect(synced).toContainText(/Betalt med gavekort: 50,00\skr\. · Rest at betale/);
  await expect(synced).toContainText('Afventer betaling');

  // Exactly one SMS went out, to the customer, with a link to the shop's pay page.
  const sms = smsOutbox().filter((m) => m.to === '+4526272829');
  expect(sms).toHaveLength(1);
  const link = /(http:\/\/\S+\/betal\/[\w-]+)/.exec(sms[0]!.text)?.[1];
  expect(link).toMatch(/^http:\/\/localhost:\d+\/betal\/[\w-]{40,}$/);
  expect(sms[0]!.text).toContain(orders.data[0]!.orderNumber);

  // The customer pays on their own phone: a new page in the shop.
  const shop = await context.newPage();
  await shop.goto(link!);
  await expect(shop.getByRole('heading', { name: 'Betal din ordre', level: 1 })).toBeVisible();
  await expect(shop.getByText(orders.data[0]!.orderNumber)).toBeVisible();
  await expect(shop.getByRole('row', { name: /Betalt med gavekort/ })).toContainText('−50,00');
  const rest = (await shop.getByRole('row', { name: /At betale/ }).locator('td').textContent())!;
  await expect(shop.getByRole('button', { name: `Betal ${rest}` })).toBeVisible();
  await expectNoA11yViolations(shop);
  // A gift card of their own covers part of the rest: a wrong PIN first (nothing taken), then the right one.
  await shop.getByLabel('Gavekortnummer').fill('6001100000000005');
  await shop.getByLabel('PIN-kode').fill('0000');
  await shop.getByRole('button', { name: 'Brug gavekort' }).click();
  await expect(shop.getByText('Gavekortoplysningerne passede ikke til noget gavekort.')).toBeVisible();
  await expect(shop.getByLabel('Gavekortnummer')).toBeFocused();
  await shop.getByLabel('PIN-kode').fill('2468');
  await shop.getByRole('button', { name: 'Brug gavekort' }).click();
  await expect(shop.getByRole('group', { name: 'Gavekort' }).getByRole('status')).toContainText(/^Gavekort dækker 50,00\skr\. Rest at betale: [\d.]+,\d{2}\skr\.$/);
  await expect(shop.getByText('Gavekort, der slutter på 0005')).toBeVisible();
  await expect(shop.getByRole('button', { name: /^Betal / })).not.toHaveText(`Betal ${rest}`);
  await expectNoA11yViolations(shop);
  await shop.getByLabel('Kortnummer', { exact: true }).fill('4000 0000 0000 0002');
  await shop.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/29');
  await shop.getByLabel('Kontrolcifre (CVC)').fill('123');
  await shop.getByRole('button', { name: /^Betal / }).click();
  await expect(shop.getByRole('alert')).toContainText('Betalingen blev afvist');
  await shop.getByLabel('Kortnummer', { exact: true }).fill('4111 1111 1111 1111');
  await shop.getByRole('button', { name: /^Betal / }).click();
  await expect(shop.getByRole('heading', { name: 'Tak for din betaling' })).toBeVisible();
  await expectNoA11yViolations(shop);
  // The link is used up.
  await shop.reload();
  await expect(shop.getByRole('alert')).toHaveText('Ordren er allerede betalt. Tak!');
  await shop.close();

  // The store app learns it on its next sync.
  await page.getByRole('link', { name: /Synkronisering/ }).click();
  await page.getByRole('button', { name: 'Synkronisér nu' }).click();
  await page.getByRole('link', { name: 'Kunder' }).click();
  await page.getByRole('link', { name: 'Recepter: Karen Offline-Sørensen' }).click();
  await expect(page.getByRole('region', { name: 'Ordrer' }).getByRole('listitem')).toContainText(/Betalt \d/);
  await expect(page.getByRole('region', { name: 'Ordrer' }).getByRole('listitem')).toContainText(/Betalt med gavekort: 100,00\skr\./);
  await expect(page.getByRole('button', { name: /^Send betalingslink/ })).toHaveCount(0);
});
