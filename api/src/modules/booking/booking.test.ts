import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  availabilityResponseSchema,
  bookingCreatedResponseSchema,
  bookingErrors,
  bookingListResponseSchema,
  staffBookingListResponseSchema,
  bookingMessages,
  bookingResponseSchema,
  fromCopenhagen,
  parseIsoDate,
  type BookingCreateRequest,
} from '@optik/shared';
import { generateBookingCalendars } from '../../seed/booking';
import { generateStores } from '../../seed/stores';
import { openLowdbStorage } from '../../storage/lowdb';
import { makeTestApp, shopperAgent, staffAgent, type TestApp, customerAgent, otherCustomerAgent } from '../../test/harness';
import { allCollections } from '../../collections';
import { storesCollection } from '../catalogue/records';
import { friendsMembersCollection } from '../friends/records';
import { bookingCalendarsCollection, bookingDaysCollection, bookingsCollection } from './records';

/** The test clock is Sunday 22 November 2026, 11:00 in Copenhagen. */
const MONDAY = '2026-11-23';
/** Profil Optik Strøget: one examiner, own calendar, requests confirmed at once; no hearing or children's exams. */
const ONE_EXAMINER = 'st-002';

const startAt = (date: string, time: string) => fromCopenhagen({ ...parseIsoDate(date)!, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) }).toISOString();
const contact = { firstName: 'Ida', lastName: 'Holm', email: 'ida@example.dk', phone: '20 30 40 50' };
const request = (over: Partial<BookingCreateRequest> = {}): BookingCreateRequest => ({ storeId: ONE_EXAMINER, examType: 'synstest', ageGroup: '18-75', start: startAt(MONDAY, '10:00'), contact, ...over });

type Agent = Awaited<ReturnType<typeof shopperAgent>>;


async function book(s: Agent, over: Partial<BookingCreateRequest> = {}) {
  const res = await s.post('/api/bookings', request(over)).expect(201);
  return bookingCreatedResponseSchema.parse(res.body);
}

const availability = async (t: TestApp, q: Record<string, string>) =>
  availabilityResponseSchema.parse((await (await shopperAgent(t)).agent.get('/api/bookings/availability').query(q).expect(200)).body).data;

/** The manage link of the last mail, split into booking id and token. */
function lastLink(t: TestApp): { id: string; token: string; subject: string; text: string } {
  const mail = t.mailer.sent.at(-1)!;
  const m = /http:\/\/shop\.test\/bestil-tid-til-synstest\/(bk-[\w-]+)#token=([\w-]+)/.exec(mail.text);
  if (!m) throw new Error(`no manage link in: ${mail.text}`);
  return { id: m[1]!, token: m[2]!, subject: mail.subject, text: mail.text };
}

