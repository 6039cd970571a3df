import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dataDir } from '../env';
import { expect, test } from '../fixtures';

/** The newest mail to `address` with `subject` in it (the local mail adapter keeps nodemailer JSON in DATA_DIR/mail). */
async function mailTo(address: string, subject: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  for (const f of (await readdir(dir)).sort().reverse()) {
    const mail = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { to: { address: string }[]; subject: string; text: string };
    if (mail.to.some((t) => t.address === address) && mail.subject.includes(subject)) return mail.text;
  }
  throw new Error(`no mail to ${address} about ${subject}`);
}

const manageLink = (text: string) => /(http\S+\/bestil-tid-til-synstest\/bk-[\w-]+#token=[\w-]+)/.exec(text)![1]!;

/** Steps through the wizard by keyboard up to the time step: exam, age group, store. */
async function toTimeStep(page: Page, store: string, expectNoA11yViolations: (p: Page) => Promise<void>) {
  await expect(page.getByRole('heading', { name: 'Book tid til synstest', level: 1 })).toBeVisible();
  await expect(page.getByText('Trin 1 af 6')).toBeVisible();
  await expectNoA11yViolations(page);
  // Next without a choice: the error is tied to the group and focus goes to it.
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await expect(page.getByText('Vælg en undersøgelse.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Synstest/ })).toBeFocused();
  await page.getByRole('radio', { name: /^Synstest/ }).press('Space');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');

  await expect(page.getByRole('heading', { name: 'Hvor gammel er den, der skal undersøges?' })).toBeFocused();
  await expect(page.getByText('Trin 2 af 6')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: '18–75 år' }).press('Space');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');

  await expect(page.getByRole('heading', { name: 'Hvilken butik vil du besøge?' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.getByLabel('Butik', { exact: true }).selectOption({ label: store });
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Hvornår passer det dig?' })).toBeFocused();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expectNoA11yViolations(page);
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('Fornavn').fill('Ida');
  await page.getByLabel('Efternavn').fill('Holm');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Telefonnummer').fill('20 30 40 50');
  await page.getByLabel('Besked til butikken (valgfri)').fill('Jeg har progressive briller i dag.');
}

test('a visitor books by keyboard, manages it from the mailed link, moves it, cancels and books again', async ({ page, webURL, expectNoA11yViolations }) => {
  // The longest journey here, with an accessibility scan on every screen.
  test.slow();
  const email = `ida-${Date.now()}@example.dk`;
  await page.goto(`${webURL}/bestil-tid-til-synstest`);
  await toTimeStep(page, 'Profil Optik Frederiksberg', expectNoA11yViolations);

  await page.getByRole('radio').first().press('Space');
  await expect(page.getByText(/^Valgt tid: /)).toBeVisible();
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');

  await expect(page.getByRole('heading', { name: 'Dine oplysninger' })).toBeFocused();
  await expectNoA11yViolations(page);
  // Bad input gets Danish errors; what was typed stays.
  await page.getByLabel('Fornavn').fill('Ida');
  await page.getByLabel('E-mail').fill('ida');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await expect(page.getByText('E-mail skal indeholde @ og et domæne.')).toBeVisible();
  await expect(page.getByLabel('Efternavn')).toBeFocused();
  await expect(page.getByLabel('Fornavn')).toHaveValue('Ida');
  await expectNoA11yViolations(page);
  await fillDetails(page, email);
  // Back keeps the answers.
  await page.getByRole('button', { name: 'Tilbage' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Hvornår passer det dig?' })).toBeFocused();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');

  await expect(page.getByRole('heading', { name: 'Tjek din booking' })).toBeFocused();
  await expect(page.getByText('Trin 6 af 6')).toBeVisible();
  const summary = page.locator('.booking-facts');
  await expect(summary).toContainText('Synstest');
  await expect(summary).toContainText('Profil Optik Frederiksberg');
  await expect(summary).toContainText('Ida Holm');
  await expect(summary).toContainText('Gratis');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Bekræft booking' }).press('Enter');

  await expect(page.getByRole('heading', { name: 'Tak for din booking' })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText('Din tid er bekræftet.');
  await expect(page.getByText(`Vi har sendt en e-mail til ${email}`)).toBeVisible();
  await expectNoA11yViolations(page);

  // The confirmation mail's link opens the booking without a login.
  await expect.poll(() => mailTo(email, 'Din tid er bekræftet').catch(() => '')).toContain('#token=');
  const link = manageLink(await mailTo(email, 'Din tid er bekræftet'));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Synstest i Profil Optik Frederiksberg' })).toBeVisible();
  await expect(page.locator('.booking-facts').first()).toContainText('Bekræftet');
  await expectNoA11yViolations(page);

  // Move it to another time.
  await page.getByRole('button', { name: 'Skift tid' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Vælg en ny tid' })).toBeFocused();
  await page.getByRole('radio').nth(2).press('Space');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Gem den nye tid' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Din tid er flyttet. Vi har sendt en bekræftelse på e-mail.');
  await expect.poll(() => mailTo(email, 'Din tid er flyttet').catch(() => '')).toContain(link);

  // Cancel it, then book a new time from the same link.
  await page.getByRole('button', { name: 'Aflys booking' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Er du sikker på, at du vil aflyse tiden?' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Ja, aflys tiden' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Din booking er aflyst. Du kan booke en ny tid herunder.');
  await expect(page.locator('.booking-facts').first()).toContainText('Aflyst');
  await expect(page.getByRole('button', { name: 'Skift tid' })).toHaveCount(0);
  await expect.poll(() => mailTo(email, 'Din booking er aflyst').catch(() => '')).toContain('Book en ny tid');

  await page.getByRole('button', { name: 'Book en ny tid' }).press('Enter');
  await page.getByRole('radio').first().press('Space');
  await page.getByRole('button', { name: 'Book tiden' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Din nye tid er booket. Vi har sendt en bekræftelse på e-mail.');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Se den nye booking' }).click();
  await expect(page.getByRole('heading', { name: 'Synstest i Profil Optik Frederiksberg' })).toBeVisible();
  await expect(page.locator('.booking-facts').first()).toContainText('Bekræftet');
  await expect(page.getByRole('button', { name: 'Skift tid' })).toBeVisible();
});

test('a time taken meanwhile brings the visitor back to the times with "pick another"', async ({ page, webURL, expectNoA11yViolations }) => {
  const email = `ole-${Date.now()}@example.dk`;
  // ?butik= preselects Profil Optik Nørrebro (one examiner).
  await page.goto(`${webURL}/bestil-tid-til-synstest?butik=st-005`);
  await page.getByRole('radio', { name: /^Synstest/ }).press('Space');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await page.getByRole('radio', { name: '18–75 år' }).press('Space');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await expect(page.getByLabel('Butik', { exact: true })).toHaveValue('st-005');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  const slot = page.getByRole('radio').first();
  const start = (await slot.getAttribute('value'))!;
  await slot.press('Space');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Tjek din booking' })).toBeFocused();

  // Someone else books the same (last) time first.
  const shopper = await page.request.get(`${webURL}/api/site/shopper`);
  const { token } = (await shopper.json()) as { token: string };
  const other = await page.request.post(`${webURL}/api/bookings`, {
    headers: { 'CSRF-TOKEN': token },
    data: { storeId: 'st-005', examType: 'synstest', ageGroup: '18-75', start, contact: { firstName: 'Karl', lastName: 'Berg', email: 'karl@example.dk', phone: '30405060' } },
  });
  expect(other.status()).toBe(201);

  await page.getByRole('button', { name: 'Bekræft booking' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Hvornår passer det dig?' })).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText('Den valgte tid er desværre lige blevet booket af en anden. Vælg en anden tid.');
  await expect(page.locator(`input[value="${start}"]`)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('radio').first().press('Space');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  // The details were kept.
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Bekræft booking' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Tak for din booking' })).toBeFocused();
});

test('leaving the wizard with answers asks first; the answers stay when the visitor stays', async ({ page, webURL, expectNoA11yViolations }) => {
  await page.goto(`${webURL}/bestil-tid-til-synstest`);
  // Nothing chosen yet: leaving needs no question.
  await page.getByRole('link', { name: /Profil Optik.*forsiden/ }).click();
  await expect(page).toHaveURL(`${webURL}/`);
  await page.goto(`${webURL}/bestil-tid-til-synstest`);
  await page.getByRole('radio', { name: /^Kontaktlinsekontrol/ }).press('Space');

  // A link inside the shop: the router's blocker asks in a dialog.
  await page.getByRole('link', { name: /Profil Optik.*forsiden/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Vil du forlade bookingen?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Bliv og gør bookingen færdig' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(`${webURL}/bestil-tid-til-synstest`);
  await expect(page.getByRole('radio', { name: /^Kontaktlinsekontrol/ })).toBeChecked();

  // Reloading or closing the tab: the browser's own question (beforeunload).
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await question;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(page.getByRole('radio', { name: /^Kontaktlinsekontrol/ })).toBeChecked();

  await page.getByRole('link', { name: /Profil Optik.*forsiden/ }).click();
  await dialog.getByRole('button', { name: 'Forlad siden' }).click();
  await expect(page).toHaveURL(`${webURL}/`);
});

test('a store whose booking system is down says so and offers a nearby store’s time', async ({ page, webURL, expectNoA11yViolations }) => {
  // Profil Optik Rønne books through an external system that is down (simulated).
  await page.goto(`${webURL}/bestil-tid-til-synstest?butik=st-023`);
  await page.getByRole('radio', { name: /^Synstest/ }).press('Space');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await page.getByRole('radio', { name: '18–75 år' }).press('Space');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Næste', exact: true }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Butikkens bookingsystem kan ikke nås lige nu. Prøv igen lidt senere, eller vælg en anden butik.');
  const choose = page.getByRole('button', { name: /^Vælg Profil Optik / }).first();
  await expect(choose).toBeVisible();
  await expectNoA11yViolations(page);
  await choose.press('Enter');
  await expect(page.getByText(/^Valgt tid: /)).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
});

test('My Pages lists the customer’s bookings and opens one without the mailed link', async ({ page, webURL, loginAsCustomer, expectNoA11yViolations }) => {
  await loginAsCustomer();
  // A booking made while signed in belongs to the account.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
  const times = await page.request.get(`${webURL}/api/bookings/availability?storeId=st-001&examType=k%C3%B8rekort&from=${today}&days=14`);
  const start = ((await times.json()) as { data: { days: { slots: { start: string }[] }[] } }).data.days.flatMap((d) => d.slots)[0]!.start;
  const { token } = (await (await page.request.get(`${webURL}/api/site/shopper`)).json()) as { token: string };
  const made = await page.request.post(`${webURL}/api/bookings`, {
    headers: { 'CSRF-TOKEN': token },
    data: { storeId: 'st-001', examType: 'kørekort', ageGroup: '76+', start, contact: { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' } },
  });
  expect(made.status()).toBe(201);

  await page.goto(`${webURL}/min-konto/bestil-tid-til-synstest`);
  await expect(page.getByRole('heading', { name: 'Mine bookinger', level: 1 })).toBeVisible();
  const booking = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Synsattest til kørekort i Profil Optik København K' }) });
  await expect(booking).toContainText('Bekræftet');
  // The demo customer's earlier eye exam (March 2026) and cancelled time are listed after the coming ones.
  await expect(page.getByRole('heading', { name: 'Tidligere og aflyste tider' })).toBeVisible();
  await expectNoA11yViolations(page);
  await booking.getByRole('link', { name: /^Se, flyt eller aflys/ }).click();
  await expect(page.getByRole('heading', { name: 'Synsattest til kørekort i Profil Optik København K' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skift tid' })).toBeVisible();
  await expectNoA11yViolations(page);
});
