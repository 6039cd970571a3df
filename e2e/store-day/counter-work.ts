import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { postWithCsrf } from '../csrf';
import { mailsTo } from '../mail';
import { smsOutbox } from '../sms';
import { act, scanOnce, storeMenu, type Counter } from './actions';
import type { CounterDay } from './day';
import type { Recorded, StaffApi } from './ledger';
import { fullName, type Person } from './people';

/**
 * The counter's work on what the store already holds: the day's eye-exam bookings (Aftaler),
 * click-and-collect web orders (Ordrer) and a return at the counter (Returer). As in actions.ts,
 * one helper per action: it works the store app's screen as staff do and records what the API
 * must hold once the device has synced.
 */

/** Someone from outside the store's customer list: a booking's or a web order's contact, with an e-mail address of their own. */
export type Guest = Person & { email: string };

/** `p` with an e-mail address (this run's own: the name carries the run's tag). */
export const asGuest = (p: Person, i: number): Guest => ({ ...p, email: p.email ?? `gaest-${p.lastName.split('-')[1]!.toLowerCase()}-${i}@example.dk` });

/** As the shop's forms take a mobile number: eight digits. */
const mobileOf = (p: Person) => p.smsTo.slice(3);

export interface DayBooking {
  id: string;
  contact: Guest;
}

/**
 * The demo store's walk-in visitors of the day, as the API's demo data books them on the day of
 * its first start and the day before (api/src/seed/booking.ts, COUNTER_VISITORS): the shop can
 * book only times still ahead, so a day run late, or before opening on the day after, would
 * have none of its own to check in. Ids carry the date.
 */
const VISITORS = [
  { firstName: 'Nanna', lastName: 'Friis-Kasse', email: 'nanna.friis@example.dk', digits: '26271829' },
  { firstName: 'Bent', lastName: 'Kjær-Kasse', email: 'bent.kjaer@example.dk', digits: '26271830' },
  { firstName: 'Mikkel', lastName: 'Dam-Kasse', email: 'mikkel.dam@example.dk', digits: '26271831' },
] as const;

/** Visitor `n` (1–3) of the counter day as a booking, with `p`'s address and CPR number (for the customer made of them). */
export function dayVisitor(day: CounterDay, n: 1 | 2 | 3, p: Person): DayBooking {
  const v = VISITORS[n - 1]!;
  const pairs = v.digits.match(/\d\d/g)!.join(' ');
  const contact: Guest = { ...p, firstName: v.firstName, lastName: v.lastName, email: v.email, phone: `+45 ${pairs}`, smsTo: `+45${v.digits}`, phoneShown: pairs };
  return { id: `bk-kasse-${n}-${day.date}`, contact };
}

/**
 * Company requisitions booked in the shop for the store (st-001): one per guest, at any free time
 * of the coming week; each waits for the store to confirm it.
 */
export async function requisitionsBooked(request: APIRequestContext, webURL: string, day: CounterDay, guests: Guest[]): Promise<DayBooking[]> {
  const times = await request.get(`${webURL}/api/bookings/availability?storeId=st-001&examType=synstest&from=${day.date}&days=8`);
  expect(times.status()).toBe(200);
  const slots = ((await times.json()) as { data: { days: { slots: { start: string }[] }[] } }).data.days.flatMap((d) => d.slots);
  const made: DayBooking[] = [];
  for (const who of guests) {
    let booked: DayBooking | undefined;
    for (const slot of [...slots]) {
      const res = await postWithCsrf(request, `${webURL}/api/bookings`, {
        storeId: 'st-001',
        examType: 'synstest',
        ageGroup: '18-75',
        start: slot.start,
        contact: { firstName: who.firstName, lastName: who.lastName, email: who.email, phone: mobileOf(who) },
        company: { companyName: 'Nordhavn Logistik A/S', requisitionType: 'e-requisition', reference: 'M-1042' },
      });
      // Another spec may have taken the time meanwhile: the next one.
      if (res.status() !== 201) continue;
      const { data } = (await res.json()) as { data: { id: string; status: string } };
      expect(data.status).toBe('requested');
      slots.splice(slots.indexOf(slot), 1);
      booked = { id: data.id, contact: who };
      break;
    }
    expect(booked, `a free time in st-001 the coming week for ${fullName(who)}`).toBeTruthy();
    made.push(booked!);
  }
  return made;
}

