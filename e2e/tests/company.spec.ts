import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from '../fixtures';
import { postWithCsrf as post } from '../csrf';
import { hasMail, linkInMail } from '../mail';

/** Types into a field the keyboard way: focus it, select what is there, type. */
async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function tabAndType(page: Page, text: string) {
  await page.keyboard.press('Tab');
  await page.keyboard.type(text);
}

const stepHeading = (page: Page, n: number, title: string) => page.getByRole('heading', { level: 2, name: `Trin ${n} af 6 ${title}` });

test('a company builds an agreement by keyboard, the signing party signs it from the mail and it is active', async ({ page, webURL, expectNoA11yViolations }) => {
  test.slow();
  const stamp = Date.now();
  const contact = `kontakt-${stamp}@example.dk`;
  const signer = `direktor-${stamp}@example.dk`;

  // The header's "Erhverv" opens the company section's front page (issue 16), which starts the wizard.
  await page.goto(webURL);
  await page.getByRole('navigation', { name: 'Topmenu' }).getByRole('link', { name: 'Erhverv' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brilleaftaler for virksomheder' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Opret en brilleaftale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ny brilleaftale for virksomheder' })).toBeVisible();
  await expect(stepHeading(page, 1, 'Virksomhed')).toBeVisible();
  await expectNoA11yViolations(page);

  // SPEC §8: an unknown organisation is told on the field first.
  await typeInto(page, 'CVR-nummer', '13748136');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Virksomheden blev ikke fundet.')).toBeVisible();
  await expect(page.getByLabel('CVR-nummer')).toBeFocused();
  await expectNoA11yViolations(page);
  await typeInto(page, 'CVR-nummer', '20-92-73-64');
  await page.keyboard.press('Enter');

  // Step 2: focus is on the step's heading; the fields follow in tab order.
  await expect(stepHeading(page, 2, 'Kontaktperson og underskriver')).toBeFocused();
  await expect(page.getByText('Vestkyst Maskinfabrik ApS')).toBeVisible();
  await tabAndType(page, 'Hanne Bøgh');
  await tabAndType(page, contact);
  await tabAndType(page, '30 40 50 60');
  await page.keyboard.press('Tab'); // "the contact signs" stays unticked
  await tabAndType(page, 'Ole Kirk');
  await tabAndType(page, signer);
  await tabAndType(page, '31415161');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Enter');

  // Step 3: the registered address is prefilled; an invalid EAN is refused.
  await expect(stepHeading(page, 3, 'Faktura')).toBeFocused();
  await expect(page.getByLabel('Vej og nummer')).toHaveValue('Industrivej 14');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Papirfaktura med posten')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel(/Elektronisk faktura/)).toBeChecked();
  await tabAndType(page, '5798000187659');
  await page.keyboard.press('Enter');
  await expect(page.getByText('EAN-nummeret er ikke gyldigt. Kontrollér cifrene (det sidste er et kontrolciffer).')).toBeVisible();
  await expect(page.getByLabel('EAN-nummer', { exact: true })).toBeFocused();
  await expectNoA11yViolations(page);
  await typeInto(page, 'EAN-nummer', '5798 0001 8765 8');
  await page.keyboard.press('Enter');

  // Step 4: employee numbers.
  await expect(stepHeading(page, 4, 'Reference')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Med medarbejdernummer')).toBeChecked();
  await tabAndType(page, 'V-100\nV-101\nV-102');
  await expect(page.getByText(/3 medarbejdernumre/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Næste' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Step 5: levels and options, with the price per employee.
  await expect(stepHeading(page, 5, 'Briller og glas')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // glass: Plus
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // frame: Basis
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // photochromic
  // plus glass 1.500 + basis frame 600 + photochromic 900 + exam 450.
  await expect(page.getByText(/Pris pr\. medarbejder: 3\.450,00/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Næste' }).focus();
  await page.keyboard.press('Enter');

  // Step 6: the summary.
  await expect(stepHeading(page, 6, 'Opsummering')).toBeFocused();
  const price = page.getByRole('table', { name: 'Pris pr. medarbejder, inkl. moms' });
  await expect(price).toContainText('Fototrope glas');
  await expect(price.getByRole('row', { name: /I alt pr. medarbejder/ })).toContainText('3.450,00');
  await expect(page.getByText('5798 0001 8765 8')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Opret aftale og send til underskrift' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Aftalen er oprettet' })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(`Vi har sendt kontrakten til Ole Kirk (${signer}), som underskriver den via linket i e-mailen.`);
  await expectNoA11yViolations(page);

  // The signing party follows the mailed link.
  // The token travels in the fragment only; the page takes it out of the address bar.
  const link = await linkInMail(signer, '/b2b/underskrive-kontrakt#t=');
  expect(link).not.toContain('?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Underskriv brilleaftalen' })).toBeVisible();
  await expect(page.getByText('Oprettet – afventer underskrift')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.location.href)).toBe(`${webURL}/b2b/underskrive-kontrakt`);
  await expectNoA11yViolations(page);

  // The printable contract: POSTed for with the token in the body, opened as a blob URL in a new window.
  const [contractPage] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Åbn kontrakten som printbar side' }).click()]);
  await expect(contractPage.getByRole('heading', { level: 1, name: 'Brilleaftale for Vestkyst Maskinfabrik ApS' })).toBeVisible();
  await expect(contractPage.getByRole('table')).toContainText('3.450,00');
  expect(contractPage.url()).toMatch(/^blob:/);
  await expectNoA11yViolations(contractPage);
  await contractPage.close();

  await typeInto(page, 'Dit fulde navn', 'Ole Kirk');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(`Tak! Aftalen er underskrevet og nu aktiv. Vi har sendt en bekræftelse til kontaktpersonen (${contact}) og dig.`);
  await expect(page.getByText('Aktiv', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await expect.poll(() => hasMail(contact, 'har underskrevet brilleaftalen for Vestkyst Maskinfabrik ApS')).toBe(true);
});

test('an employee sends an e-requisition, the store manager approves it, and the contact and the employee are mailed', async ({ page, webURL, loginAsStore, expectNoA11yViolations }) => {
  test.slow();
  const stamp = Date.now();
  const contact = `hr-${stamp}@example.dk`;
  const employee = `medarbejder-${stamp}@example.dk`;
  const signer = `ejer-${stamp}@example.dk`;

  // An active agreement for Bornholms Keramikværksted, created and signed through the API.
  const created = await post(page.request, `${webURL}/api/company/contracts`, {
    organisationNumber: '62621575',
    contactPerson: { name: 'Signe Munch', email: contact, phone: '56950000' },
    signingParty: { name: 'Per Munch', email: signer, phone: '56950001' },
    invoiceAddress: { street: 'Store Torv 8', zip: '3700', city: 'Rønne' },
    invoiceFormat: 'paper',
    referenceType: 'employee-number',
    employeeNumbers: ['BK-7'],
    glassLevel: 'basis',
    frameLevel: 'plus',
  });
  expect(created.status()).toBe(201);
  const token = /#t=([\w-]+)/.exec(await linkInMail(signer, '/b2b/underskrive-kontrakt#t='))![1]!;
  expect((await post(page.request, `${webURL}/api/company/sign`, { token, name: 'Per Munch', consent: true })).status()).toBe(200);

  // The employee's e-requisition.
  await page.goto(`${webURL}/b2b/rekvisition`);
  await expect(page.getByRole('heading', { level: 1, name: 'E-rekvisition til briller eller synsprøve' })).toBeVisible();
  await page.getByRole('button', { name: 'Send rekvisition' }).click();
  await expect(page.getByText('Vælg en butik.')).toBeVisible();
  await expectNoA11yViolations(page);
  await typeInto(page, 'Arbejdsgiverens CVR-nummer', '62 62 15 75');
  await typeInto(page, 'Medarbejdernummer eller reference', 'BK-8');
  await typeInto(page, 'Dit fulde navn', 'Jakob Dam');
  await typeInto(page, 'Din e-mail', employee);
  await page.getByLabel('Briller efter aftalen').check();
  await page.getByLabel('Butik', { exact: true }).selectOption({ label: 'Profil Optik København K – Frederiksborggade 21, 1360 København K' });
  await page.getByRole('button', { name: 'Send rekvisition' }).click();
  await expect(page.getByText('Medarbejdernummeret findes ikke i aftalen. Kontrollér det med din arbejdsgiver.')).toBeVisible();
  await typeInto(page, 'Medarbejdernummer eller reference', 'bk-7');
  await page.getByRole('button', { name: 'Send rekvisition' }).click();
  await expect(page.getByRole('status')).toHaveText('Tak! Din rekvisition er sendt til Profil Optik København K. Butikschefen godkender den, og du får svar på e-mail.');
  // basis glass 900 + plus frame 1.000.
  await expect(page.getByText('Aftalen dækker op til 1.900,00 kr.')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect.poll(() => hasMail(employee, 'er sendt til Profil Optik København K')).toBe(true);

  // The manager of that store approves it in the store app.
  await loginAsStore({ username: 'leder1' });
  await page.getByRole('link', { name: 'Rekvisitioner' }).click();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Jakob Dam (medarbejdernr. BK-7)' }) });
  await expect(item).toContainText('Bornholms Keramikværksted I/S');
  await expect(item).toContainText('1.900,00');
  await item.getByLabel('Note (skal udfyldes ved afvisning)').fill('Velkommen i butikken.');
  await item.getByRole('button', { name: 'Godkend' }).click();
  await expect(item).toContainText('Godkendt af Henrik Poulsen');

  // The decision is mailed to the company's contact and the employee.
  for (const to of [contact, employee]) {
    await expect.poll(() => hasMail(to, 'Profil Optik København K har godkendt rekvisitionen på briller for Jakob Dam (medarbejdernr. BK-7)')).toBe(true);
  }
  expect(await hasMail(employee, 'Butikkens note: Velkommen i butikken.')).toBe(true);
});

test('a store employee who is not the manager cannot decide a requisition (API)', async ({ page, webURL, storeURL }) => {
  const created = await post(page.request, `${webURL}/api/company/requisitions`, {
    organisationNumber: '29446423',
    employeeReference: 'M-1214',
    employeeName: 'Karl Nygaard',
    employeeEmail: `karl-${Date.now()}@example.dk`,
    kind: 'exam',
    storeId: 'st-001',
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: string; status: string } };
  expect(data.status).toBe('pending');

  expect((await post(page.request, `${storeURL}/api/auth/store/login`, { storeId: 'st-001', username: 'medarbejder1', password: DEMO_PASSWORD })).status()).toBe(200);
  const decide = { id: randomUUID(), type: 'requisition.decide', createdAt: new Date().toISOString(), payload: { requisitionId: data.id, decision: 'approved' } };
  const res = await post(page.request, `${storeURL}/api/sync`, { commands: [decide] });
  expect(res.status()).toBe(200);
  const { results } = (await res.json()) as { results: { status: string; error: { code: string; message: string } | null }[] };
  expect(results[0]).toMatchObject({ status: 'rejected', error: { code: 'forbidden', message: 'Kun butikschefen kan godkende eller afvise rekvisitioner.' } });
  expect((await page.request.get(`${storeURL}/api/staff/requisitions`)).status()).toBe(403);
});

test('a company asks for an eye-health day and gets a confirmation', async ({ page, webURL, expectNoA11yViolations }) => {
  const email = `ohd-${Date.now()}@example.dk`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${webURL}/b2b/øjehelsedag`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book en øjensundhedsdag' })).toBeVisible();
  await expectNoA11yViolations(page);
  await typeInto(page, 'CVR-nummer', '79970883');
  await page.getByLabel('Fra dato').fill(day(5));
  await page.getByLabel('Til dato').fill(day(40));
  await typeInto(page, 'Antal medarbejdere', '35');
  await typeInto(page, 'Vej og nummer', 'Boulevarden 13');
  await typeInto(page, 'Postnummer', '9000');
  await expect(page.getByLabel('By')).toHaveValue('Aalborg');
  await typeInto(page, 'Fulde navn', 'Mads Kjeldsen');
  await typeInto(page, 'E-mail', email);
  await typeInto(page, 'Telefon', '98123456');
  await page.getByRole('button', { name: 'Send forespørgsel' }).click();
  // Less than 14 days ahead is refused on the field, the rest kept.
  await expect(page.getByText(/vi skal bruge mindst 14 dage til planlægningen/)).toBeVisible();
  await expect(page.getByLabel('Fra dato')).toBeFocused();
  await expectNoA11yViolations(page);
  await page.getByLabel('Fra dato').fill(day(20));
  await page.getByRole('button', { name: 'Send forespørgsel' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Tak! Vi har modtaget ønsket om en øjensundhedsdag hos Limfjordens Revision A/S og sendt en bekræftelse til ${email}. En optiker ringer inden for tre hverdage.`,
  );
  await expectNoA11yViolations(page);
  await expect.poll(() => hasMail(email, 'Antal medarbejdere: 35')).toBe(true);
});
