import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** The store finder /find-butik, the store pages /find-butik/{slug} and the store-id redirect /butik/{id} (SPEC §1, §2, §8). */

/** The fields of GET /api/stores/{slug} this test reads (e2e does not depend on @optik/shared). */
interface StoreDetail {
  name: string;
  openNow: boolean;
  asOf: string;
  today: { date: string; open: boolean; opens?: string; closes?: string };
}

const field = (page: Page) => page.getByRole('searchbox', { name: 'By, postnummer eller butik' });
const results = (page: Page) => page.getByRole('main').getByRole('list');
/** The results under a heading, the named store first (within 2 km), then by growing distance. */
async function expectNearestFirst(page: Page, heading: string, first: string) {
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  const items: Locator = results(page).getByRole('listitem');
  await expect(items.first()).toContainText(first);
  const km = (await items.allTextContents()).map((t) => Number(/Afstand: ([\d,]+) km/.exec(t)![1]!.replace(',', '.')));
  expect(km[0]).toBeLessThan(2);
  expect([...km].sort((a, b) => a - b)).toEqual(km);
}

/** Copenhagen wall-clock 'HH:MM' of an instant, from Node's own time-zone data (independent of the app's code). */
const copenhagenTime = (iso: string) => new Intl.DateTimeFormat('da-DK', { timeZone: 'Europe/Copenhagen', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)).replace('.', ':');

test.describe('store finder', () => {
  test('lists every store and searches by town, with Danish letters typed as ae/oe/aa', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/find-butik`);
    await expect(page.getByRole('heading', { level: 1, name: 'Find butik' })).toBeVisible();
    await expect(page).toHaveTitle('Find butik – Profil Optik');
    await expect(page.getByRole('heading', { level: 2, name: 'Alle butikker' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^\d+ butikker$/ })).toBeVisible();
    expect(await results(page).getByRole('listitem').count()).toBeGreaterThan(40);
    await expectNoA11yViolations(page);

    await field(page).fill('Hjoerring');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/find-butik\?q=Hjoerring$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Butikker, der matcher »Hjoerring«' })).toBeVisible();
    const items = results(page).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Østergade 11, 9800 Hjørring');
    await expect(items.first()).toContainText(/(Åben nu – lukker kl\. \d\d\.\d\d|Lukket nu)/);

    // The link opens the store page; back returns to the search.
    await items.first().getByRole('link', { name: 'Profil Optik Hjørring' }).click();
    await expect(page).toHaveURL(/\/find-butik\/hjoerring$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profil Optik Hjørring' })).toBeVisible();
    await page.goBack();
    await expect(field(page)).toHaveValue('Hjoerring');
  });

  test('searches by postcode: nearest first with km; an unknown postcode is the field’s error', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/find-butik`);
    await field(page).fill('4000');
    await page.getByRole('button', { name: 'Søg efter butikker' }).click();
    await expectNearestFirst(page, 'Nærmeste butikker ved 4000 Roskilde', 'Profil Optik Roskilde');
    await expectNoA11yViolations(page);

    await field(page).fill('1234');
    await field(page).press('Enter');
    await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Vi kender ikke postnummeret 1234. Tjek det, eller søg på byens navn.')).toBeVisible();
    await expect(field(page)).toHaveValue('1234');
    await expect(field(page)).toBeFocused();
    await expectNoA11yViolations(page);
  });

  test('with the position granted, orders the stores by distance from it', async ({ page, context, webURL, expectNoA11yViolations }) => {
    await context.grantPermissions(['geolocation'], { origin: webURL });
    // Aalborg station.
    await context.setGeolocation({ latitude: 57.043, longitude: 9.917 });
    await page.goto(`${webURL}/find-butik?q=roskilde`);
    await expect(results(page).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Brug min position' }).click();
    await expectNearestFirst(page, 'Nærmeste butikker ved din position', 'Profil Optik Aalborg');
    // The position is not put in the page URL.
    await expect(page).toHaveURL(`${webURL}/find-butik`);
    await expect(page.getByRole('alert')).toHaveText('');
    await expectNoA11yViolations(page);
  });

  test('with the position denied, shows the SPEC §8 message and the field still works', async ({ page, context, webURL, expectNoA11yViolations }) => {
    await context.clearPermissions();
    await page.goto(`${webURL}/find-butik`);
    await expect(results(page).getByRole('listitem').first()).toBeVisible();
    await page.getByRole('button', { name: 'Brug min position' }).click();
    await expect(page.getByRole('alert')).toHaveText('Vi kunne ikke finde din position. Genindlæs siden, eller brug søgefeltet.');
    await expectNoA11yViolations(page);
    await field(page).fill('Aarhus');
    await field(page).press('Enter');
    await expect(results(page).getByRole('listitem').first()).toContainText('Aarhus');
  });
});

