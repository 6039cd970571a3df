import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from '../fixtures';

const WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2, 1];

/** A fresh CPR with a valid check digit (born 1940–1999), so parallel runs on one API never collide. */
function freshCpr(): string {
  for (;;) {
    const r = (n: number) => Math.floor(Math.random() * n);
    const nine = `${String(1 + r(28)).padStart(2, '0')}${String(1 + r(12)).padStart(2, '0')}${40 + r(60)}${r(4)}${String(r(100)).padStart(2, '0')}`;
    const sum = [...nine].reduce((s, c, i) => s + Number(c) * WEIGHTS[i]!, 0);
    const last = (11 - (sum % 11)) % 11;
    if (last < 10) return `${nine}${last}`;
  }
}
const dashed = (cpr: string) => `${cpr.slice(0, 6)}-${cpr.slice(6)}`;

/** Every row of every table of the device database, as JSON (CryptoKeys come out as {}). */
const deviceRows = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('optik-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const names = [...idb.objectStoreNames];
          const tx = idb.transaction(names);
          const all: Record<string, unknown[]> = {};
          for (const n of names) tx.objectStore(n).getAll().onsuccess = (e) => (all[n] = (e.target as IDBRequest).result as unknown[]);
          tx.oncomplete = () => (idb.close(), resolve(JSON.stringify(all)));
        };
      }),
  );

async function createCustomerOffline(page: Page, firstName: string, lastName: string, cpr: string) {
  await page.getByRole('button', { name: 'Opret kunde' }).click();
  await page.getByLabel('Postnummer').fill('8000');
  await expect(page.getByLabel('By')).toHaveValue('Aarhus C');
  await page.getByLabel('Fornavn').fill(firstName);
  await page.getByLabel('Efternavn').fill(lastName);
  await page.getByLabel('Telefon').fill('+45 26 27 28 29');
  await page.getByLabel('Adresse').fill('Søndergade 12');
  await page.getByLabel('CPR-nummer på brugeren af linserne').fill(cpr);
  await page.getByRole('button', { name: 'Gem kunde' }).click();
  await expect(page.getByText(`${firstName} ${lastName} er oprettet.`, { exact: false })).toBeVisible();
}

