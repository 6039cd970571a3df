import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse, Store } from '@optik/shared';
import type { LocalBooking, LocalCustomer, LocalOrder, OutboxRow } from '../../db/db';

vi.mock('../../api', () => ({ api: {} }));
vi.mock('@tanstack/react-router', () => ({ Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a> }));
const { db } = await import('../../services');
const { StoreHome } = await import('./store-home');

const session: SessionResponse = {
  user: { id: 'u1', role: 'store-staff', name: 'Anders Møller', email: null, storeId: 'st-001', storeName: 'Profil Optik København K', companyId: null },
  expiresAt: '2099-01-01T00:00:00.000Z',
};
const store = { id: 'st-001', name: 'Profil Optik København K', street: 'Købmagergade 1', postcode: '1150', city: 'København K', phone: '33123456', openingHours: [{ day: 1, open: '10:00', close: '17:30' }, { day: 7, open: null, close: null }] } as unknown as Store;
const api = { getStores: async () => ({ ok: true as const, status: 200, data: { data: [store] } }) };
// 10.30 Copenhagen time on Wednesday 25 November 2026.
const now = new Date('2026-11-25T09:30:00.000Z');

const booking = (id: string, start: string, patch: Partial<LocalBooking> = {}): LocalBooking => ({
  id, storeId: 'st-001', examType: 'synstest', ageGroup: '18-75', start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString(), noteToStore: null, requisitionType: null, workingDistances: null, tools: null, other: null,
  status: 'confirmed', confirmationState: 'confirmed', customerId: null, syncState: null, ...patch,
} as LocalBooking);
const order = (id: string, patch: Partial<LocalOrder>): LocalOrder => ({
  id, customerId: 'c1', orderNumber: null, lines: [], deliveryMethodId: 119, totalPrice: 100_000, paymentStatus: 'paid', status: 'controlled', createdAt: '2026-11-24T09:00:00.000Z', syncState: 'synced', ...patch,
});
const command = (id: string, status: OutboxRow['status']): OutboxRow => ({ id, type: 'order.create', createdAt: '', payload: {}, sealed: null, entity: null, dependsOn: [], status, attempts: 0, nextAttemptAt: 0, error: null, sentAt: null });
const customer = { id: 'c1', customerNumber: 'K100001', firstName: 'Karen', lastName: 'Sørensen', cprMasked: null, syncState: 'synced' } as LocalCustomer;

/** The shortcut section headed `name` (by its heading: role queries over the whole page are slow in jsdom). */
const region = (name: string) => {
  const heading = screen.getByText(name, { selector: 'h2' });
  const section = heading.closest('section')!;
  expect(section.getAttribute('aria-labelledby')).toBe(heading.id);
  return section;
};
const items = (el: HTMLElement) => [...el.querySelectorAll('li')].map((li) => li.textContent);
const link = (el: HTMLElement, name: string) => within(el).getByText(name).closest('a')!.getAttribute('href');

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

describe("the home page: the day's shortcuts", () => {
  it("lists today's next bookings, the orders ready for pickup and the waiting actions, each with its screen", async () => {
    await db.bookings.bulkAdd([
      booking('over', '2026-11-25T08:00:00.000Z'),
      booking('b-later', '2026-11-25T13:00:00.000Z', { examType: 'kontaktlinsekontrol', status: 'requested' }),
      booking('b-soon', '2026-11-25T09:15:00.000Z'),
      booking('cancelled', '2026-11-25T10:00:00.000Z', { status: 'cancelled' }),
      booking('no-show', '2026-11-25T10:30:00.000Z', { attendance: 'no-show' }),
      booking('tomorrow', '2026-11-26T09:00:00.000Z'),
    ]);
    await db.customers.add(customer);
    await db.orders.bulkAdd([
      order('ready', { orderNumber: 'O2600007' }),
      order('ready-2', { orderNumber: null, customerId: 'c-ukendt' }),
      order('in-production', { status: 'handled', orderNumber: 'O2600008' }),
      order('home-delivery', { deliveryMethodId: 101, orderNumber: 'O2600009' }),
    ]);
    await db.outbox.bulkAdd([command('a', 'pending'), command('b', 'pending'), command('c', 'rejected'), command('d', 'sent')]);
    render(<StoreHome api={api} session={session} now={now} />);

    await screen.findByText(/10\.15–10\.45/);
    const bookings = region('Dagens næste aftaler');
    expect(items(bookings)).toEqual(['10.15–10.45 Synstest', '14.00–14.30 Kontaktlinsekontrol · Anmodning – skal bekræftes']);
    expect(link(bookings, 'Alle aftaler')).toBe('/aftaler');

    await screen.findByText('2 ordrer klar til afhentning');
    const pickup = region('Klar til afhentning');
    expect(items(pickup)).toEqual(['O2600007 – Karen Sørensen', 'Ordrenummer tildeles ved synkronisering']);
    expect(link(pickup, 'Alle ordrer')).toBe('/ordrer');

    await screen.findByText('2 handlinger venter på at blive sendt');
    const waiting = region('Handlinger, der venter');
    expect(within(waiting).getByText('1 afvist – skal rettes eller kasseres')).toBeTruthy();
    expect(link(waiting, 'Se ventende handlinger')).toBe('/synkronisering');

    // Opening hours in Danish time form.
    expect((await screen.findByText('Mandag')).closest('tr')!.textContent).toBe('Mandag10.00–17.30');
  });

  it('says so in Danish when the day holds nothing yet', async () => {
    render(<StoreHome api={api} session={session} now={now} />);
    expect(within(region('Dagens næste aftaler')).getByText((await screen.findByText('Ingen flere aftaler i dag.')).textContent!)).toBeTruthy();
    expect(within(region('Klar til afhentning')).getByText((await screen.findByText('Ingen ordrer venter på at blive hentet.')).textContent!)).toBeTruthy();
    expect(within(region('Handlinger, der venter')).getByText((await screen.findByText('Ingen handlinger venter – alt er sendt.')).textContent!)).toBeTruthy();
  });
});
