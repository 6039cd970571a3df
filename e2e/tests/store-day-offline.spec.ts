import { randomInt } from 'node:crypto';
import { expect, test } from '../fixtures';
import { postWithCsrf } from '../csrf';
import { deviceTable, readyForOffline } from '../store-device';
import { addPrescription, createCustomer, createOrder, decideRequisition, expectWaiting, openCounter, scanOnce, sendPaymentLink, storeMenu, type OrderLine, type PendingRequisition, type Prescription } from '../store-day/actions';
import { startStoreAppHost } from '../store-day/app-host';
import { approveReturn, asGuest, checkInExisting, checkInNewCustomer, dayVisitor, confirmBooking, handOver, markNoShow, readyForPickup, receiveReturn, requisitionsBooked, type WebOrder } from '../store-day/counter-work';
import { placeCollectOrder } from '../collect-order';
import { clockTo, counterDay, hhmm, type CounterDay } from '../store-day/day';
import { StaffApi } from '../store-day/ledger';
import { customersOfTheDay, fullName, type Person } from '../store-day/people';

/** What each of the day's customers gets: a prescription, an order made to it, and a payment link. */
function visitOf(p: Person, i: number, day: CounterDay): { rx: Prescription; order: OrderLine; channel: 'sms' | 'email' } {
  const lenses = i % 2 === 0;
  const rx: Prescription = lenses
    ? { kind: 'contact-lens', examDate: day.daysBefore(7 + i), values: [['Styrke', '-2,25', '-2'], ['Basekurve', '8,6', '8,6'], ['Diameter', '14,2', '14,2']] }
    : { kind: 'glasses', examDate: day.daysBefore(20 + i), values: [['Sfære', '-1,25', '-1'], ['Cylinder', '-0,5', ''], ['Akse', '90', ''], ['PD (mm)', '31,5', '32']] };
  const order: OrderLine = lenses
    ? { search: 'acuvue oasys 1-day', article: 'Acuvue Oasys 1-Day (30 stk.)', purchase: 'Abonnement hver 3. måned', delivery: i % 4 === 0 ? 'collect' : 'home' }
    : { search: 'lyng 195', article: 'Profil Optik Lyng 195', delivery: 'collect' };
  return { rx, order, channel: p.email ? 'email' : 'sms' };
}

/** Two employees of the demo company (Nordhavn Logistik, agreement co-001) ask for glasses in the store: their requisitions wait for the manager. */
async function requisitionsWaiting(request: Parameters<typeof postWithCsrf>[0], base: string): Promise<PendingRequisition[]> {
  // Employee numbers of the agreement that no other spec uses (M-1210 is the demo customer, M-1214 company.spec's),
  // from a random one on; a number that already has a requisition waiting (an earlier run on the same API) is skipped.
  const pool = ['M-1200', 'M-1201', 'M-1202', 'M-1203', 'M-1204', 'M-1205', 'M-1206', 'M-1207', 'M-1208', 'M-1209', 'M-1211', 'M-1212', 'M-1213', 'M-1215'];
  const from = randomInt(pool.length);
  const stamp = Date.now();
  const waiting: PendingRequisition[] = [];
  // One after the other: each POST fetches the shopper's CSRF token, which a parallel one would replace.
  for (let k = 0; k < pool.length && waiting.length < 2; k++) {
    const employeeNumber = pool[(from + k) % pool.length]!;
    const employeeName = ['Rikke Dagstrøm', 'Villads Dagstrøm'][waiting.length]!;
    const employeeEmail = `rekvisition-${stamp}-${waiting.length}@example.dk`;
    const res = await postWithCsrf(request, `${base}/api/company/requisitions`, { organisationNumber: '29446423', employeeReference: employeeNumber, employeeName, employeeEmail, kind: 'glasses', storeId: 'st-001' });
    if (res.status() === 409) continue;
    expect(res.status()).toBe(201);
    const { data } = (await res.json()) as { data: { id: string } };
    waiting.push({ id: data.id, employeeName, employeeNumber, employeeEmail });
  }
  expect(waiting).toHaveLength(2);
  return waiting;
}

