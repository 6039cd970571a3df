import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse, StaffBooking, SyncCommandEnvelope, SyncResult } from '@optik/shared';
import type { LocalBooking } from '../../db/db';

type Answer<T> = { ok: true; status: 200; data: T } | { ok: false; status: number; error: { code: 'internal'; message: string } };
const offline = { ok: false as const, status: 0, error: { code: 'internal' as const, message: 'Ingen forbindelse.' } };
let serverList: Answer<{ data: StaffBooking[] }> = offline;
let syncAnswer: (commands: SyncCommandEnvelope[]) => Answer<{ results: SyncResult[] }> = () => offline;
const get = vi.fn(async (_schema: unknown, _path: string) => serverList);
const unreachable = async () => offline;
vi.mock('../../api', () => ({
  api: { get, sync: async ({ commands }: { commands: SyncCommandEnvelope[] }) => syncAnswer(commands), getCatalogueSnapshot: unreachable, recentCustomers: unreachable, staffOrders: unreachable, requisitions: unreachable },
  // The device copy's returns (refreshDeviceCopy) are offline here like the other reads.
  staffReturns: unreachable,
}));
const { db, syncServices } = await import('../../services');
const { Bookings } = await import('./bookings');

/** Thursday 26 November 2026, 10:00 in Copenhagen. */
const NOW = new Date('2026-11-26T09:00:00.000Z');
const session: SessionResponse = {
  user: { id: 'u-medarbejder1', role: 'store-staff', name: 'Anders Møller', email: null, storeId: 'st-001', storeName: 'Profil Optik København K', companyId: null },
  expiresAt: '2026-11-26T22:00:00.000Z',
};

const booking = (id: string, start: string, minutes: number, over: Partial<StaffBooking> = {}): StaffBooking => ({
  id,
  storeId: 'st-001',
  examType: 'synstest',
  ageGroup: '18-75',
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  noteToStore: null,
  requisitionType: null,
  workingDistances: null,
  tools: null,
  other: null,
  status: 'confirmed',
  confirmationState: 2,
  customerId: null,
  contact: { firstName: 'Lars', lastName: 'Bøgh', email: 'lars.boegh@example.dk', phone: '21436587' },
  companyName: null,
  reference: null,
  attendance: null,
  attendanceAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const week: StaffBooking[] = [
  // Today 10.30 and 15.30 (Copenhagen), tomorrow, Saturday (cancelled), another store's.
  booking('bk-1', '2026-11-26T09:30:00.000Z', 30, { noteToStore: 'Hovedpine, når jeg læser.' }),
  booking('bk-2', '2026-11-26T14:30:00.000Z', 30, {
    contact: { firstName: 'Sara', lastName: 'Nørgaard', email: 'sara@example.dk', phone: '31323334' },
    companyName: 'Nordhavn Logistik A/S', reference: 'M-1042', requisitionType: 'e-requisition', workingDistances: [60, 75], tools: 'To skærme',
  }),
  booking('bk-3', '2026-11-27T12:00:00.000Z', 30, { status: 'requested', confirmationState: 1, examType: 'kørekort', ageGroup: '76+', contact: { firstName: 'Inger', lastName: 'Dahl', email: 'inger@example.dk', phone: '61626364' } }),
  booking('bk-4', '2026-11-28T11:00:00.000Z', 45, { status: 'cancelled', examType: 'børnesyn', ageGroup: '8-12', contact: { firstName: 'Emil', lastName: 'Kristensen', email: 'k@example.dk', phone: '40506070' } }),
  booking('bk-x', '2026-11-26T10:00:00.000Z', 30, { storeId: 'st-002', contact: { firstName: 'Anden', lastName: 'Butik', email: 'a@example.dk', phone: '11111111' } }),
];
const local = (b: StaffBooking): LocalBooking => ({ ...b, server: { status: b.status, confirmationState: b.confirmationState, customerId: b.customerId, attendance: b.attendance, attendanceAt: b.attendanceAt }, syncState: null });

// Dexie over fake-indexeddb on a busy 2-core machine: conditions are waited for longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  serverList = offline;
  syncAnswer = () => offline;
  get.mockClear();
});
afterEach(cleanup);

