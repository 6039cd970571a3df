import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingErrors, counterMessages, staffBookingListResponseSchema, syncResponseSchema, type StaffBooking, type SyncResult } from '@optik/shared';
import { allCollections, C } from '../../collections';
import type { Entity, Storage } from '../../storage/port';
import { openLowdbStorage } from '../../storage/lowdb';
import { openPostgresStorage } from '../../storage/postgres';
import { command, createTestAppOn, makeTestApp, staffAgent, TestClock, type TestApp } from '../../test/harness';
import { freshDatabase, stopTestPostgres } from '../../test/postgres';
import { createMemoryCoordination } from '../../coordination/memory';
import { createMemoryMailer } from '../../ports/mail';
import { createMemorySms } from '../../ports/sms';
import { customerMessages } from '../customers/service';
import { bookingsCollection } from './records';

/**
 * Issue 17 "Dagens aftaler": the store's bookings as the counter sees them, and the outbox
 * commands booking.confirm, booking.checkIn and booking.noShow. The test clock is Sunday
 * 22 November 2026, 11:00 in Copenhagen; the seed's counter day (seed/booking.ts) is dated from it:
 * bk-dag-1…4 today, the requests bk-dag-5 (Monday) and bk-dag-6 (Tuesday), bk-dag-8 cancelled
 * (Wednesday), bk-dag-7 on Thursday.
 */

type Agent = Awaited<ReturnType<typeof staffAgent>>;

const newCustomer = (firstName = 'Lars', lastName = 'Bøgh') => {
  const customerId = randomUUID();
  return { customerId, cmd: command('customer.create', { customerId, zip: '2100', city: 'København Ø', firstName, lastName, phone: '21436587', street: 'Ryesgade 3' }) };
};

async function push(s: Agent, ...commands: ReturnType<typeof command>[]): Promise<SyncResult[]> {
  return syncResponseSchema.parse((await s.post('/api/sync', { commands }).expect(200)).body).results;
}

async function staffList(s: Agent, query = ''): Promise<StaffBooking[]> {
  return staffBookingListResponseSchema.parse((await s.agent.get(`/api/staff/bookings${query}`).expect(200)).body).data;
}

const confirmedMails = (t: TestApp, to: string) => t.mailer.sent.filter((m) => m.to === to && m.subject.startsWith('Din tid er bekræftet'));

describe('GET /api/staff/bookings (the counter)', () => {
  it("lists this store's bookings of today and the coming week with the contact data for check-in, never cached, nothing of the shop's bookkeeping", async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const res = await s.agent.get('/api/staff/bookings?from=2026-11-22&days=8').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = staffBookingListResponseSchema.parse(res.body).data;
    // Today + 7 days: the December bookings of the demo customer are beyond the week.
    // The day's visitors (bk-kasse-…: the store app's journeys check them in) among the seeded day's bookings, by time.
    const day = (n: number) => `bk-kasse-${n}-2026-11-22`;
    expect(list.map((b) => b.id)).toEqual(['bk-dag-1', day(1), 'bk-dag-2', day(2), 'bk-dag-3', 'bk-dag-4', day(3), 'bk-dag-5', 'bk-dag-6', 'bk-dag-8', 'bk-dag-7']);
    expect(list.find((b) => b.id === 'bk-dag-5')).toMatchObject({ status: 'requested', confirmationState: 1, companyName: 'Nordhavn Logistik A/S', reference: 'M-1043', requisitionType: 'physical', workingDistances: [55], attendance: null, customerId: null });
    expect(list[0]!.contact).toEqual({ firstName: 'Lars', lastName: 'Bøgh', email: 'lars.boegh@example.dk', phone: '21436587' });
    for (const key of ['tokenHash', 'history', 'price', 'frameDiscountOrderId', 'storeCustomerId']) expect(res.body.data[0]).not.toHaveProperty(key);
    expect((await staffList(s, '?from=2026-11-23&days=1')).map((b) => b.id)).toEqual(['bk-dag-5']);
    // Another store's staff see none of them; a bad window is refused.
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    expect((await staffList(other, '?days=8')).some((b) => b.storeId === 'st-001')).toBe(false);
    await s.agent.get('/api/staff/bookings?days=0').expect(400);
  });
});