describe('GET /api/bookings/availability', () => {
  it("lists a week of free times from the store's opening hours, holidays and closed days", async () => {
    const t = await makeTestApp();
    const week = await availability(t, { storeId: ONE_EXAMINER, examType: 'synstest', ageGroup: '18-75', from: MONDAY });
    expect(week.unavailable).toBeNull();
    expect(week.alternatives).toBeNull();
    expect(week.days.map((d) => [d.date, d.slots.length, d.closed?.reason ?? null])).toEqual([
      ['2026-11-23', 15, null],
      ['2026-11-24', 15, null],
      ['2026-11-25', 15, null],
      ['2026-11-26', 15, null],
      // Late opening on Fridays (until 18:00).
      ['2026-11-27', 16, null],
      ['2026-11-28', 8, null],
      ['2026-11-29', 0, 'weekday'],
    ]);
    expect(week.days[0]!.slots[0]).toEqual({ start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T09:30:00.000Z', date: MONDAY, time: '10:00', endTime: '10:30' });

    const christmas = await availability(t, { storeId: ONE_EXAMINER, examType: 'kontaktlinsetilpasning', from: '2026-12-24', days: '3' });
    expect(christmas.days.map((d) => d.closed?.name)).toEqual(['Juleaftensdag', 'Juledag', '2. juledag']);
  });

  it('offers the next free time, similar exams and nearby stores when the days have none (SPEC §8)', async () => {
    const t = await makeTestApp();
    const res = await availability(t, { storeId: ONE_EXAMINER, examType: 'kontaktlinsekontrol', ageGroup: '18-75', from: '2026-12-24', days: '3' });
    expect(res.days.every((d) => d.slots.length === 0)).toBe(true);
    const alt = res.alternatives!;
    // Sunday 27 is closed: the next time is Monday 28 December at opening.
    expect(alt.nextAvailable).toMatchObject({ date: '2026-12-28', time: '10:00' });
    expect(alt.similarExamTypes.map((s) => [s.examType, s.nextAvailable.date])).toEqual([
      ['kontaktlinsetilpasning', '2026-12-28'],
      ['synstest', '2026-12-28'],
    ]);
    expect(alt.nearbyStores).toHaveLength(3);
    // Strøget's nearest stores are in central Copenhagen, nearest first.
    const distances = alt.nearbyStores.map((s) => s.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(3);
    expect(alt.nearbyStores.map((s) => s.storeId)).not.toContain(ONE_EXAMINER);
  });

  it('says when the store’s external booking system is down and points to nearby stores', async () => {
    const t = await makeTestApp();
    const res = await availability(t, { storeId: 'st-023', examType: 'synstest', from: MONDAY });
    expect(res.unavailable).toEqual({ reason: 'provider', message: bookingErrors.providerUnavailable });
    expect(res.days).toEqual([]);
    expect(res.alternatives!.nextAvailable).toBeNull();
    expect(res.alternatives!.nearbyStores.length).toBeGreaterThan(0);
    const s = await shopperAgent(t);
    const start = startAt(MONDAY, '10:00');
    const refused = await s.post('/api/bookings', request({ storeId: 'st-023', start })).expect(503);
    expect(refused.body.error.message).toBe(bookingErrors.providerUnavailable);
  });

  it('refuses a bad query, an exam the store does not offer and an age group the exam is not for', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const bad = await s.agent.get('/api/bookings/availability').query({ storeId: ONE_EXAMINER, examType: 'tandlæge', from: '23-11-2026' }).expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['examType', 'from']));
    const hearing = await s.agent.get('/api/bookings/availability').query({ storeId: ONE_EXAMINER, examType: 'høretest', from: MONDAY }).expect(400);
    expect(hearing.body.error.fields).toEqual({ examType: bookingErrors.examNotOffered });
    const age = await s.agent.get('/api/bookings/availability').query({ storeId: 'st-001', examType: 'børnesyn', ageGroup: '18-75', from: MONDAY }).expect(400);
    expect(age.body.error.fields).toEqual({ ageGroup: bookingErrors.ageNotOffered });
    const store = await s.agent.get('/api/bookings/availability').query({ storeId: 'st-999', examType: 'synstest', from: MONDAY }).expect(400);
    expect(store.body.error.fields).toEqual({ storeId: bookingErrors.storeNotFound });
  });
});

