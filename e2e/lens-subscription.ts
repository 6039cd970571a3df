import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The fields of the API's article these tests read (e2e does not depend on @optik/shared). */
export interface Article {
  id: string;
  slug: string;
  name: string;
  packageName?: string;
  dto: boolean;
  allowSubscription: boolean;
  skus: { id: string; stock: number }[];
  lensParameters: { powers: number[]; baseCurves: number[]; diameters: number[]; cylinders?: number[]; additions?: number[] } | null;
  price: { unit: { publicationStatus: number }; subscription: { amount: number } | null };
}

/** A lens sold online by subscription, in stock, made in -1,25 and with no cylinder or addition to choose. */
export async function subscriptionLens(request: APIRequestContext, webURL: string): Promise<Article> {
  const res = await request.get(`${webURL}/api/catalogue/articles?route=%2Flinseabonnement&limit=100`);
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: Article[] };
  const lens = data.find(
    (a) =>
      a.allowSubscription &&
      a.dto &&
      a.price.unit.publicationStatus === 20 &&
      a.price.subscription !== null &&
      a.skus.some((s) => s.stock >= 2) &&
      a.lensParameters?.powers.includes(-1.25) &&
      !a.lensParameters.cylinders?.length &&
      !a.lensParameters.additions?.length,
  );
  if (!lens) throw new Error('no subscription lens to buy');
  return lens;
}

/** A lens's name as a subscription line shows it (the package's name when it has one), as a pattern for a table row's name. */
export const lineName = (lens: Article) => lens.packageName ?? lens.name;
export const rowNamePattern = (name: string) => new RegExp(name.replace(/[()]/g, '\\$&'));

/** On a lens's product page: by subscription every 3 months, -1,25 for the right eye with the first base curve and diameter. */
export async function chooseSubscriptionEvery3Months(page: Page) {
  await page.getByRole('radio', { name: /^Abonnement/ }).check();
  await page.getByLabel('Levering', { exact: true }).selectOption({ label: 'Hver 3. måned' });
  const right = page.getByRole('group', { name: 'Højre øje (H)' });
  await right.getByLabel('Styrke').selectOption({ label: '-1,25' });
  await right.getByLabel('Basekurve').selectOption({ index: 1 });
  await right.getByLabel('Diameter').selectOption({ index: 1 });
}

/** The checkout's contact fields with the demo customer's details, as a visitor types them. */
export async function fillDemoContact(page: Page) {
  await page.getByLabel('Fornavn', { exact: true }).fill('Mette');
  await page.getByLabel('Efternavn').fill('Jensen');
  await page.getByLabel('E-mail', { exact: true }).fill('kunde@example.dk');
  await page.getByLabel('Mobilnummer').fill('20304050');
}

/** The rest of the checkout form: an address in Aarhus, click and collect in the first store, card 4111 1111 1111 1111, terms accepted. */
export async function fillCheckout(page: Page) {
  await page.getByLabel('Postnummer', { exact: true }).fill('8000');
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('Aarhus C');
  await page.getByLabel('Gade og husnummer').fill('Vestergade 14');
  await page.getByRole('radio', { name: /Click and collect/ }).check();
  const store = page.getByLabel('Butik, du vil hente i');
  await expect(store.locator('option').nth(1)).toBeAttached();
  await store.selectOption({ index: 1 });
  await page.getByLabel('Kortnummer', { exact: true }).fill('4111 1111 1111 1111');
  await page.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/30');
  await page.getByLabel('Kontrolcifre (CVC)').fill('123');
  await page.getByRole('checkbox', { name: /accepterer/ }).check();
}
