import { expect, type Page } from '@playwright/test';
import { mailsTo } from '../mail';
import { smsOutbox } from '../sms';
import { DayLedger, type Recorded } from './ledger';
import { fullName, type Person } from './people';

/**
 * The counter's actions, one helper each: it does one thing through the store app's UI, as
 * staff do, and records in the ledger what the API must hold once the device has synced. A new
 * kind of counter work (a booking check-in, an order status step …) is one more helper here
 * (or in a file beside it) that calls `act`.
 */
export interface Counter {
  page: Page;
  ledger: DayLedger;
  /** Fails on accessibility violations of the page as it is (the fixtures' axe scan). */
  a11y: (page: Page) => Promise<void>;
  /** The screens scanned so far: each is scanned the first time the day comes to it. */
  scanned: Set<string>;
}

export const openCounter = (page: Page, a11y: Counter['a11y']): Counter => ({ page, ledger: new DayLedger(), a11y, scanned: new Set() });

/** Scans the screen as it is now, the first time the day shows it. */
export async function scanOnce(c: Counter, screen: string): Promise<void> {
  if (c.scanned.has(screen)) return;
  c.scanned.add(screen);
  await c.a11y(c.page);
}

export const storeMenu = (page: Page) => page.getByRole('navigation', { name: 'Butiksmenu' });

/** The menu's count of changes waiting on the device. */
export const expectWaiting = (page: Page, n: number) => expect(storeMenu(page).getByRole('link', { name: /^Synkronisering/ })).toHaveText(`Synkronisering ${n}`);

/**
 * Does `ui`, records what the API must end up with, and checks that it is one more change waiting
 * on the device — or as many more as it records (a check-in that creates its customer is two).
 */
export async function act(c: Counter, recorded: Recorded | Recorded[], ui: () => Promise<void>): Promise<void> {
  await ui();
  for (const r of [recorded].flat()) c.ledger.record(r);
  await expectWaiting(c.page, c.ledger.size);
}

const cprMasked = (p: Person) => `${p.cpr.slice(0, 6)}-XXXX`;