describe('POST /api/bookings', () => {
  it('books a free time as a visitor, confirms it and mails the manage link (token stored only as a hash)', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const { data, manageToken } = await book(s, { noteToStore: '  Jeg bruger progressive briller.  ' });
    expect(data).toMatchObject({ storeId: ONE_EXAMINER, examType: 'synstest', status: 'confirmed', confirmationState: 2, customerId: null, noteToStore: 'Jeg bruger progressive briller.', price: 0, changeable: true });
    expect(data.contact).toEqual({ firstName: 'Ida', lastName: 'Holm', email: 'ida@example.dk', phone: '20304050' });
    expect(data.store.name).toBe('Profil Optik Strøget');

    const link = lastLink(t);
    expect(t.mailer.sent.at(-1)!.to).toBe('ida@example.dk');
    expect(link.subject).toBe('Din tid er bekræftet: Synstest i Profil Optik Strøget');
    expect(link.text).toContain('Tid: mandag 23. november 2026 kl. 10.00–10.30');
    expect(link).toMatchObject({ id: data.id, token: manageToken });
    const stored = JSON.stringify(await t.storage.collection(bookingsCollection).get(data.id));
    expect(stored).not.toContain(manageToken);

    // The time is gone from the list.
    const week = await availability(t, { storeId: ONE_EXAMINER, examType: 'synstest', from: MONDAY, days: '1' });
    expect(week.days[0]!.slots[0]!.time).toBe('10:30');
  });

  it('refuses bad details with Danish messages per field, and keeps nothing', async () => {
    const t = await makeTestApp();
    const seeded = await t.storage.collection(bookingsCollection).count();
    const s = await shopperAgent(t);
    const res = await s
      .post('/api/bookings', {
        ...request({ contact: { firstName: '', lastName: 'Holm!', email: 'ida', phone: '12' }, noteToStore: 'x'.repeat(501) }),
        company: { companyName: ' ', requisitionType: 'fax', workingDistances: [10, '60'] },
      })
      .expect(400);
    expect(res.body.error.fields).toMatchObject({
      'contact.firstName': 'Skal udfyldes.',
      'contact.lastName': 'Navnet må kun indeholde bogstaver og tal.',
      'contact.email': 'E-mail skal indeholde @ og et domæne.',
      'contact.phone': 'Telefonnummer må kun indeholde cifre med valgfri landekode.',
      noteToStore: bookingMessages.noteTooLong,
      'company.companyName': bookingMessages.companyName,
      'company.requisitionType': bookingMessages.requisitionType,
      'company.workingDistances.0': bookingMessages.distance,
    });
    expect(await t.storage.collection(bookingsCollection).count()).toBe(seeded);
  });

  it('refuses a time the store does not offer, an exam not for the age group and a birth date of another age', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const offGrid = await s.post('/api/bookings', request({ start: startAt(MONDAY, '10:15') })).expect(400);
    expect(offGrid.body.error.fields).toEqual({ start: bookingErrors.slotNotOffered });
    await s.post('/api/bookings', request({ start: startAt('2026-11-29', '10:00') })).expect(400);
    await s.post('/api/bookings', request({ start: 'i morgen' })).expect(400);
    const age = await s.post('/api/bookings', request({ examType: 'kontaktlinsekontrol', ageGroup: '8-12' })).expect(400);
    expect(age.body.error.fields).toEqual({ ageGroup: bookingErrors.ageNotOffered });
    const birth = await s.post('/api/bookings', request({ birthDate: '010150' })).expect(400);
    expect(birth.body.error.fields).toEqual({ birthDate: bookingErrors.birthDateAge });
    const format = await s.post('/api/bookings', request({ birthDate: '1.1.90' })).expect(400);
    expect(format.body.error.fields).toEqual({ birthDate: 'Fødselsdatoen skal skrives som DDMMÅÅ.' });
    const ok = await book(s, { birthDate: '010190' });
    expect(ok.data.birthDate).toBe('1990-01-01');
  });

  it('needs the CSRF token', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.agent.post('/api/bookings').send(request()).expect(403);
  });

  it('lets exactly one of two simultaneous requests take the last free examiner; the other hears "time taken"', async () => {
    const t = await makeTestApp();
    const seeded = await t.storage.collection(bookingsCollection).count();
    const [a, b] = await Promise.all([shopperAgent(t), shopperAgent(t)]);
    const [ra, rb] = await Promise.all([a.post('/api/bookings', request()), b.post('/api/bookings', request({ contact: { ...contact, email: 'ole@example.dk' } }))]);
    expect([ra.status, rb.status].sort()).toEqual([201, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect(loser.body.error).toEqual({ code: 'conflict', message: bookingErrors.slotTaken });
    const day = await t.storage.collection(bookingDaysCollection).get(`${ONE_EXAMINER}|${MONDAY}`);
    expect(day!.holds).toHaveLength(1);
    expect(await t.storage.collection(bookingsCollection).count()).toBe(seeded + 1);
  });

  it('holds no time for a booking that could not be stored: the hold and the booking commit together', async () => {
    const t = await makeTestApp();
    const bookings = t.storage.collection(bookingsCollection);
    const seeded = await bookings.count();
    const insert = bookings.insert.bind(bookings);
    bookings.insert = () => Promise.reject(new Error('disk full'));
    const s = await shopperAgent(t);
    try {
      await s.post('/api/bookings', request()).expect(500);
    } finally {
      bookings.insert = insert;
    }
    expect((await t.storage.collection(bookingDaysCollection).get(`${ONE_EXAMINER}|${MONDAY}`))?.holds ?? []).toEqual([]);
    expect(await bookings.count()).toBe(seeded);
    // The time is still free.
    await book(s);
  });

  it('holds a store with two examiners to two bookings of a time when five arrive at once, on the file store too', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-booking-'));
    try {
      const storage = await openLowdbStorage({ dir, collections: allCollections });
      const stores = generateStores();
      await storage.collection(storesCollection).putMany(stores);
      await storage.collection(bookingCalendarsCollection).putMany(generateBookingCalendars(stores));
      const t = await makeTestApp({ storage });
      // Profil Optik København K has two examiners.
      expect((await storage.collection(bookingCalendarsCollection).get('st-001'))!.examiners).toBe(2);
      const agents = await Promise.all(Array.from({ length: 5 }, () => shopperAgent(t)));
      const results = await Promise.all(agents.map((s, i) => s.post('/api/bookings', request({ storeId: 'st-001', contact: { ...contact, email: `k${i}@example.dk` } }))));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
      await storage.flush();
      await storage.close();
      // What reached the disk: two holds and two bookings.
      const files = await readdir(dir);
      const bookingsFile = JSON.parse(await readFile(path.join(dir, files.find((f) => f.startsWith('bookings'))!), 'utf8')) as Record<string, Record<string, unknown>>;
      expect(Object.keys(bookingsFile.bookings ?? {})).toHaveLength(2);
      expect((bookingsFile.bookingDays as Record<string, { holds: unknown[] }>)[`st-001|${MONDAY}`]!.holds).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('managing a booking from the mailed link', () => {
  it('opens with the token, or for its signed-in owner, and is not found for anyone else', async () => {
    const t = await makeTestApp();
    const visitor = await shopperAgent(t);
    const { data, manageToken } = await book(visitor);
    const view = await (await shopperAgent(t)).post(`/api/bookings/${data.id}/view`, { token: manageToken }).expect(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(bookingResponseSchema.parse(view.body).data.id).toBe(data.id);
    const wrong = await visitor.post(`/api/bookings/${data.id}/view`, { token: 'x'.repeat(43) }).expect(404);
    expect(wrong.body.error).toEqual({ code: 'not_found', message: bookingErrors.notFound });
    await visitor.post(`/api/bookings/${data.id}/view`, {}).expect(404);
    await visitor.post('/api/bookings/bk-findes-ikke/view', { token: manageToken }).expect(404);
    // A customer who did not make it cannot open it by id; the owner can without the link.
    const other = await otherCustomerAgent(t);
    await other.post(`/api/bookings/${data.id}/view`, {}).expect(404);
    await other.post('/api/bookings/bk-demo-december/view', {}).expect(404);
    const owner = await customerAgent(t);
    expect((await owner.post('/api/bookings/bk-demo-december/view', {}).expect(200)).body.data.examType).toBe('kontaktlinsekontrol');
  });

  it('updates the details and mails the change', async () => {
    const t = await makeTestApp();
    const { data, manageToken } = await book(await shopperAgent(t));
    const s = await shopperAgent(t);
    const bad = await s.post(`/api/bookings/${data.id}/update`, { token: manageToken, contact: { ...contact, email: 'nej' } }).expect(400);
    expect(bad.body.error.fields).toEqual({ 'contact.email': 'E-mail skal indeholde @ og et domæne.' });
    const res = await s.post(`/api/bookings/${data.id}/update`, { token: manageToken, contact: { ...contact, phone: '+46 70 123 45 67' }, noteToStore: 'Jeg kommer med min datter.' }).expect(200);
    expect(bookingResponseSchema.parse(res.body).data).toMatchObject({ status: 'confirmed', start: data.start, noteToStore: 'Jeg kommer med min datter.', contact: { phone: '+46701234567' } });
    expect(lastLink(t).subject).toBe('Din booking er opdateret: Synstest i Profil Optik Strøget');
  });

  it('moves a booking to another free time and frees the old one; a taken time changes nothing', async () => {
    const t = await makeTestApp();
    const { data, manageToken } = await book(await shopperAgent(t));
    const s = await shopperAgent(t);
    // Someone else holds 11:00.
    await book(await shopperAgent(t), { start: startAt(MONDAY, '11:00'), contact: { ...contact, email: 'ole@example.dk' } });
    const taken = await s.post(`/api/bookings/${data.id}/reschedule`, { token: manageToken, start: startAt(MONDAY, '11:00') }).expect(409);
    expect(taken.body.error.message).toBe(bookingErrors.slotTaken);
    expect((await t.storage.collection(bookingsCollection).get(data.id))!.start).toBe(data.start);
    let day = (await availability(t, { storeId: ONE_EXAMINER, examType: 'synstest', from: MONDAY, days: '1' })).days[0]!;
    expect(day.slots.map((x) => x.time).slice(0, 2)).toEqual(['10:30', '11:30']);

    const moved = await s.post(`/api/bookings/${data.id}/reschedule`, { token: manageToken, start: startAt('2026-11-24', '14:00') }).expect(200);
    expect(bookingResponseSchema.parse(moved.body).data).toMatchObject({ start: startAt('2026-11-24', '14:00'), status: 'confirmed' });
    expect(lastLink(t)).toMatchObject({ id: data.id, token: manageToken, subject: 'Din tid er flyttet: Synstest i Profil Optik Strøget' });
    expect(lastLink(t).text).toContain('tirsdag 24. november 2026 kl. 14.00–14.30');
    day = (await availability(t, { storeId: ONE_EXAMINER, examType: 'synstest', from: MONDAY, days: '1' })).days[0]!;
    expect(day.slots[0]!.time).toBe('10:00');
  });

  it('cancels (final), frees the time, and lets a new time be booked once from the cancelled booking', async () => {
    const t = await makeTestApp();
    const { data, manageToken } = await book(await shopperAgent(t));
    const s = await shopperAgent(t);
    await s.post(`/api/bookings/${data.id}/rebook`, { token: manageToken, start: startAt(MONDAY, '12:00') }).expect(409);
    const cancelled = await s.post(`/api/bookings/${data.id}/cancel`, { token: manageToken }).expect(200);
    expect(bookingResponseSchema.parse(cancelled.body).data).toMatchObject({ status: 'cancelled', changeable: false });
    expect(lastLink(t).subject).toBe('Din booking er aflyst: Synstest i Profil Optik Strøget');
    expect(lastLink(t).text).toContain('Book en ny tid: http://shop.test/bestil-tid-til-synstest/');
    const again = await s.post(`/api/bookings/${data.id}/cancel`, { token: manageToken }).expect(409);
    expect(again.body.error.message).toBe(bookingErrors.cancelled);
    await s.post(`/api/bookings/${data.id}/reschedule`, { token: manageToken, start: startAt(MONDAY, '12:00') }).expect(409);
    await s.post(`/api/bookings/${data.id}/update`, { token: manageToken, contact }).expect(409);
    // The cancelled 10:00 is free again: anyone can take it.
    await book(await shopperAgent(t), { contact: { ...contact, email: 'ole@example.dk' } });

    const rebooked = bookingCreatedResponseSchema.parse((await s.post(`/api/bookings/${data.id}/rebook`, { token: manageToken, start: startAt(MONDAY, '12:00') }).expect(201)).body);
    expect(rebooked.data).toMatchObject({ rebookedFrom: data.id, status: 'confirmed', contact: data.contact, examType: 'synstest' });
    expect(lastLink(t)).toMatchObject({ id: rebooked.data.id, token: rebooked.manageToken });
    const old = bookingResponseSchema.parse((await s.post(`/api/bookings/${data.id}/view`, { token: manageToken }).expect(200)).body).data;
    expect(old.rebookedTo).toBe(rebooked.data.id);
    const twice = await s.post(`/api/bookings/${data.id}/rebook`, { token: manageToken, start: startAt(MONDAY, '13:00') }).expect(409);
    expect(twice.body.error.message).toBe(bookingErrors.alreadyRebooked);
  });

  it('changes nothing once the time has begun', async () => {
    const t = await makeTestApp();
    const { data, manageToken } = await book(await shopperAgent(t));
    t.clock.advance(24 * 3_600_000);
    const s = await shopperAgent(t);
    const res = await s.post(`/api/bookings/${data.id}/cancel`, { token: manageToken }).expect(409);
    expect(res.body.error.message).toBe(bookingErrors.started);
    expect(bookingResponseSchema.parse((await s.post(`/api/bookings/${data.id}/view`, { token: manageToken }).expect(200)).body).data.changeable).toBe(false);
  });
});

describe('requisition bookings and the store', () => {
  it('waits for the store to confirm a requisition booking; only that store can, once', async () => {
    const t = await makeTestApp();
    const { data } = await book(await shopperAgent(t), {
      storeId: 'st-001',
      company: { companyName: 'Nordhavn Logistik A/S', reference: 'M-1042', requisitionType: 'e-requisition', workingDistances: ['60', 75], tools: 'To skærme', other: null },
    });
    expect(data).toMatchObject({ status: 'requested', confirmationState: 1, companyName: 'Nordhavn Logistik A/S', requisitionType: 'e-requisition', workingDistances: [60, 75], tools: 'To skærme' });
    expect(t.mailer.sent.at(-1)!.subject).toBe('Vi har modtaget din booking: Synstest i Profil Optik København K');

    const elsewhere = await staffAgent(t, 'medarbejder2', 'st-002');
    await elsewhere.post(`/api/staff/bookings/${data.id}/confirm`).expect(404);
    const staff = await staffAgent(t);
    const list = staffBookingListResponseSchema.parse((await staff.agent.get('/api/staff/bookings').expect(200)).body).data;
    // From today (the test clock's Sunday), soonest first: the seeded counter day with its walk-in visitors, then the new request among them.
    expect(list.map((b) => [b.id, b.status])).toEqual([
      ['bk-dag-1', 'confirmed'],
      ['bk-kasse-1-2026-11-22', 'confirmed'],
      ['bk-dag-2', 'confirmed'],
      ['bk-kasse-2-2026-11-22', 'confirmed'],
      ['bk-dag-3', 'confirmed'],
      ['bk-dag-4', 'confirmed'],
      ['bk-kasse-3-2026-11-22', 'confirmed'],
      [data.id, 'requested'],
      ['bk-dag-5', 'requested'],
      ['bk-dag-6', 'requested'],
      ['bk-dag-8', 'cancelled'],
      ['bk-dag-7', 'confirmed'],
      ['bk-demo-aflyst', 'cancelled'],
      ['bk-demo-december', 'confirmed'],
    ]);
    const confirmed = await staff.post(`/api/staff/bookings/${data.id}/confirm`).expect(200);
    expect(bookingResponseSchema.parse(confirmed.body).data).toMatchObject({ status: 'confirmed', confirmationState: 2 });
    expect(t.mailer.sent.at(-1)!.subject).toBe('Din tid er bekræftet: Synstest i Profil Optik København K');
    const twice = await staff.post(`/api/staff/bookings/${data.id}/confirm`).expect(409);
    expect(twice.body.error.message).toBe(bookingErrors.alreadyConfirmed);
    // Customers are not staff.
    await (await customerAgent(t)).post(`/api/staff/bookings/${data.id}/confirm`).expect(403);
    await (await shopperAgent(t)).agent.get('/api/staff/bookings').expect(401);
  });
});

describe('GET /api/account/bookings', () => {
  it("lists only the signed-in customer's own bookings, soonest first", async () => {
    const t = await makeTestApp();
    await (await shopperAgent(t)).agent.get('/api/account/bookings').expect(401);
    const s = await customerAgent(t);
    await book(s, { contact: { ...contact, email: 'kunde@example.dk' } });
    const res = await s.agent.get('/api/account/bookings').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = bookingListResponseSchema.parse(res.body).data;
    expect(list.map((b) => [b.id.startsWith('bk-demo') ? b.id : 'new', b.status, b.changeable])).toEqual([
      ['bk-demo-marts', 'confirmed', false],
      ['new', 'confirmed', true],
      ['bk-demo-aflyst', 'cancelled', false],
      ['bk-demo-december', 'confirmed', true],
    ]);
    const other = await otherCustomerAgent(t);
    expect(bookingListResponseSchema.parse((await other.agent.get('/api/account/bookings').expect(200)).body).data).toEqual([]);
    await (await staffAgent(t)).agent.get('/api/account/bookings').expect(403);
  });

  it('makes a paid visit free for a Friends member within a year of the last visit', async () => {
    const t = await makeTestApp();
    await t.storage.collection(friendsMembersCollection).put({ id: 'u-kunde', joinedOn: '2026-01-05', termsVersion: 1, lastVisitOn: null, leftOn: null });
    const s = await customerAgent(t);
    // The demo customer's last visit was 12 March 2026 (a booked eye exam).
    const free = await book(s, { examType: 'kontaktlinsekontrol', contact: { ...contact, email: 'kunde@example.dk' } });
    expect(free.data).toMatchObject({ price: 0, ordinaryPrice: 550_00, friendsFreeVisit: true, customerId: 'u-kunde' });
    expect(t.mailer.sent.at(-1)!.text).toContain('gratis besøg som Friends-medlem');
    // A visitor pays the ordinary price.
    const paid = await book(await shopperAgent(t), { examType: 'kontaktlinsekontrol', start: startAt(MONDAY, '11:00') });
    expect(paid.data).toMatchObject({ price: 550_00, friendsFreeVisit: false });
  });
});