/** The booking on the day's list, by its contact's name (its heading: "09.30–10.00 · Anne Holm"). */
const bookingItem = (page: Page, b: DayBooking) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`· ${fullName(b.contact)}$`) }) });

async function openBookings(c: Counter): Promise<void> {
  await storeMenu(c.page).getByRole('link', { name: 'Aftaler' }).click();
  await expect(c.page.getByRole('heading', { level: 1, name: 'Dagens aftaler' })).toBeVisible();
}

/** The booking as the API has it (fails when the API does not list it). */
async function bookingOnServer(api: StaffApi, day: CounterDay, b: DayBooking) {
  const found = (await api.bookings(day.date)).find((x) => x.id === b.id);
  expect(found, `booking ${b.id}`).toBeTruthy();
  return found!;
}

/** "Bekræft" on a booking request: on the API, confirmed, and the customer mailed once that it is. */
export function confirmBooking(c: Counter, day: CounterDay, b: DayBooking): Promise<void> {
  const { page } = c;
  const count = async (api: StaffApi) => {
    expect(await bookingOnServer(api, day, b)).toMatchObject({ status: 'confirmed' });
    return (await mailsTo(b.contact.email)).filter((t) => t.includes('Din tid er bekræftet.')).length;
  };
  return act(c, { what: `Aftale med ${fullName(b.contact)} bekræftet`, key: `booking-confirm:${b.id}`, count }, async () => {
    await openBookings(c);
    const item = bookingItem(page, b);
    await expect(item).toContainText('Status: Anmodet');
    await scanOnce(c, 'bookings');
    await item.getByRole('button', { name: 'Bekræft' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Aftalen med ${fullName(b.contact)} er bekræftet.` })).toBeVisible();
    await expect(item).toContainText('Status: BekræftetVenter på synkronisering');
  });
}

/** The booking checked in on the customer `customerId` finds (on the API). */
const checkedInOn = (day: CounterDay, b: DayBooking, customer: (api: StaffApi) => Promise<{ id: string }>) => async (api: StaffApi) => {
  const onServer = await bookingOnServer(api, day, b);
  return onServer.attendance === 'checked-in' && onServer.customerId === (await customer(api)).id ? 1 : 0;
};

/** The one customer the store finds by the name (fails when there is none or more). */
async function customerNamed(api: StaffApi, p: Person) {
  const found = (await api.customersFound(p.lastName)).filter((x) => x.lastName === p.lastName);
  expect(found, `customers named ${fullName(p)}`).toHaveLength(1);
  return found[0]!;
}

/**
 * "Tjek ind" for someone not yet a customer: the customer is created from the booking's contact
 * data (staff add the address) and the booking checked in on them — two changes, the check-in
 * after the customer.
 */
export function checkInNewCustomer(c: Counter, day: CounterDay, b: DayBooking): Promise<void> {
  const { page } = c;
  const p = b.contact;
  const name = fullName(p);
  const created: Recorded = { what: `Ny kunde ${name} fra aftalen`, key: `customer-named:${p.lastName}`, count: async (api) => (await api.customersFound(p.lastName)).filter((x) => x.lastName === p.lastName).length };
  const checkedIn: Recorded = { what: `${name} tjekket ind som ny kunde`, key: `booking-check-in:${b.id}`, count: checkedInOn(day, b, (api) => customerNamed(api, p)) };
  return act(c, [created, checkedIn], async () => {
    await openBookings(c);
    await bookingItem(page, b).getByRole('button', { name: 'Tjek ind' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Opret kunde og tjek ind: ${name}` })).toBeVisible();
    await expect(page.getByLabel('Fornavn')).toHaveValue(p.firstName);
    await expect(page.getByLabel('E-mail (valgfri)')).toHaveValue(p.email);
    await page.getByLabel('Postnummer').fill(p.zip);
    await expect(page.getByLabel('By')).toHaveValue(p.city);
    await page.getByLabel('Adresse').fill(p.street);
    await page.getByRole('button', { name: 'Gem kunde' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Recepter for ${name}` })).toBeVisible();
    await openBookings(c);
    await expect(bookingItem(page, b)).toContainText('Status: MødtVenter på synkronisering');
  });
}

/** "Tjek ind" for a booking whose contact is already a customer on the device (made at the counter today): checked in on them. */
export function checkInExisting(c: Counter, day: CounterDay, b: DayBooking): Promise<void> {
  const { page } = c;
  const p = b.contact;
  const name = fullName(p);
  const count = checkedInOn(day, b, (api) => api.customerByCpr(p.cpr));
  return act(c, { what: `${name} tjekket ind`, key: `booking-check-in:${b.id}`, count }, async () => {
    await openBookings(c);
    await bookingItem(page, b).getByRole('button', { name: 'Tjek ind' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Tjek ind: ${name}` })).toBeVisible();
    await scanOnce(c, 'check-in with a matching customer');
    await page.getByRole('button', { name: `Tjek ind som ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Recepter for ${name}` })).toBeVisible();
    await openBookings(c);
    await expect(bookingItem(page, b)).toContainText('Status: MødtVenter på synkronisering');
  });
}

