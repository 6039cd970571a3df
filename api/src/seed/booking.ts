import { addDays, copenhagenIsoDate, fromCopenhagen, holdFor, isoWeekday, parseIsoDate, toIsoDate, visitPrice, type AgeGroup, type ExamType, type Store } from '@optik/shared';
import { hashToken } from '../http/identity';
import { bookingCalendarsCollection, bookingDaysCollection, bookingsCollection, dayId, type BookingCalendarRecord, type BookingDayRecord, type BookingRecord } from '../modules/booking/records';
import { manageToken } from '../modules/booking/service';
import type { Storage } from '../storage/port';

/** The store whose (simulated) external booking system is down, to show SPEC §8 "provider unavailable". */
export const OUTAGE_STORE_ID = 'st-023';

/** First Tuesday of every month, 2026–2028: the stores' monthly staff training (no bookings). */
function trainingDays(): { date: string; reason: string }[] {
  const out: { date: string; reason: string }[] = [];
  for (let year = 2026; year <= 2028; year++) {
    for (let month = 1; month <= 12; month++) {
      let d = { year, month, day: 1 };
      while (isoWeekday(d) !== 2) d = addDays(d, 1);
      out.push({ date: toIsoDate(d), reason: 'Personalekursus' });
    }
  }
  return out;
}

/**
 * Each store's booking calendar: shopping-centre stores have three examiners, most high-street stores
 * two, some one. Every sixth store confirms requests by hand; every fifth holds a monthly
 * training day; two stores book through an external system, one of which is down.
 */
export function generateBookingCalendars(stores: readonly Store[]): BookingCalendarRecord[] {
  const training = trainingDays();
  return stores.map((s, i) => ({
    id: s.id,
    // Shopping-centre stores are the ones open on Sundays.
    examiners: s.openingHours.some((d) => d.day === 7 && d.open) ? 3 : i % 3 === 1 ? 1 : 2,
    closedDates: i % 5 === 2 ? training : [],
    autoConfirm: i % 6 !== 5,
    external: s.id === OUTAGE_STORE_ID ? { system: 'Optikerportalen', simulatedOutage: true } : i === 23 ? { system: 'Optikerportalen', simulatedOutage: false } : null,
  }));
}

interface DemoBooking {
  id: string;
  storeId: string;
  examType: ExamType;
  ageGroup: AgeGroup;
  start: string;
  end: string;
  status: BookingRecord['status'];
  createdAt: string;
  noteToStore: string | null;
  customerId?: string | null;
  contact?: BookingRecord['contact'];
  company?: { companyName: string; reference: string | null; requisitionType: 'e-requisition' | 'physical'; workingDistances: number[]; tools: string | null };
}

/** The demo store whose counter day is seeded (medarbejder1 and leder1 work there). */
export const COUNTER_DAY_STORE_ID = 'st-001';

/**
 * Visitors' bookings in the demo store for the day of the first start and the week after it
 * (issue 17 "Dagens aftaler"): times to check in and a no-show today, requisition (company)
 * requests to confirm in the coming days, and a cancelled time. Dated relative to `now`.
 */