test('a counter day offline: the network goes at opening, over 40 changes wait through an app update, and at closing each reaches the API exactly once', async ({ page, context, webURL, loginAsStore, expectNoA11yViolations }) => {
  // 53 actions through the UI, 14 axe scans and a reload into a new app version: 3.8 minutes in all
  // on a 2-core machine shared with other runs at load ≈4; the offline part alone took 5 minutes at
  // load 10–15. The limit only stops a hung day.
  test.setTimeout(600_000);
  const host = await startStoreAppHost();
  try {
    const day = counterDay();
    const people = customersOfTheDay(10);
    // The day's bookings: a visitor to check in as a new customer, one who becomes a customer at the counter before the exam (the day's second customer), and a no-show — booked by the demo data for the day (counter-work.ts dayVisitor) — and a company requisition booked in the shop, waiting for the store.
    const bookedNew = dayVisitor(day, 1, people[8]!);
    const bookedCustomer = dayVisitor(day, 2, people[1]!);
    const bookedNoShow = dayVisitor(day, 3, people[9]!);
    const customers = people.map((p, i) => (i === 1 ? bookedCustomer.contact : p));
    const requisitions = await requisitionsWaiting(page.request, host.url);
    // Who else the store deals with today, booked or ordering in the shop (a tag and phone numbers of their own).
    const guests = customersOfTheDay(5).map(asGuest);
    const [requested] = await requisitionsBooked(page.request, webURL, day, [guests[2]!]);
    // Web orders to collect in the store, paid by card.
    const webOrders: WebOrder[] = [];
    for (const customer of [guests[3]!, guests[4]!]) webOrders.push({ customer, orderNumber: await placeCollectOrder(page.request, webURL, { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: customer.smsTo.slice(3) }) });
    const [w1, w2] = webOrders as [WebOrder, WebOrder];
    // Every screen the day comes to is scanned for accessibility the first time it shows.
    const counter = openCounter(page, expectNoA11yViolations);

    // 08.45: the manager opens the store; the app loads its device copy while there is network.
    await page.clock.install({ time: day.at('08.45') });
    await loginAsStore({ username: 'leder1', url: host.url });
    await readyForOffline(page);
    await expect(page.getByText('Medarbejder: Henrik Poulsen')).toBeVisible();
    await storeMenu(page).getByRole('link', { name: 'Rekvisitioner' }).click();
    for (const r of requisitions) await expect(page.getByRole('heading', { name: `${r.employeeName} (medarbejdernr. ${r.employeeNumber})` })).toBeVisible();
    // The day's bookings and the web orders to collect are on the device.
    await storeMenu(page).getByRole('link', { name: 'Aftaler' }).click();
    await expect(page.getByText('Aftalerne er opdateret fra serveren.')).toBeVisible();
    for (const b of [bookedNew, bookedCustomer, bookedNoShow, requested]) await expect(page.getByRole('heading', { level: 3, name: new RegExp(`· ${fullName(b!.contact)}$`) })).toBeVisible();
    await storeMenu(page).getByRole('link', { name: 'Ordrer' }).click();
    for (const o of webOrders) await expect(page.getByRole('listitem', { name: o.orderNumber, exact: true })).toContainText('I produktion');
    await expectWaiting(page, 0);

    // 09.00: the network goes.
    await clockTo(page, day, '09.00');
    await context.setOffline(true);

    /** When each customer comes in: created, then a prescription, an order and a payment link over the next 25 minutes. */
    const arrivals = ['09.05', '09.50', '10.35', '11.35', '12.20', '13.30', '14.15', '15.20', '16.05', '16.50'];
    const serve = async (i: number) => {
      const p = customers[i]!;
      const visit = visitOf(p, i, day);
      const [h, m] = arrivals[i]!.split('.').map(Number);
      const start = h! * 60 + m!;
      await clockTo(page, day, hhmm(start));
      await createCustomer(counter, p);
      await clockTo(page, day, hhmm(start + 10));
      await addPrescription(counter, p, visit.rx);
      await clockTo(page, day, hhmm(start + 20));
      await createOrder(counter, p, visit.order);
      await clockTo(page, day, hhmm(start + 25));
      await sendPaymentLink(counter, p, visit.channel);
    };

    await test.step('morning: five customers, a booking request confirmed, two check-ins, two web orders ready for pickup and a requisition, offline', async () => {
      await clockTo(page, day, '09.02');
      await confirmBooking(counter, day, requested!);
      await serve(0);
      await clockTo(page, day, '09.40');
      await checkInNewCustomer(counter, day, bookedNew!);
      await serve(1);
      await clockTo(page, day, '10.25');
      await checkInExisting(counter, day, bookedCustomer!);
      await serve(2);
      await clockTo(page, day, '11.10');
      await readyForPickup(counter, w1);
      await readyForPickup(counter, w2);
      await clockTo(page, day, '11.20');
      await decideRequisition(counter, requisitions[0]!, 'approved', 'Godkendt ved skranken.');
      for (const i of [3, 4]) await serve(i);
    });

    await test.step(`lunch: a new app version arrives while ${counter.ledger.size} changes wait; the manager updates, and nothing is lost`, async () => {
      await clockTo(page, day, '13.00');
      await expectWaiting(page, counter.ledger.size);
      // The app is deployed while the API is still unreachable from the store: the connection
      // comes back for a moment, but every /api call fails as if offline.
      const version = host.publishUpdate();
      await context.route(`${host.url}/api/**`, (route) => route.abort('internetdisconnected'));
      await context.setOffline(false);
      // The manager reopens the app; the browser finds the new version and the app offers it.
      await page.reload();
      const banner = page.getByRole('status').filter({ hasText: 'En ny version af appen er klar. Dine ventende ændringer bevares.' });
      await expect(banner).toBeVisible({ timeout: 30_000 });
      expect(host.workerFetchesSinceUpdate()).toBeGreaterThan(0);
      await expectWaiting(page, counter.ledger.size);
      await scanOnce(counter, 'update offered');
      // The waiting version takes over and the app reloads into it (a worker start and a page load: give a busy machine time).
      const reloaded = page.waitForEvent('load', { timeout: 60_000 });
      await banner.getByRole('button', { name: 'Opdater nu' }).click();
      await reloaded;
      await expect(banner).toHaveCount(0);
      await expect(page.getByText('Medarbejder: Henrik Poulsen')).toBeVisible();
      // The new version controls the page, and the queue came through the reload into it.
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
      const versions = await Promise.all(context.serviceWorkers().map((w) => w.evaluate(() => (self as unknown as { __e2eAppVersion?: number }).__e2eAppVersion ?? 1)));
      expect(versions).toContain(version);
      await expectWaiting(page, counter.ledger.size);
      await context.setOffline(true);
      await context.unroute(`${host.url}/api/**`);
    });

    await test.step('afternoon: five more customers, two web orders handed over, one returned and refunded, a no-show and a rejected requisition, offline', async () => {
      for (const i of [5, 6]) await serve(i);
      await clockTo(page, day, '14.45');
      await handOver(counter, w1);
      await clockTo(page, day, '15.00');
      await decideRequisition(counter, requisitions[1]!, 'rejected', 'Aftalen dækker ikke solbriller.');
      // The glasses handed over at 14.45 do not fit: received back at the counter, and the refund approved.
      await clockTo(page, day, '15.05');
      await receiveReturn(counter, w1);
      await clockTo(page, day, '15.10');
      await approveReturn(counter, w1);
      for (const i of [7, 8]) await serve(i);
      await clockTo(page, day, '16.40');
      await handOver(counter, w2);
      await clockTo(page, day, '16.45');
      await markNoShow(counter, day, bookedNoShow!);
      await serve(9);
    });

    const changes = counter.ledger.size;
    expect(changes).toBeGreaterThanOrEqual(40);
    const outbox = page.getByRole('list').filter({ has: page.getByRole('listitem').filter({ hasText: 'Ny kunde' }) }).first().getByRole('listitem');

    await test.step(`closing: every one of the ${changes} changes is still waiting, stamped within the day`, async () => {
      await clockTo(page, day, '17.30');
      await storeMenu(page).getByRole('link', { name: /^Synkronisering/ }).click();
      await expect(outbox.filter({ hasText: 'Venter' })).toHaveCount(changes);
      await scanOnce(counter, 'sync: waiting');
      // Every change carries the browser's time: between opening and closing of the day.
      // As the app writes a moment: 26.11.2026 kl. 09.05.
      const texts = await outbox.allInnerTexts();
      const stamps = texts.map((t) => /(\d{2})\.(\d{2})\.(\d{4}) kl\. (\d{2})\.(\d{2})/.exec(t));
      const [y, m, d] = day.date.split('-');
      for (const [i, s] of stamps.entries()) {
        expect(s?.slice(1, 4), texts[i]).toEqual([d, m, y]);
        expect(`${s![4]}.${s![5]}`.localeCompare('09.00')).toBeGreaterThanOrEqual(0);
        expect(`${s![4]}.${s![5]}`.localeCompare('17.30')).toBeLessThanOrEqual(0);
      }
      // The sync loop kept trying all day as the clock moved (its interval and backoff timers fired), up to the afternoon's last customer.
      const retries = (await deviceTable<{ kind: string; at: string }>(page, 'syncLog')).filter((r) => r.kind === 'retry');
      expect(retries.length).toBeGreaterThanOrEqual(20);
      expect(Math.max(...retries.map((r) => Date.parse(r.at)))).toBeGreaterThanOrEqual(day.at('16.50'));
    });

    await test.step('the network is back: the outbox drains, nothing waits, nothing is rejected', async () => {
      await context.setOffline(false);
      await expect(outbox.filter({ hasText: 'Sendt' })).toHaveCount(changes, { timeout: 60_000 });
      await expect(outbox.filter({ hasText: /Venter|Afvist/ })).toHaveCount(0);
      await expectWaiting(page, 0);
      await scanOnce(counter, 'sync: sent');
    });

    await test.step('the API holds every change exactly once', async () => {
      await counter.ledger.verify(new StaffApi(page.request, host.url));
    });

    // The device shows the server's customer numbers.
    await storeMenu(page).getByRole('link', { name: 'Kunder' }).click();
    for (const p of [customers[0]!, customers[9]!]) await expect(page.getByRole('listitem').filter({ hasText: `${p.firstName} ${p.lastName}` })).toContainText(/K\d{6}/);
  } finally {
    // The page goes before its host, so nothing it still asks for fails.
    await page.close();
    await host.close();
  }
});