describe('POST /api/sync: the counter commands', () => {
  it('booking.confirm confirms a request once and mails the customer once, also when the command is sent again', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const confirm = command('booking.confirm', { bookingId: 'bk-dag-5' });
    const [first] = await push(s, confirm);
    expect(first).toMatchObject({ status: 'applied', error: null, result: { id: 'bk-dag-5', status: 'confirmed', confirmationState: 2 } });
    const [again] = await push(s, confirm);
    expect(again).toEqual({ ...first, status: 'duplicate' });
    expect(confirmedMails(t, 'jonas.v@example.dk')).toHaveLength(1);
    const stored = (await t.storage.collection(bookingsCollection).get('bk-dag-5'))!;
    expect(stored.history.filter((h) => h.action === 'confirmed').map((h) => h.by)).toEqual(['store']);
    // A second confirmation under a new command id is refused with the reason.
    const [second] = await push(s, command('booking.confirm', { bookingId: 'bk-dag-5' }));
    expect(second).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: bookingErrors.alreadyConfirmed } });
    expect(confirmedMails(t, 'jonas.v@example.dk')).toHaveLength(1);
  });

  it("refuses another store's booking as unknown, and changes nothing", async () => {
    const t = await makeTestApp();
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    const { customerId, cmd } = newCustomer();
    const results = await push(other, command('booking.confirm', { bookingId: 'bk-dag-5' }), command('booking.noShow', { bookingId: 'bk-dag-2' }), cmd, command('booking.checkIn', { bookingId: 'bk-dag-1', customerId }));
    expect(results.map((r) => [r.status, r.error?.message ?? null])).toEqual([
      ['rejected', counterMessages.notInStore],
      ['rejected', counterMessages.notInStore],
      ['applied', null],
      ['rejected', counterMessages.notInStore],
    ]);
    const [b5, b2, b1] = await t.storage.collection(bookingsCollection).getMany(['bk-dag-5', 'bk-dag-2', 'bk-dag-1']);
    expect([b5!.status, b2!.attendance ?? null, b1!.attendance ?? null, b1!.storeCustomerId ?? null]).toEqual(['requested', null, null, null]);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('booking.checkIn links the booking to a customer created in the same queue, once; the list shows it', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const { customerId, cmd } = newCustomer();
    const checkIn = command('booking.checkIn', { bookingId: 'bk-dag-1', customerId });
    const results = await push(s, cmd, checkIn);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(results[1]!.result).toMatchObject({ id: 'bk-dag-1', attendance: 'checked-in', attendanceAt: '2026-11-22T10:00:00.000Z', customerId });
    expect((await push(s, checkIn))[0]).toMatchObject({ status: 'duplicate', result: results[1]!.result });
    const stored = (await t.storage.collection(bookingsCollection).get('bk-dag-1'))!;
    expect(stored).toMatchObject({ attendance: 'checked-in', storeCustomerId: customerId });
    expect(stored.history.filter((h) => h.action === 'checked-in')).toHaveLength(1);
    expect((await staffList(s, '?days=1')).find((b) => b.id === 'bk-dag-1')).toMatchObject({ attendance: 'checked-in', customerId });
  });

  it('refuses a check-in for a customer that is missing or of another store, and the counter rules with Danish reasons', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const other = await staffAgent(t, 'medarbejder2', 'st-002');
    const elsewhere = newCustomer('Ole', 'Andersen');
    expect((await push(other, elsewhere.cmd))[0]!.status).toBe('applied');
    const mine = newCustomer();
    const results = await push(
      s,
      command('booking.checkIn', { bookingId: 'bk-dag-1', customerId: randomUUID() }),
      command('booking.checkIn', { bookingId: 'bk-dag-1', customerId: elsewhere.customerId }),
      mine.cmd,
      command('booking.checkIn', { bookingId: 'bk-dag-1', customerId: mine.customerId }),
      // No-show after check-in; a second check-in.
      command('booking.noShow', { bookingId: 'bk-dag-1' }),
      command('booking.checkIn', { bookingId: 'bk-dag-1', customerId: mine.customerId }),
      // A cancelled booking; a booking of a later day; an unknown booking.
      command('booking.noShow', { bookingId: 'bk-dag-8' }),
      command('booking.checkIn', { bookingId: 'bk-dag-7', customerId: mine.customerId }),
      command('booking.noShow', { bookingId: 'bk-ukendt' }),
      // A no-show today; the customer then turns up late and is checked in after all.
      command('booking.noShow', { bookingId: 'bk-dag-2' }),
      command('booking.noShow', { bookingId: 'bk-dag-2' }),
      command('booking.checkIn', { bookingId: 'bk-dag-2', customerId: mine.customerId }),
    );
    expect(results.map((r) => r.error?.message ?? r.status)).toEqual([
      counterMessages.customerMissing,
      customerMessages.otherStore,
      'applied',
      'applied',
      counterMessages.checkedIn,
      counterMessages.alreadyCheckedIn,
      counterMessages.cancelled,
      counterMessages.future,
      counterMessages.notInStore,
      'applied',
      counterMessages.alreadyNoShow,
      'applied',
    ]);
    expect((await t.storage.collection(bookingsCollection).get('bk-dag-2'))!.history.map((h) => h.action).slice(-2)).toEqual(['no-show', 'checked-in']);
  });

  it('needs a well-formed payload', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const [bad] = await push(s, command('booking.checkIn', { bookingId: 'bk-dag-1', customerId: 'kunde-1' }));
    expect(bad).toMatchObject({ status: 'rejected', error: { code: 'validation_failed', fields: { customerId: 'Ukendt kunde.' } } });
  });
});

