import { fireEvent, screen } from '@testing-library/react';
import type { ApiResult } from '@optik/shared/client';
import { fromCopenhagen, localTimeOf, parseIsoDate, type Availability, type AvailabilityDay, type BookingView, type OpeningDay, type Slot, type Store } from '@optik/shared';

/** Fixtures for the booking screens' tests: two stores, a week of times and a booking. */

const hours: OpeningDay[] = [1, 2, 3, 4, 5].map((day): OpeningDay => ({ day, open: '10:00', close: '17:30' })).concat([
  { day: 6, open: '10:00', close: '14:00' },
  { day: 7, open: null, close: null },
]);

export const STORES: Store[] = [
  {
    id: 'st-002',
    slug: 'stroeget',
    name: 'Profil Optik Strøget',
    street: 'Amagertorv 19',
    postcode: '1160',
    city: 'København K',
    region: 'Hovedstaden',
    phone: '33102113',
    email: 'stroeget@profil-optik.example',
    lat: 55.6786,
    lng: 12.5792,
    openingHours: hours,
    services: ['synstest', 'kontaktlinser', 'click-and-collect'],
  },
  {
    id: 'st-001',
    slug: 'koebenhavn-k',
    name: 'Profil Optik København K',
    street: 'Frederiksborggade 21',
    postcode: '1360',
    city: 'København K',
    region: 'Hovedstaden',
    phone: '33100000',
    email: 'kbh@profil-optik.example',
    lat: 55.6837,
    lng: 12.5713,
    openingHours: hours,
    services: ['synstest', 'kontaktlinser', 'høretest', 'børnesyn'],
  },
];

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A 30-minute time on a Copenhagen date. */
export function slot(date: string, time: string): Slot {
  const start = fromCopenhagen({ ...parseIsoDate(date)!, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) });
  const end = new Date(start.getTime() + 30 * 60_000);
  return { start: start.toISOString(), end: end.toISOString(), date, time, endTime: hhmm(localTimeOf(end).minutes) };
}

const open = (date: string, slots: Slot[]): AvailabilityDay => ({ date, hours: { opens: '10:00', closes: '17:30', halfDay: false }, closed: null, slots });

/** Monday 23 November 2026 with two free times, Tuesday with one, Sunday closed. */
export function week(from = '2026-11-23', over: Partial<Availability> = {}): Availability {
  return {
    storeId: 'st-002',
    examType: 'synstest',
    from,
    days: [
      open('2026-11-23', [slot('2026-11-23', '10:00'), slot('2026-11-23', '10:30')]),
      open('2026-11-24', [slot('2026-11-24', '14:00')]),
      open('2026-11-25', []),
      { date: '2026-11-26', hours: null, closed: { reason: 'store-closed', name: 'Personalekursus' }, slots: [] },
      open('2026-11-27', []),
      open('2026-11-28', []),
      { date: '2026-11-29', hours: null, closed: { reason: 'weekday', name: null }, slots: [] },
    ],
    unavailable: null,
    alternatives: null,
    ...over,
  };
}

export const BOOKING: BookingView = {
  id: 'bk-1',
  storeId: 'st-002',
  examType: 'synstest',
  ageGroup: '18-75',
  start: '2026-11-23T09:00:00.000Z',
  end: '2026-11-23T09:30:00.000Z',
  noteToStore: null,
  requisitionType: null,
  workingDistances: null,
  tools: null,
  other: null,
  status: 'confirmed',
  confirmationState: 2,
  customerId: null,
  store: { name: 'Profil Optik Strøget', street: 'Amagertorv 19', postcode: '1160', city: 'København K', phone: '33102113' },
  contact: { firstName: 'Ida', lastName: 'Holm', email: 'ida@example.dk', phone: '20304050' },
  birthDate: null,
  companyName: null,
  reference: null,
  price: 0,
  ordinaryPrice: 0,
  friendsFreeVisit: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  rebookedFrom: null,
  rebookedTo: null,
  changeable: true,
};

export const ok = <T>(data: T, status = 200): ApiResult<T> => ({ ok: true, status, data });
export const fail = <T>(status: number, message: string, fields?: Record<string, string>, code: 'conflict' | 'validation_failed' | 'not_found' | 'internal' = 'conflict'): ApiResult<T> => ({
  ok: false,
  status,
  error: fields ? { code, message, fields } : { code, message },
});

/** The wizard's "Næste". */
export const next = () => fireEvent.click(screen.getByRole('button', { name: 'Næste' }));

/** The wizard's first three steps: synstest, 18–75 år and `store`, then on to the times. */
export async function answerFirstSteps(store = 'st-002') {
  fireEvent.click(screen.getByRole('radio', { name: /^Synstest/ }));
  next();
  fireEvent.click(screen.getByRole('radio', { name: '18–75 år' }));
  next();
  fireEvent.change(await screen.findByLabelText('Butik'), { target: { value: store } });
  next();
}