export function createCustomer(c: Counter, p: Person): Promise<void> {
  const { page } = c;
  const name = fullName(p);
  return act(c, { what: `Ny kunde ${name}`, key: `customer:${p.cpr}`, count: async (api) => (await api.customersByCpr(p.cpr)).length }, async () => {
    await storeMenu(page).getByRole('link', { name: 'Kunder' }).click();
    await page.getByRole('button', { name: 'Opret kunde' }).click();
    await page.getByLabel('Postnummer').fill(p.zip);
    await expect(page.getByLabel('By')).toHaveValue(p.city);
    await page.getByLabel('Fornavn').fill(p.firstName);
    await page.getByLabel('Efternavn').fill(p.lastName);
    if (p.email) await page.getByLabel('E-mail (valgfri)').fill(p.email);
    await page.getByLabel('Telefon').fill(p.phone);
    await page.getByLabel('Adresse').fill(p.street);
    await page.getByLabel('CPR-nummer på brugeren af linserne').fill(p.cpr);
    await scanOnce(c, 'customer form');
    await page.getByRole('button', { name: 'Gem kunde' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${name} er oprettet.` })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Venter på synkronisering');
    await expect(row).toContainText(`CPR ${cprMasked(p)}`);
    await scanOnce(c, 'customers');
  });
}

/** The customer's page (their prescriptions and orders), from the customer list unless it is open. */
export async function openCustomer(page: Page, p: Person): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: `Recepter for ${fullName(p)}` });
  if (await heading.isVisible()) return;
  await storeMenu(page).getByRole('link', { name: 'Kunder' }).click();
  await page.getByRole('link', { name: `Recepter: ${fullName(p)}` }).click();
  await expect(heading).toBeVisible();
}

export interface Prescription {
  kind: 'glasses' | 'contact-lens';
  /** YYYY-MM-DD. */
  examDate: string;
  /** Field label (Sfære, Styrke …), right eye, left eye ('' leaves it empty), as typed. */
  values: [string, string, string][];
}

export function addPrescription(c: Counter, p: Person, rx: Prescription): Promise<void> {
  const { page } = c;
  const title = rx.kind === 'glasses' ? 'Brillerecept' : 'Kontaktlinserecept';
  const key = `prescription:${p.cpr}:${rx.kind}:${rx.examDate}`;
  const count = async (api: Parameters<Recorded['count']>[0]) => {
    const customer = await api.customerByCpr(p.cpr);
    return (await api.prescriptions(customer.id)).filter((x) => x.entry.kind === rx.kind && x.examDate === rx.examDate).length;
  };
  return act(c, { what: `${title} til ${fullName(p)}`, key, count }, async () => {
    await openCustomer(page, p);
    await page.getByRole('button', { name: rx.kind === 'glasses' ? 'Tilføj brillerecept' : 'Tilføj linserecept' }).click();
    await page.getByLabel('Dato for synsprøven').fill(rx.examDate);
    for (const [field, right, left] of rx.values) {
      if (right) await page.getByLabel(`Højre øje (H): ${field}`).fill(right);
      if (left) await page.getByLabel(`Venstre øje (V): ${field}`).fill(left);
    }
    await page.getByLabel('Recepten er ikke ældre end et år').check();
    await scanOnce(c, `${rx.kind} prescription form`);
    await page.getByRole('button', { name: 'Gem recept' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Recepten er gemt' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: title }).last()).toContainText('Venter på synkronisering');
  });
}

export interface OrderLine {
  /** Typed in the catalogue search. */
  search: string;
  /** The catalogue's name for it, as on its "Tilføj …" button and in the order's lines. */
  article: string;
  /** "Abonnement hver 3. måned" …; a single purchase when left out. */
  purchase?: string;
  delivery: 'collect' | 'home';
}

/** An order of one line made to the customer's newest prescription, from the catalogue copy on the device. */
export function createOrder(c: Counter, p: Person, o: OrderLine): Promise<void> {
  const { page } = c;
  const deliveryMethodId = o.delivery === 'collect' ? 119 : 101;
  const count = async (api: Parameters<Recorded['count']>[0]) => {
    const customer = await api.customerByCpr(p.cpr);
    const orders = await api.orders(customer.id);
    return orders.filter((x) => x.deliveryMethodId === deliveryMethodId && x.prescriptionId && x.lines.some((l) => l.description.includes(o.article))).length;
  };
  return act(c, { what: `Ny ordre (${o.article}) til ${fullName(p)}`, key: `order:${p.cpr}:${o.article}:${deliveryMethodId}`, count }, async () => {
    await openCustomer(page, p);
    await page.getByRole('button', { name: 'Ny ordre' }).click();
    await expect(page.getByText(/^Priser opdateret/)).toBeVisible();
    await page.getByLabel('Søg i kataloget').fill(o.search);
    await page.getByRole('button', { name: `Tilføj ${o.article} –` }).click();
    if (o.purchase) await page.getByLabel('Købstype').selectOption({ label: o.purchase });
    if (o.delivery === 'home') await page.getByRole('radio', { name: 'Levering til kundens adresse' }).check();
    // The newest prescription is chosen.
    await expect(page.getByLabel('Recept')).toHaveValue(/.+/);
    await scanOnce(c, 'order form');
    await page.getByRole('button', { name: 'Opret ordre' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ordren er oprettet' })).toBeVisible();
  });
}

/** The link to pay the customer's (one, not yet synced) order, by SMS or e-mail: on the API, one message with the order's number and a pay link. */
export function sendPaymentLink(c: Counter, p: Person, channel: 'sms' | 'email'): Promise<void> {
  const { page } = c;
  const count = async (api: Parameters<Recorded['count']>[0]) => {
    const customer = await api.customerByCpr(p.cpr);
    const numbers = (await api.orders(customer.id)).map((o) => o.orderNumber);
    const texts = channel === 'sms' ? smsOutbox().filter((m) => m.to === p.smsTo).map((m) => m.text) : await mailsTo(p.email!);
    return texts.filter((t) => t.includes('/betal/') && numbers.some((n) => t.includes(n))).length;
  };
  return act(c, { what: `Betalingslink via ${channel === 'sms' ? 'SMS' : 'e-mail'} til ${fullName(p)}`, key: `payment:${p.cpr}:${channel}`, count }, async () => {
    await openCustomer(page, p);
    const order = page.getByRole('region', { name: 'Ordrer' }).getByRole('listitem');
    await order.getByRole('button', { name: 'Send betalingslink for Ordrenummer tildeles ved synkronisering' }).click();
    if (channel === 'sms') await expect(order.getByRole('radio', { name: `SMS til ${p.phoneShown}` })).toBeChecked();
    else await order.getByRole('radio', { name: `E-mail til ${p.email}` }).check();
    await scanOnce(c, 'customer with the payment link form');
    await order.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(order).toContainText(`Betalingslink sendes via ${channel === 'sms' ? 'SMS' : 'e-mail'} ved næste synkronisering.`);
  });
}

export interface PendingRequisition {
  id: string;
  employeeName: string;
  employeeNumber: string;
  employeeEmail: string;
}

/** A manager's decision on a company employee's requisition: on the API, the decision and one mail to the employee about it. */
export function decideRequisition(c: Counter, r: PendingRequisition, decision: 'approved' | 'rejected', note: string): Promise<void> {
  const { page } = c;
  const verb = decision === 'approved' ? 'godkendt' : 'afvist';
  const count = async (api: Parameters<Recorded['count']>[0]) => {
    const onServer = (await api.requisitions()).find((x) => x.id === r.id);
    expect(onServer).toMatchObject({ status: decision, note, decidedBy: 'Henrik Poulsen' });
    return (await mailsTo(r.employeeEmail)).filter((t) => t.includes(`har ${verb} rekvisitionen`)).length;
  };
  return act(c, { what: `Rekvisition for ${r.employeeName} ${verb}`, key: `requisition:${r.id}`, count }, async () => {
    await storeMenu(page).getByRole('link', { name: 'Rekvisitioner' }).click();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${r.employeeName} (medarbejdernr. ${r.employeeNumber})` }) });
    await expect(item).toContainText('Afventer beslutning');
    await item.getByLabel('Note (skal udfyldes ved afvisning)').fill(note);
    await item.getByRole('button', { name: decision === 'approved' ? 'Godkend' : 'Afvis' }).click();
    await expect(item).toContainText(decision === 'approved' ? 'Godkendt' : 'Afvist');
    await expect(item).toContainText('Venter på synkronisering');
    await scanOnce(c, 'requisitions');
  });
}