function counterDay(now: Date): DemoBooking[] {
  const today = parseIsoDate(copenhagenIsoDate(now))!;
  const at = (days: number, time: string, minutes: number) => {
    const start = fromCopenhagen({ ...addDays(today, days), minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) });
    return { start: start.toISOString(), end: new Date(start.getTime() + minutes * 60_000).toISOString() };
  };
  const createdAt = new Date(now.getTime() - 5 * 86_400_000).toISOString();
  const person = (firstName: string, lastName: string, email: string, phone: string) => ({ firstName, lastName, email, phone });
  const base = { storeId: COUNTER_DAY_STORE_ID, createdAt, customerId: null, noteToStore: null } as const;
  return [
    { ...base, id: 'bk-dag-1', examType: 'synstest', ageGroup: '18-75', ...at(0, '09:30', 30), status: 'confirmed', contact: person('Lars', 'Bøgh', 'lars.boegh@example.dk', '21436587'), noteToStore: 'Jeg har fået hovedpine, når jeg læser.' },
    { ...base, id: 'bk-dag-2', examType: 'kontaktlinsekontrol', ageGroup: '18-75', ...at(0, '11:00', 30), status: 'confirmed', contact: person('Birgitte', 'Holm', 'birgitte.holm@example.dk', '22334455'), noteToStore: 'Mine linser føles tørre om aftenen.' },
    { ...base, id: 'bk-dag-3', examType: 'børnesyn', ageGroup: '8-12', ...at(0, '14:00', 45), status: 'confirmed', contact: person('Emil', 'Kristensen', 'kristensen.familie@example.dk', '40506070') },
    {
      ...base, id: 'bk-dag-4', examType: 'synstest', ageGroup: '18-75', ...at(0, '15:30', 30), status: 'confirmed', contact: person('Sara', 'Nørgaard', 'sara.noergaard@example.dk', '31323334'),
      company: { companyName: 'Nordhavn Logistik A/S', reference: 'M-1042', requisitionType: 'e-requisition', workingDistances: [60, 75], tools: 'To skærme' },
    },
    {
      ...base, id: 'bk-dag-5', examType: 'synstest', ageGroup: '18-75', ...at(1, '13:00', 30), status: 'requested', contact: person('Jonas', 'Vestergaard', 'jonas.v@example.dk', '51525354'),
      company: { companyName: 'Nordhavn Logistik A/S', reference: 'M-1043', requisitionType: 'physical', workingDistances: [55], tools: null },
    },
    { ...base, id: 'bk-dag-6', examType: 'kørekort', ageGroup: '76+', ...at(2, '10:30', 30), status: 'requested', contact: person('Inger', 'Dahl', 'inger.dahl@example.dk', '61626364'), noteToStore: 'Kørekortet skal fornyes.' },
    { ...base, id: 'bk-dag-7', examType: 'kontaktlinsetilpasning', ageGroup: '18-75', ...at(4, '16:00', 60), status: 'confirmed', contact: person('Ahmed', 'Hassan', 'ahmed.hassan@example.dk', '71727374') },
    { ...base, id: 'bk-dag-8', examType: 'synstest', ageGroup: '13-17', ...at(3, '12:00', 30), status: 'cancelled', contact: person('Freja', 'Mortensen', 'freja.m@example.dk', '81828384') },
  ];
}

/** Walk-in visitors of the demo store's counter day whom the store app's journeys check in or mark as no-shows (one of them becomes a customer at the counter first). */
export const COUNTER_VISITORS = [
  { n: 1, time: '10:00', contact: { firstName: 'Nanna', lastName: 'Friis-Kasse', email: 'nanna.friis@example.dk', phone: '26271829' } },
  { n: 2, time: '12:30', contact: { firstName: 'Bent', lastName: 'Kjær-Kasse', email: 'bent.kjaer@example.dk', phone: '26271830' } },
  { n: 3, time: '16:30', contact: { firstName: 'Mikkel', lastName: 'Dam-Kasse', email: 'mikkel.dam@example.dk', phone: '26271831' } },
] as const;

/**
 * More of the counter day: three visitors booked on the day before the first start and on the
 * day itself (a day's bookings can be checked in only on or after their day, and the shop books
 * only times still ahead — so a journey run late in the day, or before opening on the day after,
 * still has its day's visitors). Their ids carry the date: `bk-kasse-<n>-<YYYY-MM-DD>`.
 */
function counterVisitors(now: Date): DemoBooking[] {
  const today = parseIsoDate(copenhagenIsoDate(now))!;
  const createdAt = new Date(now.getTime() - 6 * 86_400_000).toISOString();
  return [-1, 0].flatMap((offset) => {
    const date = addDays(today, offset);
    const iso = toIsoDate(date);
    return COUNTER_VISITORS.map(({ n, time, contact }): DemoBooking => {
      const start = fromCopenhagen({ ...date, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) });
      return {
        id: `bk-kasse-${n}-${iso}`,
        storeId: COUNTER_DAY_STORE_ID,
        examType: 'synstest',
        ageGroup: '18-75',
        start: start.toISOString(),
        end: new Date(start.getTime() + 30 * 60_000).toISOString(),
        status: 'confirmed',
        createdAt,
        noteToStore: null,
        customerId: null,
        contact: { ...contact },
      };
    });
  });
}