test.describe('store page', () => {
  test('shows address, phone, hours, closing days and open now as the server clock has it', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/find-butik/roskilde`);
    // The page is rendered by the shop's server from the API's answer, which it hands the browser with the page (issue 19).
    const seed = JSON.parse((await page.locator('#optik-seed').textContent())!) as Record<string, { data: { data: StoreDetail } }>;
    const store = seed['store:roskilde']!.data.data;
    await expect(page.getByRole('heading', { level: 1, name: 'Profil Optik Roskilde' })).toBeVisible();
    await expect(page).toHaveTitle('Profil Optik Roskilde – Profil Optik');

    // The server's clock is the real one: its answer is from just now (the rendered page is reused for up to 60 s).
    expect(Math.abs(Date.parse(store.asOf) - Date.now())).toBeLessThan(120_000);
    // "Open now" agrees with the day's hours at the server's time (Copenhagen time from Node's own zone data)…
    const now = copenhagenTime(store.asOf);
    const expectedOpen = store.today.open && store.today.opens! <= now && now < store.today.closes!;
    expect(store.openNow).toBe(expectedOpen);
    // …and the page says what the server said.
    const main = page.getByRole('main');
    if (store.openNow) await expect(main.getByText(`Åben nu – lukker kl. ${store.today.closes!.replace(':', '.')}`)).toBeVisible();
    else await expect(main.getByText(/^Lukket nu/)).toBeVisible();

    await expect(main.locator('address')).toHaveText('Algade 314000 Roskilde');
    await expect(main.getByRole('link', { name: /^\d\d \d\d \d\d \d\d$/ })).toHaveAttribute('href', /^tel:\+45\d{8}$/);
    const table = main.getByRole('table', { name: 'Åbningstider for Profil Optik Roskilde i en almindelig uge' });
    await expect(table.getByRole('row')).toHaveCount(8);
    await expect(table.getByRole('row', { name: /^Søndag/ })).toContainText('Lukket');
    await expect(table.locator('tr[aria-current="date"]')).toHaveCount(1);
    await expect(main.getByRole('heading', { name: 'Helligdage og ændrede åbningstider' })).toBeVisible();
    await expect(main.getByRole('region', { name: 'Undersøgelser i butikken' }).getByRole('listitem').first()).toHaveText(/^Synstest \(30 min\.\)$/);
    await expect(main.getByRole('link', { name: 'Book synstest her' })).toHaveAttribute('href', '/bestil-tid-til-synstest?butik=st-014');
    await expectNoA11yViolations(page);
  });

  test('the store-id redirect goes to the store page; an unknown id is the 404 page', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/butik/st-014`);
    await expect(page).toHaveURL(`${webURL}/find-butik/roskilde`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profil Optik Roskilde' })).toBeVisible();

    await page.goto(`${webURL}/butik/st-999`);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' })).toBeVisible();
    await page.goto(`${webURL}/find-butik/findes-ikke`);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the search overlay’s store link opens the store page', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Søg', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Søg på siden' });
    await dialog.getByRole('searchbox', { name: 'Søg på hele siden' }).fill('Roskilde');
    const link = dialog.getByRole('region', { name: 'Butikker' }).getByRole('link', { name: /Profil Optik Roskilde/ });
    await link.click();
    await expect(page).toHaveURL(`${webURL}/find-butik/roskilde`);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil Optik Roskilde' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Åbningstider for Profil Optik Roskilde/ })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