test('on the device: offline banner and "Synkronisér nu", CPR lookup offline, the store remembered, axe clean at 320 px', async ({ page, context, storeURL, loginAsStore, expectNoA11yViolations }) => {
  test.slow();
  await loginAsStore();
  const banner = page.getByRole('region', { name: 'Forbindelse og synkronisering' });
  await expect(banner).toContainText('Alt er sendt');
  await expect(page.getByRole('heading', { name: 'Dagens næste aftaler' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Handlinger, der venter' })).toBeVisible();
  await expect(page.getByText('Ingen handlinger venter – alt er sendt.')).toBeVisible();

  // A customer of this store made on another device: the device copy brings them down with its blind index.
  const serverCpr = freshCpr();
  const { token } = (await (await page.request.get(`${storeURL}/api/site/shopper`)).json()) as { token: string };
  const made = await page.request.post(`${storeURL}/api/sync`, {
    headers: { 'CSRF-TOKEN': token },
    data: { commands: [{ id: randomUUID(), type: 'customer.create', createdAt: new Date().toISOString(), payload: { customerId: randomUUID(), zip: '2100', city: 'København Ø', firstName: 'Vera', lastName: `Kopi-${serverCpr.slice(6)}`, phone: '30405060', street: 'Østerbrogade 1', cpr: serverCpr } }] },
  });
  expect(((await made.json()) as { results: { status: string }[] }).results[0]!.status).toBe('applied');
  await banner.getByRole('button', { name: 'Synkronisér nu' }).click();
  await expect(banner.getByRole('status').filter({ hasText: 'Intet at sende' })).toBeVisible();
  await page.getByRole('link', { name: 'Kunder' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `Vera Kopi-${serverCpr.slice(6)}` })).toContainText(`CPR ${serverCpr.slice(0, 6)}-XXXX`);

  // The network goes: the banner says so, and counts what waits.
  await context.setOffline(true);
  await expect(banner).toContainText('Ingen forbindelse – intet venter');
  const ownCpr = freshCpr();
  await createCustomerOffline(page, 'Karen', `Enhed-${ownCpr.slice(6)}`, dashed(ownCpr));
  await expect(banner).toContainText('Ingen forbindelse – 1 handling venter');
  // A second customer with the CPR the server already holds: the server will refuse it.
  await createCustomerOffline(page, 'Dobbelt', `Kunde-${serverCpr.slice(6)}`, serverCpr);
  await expect(banner).toContainText('Ingen forbindelse – 2 handlinger venter');
  await banner.getByRole('button', { name: 'Synkronisér nu' }).click();
  await expect(banner.getByRole('status').filter({ hasText: 'Ingen forbindelse – prøv igen, når nettet er tilbage' })).toBeVisible();

  // Offline, a full CPR — with or without dash — finds exactly its customer by the device's index.
  const search = page.getByLabel('Søg efter navn, telefon, e-mail, kundenummer eller CPR');
  const onDevice = page.getByRole('region', { name: 'Kunder på denne enhed' });
  await search.fill(dashed(serverCpr));
  await expect(onDevice.getByRole('listitem')).toHaveCount(2);
  await expect(onDevice.getByRole('listitem').filter({ hasText: `Vera Kopi-${serverCpr.slice(6)}` })).toBeVisible();
  await expect(onDevice.getByRole('listitem').filter({ hasText: `Dobbelt Kunde-${serverCpr.slice(6)}` })).toBeVisible();
  await search.fill(ownCpr);
  await expect(onDevice.getByRole('listitem')).toHaveCount(1);
  await expect(onDevice.getByRole('listitem')).toContainText(`Karen Enhed-${ownCpr.slice(6)}`);
  await expectNoA11yViolations(page);
  // …and the CPR itself is on no row of the device database (only masked, and sealed in the outbox).
  const rows = await deviceRows(page);
  for (const cpr of [serverCpr, ownCpr]) {
    expect(rows).not.toContain(cpr);
    expect(rows).not.toContain(dashed(cpr));
  }

  // 320 px wide, offline: the banner and the home page fit without sideways scrolling, and pass axe.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.getByRole('link', { name: 'Butik', exact: true }).click();
  await expect(page.getByText('2 handlinger venter på at blive sendt')).toBeVisible();
  await expect(banner).toContainText('Ingen forbindelse – 2 handlinger venter');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back online: the commands are held at the server's door so the run "Synkronisér nu" joins is the one that sends them.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/sync', async (route: Route) => {
    await held;
    await route.continue();
  });
  await context.setOffline(false);
  await expect(banner.getByRole('status').filter({ hasText: /^2 handlinger venter$/ })).toBeVisible();
  await banner.getByRole('button', { name: 'Synkronisér nu' }).click();
  release();
  await expect(banner.getByRole('status').filter({ hasText: '1 sendt, 1 afvist – se Synkronisering' })).toBeVisible();
  await page.unroute('**/api/sync');
  await expect(banner.getByRole('status').filter({ hasText: /^1 handling venter$/ })).toBeVisible();
  await page.getByRole('link', { name: /Synkronisering/ }).click();
  const rejected = page.getByRole('listitem').filter({ hasText: 'Afvist' });
  await expect(rejected).toContainText('Der findes allerede en kunde med dette CPR-nummer.');
  // Danish date and time form.
  await expect(rejected).toContainText(/ \d{2}\.\d{2}\.\d{4} kl\. \d{2}\.\d{2}/);
  await expect(page.getByText(/^Sidst synkroniseret \d{2}\.\d{2}\.\d{4} kl\. \d{2}\.\d{2}$/)).toBeVisible();

  // Logged out and back: the device remembers its store.
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page.getByRole('heading', { name: 'Log ind som butik' })).toBeVisible();
  await expect(page.getByLabel('Butik').locator('option:checked')).toHaveText('Profil Optik København K');
  await page.getByLabel('Brugernavn').fill('medarbejder1');
  await page.getByLabel('Adgangskode').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByText('Logget ind som butik Profil Optik København K')).toBeVisible();
  await expectNoA11yViolations(page);
});