/**
 * The same commands on the file store and on PostgreSQL: replays answer the stored result with
 * one effect, and the attendance is on the booking record as the adapter keeps it (read back
 * after the storage is opened again).
 */
describe.each([
  {
    name: 'lowdb',
    open: async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-counter-'));
      return { open: () => openLowdbStorage({ dir, collections: allCollections }), drop: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const db = await freshDatabase();
      return { open: () => openPostgresStorage({ url: db.url, collections: allCollections, poolSize: 4 }), drop: () => db.drop() };
    },
  },
])('the counter commands on $name', ({ open }) => {
  afterAll(() => stopTestPostgres());

  it('applies check-in, no-show and confirm once each, and keeps the attendance on the booking record', async () => {
    const place = await open();
    try {
      const storage = await place.open();
      await copySeed(storage);
      const t = createTestAppOn({ storage, coordination: createMemoryCoordination(), clock: new TestClock(), mailer: createMemoryMailer(), sms: createMemorySms() });
      const s = await staffAgent(t);
      const other = await staffAgent(t, 'medarbejder2', 'st-002');
      const { customerId, cmd } = newCustomer();
      const batch = [cmd, command('booking.checkIn', { bookingId: 'bk-dag-1', customerId }), command('booking.noShow', { bookingId: 'bk-dag-2' }), command('booking.confirm', { bookingId: 'bk-dag-5' })];
      // The same batch twice at once: each command applies once.
      const [a, b] = await Promise.all([push(s, ...batch), push(s, ...batch)]);
      expect([...a, ...b].map((r) => r.status).sort()).toEqual(['applied', 'applied', 'applied', 'applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
      expect((await push(other, command('booking.noShow', { bookingId: 'bk-dag-3' })))[0]!.error?.message).toBe(counterMessages.notInStore);
      expect(confirmedMails(t, 'jonas.v@example.dk')).toHaveLength(1);
      await storage.close();

      const reopened = await place.open();
      try {
        const [b1, b2, b3, b5] = await reopened.collection(bookingsCollection).getMany(['bk-dag-1', 'bk-dag-2', 'bk-dag-3', 'bk-dag-5']);
        expect(b1).toMatchObject({ attendance: 'checked-in', storeCustomerId: customerId, attendanceAt: '2026-11-22T10:00:00.000Z' });
        expect(b1!.history.filter((h) => h.action === 'checked-in')).toHaveLength(1);
        expect(b2).toMatchObject({ attendance: 'no-show' });
        expect(b3!.attendance ?? null).toBeNull();
        expect(b5).toMatchObject({ status: 'confirmed', confirmationState: 2 });
      } finally {
        await reopened.close();
      }
    } finally {
      await place.drop();
    }
  });
});

/** What the counter needs of the seed (stores, staff accounts, calendars, bookings), copied from the seeded test store. */
async function copySeed(storage: Storage): Promise<void> {
  const template = (await makeTestApp()).storage;
  for (const def of [C.stores, C.accounts, C.meta, C.bookingCalendars, C.bookings, C.bookingDays] as const) {
    await storage.collection<Entity, string, string>(def).putMany(await template.collection<Entity, string, string>(def).all());
  }
}