function show(openCustomer = vi.fn()) {
  render(<Bookings session={session} openCustomer={openCustomer} now={() => NOW} />);
  return openCustomer;
}
const item = (name: RegExp) => screen.getAllByRole('listitem').find((li) => name.test(li.querySelector('h3')?.textContent ?? ''))!;
const outbox = () => db.outbox.orderBy('seq').toArray();

describe('Dagens aftaler (/aftaler)', { timeout: 30_000 }, () => {
  it("lists this store's bookings of today and the coming week by day, in Danish form, with the contact data masked", async () => {
    serverList = { ok: true, status: 200, data: { data: week } };
    show();
    expect((await screen.findByText('Aftalerne er opdateret fra serveren.')).getAttribute('role')).toBe('status');
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/staff/bookings?from=2026-11-26&days=8');
    await screen.findByRole('heading', { name: 'I dag, torsdag 26.11.2026' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['I dag, torsdag 26.11.2026', 'fredag 27.11.2026', 'lørdag 28.11.2026']);
    const today = within(screen.getByRole('region', { name: 'I dag, torsdag 26.11.2026' }));
    expect(today.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['10.30–11.00 · Lars Bøgh', '15.30–16.00 · Sara Nørgaard']);

    const lars = item(/Lars Bøgh/);
    expect(lars.textContent).toContain('Synstest18–75 årStatus: Bekræftet');
    expect(lars.textContent).toContain('•• •• •• 87');
    expect(lars.textContent).toContain('l•••@example.dk');
    expect(lars.textContent).not.toContain('21436587');
    expect(lars.textContent).toContain('Hovedpine, når jeg læser.');
    const sara = item(/Sara Nørgaard/);
    expect(sara.textContent).toContain('RekvisitionNordhavn Logistik A/S, e-rekvisition, ref. M-1042');
    expect(sara.textContent).toContain('Arbejdsafstande60 cm, 75 cm');
    expect(sara.textContent).toContain('VærktøjerTo skærme');
    // Today: check in or no-show; tomorrow's request: confirm only; a cancelled booking: nothing.
    expect(within(lars).getAllByRole('button').map((b) => b.textContent)).toEqual(['Tjek ind', 'Udeblevet']);
    const inger = item(/Inger Dahl/);
    expect(inger.textContent).toContain('Synsattest til kørekort76 år og derover');
    expect(within(inger).getAllByRole('button').map((b) => b.textContent)).toEqual(['Bekræft']);
    const emil = item(/Emil Kristensen/);
    expect(emil.textContent).toContain('Status: Aflyst');
    expect(within(emil).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText(/Anden Butik/)).toBeNull();
    // The device copy holds what the server answered, with the server's state as the baseline.
    expect(await db.bookings.get('bk-3')).toMatchObject({ status: 'requested', syncState: null, server: { status: 'requested', attendance: null } });
  });

  it('works offline from the device copy: confirm and no-show are written with their outbox command at once', async () => {
    await db.bookings.bulkPut(week.map(local));
    show();
    expect((await screen.findByText('Serveren kan ikke nås. Viser aftalerne, som de er på denne enhed.')).getAttribute('role')).toBe('status');

    fireEvent.click(within(item(/Inger Dahl/)).getByRole('button', { name: 'Bekræft' }));
    expect((await screen.findByText(/Aftalen med Inger Dahl er bekræftet/)).getAttribute('role')).toBe('status');
    await waitFor(() => expect(item(/Inger Dahl/).textContent).toContain('Status: BekræftetVenter på synkronisering'));
    expect(within(item(/Inger Dahl/)).queryByRole('button', { name: 'Bekræft' })).toBeNull();
    expect(await db.bookings.get('bk-3')).toMatchObject({ status: 'confirmed', confirmationState: 2, syncState: 'pending', server: { status: 'requested' } });

    fireEvent.click(within(item(/Lars Bøgh/)).getByRole('button', { name: 'Udeblevet' }));
    await waitFor(() => expect(item(/Lars Bøgh/).textContent).toContain('Status: Udeblevet'));
    // A no-show who turns up late can still be checked in.
    expect(within(item(/Lars Bøgh/)).getAllByRole('button').map((b) => b.textContent)).toEqual(['Tjek ind']);
    expect(await db.bookings.get('bk-1')).toMatchObject({ attendance: 'no-show', attendanceAt: NOW.toISOString(), syncState: 'pending' });
    expect((await outbox()).map((r) => [r.type, r.payload, r.entity, r.status])).toEqual([
      ['booking.confirm', { bookingId: 'bk-3' }, { table: 'bookings', id: 'bk-3' }, 'pending'],
      ['booking.noShow', { bookingId: 'bk-1' }, { table: 'bookings', id: 'bk-1' }, 'pending'],
    ]);
  });

  it("checks in by creating the customer with the booking's contact data, linked and waiting for that customer, and opens it", async () => {
    await db.bookings.bulkPut(week.map(local));
    const openCustomer = show();
    fireEvent.click(within(await waitFor(() => item(/Lars Bøgh/))).getByRole('button', { name: 'Tjek ind' }));
    await screen.findByRole('heading', { level: 1, name: 'Opret kunde og tjek ind: Lars Bøgh' });
    expect(['Fornavn', 'Efternavn', 'E-mail (valgfri)', 'Telefon'].map((l) => screen.getByLabelText<HTMLInputElement>(l).value)).toEqual(['Lars', 'Bøgh', 'lars.boegh@example.dk', '21436587']);
    fireEvent.change(screen.getByLabelText('Postnummer'), { target: { value: '2100' } });
    fireEvent.change(screen.getByLabelText('Adresse'), { target: { value: 'Ryesgade 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem kunde' }));
    await waitFor(() => expect(openCustomer).toHaveBeenCalledTimes(1));
    const customerId = openCustomer.mock.calls[0]![0] as string;
    expect(await db.customers.get(customerId)).toMatchObject({ firstName: 'Lars', lastName: 'Bøgh', city: 'København Ø', phone: '21436587', syncState: 'pending' });
    expect(await db.bookings.get('bk-1')).toMatchObject({ attendance: 'checked-in', customerId, syncState: 'pending' });
    const [create, checkIn] = await outbox();
    expect(create).toMatchObject({ type: 'customer.create', entity: { table: 'customers', id: customerId } });
    expect(checkIn).toMatchObject({ type: 'booking.checkIn', payload: { bookingId: 'bk-1', customerId }, dependsOn: [create!.id], entity: { table: 'bookings', id: 'bk-1' } });
  });

  it("offers a device customer with the booking's phone number, and opens a linked customer directly", async () => {
    await db.bookings.bulkPut(week.map(local));
    await db.customers.add({ id: '5f0c3c52-6a7e-4b8e-9a57-3f0b7a9e2c11', customerNumber: 'K100042', firstName: 'Lars', lastName: 'Bøgh', email: null, phone: '21436587', street: 'Ryesgade 3', zip: '2100', city: 'København Ø', cprMasked: null, birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: '', updatedAt: '', version: 1, syncState: 'synced' });
    const openCustomer = show();
    fireEvent.click(within(await waitFor(() => item(/Lars Bøgh/))).getByRole('button', { name: 'Tjek ind' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tjek ind som Lars Bøgh (K100042)' }));
    await waitFor(() => expect(openCustomer).toHaveBeenCalledWith('5f0c3c52-6a7e-4b8e-9a57-3f0b7a9e2c11'));
    // An existing (synced) customer: the check-in depends on nothing.
    expect((await outbox()).map((r) => [r.type, r.dependsOn])).toEqual([['booking.checkIn', []]]);
    await screen.findByText(/Lars Bøgh er tjekket ind/);
    await waitFor(() => expect(within(item(/Lars Bøgh/)).getAllByRole('button').map((b) => b.textContent)).toEqual(['Åbn kunde']));
    fireEvent.click(within(item(/Lars Bøgh/)).getByRole('button', { name: 'Åbn kunde' }));
    expect(openCustomer).toHaveBeenCalledTimes(2);
  });
});

/** Sends the outbox now (the app's sync loop may be backing off from an earlier test's offline answers). */
async function sendNow(engine: Awaited<ReturnType<typeof syncServices>>['engine']) {
  await engine.resetBackoff();
  await engine.drain();
}

describe('the counter commands through the sync engine', { timeout: 30_000 }, () => {
  it("takes the server's booking when applied, and undoes a discarded rejection to the server's state (never deletes the booking)", async () => {
    await db.bookings.bulkPut(week.map(local));
    const { engine } = await syncServices();
    const { confirmBooking, markNoShow } = await import('./counter-actions');
    await confirmBooking(engine, 'bk-3', NOW);
    await markNoShow(engine, 'bk-1', NOW);
    syncAnswer = (commands) => ({
      ok: true,
      status: 200,
      data: {
        results: commands.map((c): SyncResult =>
          c.type === 'booking.confirm'
            ? { id: c.id, status: 'applied', result: { ...week[2], status: 'confirmed', confirmationState: 2, updatedAt: NOW.toISOString() }, error: null }
            : { id: c.id, status: 'rejected', result: null, error: { code: 'conflict', message: 'Kunden er tjekket ind og kan ikke meldes udeblevet.' } },
        ),
      },
    });
    await sendNow(engine);
    await waitFor(async () => expect(await db.bookings.get('bk-3')).toMatchObject({ status: 'confirmed', syncState: null, server: { status: 'confirmed', confirmationState: 2 } }));
    expect(await db.bookings.get('bk-1')).toMatchObject({ attendance: 'no-show', syncState: 'failed' });
    const rejected = (await outbox()).find((r) => r.type === 'booking.noShow')!;
    expect(rejected).toMatchObject({ status: 'rejected', error: { message: 'Kunden er tjekket ind og kan ikke meldes udeblevet.' } });
    await engine.discard(rejected.id);
    expect(await db.bookings.get('bk-1')).toMatchObject({ id: 'bk-1', attendance: null, attendanceAt: null, syncState: null, contact: { firstName: 'Lars' } });
  });

  it('keeps a later change made here on top when an earlier one for the same booking is discarded', async () => {
    await db.bookings.bulkPut(week.map(local));
    const { engine } = await syncServices();
    const { markNoShow, checkIn } = await import('./counter-actions');
    await markNoShow(engine, 'bk-1', NOW);
    await checkIn(engine, 'bk-1', '5f0c3c52-6a7e-4b8e-9a57-3f0b7a9e2c11', NOW);
    syncAnswer = (commands) => ({ ok: true, status: 200, data: { results: commands.map((c): SyncResult => ({ id: c.id, status: 'rejected', result: null, error: { code: 'conflict', message: 'Nej.' } })) } });
    await sendNow(engine);
    await waitFor(async () => expect((await outbox()).map((r) => r.status)).toEqual(['rejected', 'rejected']));
    const [noShow] = await outbox();
    await engine.discard(noShow!.id);
    // The check-in is still rejected and waiting for staff: it stays shown on the server's state.
    expect(await db.bookings.get('bk-1')).toMatchObject({ attendance: 'checked-in', customerId: '5f0c3c52-6a7e-4b8e-9a57-3f0b7a9e2c11', syncState: 'failed', server: { attendance: null } });
  });
});
