import type { Page } from '@playwright/test';
import { placeCollectOrder } from '../collect-order';
import { expect, test } from '../fixtures';
import { mailsTo } from '../mail';
import { smsOutbox } from '../sms';

const STORE = 'Profil Optik København K';

/** The page cannot be panned sideways at 320 px (then back to the desktop size). */
async function fitsPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 320, height: 720 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Issue 17 items 2–3: a web order to collect in the store reaches the store app's Ordrer, is made
 * ready (the customer gets one SMS) and handed over; the customer brings a pair back, staff
 * receive it at the counter and approve it, and the refund goes out once.
 */
test('a click-and-collect web order: ready (one SMS), handed over, returned at the counter and refunded', async ({ page, webURL, storeURL, loginAsStore, expectNoA11yViolations }) => {
  test.slow();
  // A mobile number of this test's own, so its SMS are told apart from other tests'.
  const mobile = `2${String(Date.now()).slice(-7)}`;
  const email = `afhent-${mobile}@example.dk`;

  // 1. The shop: a guest orders glasses to collect in København K and pays by card.
  const orderNumber = await placeCollectOrder(page.request, webURL, { firstName: 'Karen', lastName: 'Afhenter', email, phone: mobile });

  // 2. The store app: the order is among the store's orders, in production.
  await loginAsStore();
  await page.getByRole('navigation', { name: 'Butiksmenu' }).getByRole('link', { name: 'Ordrer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordrer' })).toBeVisible();
  await page.getByLabel('Find ordrenummer').fill(orderNumber.slice(1));
  const card = page.getByRole('listitem', { name: orderNumber, exact: true });
  await expect(card).toContainText('Karen Afhenter');
  await expect(card).toContainText('Webordre');
  await expect(card).toContainText('I produktion');
  await expectNoA11yViolations(page);
  await fitsPhoneWidth(page);

  // 3. Ready for pickup: synced at once (online), and the customer gets exactly one SMS.
  await card.getByRole('button', { name: `Meld ${orderNumber} klar til afhentning` }).click();
  await expect(card.getByRole('status')).toContainText('er meldt klar til afhentning');
  await expect(card).toContainText('Klar til afhentning');
  await expect(card).not.toContainText('Venter på synkronisering');
  const toCustomer = () => smsOutbox().filter((m) => m.to === `+45${mobile}`);
  await expect.poll(() => toCustomer().length).toBe(1);
  expect(toCustomer()[0]!.text).toMatch(new RegExp(`^Hej Karen\\. Din ordre ${orderNumber} er klar til afhentning i ${STORE}, `));

  // The status filter finds it among the ready ones.
  await page.getByLabel('Find ordrenummer').fill('');
  await page.getByLabel('Status').selectOption({ label: 'Klar til afhentning' });
  await expect(card).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Udleveret' });
  await expect(card).toBeHidden();
  await page.getByLabel('Status').selectOption({ label: 'Alle ordrer' });

  // 4. Handed over.
  await card.getByRole('button', { name: `Udlevér ${orderNumber} til kunden` }).click();
  await expect(card.getByText('Udleveret', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('Venter på synkronisering');

  // 5. The customer brings the glasses back: received at the counter and approved.
  await page.getByRole('navigation', { name: 'Butiksmenu' }).getByRole('link', { name: 'Returer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returer' })).toBeVisible();
  await page.getByLabel('Ordrenummer').fill(orderNumber);
  await page.getByRole('button', { name: 'Find ordren' }).click();
  await expect(page.getByRole('heading', { level: 3, name: `Ordre ${orderNumber} – Karen Afhenter` })).toBeVisible();
  await page.getByLabel(/^Antal: /).fill('1');
  await page.getByLabel('Årsag').selectOption({ label: 'Passer ikke' });
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Modtag retur' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Returen af ${orderNumber} er modtaget.` })).toBeVisible();
  const received = page.getByRole('list', { name: 'Modtagne returer' }).getByRole('listitem', { name: /^R\d+$/ }).filter({ hasText: `Ordre ${orderNumber}` });
  await expect(received).toContainText('Modtaget – venter på godkendelse');
  await expect(received).toContainText(/Refunderes: [\d.]+,\d{2}\u00a0kr\./);
  const returnNumber = (await received.getByRole('heading').textContent())!;
  await fitsPhoneWidth(page);

  await received.getByRole('button', { name: `Godkend retur ${returnNumber}` }).click();
  await expect(received).toContainText(/Refunderet · Refunderet: [\d.]+,\d{2}\u00a0kr\./);
  await expect(received).not.toContainText('Venter på synkronisering');
  await expectNoA11yViolations(page);

  // On the server: one confirmed return, refunded by the provider, and one mail saying so; still one SMS.
  const returns = (await (await page.request.get(`${storeURL}/api/staff/returns`)).json()) as { data: { returnNumber: string; status: string; refundTransactionId: string | null; refundTotal: number }[] };
  const ret = returns.data.find((r) => r.returnNumber === returnNumber);
  expect(ret).toMatchObject({ status: 'confirmed', refundTransactionId: expect.stringMatching(/^sim-refund-/) });
  await expect.poll(async () => (await mailsTo(email)).filter((m) => m.includes(`returnering ${returnNumber}`)).length).toBe(1);
  expect(toCustomer()).toHaveLength(1);
});