/** The demo customer's bookings (README: kunde@example.dk): a visit in March, a cancelled time and one coming up. */
const DEMO: DemoBooking[] = [
  { id: 'bk-demo-marts', storeId: 'st-001', examType: 'synstest', ageGroup: '18-75', start: '2026-03-12T09:00:00.000Z', end: '2026-03-12T09:30:00.000Z', status: 'confirmed', createdAt: '2026-03-01T18:12:00.000Z', noteToStore: null },
  { id: 'bk-demo-aflyst', storeId: 'st-001', examType: 'kontaktlinsekontrol', ageGroup: '18-75', start: '2026-12-01T13:00:00.000Z', end: '2026-12-01T13:30:00.000Z', status: 'cancelled', createdAt: '2026-11-02T08:40:00.000Z', noteToStore: null },
  { id: 'bk-demo-december', storeId: 'st-001', examType: 'kontaktlinsekontrol', ageGroup: '18-75', start: '2026-12-10T13:00:00.000Z', end: '2026-12-10T13:30:00.000Z', status: 'confirmed', createdAt: '2026-11-15T19:05:00.000Z', noteToStore: 'Mine linser føles tørre om aftenen.' },
];

/** The demo customer's bookings and, dated from `now`, the demo store's counter day. */
export function generateDemoBookings(secret: string, now: Date): { bookings: BookingRecord[]; days: BookingDayRecord[] } {
  const bookings = [...DEMO, ...counterDay(now), ...counterVisitors(now)].map(({ company, ...d }): BookingRecord => {
    const cancelled = d.status === 'cancelled';
    const requested = d.status === 'requested';
    return {
      ...d,
      requisitionType: company?.requisitionType ?? null,
      workingDistances: company?.workingDistances ?? null,
      tools: company?.tools ?? null,
      other: null,
      confirmationState: requested ? 1 : 2,
      customerId: d.customerId === undefined ? 'u-kunde' : d.customerId,
      contact: d.contact ?? { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' },
      birthDate: null,
      companyName: company?.companyName ?? null,
      reference: company?.reference ?? null,
      ...visitPrice(d.examType, d.start.slice(0, 10), null),
      updatedAt: d.createdAt,
      rebookedFrom: null,
      rebookedTo: null,
      tokenHash: hashToken(manageToken(secret, d.id)),
      history: [
        { at: d.createdAt, action: 'requested', by: 'customer' },
        ...(requested ? [] : [{ at: d.createdAt, action: 'confirmed' as const, by: 'system' as const }]),
        ...(cancelled ? [{ at: d.createdAt, action: 'cancelled' as const, by: 'customer' as const }] : []),
      ],
    };
  });
  const days = new Map<string, BookingDayRecord>();
  for (const b of bookings.filter((x) => x.status !== 'cancelled')) {
    const { date, hold } = holdFor(b.id, b.start, b.end);
    const id = dayId(b.storeId, date);
    const day = days.get(id) ?? { id, storeId: b.storeId, date, holds: [] };
    day.holds.push(hold);
    days.set(id, day);
  }
  return { bookings, days: [...days.values()] };
}

/** Calendars for every store and, when the app's secret is known (so their links work), the demo bookings. */
export async function seedBooking(storage: Storage, stores: readonly Store[], secret: string | undefined, now: Date): Promise<number> {
  await storage.collection(bookingCalendarsCollection).putMany(generateBookingCalendars(stores));
  if (!secret) return 0;
  const { bookings, days } = generateDemoBookings(secret, now);
  await storage.collection(bookingsCollection).putMany(bookings);
  await storage.collection(bookingDaysCollection).putMany(days);
  return bookings.length;
}