/** "Udeblevet": on the API, the booking marked a no-show and on no customer. */
export function markNoShow(c: Counter, day: CounterDay, b: DayBooking): Promise<void> {
  const { page } = c;
  const count = async (api: StaffApi) => {
    const onServer = await bookingOnServer(api, day, b);
    return onServer.attendance === 'no-show' && onServer.customerId === null ? 1 : 0;
  };
  return act(c, { what: `${fullName(b.contact)} meldt udeblevet`, key: `booking-no-show:${b.id}`, count }, async () => {
    await openBookings(c);
    const item = bookingItem(page, b);
    await item.getByRole('button', { name: 'Udeblevet' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${fullName(b.contact)} er meldt udeblevet.` })).toBeVisible();
    await expect(item).toContainText('Status: UdeblevetVenter på synkronisering');
  });
}

export interface WebOrder {
  orderNumber: string;
  customer: Guest;
}

/** The web order's card on Ordrer, found by its number as staff type it. */
async function orderCard(c: Counter, o: WebOrder) {
  await storeMenu(c.page).getByRole('link', { name: 'Ordrer' }).click();
  await expect(c.page.getByRole('heading', { level: 1, name: 'Ordrer' })).toBeVisible();
  await c.page.getByLabel('Find ordrenummer').fill(o.orderNumber.slice(1));
  const card = c.page.getByRole('listitem', { name: o.orderNumber, exact: true });
  await expect(card).toContainText(fullName(o.customer));
  return card;
}

/** The order's status on the API (fails when the store does not list it). */
async function orderStatus(api: StaffApi, o: WebOrder): Promise<string> {
  const found = (await api.storeOrders()).find((x) => x.orderNumber === o.orderNumber);
  expect(found, `order ${o.orderNumber}`).toBeTruthy();
  return found!.status;
}

/** The SMS and mails telling the customer the order is ready for pickup. */
async function readyNotices(o: WebOrder): Promise<number> {
  const ready = `${o.orderNumber} er klar til afhentning`;
  const sms = smsOutbox().filter((m) => m.to === o.customer.smsTo && m.text.includes(ready)).length;
  return sms + (await mailsTo(o.customer.email)).filter((t) => t.includes(ready)).length;
}

/** "Klar til afhentning": on the API the order went past production, and the customer got exactly one SMS or e-mail saying so. */
export function readyForPickup(c: Counter, o: WebOrder): Promise<void> {
  const count = async (api: StaffApi) => {
    expect(['controlled', 'delivered']).toContain(await orderStatus(api, o));
    return readyNotices(o);
  };
  return act(c, { what: `${o.orderNumber} klar til afhentning (én besked til kunden)`, key: `order-ready:${o.orderNumber}`, count }, async () => {
    const card = await orderCard(c, o);
    await expect(card).toContainText('I produktion');
    await scanOnce(c, 'orders');
    await card.getByRole('button', { name: `Meld ${o.orderNumber} klar til afhentning` }).click();
    await expect(card.getByRole('status')).toContainText(`${o.orderNumber} er meldt klar til afhentning.`);
    await expect(card).toContainText('Klar til afhentning');
    await expect(card).toContainText('Venter på synkronisering');
  });
}

/** "Udlevér": on the API the order is delivered. */
export function handOver(c: Counter, o: WebOrder): Promise<void> {
  const count = async (api: StaffApi) => ((await orderStatus(api, o)) === 'delivered' ? 1 : 0);
  return act(c, { what: `${o.orderNumber} udleveret`, key: `order-delivered:${o.orderNumber}`, count }, async () => {
    const card = await orderCard(c, o);
    await card.getByRole('button', { name: `Udlevér ${o.orderNumber} til kunden` }).click();
    await expect(card.getByRole('status')).toContainText(`${o.orderNumber} er udleveret.`);
    await expect(card.getByText('Udleveret', { exact: true })).toBeVisible();
    await expect(card).toContainText('Venter på synkronisering');
  });
}

/** The returns of the order the API holds. */
const returnsOf = async (api: StaffApi, o: WebOrder) => (await api.returns()).filter((r) => r.orderNumber === o.orderNumber);

const receivedReturn = (page: Page, o: WebOrder) => page.getByRole('list', { name: 'Modtagne returer' }).getByRole('listitem').filter({ hasText: `Ordre ${o.orderNumber}` });

/** "Modtag retur" of the order's one pair (it does not fit): on the API, one return of the order. */
export function receiveReturn(c: Counter, o: WebOrder): Promise<void> {
  const { page } = c;
  const count = async (api: StaffApi) => (await returnsOf(api, o)).length;
  return act(c, { what: `Retur af ${o.orderNumber} modtaget`, key: `return-received:${o.orderNumber}`, count }, async () => {
    await storeMenu(page).getByRole('link', { name: 'Returer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Returer' })).toBeVisible();
    await page.getByLabel('Ordrenummer').fill(o.orderNumber);
    await page.getByRole('button', { name: 'Find ordren' }).click();
    await expect(page.getByRole('heading', { level: 3, name: `Ordre ${o.orderNumber} – ${fullName(o.customer)}` })).toBeVisible();
    await page.getByLabel(/^Antal: /).fill('1');
    await page.getByLabel('Årsag').selectOption({ label: 'Passer ikke' });
    await scanOnce(c, 'returns');
    await page.getByRole('button', { name: 'Modtag retur' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Returen af ${o.orderNumber} er modtaget.` })).toBeVisible();
    await expect(receivedReturn(page, o)).toContainText('Modtaget – venter på godkendelse');
    await expect(receivedReturn(page, o)).toContainText('Returnummer tildeles ved synkronisering');
    await expect(receivedReturn(page, o)).toContainText('Venter på synkronisering');
  });
}

/** "Godkend retur": on the API the return is confirmed and refunded through the payment provider, and the customer mailed about it once. */
export function approveReturn(c: Counter, o: WebOrder): Promise<void> {
  const { page } = c;
  const count = async (api: StaffApi) => {
    const [ret] = await returnsOf(api, o);
    expect(ret).toMatchObject({ status: 'confirmed', refundTransactionId: expect.stringMatching(/^sim-refund-/) });
    return (await mailsTo(o.customer.email)).filter((t) => t.includes(`returnering ${ret!.returnNumber}`)).length;
  };
  return act(c, { what: `Retur af ${o.orderNumber} godkendt og refunderet`, key: `return-confirmed:${o.orderNumber}`, count }, async () => {
    const item = receivedReturn(page, o);
    await item.getByRole('button', { name: 'Godkend retur returen' }).click();
    await expect(item).toContainText('Godkendt');
    await expect(item).toContainText('Venter på synkronisering');
  });
}
