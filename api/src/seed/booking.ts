import { addDays, holdFor, isoWeekday, toIsoDate, visitPrice, type AgeGroup, type ExamType, type Store } from '@optik/shared';
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
}

/** The demo customer's bookings (README: kunde@example.dk): a visit in March, a cancelled time and one coming up. */
const DEMO: DemoBooking[] = [
  { id: 'bk-demo-marts', storeId: 'st-001', examType: 'synstest', ageGroup: '18-75', start: '2026-03-12T09:00:00.000Z', end: '2026-03-12T09:30:00.000Z', status: 'confirmed', createdAt: '2026-03-01T18:12:00.000Z', noteToStore: null },
  { id: 'bk-demo-aflyst', storeId: 'st-001', examType: 'kontaktlinsekontrol', ageGroup: '18-75', start: '2026-12-01T13:00:00.000Z', end: '2026-12-01T13:30:00.000Z', status: 'cancelled', createdAt: '2026-11-02T08:40:00.000Z', noteToStore: null },
  { id: 'bk-demo-december', storeId: 'st-001', examType: 'kontaktlinsekontrol', ageGroup: '18-75', start: '2026-12-10T13:00:00.000Z', end: '2026-12-10T13:30:00.000Z', status: 'confirmed', createdAt: '2026-11-15T19:05:00.000Z', noteToStore: 'Mine linser føles tørre om aftenen.' },
];

export function generateDemoBookings(secret: string): { bookings: BookingRecord[]; days: BookingDayRecord[] } {
  const bookings = DEMO.map((d): BookingRecord => {
    const cancelled = d.status === 'cancelled';
    return {
      ...d,
      requisitionType: null,
      workingDistances: null,
      tools: null,
      other: null,
      confirmationState: 2,
      customerId: 'u-kunde',
      contact: { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' },
      birthDate: null,
      companyName: null,
      reference: null,
      ...visitPrice(d.examType, d.start.slice(0, 10), null),
      updatedAt: d.createdAt,
      rebookedFrom: null,
      rebookedTo: null,
      tokenHash: hashToken(manageToken(secret, d.id)),
      history: [
        { at: d.createdAt, action: 'requested', by: 'customer' },
        { at: d.createdAt, action: 'confirmed', by: 'system' },
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
export async function seedBooking(storage: Storage, stores: readonly Store[], secret: string | undefined): Promise<number> {
  await storage.collection(bookingCalendarsCollection).putMany(generateBookingCalendars(stores));
  if (!secret) return 0;
  const { bookings, days } = generateDemoBookings(secret);
  await storage.collection(bookingsCollection).putMany(bookings);
  await storage.collection(bookingDaysCollection).putMany(days);
  return bookings.length;
}
