import type { AgeGroup, AvailabilityDay, Booking, BookingStatus, ExamType, Slot } from '../schemas/booking';
import type { Store } from '../schemas/store';
import { addDays, copenhagenIsoDate, copenhagenParts, fromCopenhagen, parseIsoDate, toIsoDate, type LocalDate } from './copenhagen-time';
import { freeVisit } from './friends';
import { sortByDistance } from './geo';
import { openingOn, type HasOpeningHours } from './opening-hours';

/**
 * Eye-exam booking (SPEC §1, §3, §4, §8): exam types, age groups, bookable times from a store's
 * calendar, the booking's states and the alternatives offered when no time is free. Pure: the
 * caller passes the clock and the times already held.
 */

type StoreService = Store['services'][number];

export interface ExamTypeInfo {
  type: ExamType;
  name: string;
  description: string;
  /** Length of the visit; every slot of this exam is this long. */
  minutes: number;
  /** Price in øre; eye exams by an authorised optician are VAT-exempt (DOMAIN.md). */
  price: number;
  ageGroups: readonly AgeGroup[];
  /** The store service that must be on the store's list (hearing only where it is offered). */
  service: StoreService;
  /** Offered instead when this exam has no free time (SPEC §8 "similar exam type"). */
  similar: readonly ExamType[];
}

const ALL_FROM_13: readonly AgeGroup[] = ['13-17', '18-75', '76+'];

export const EXAM_TYPES: Readonly<Record<ExamType, ExamTypeInfo>> = {
  synstest: {
    type: 'synstest',
    name: 'Synstest',
    description: 'En grundig undersøgelse af dit syn, så du får de rigtige briller eller linser.',
    minutes: 30,
    price: 0,
    ageGroups: ALL_FROM_13,
    service: 'synstest',
    similar: ['kørekort', 'børnesyn'],
  },
  børnesyn: {
    type: 'børnesyn',
    name: 'Børnesynsundersøgelse',
    description: 'Synsundersøgelse i roligt tempo for børn fra 8 til 12 år.',
    minutes: 45,
    price: 0,
    ageGroups: ['8-12'],
    service: 'børnesyn',
    similar: ['synstest'],
  },
  kørekort: {
    type: 'kørekort',
    name: 'Synsattest til kørekort',
    description: 'Synsprøve og attest til kørekort – også når kørekortet skal fornyes efter 75 år.',
    minutes: 30,
    price: 350_00,
    ageGroups: ALL_FROM_13,
    service: 'synstest',
    similar: ['synstest'],
  },
  kontaktlinsetilpasning: {
    type: 'kontaktlinsetilpasning',
    name: 'Kontaktlinsetilpasning',
    description: 'Første tilpasning af kontaktlinser med prøvelinser og instruktion i brug og pleje.',
    minutes: 60,
    price: 750_00,
    ageGroups: ALL_FROM_13,
    service: 'kontaktlinser',
    similar: ['kontaktlinsekontrol'],
  },
  kontaktlinsekontrol: {
    type: 'kontaktlinsekontrol',
    name: 'Kontaktlinsekontrol',
    description: 'Kontrol af dine kontaktlinser, din styrke og dine øjnes sundhed.',
    minutes: 30,
    price: 550_00,
    ageGroups: ALL_FROM_13,
    service: 'kontaktlinser',
    similar: ['kontaktlinsetilpasning', 'synstest'],
  },
  høretest: {
    type: 'høretest',
    name: 'Høretest',
    description: 'Gratis test af din hørelse i de butikker, der har en hørekonsulent.',
    minutes: 45,
    price: 0,
    ageGroups: ['18-75', '76+'],
    service: 'høretest',
    similar: [],
  },
};

/** The order the wizard lists them in. */
export const EXAM_TYPE_ORDER: readonly ExamType[] = ['synstest', 'børnesyn', 'kontaktlinsekontrol', 'kontaktlinsetilpasning', 'kørekort', 'høretest'];

export function offersExam(store: Pick<Store, 'services'>, type: ExamType): boolean {
  return store.services.includes(EXAM_TYPES[type].service);
}

export function examAllowsAge(type: ExamType, group: AgeGroup): boolean {
  return EXAM_TYPES[type].ageGroups.includes(group);
}

/** For an exam not offered to an age group: the similar exam that is (synstest for a 10-year-old → børnesyn). */
export function examTypeForAge(type: ExamType, group: AgeGroup): ExamType | null {
  if (examAllowsAge(type, group)) return type;
  return EXAM_TYPES[type].similar.find((s) => examAllowsAge(s, group)) ?? null;
}

// ---- Age groups (SPEC §9: 8-12, 13-17, 18-75, 76 and above) -----------------------------------

export const AGE_GROUPS: readonly { group: AgeGroup; label: string; min: number; max: number }[] = [
  { group: '8-12', label: '8–12 år', min: 8, max: 12 },
  { group: '13-17', label: '13–17 år', min: 13, max: 17 },
  { group: '18-75', label: '18–75 år', min: 18, max: 75 },
  { group: '76+', label: '76 år og derover', min: 76, max: Number.POSITIVE_INFINITY },
];

export function ageGroupLabel(group: AgeGroup): string {
  return AGE_GROUPS.find((g) => g.group === group)!.label;
}

/** The age group of a whole number of years; null under 8 (younger children are seen by an eye doctor). */
export function ageGroupForAge(age: number): AgeGroup | null {
  if (!Number.isFinite(age) || age < 0) return null;
  const years = Math.floor(age);
  return AGE_GROUPS.find((g) => years >= g.min && years <= g.max)?.group ?? null;
}

/** Whole years between a birth date and `today` (both 'YYYY-MM-DD'); a 29 February birthday counts from 1 March. */
export function ageOn(birthDate: string, today: string): number {
  const b = parseIsoDate(birthDate);
  const t = parseIsoDate(today);
  if (!b || !t) throw new RangeError('ageOn: dates must be YYYY-MM-DD');
  const hadBirthday = t.month > b.month || (t.month === b.month && t.day >= b.day);
  return t.year - b.year - (hadBirthday ? 0 : 1);
}

export function ageGroupForBirthDate(birthDate: string, today: string): AgeGroup | null {
  return ageGroupForAge(ageOn(birthDate, today));
}

// ---- Bookable times --------------------------------------------------------------------------

export const BOOKING_RULES = {
  /** A time must start at least this long after now, so the store sees the request first. */
  leadMinutes: 60,
  /** How far ahead times are offered. */
  horizonDays: 90,
  /** How far ahead the alternatives look for a next free time. */
  alternativesSearchDays: 60,
} as const;

/** A store's booking calendar besides its opening hours. */
export interface BookingCalendar {
  /** Opticians examining at the same time: how many bookings may overlap. */
  examiners: number;
  /** Extra days the store takes no bookings (staff training …), 'YYYY-MM-DD'. */
  closedDates: readonly { date: string; reason: string }[];
}

/** A booked time on one store day, in minutes since Copenhagen midnight [from, to). */
export interface Hold {
  bookingId: string;
  from: number;
  to: number;
}

/**
 * Whether one more visit [from, to) fits with `capacity` examiners. The most visits overlapping
 * at any moment of the interval occur at its start or at a later hold's start, so only those
 * points are counted (interval graphs: that many examiners can then always take them).
 */
export function fitsCapacity(holds: readonly Hold[], from: number, to: number, capacity: number): boolean {
  if (capacity <= 0) return false;
  const points = [from, ...holds.filter((h) => h.from > from && h.from < to).map((h) => h.from)];
  return points.every((p) => holds.filter((h) => h.from <= p && p < h.to).length < capacity);
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The Copenhagen date and minutes of an instant, as a hold records them. */
export function localTimeOf(instant: string | Date): { date: string; minutes: number } {
  const p = copenhagenParts(typeof instant === 'string' ? new Date(instant) : instant);
  return { date: toIsoDate(p), minutes: p.minutes };
}

/** The hold a booking from `start` to `end` places on its day. */
export function holdFor(bookingId: string, start: string, end: string): { date: string; hold: Hold } {
  const s = localTimeOf(start);
  const e = localTimeOf(end);
  return { date: s.date, hold: { bookingId, from: s.minutes, to: e.date === s.date ? e.minutes : 24 * 60 } };
}

export interface DayInput {
  store: HasOpeningHours;
  calendar: BookingCalendar;
  examType: ExamType;
  /** 'YYYY-MM-DD' (Copenhagen). */
  date: string;
  holds: readonly Hold[];
  now: Date;
}

/**
 * The free times of one day: slots of the exam's length from opening time, ending by closing
 * time, not before now plus the lead time, within the horizon, and with an examiner free.
 * Holidays, the 31 December half day and closed weekdays come from `openingOn`.
 */
export function dayAvailability({ store, calendar, examType, date, holds, now }: DayInput): AvailabilityDay {
  const closed = (reason: NonNullable<AvailabilityDay['closed']>['reason'], name: string | null = null): AvailabilityDay => ({ date, hours: null, closed: { reason, name }, slots: [] });
  const today = copenhagenIsoDate(now);
  const day = parseIsoDate(date);
  if (!day) throw new RangeError(`dayAvailability: not a date: ${date}`);
  if (date > toIsoDate(addDays(parseIsoDate(today)!, BOOKING_RULES.horizonDays))) return closed('beyond-horizon');
  const opening = openingOn(store, date);
  if (!opening.open) return closed(opening.reason, opening.holiday?.name ?? null);
  const extra = calendar.closedDates.find((c) => c.date === date);
  if (extra) return closed('store-closed', extra.reason);

  const length = EXAM_TYPES[examType].minutes;
  const earliest = now.getTime() + BOOKING_RULES.leadMinutes * 60_000;
  const slots: Slot[] = [];
  const closes = toMinutes(opening.closes);
  for (let m = toMinutes(opening.opens); m + length <= closes; m += length) {
    const start = instant(day, m);
    if (start.getTime() < earliest) continue;
    if (!fitsCapacity(holds, m, m + length, calendar.examiners)) continue;
    slots.push({ start: start.toISOString(), end: instant(day, m + length).toISOString(), date, time: hhmm(m), endTime: hhmm(m + length) });
  }
  return { date, hours: { opens: opening.opens, closes: opening.closes, halfDay: opening.special === 'half-day' }, closed: null, slots };
}

function instant(day: LocalDate, minutes: number): Date {
  return fromCopenhagen({ ...day, minutes });
}

/** `days` consecutive days from `from`; `holdsOn` gives each day's held times. */
export function availabilityRange(input: Omit<DayInput, 'date' | 'holds'> & { from: string; days: number; holdsOn: (date: string) => readonly Hold[] }): AvailabilityDay[] {
  const first = parseIsoDate(input.from);
  if (!first) throw new RangeError(`availabilityRange: not a date: ${input.from}`);
  return Array.from({ length: input.days }, (_, i) => {
    const date = toIsoDate(addDays(first, i));
    return dayAvailability({ ...input, date, holds: input.holdsOn(date) });
  });
}

/** The offered slot that starts at `start` on its day, or null (not a slot, taken, past or closed). */
export function offeredSlot(input: Omit<DayInput, 'date'>, start: string): Slot | null {
  const t = Date.parse(start);
  if (Number.isNaN(t)) return null;
  const { date } = localTimeOf(new Date(t));
  return dayAvailability({ ...input, date }).slots.find((s) => Date.parse(s.start) === t) ?? null;
}

export function firstSlot(days: readonly AvailabilityDay[]): Slot | null {
  for (const d of days) if (d.slots[0]) return d.slots[0];
  return null;
}

// ---- States (SPEC §4: request sent → confirmed; update, rebook, cancel) -----------------------

export type BookingAction = 'confirm' | 'update' | 'reschedule' | 'cancel';
export type BookingRefusal = 'cancelled' | 'started' | 'already-confirmed';

/**
 * The next status of a booking for an action. A cancelled booking is final (a new one can be
 * booked from it); nothing changes once the time has begun; a new time is a new request to
 * the store, so it goes back to "requested" until confirmed again.
 */
export function bookingTransition(
  booking: Pick<Booking, 'status' | 'start' | 'confirmationState'>,
  action: BookingAction,
  now: Date,
): { ok: true; status: BookingStatus; confirmationState: 1 | 2 } | { ok: false; reason: BookingRefusal } {
  if (booking.status === 'cancelled') return { ok: false, reason: 'cancelled' };
  if (Date.parse(booking.start) <= now.getTime()) return { ok: false, reason: 'started' };
  switch (action) {
    case 'confirm':
      return booking.status === 'confirmed' ? { ok: false, reason: 'already-confirmed' } : { ok: true, status: 'confirmed', confirmationState: 2 };
    case 'update':
      return { ok: true, status: booking.status, confirmationState: booking.confirmationState };
    case 'reschedule':
      return { ok: true, status: 'requested', confirmationState: 1 };
    case 'cancel':
      return { ok: true, status: 'cancelled', confirmationState: booking.confirmationState };
  }
}

/** Live and not begun: the time can be changed or cancelled. */
export function isChangeable(booking: Pick<Booking, 'status' | 'start'>, now: Date): boolean {
  return booking.status !== 'cancelled' && Date.parse(booking.start) > now.getTime();
}

/** After a cancellation a new time may be booked, once (the new booking is managed from then on). */
export function canBookAgain(booking: Pick<Booking, 'status'> & { rebookedTo: string | null }): boolean {
  return booking.status === 'cancelled' && booking.rebookedTo === null;
}

// ---- Price and the Friends free visit ---------------------------------------------------------

/**
 * SPEC §1 Friends: a free visit within a year of the last one. `lastVisitOn` is the date of the
 * member's last visit ('YYYY-MM-DD'), null when there is none.
 */
export function visitPrice(type: ExamType, visitDate: string, friends: { member: boolean; lastVisitOn: string | null } | null): { price: number; ordinaryPrice: number; friendsFreeVisit: boolean } {
  const ordinaryPrice = EXAM_TYPES[type].price;
  const free = ordinaryPrice > 0 && friends !== null && friends.member && freeVisit(friends.lastVisitOn, visitDate).available;
  return { price: free ? 0 : ordinaryPrice, ordinaryPrice, friendsFreeVisit: free };
}

// ---- Alternatives (SPEC §8: nearby stores, next available time, similar exam type) ------------

/** Similar exams the store offers to the age group, in order of likeness. */
export function similarExamTypes(type: ExamType, group: AgeGroup | undefined, store: Pick<Store, 'services'>): ExamType[] {
  return EXAM_TYPES[type].similar.filter((s) => (group === undefined || examAllowsAge(s, group)) && offersExam(store, s));
}

/** Other stores offering the exam, nearest first (great-circle distance from the store). */
export function nearbyStores<S extends Pick<Store, 'id' | 'services' | 'lat' | 'lng'>>(origin: S, stores: readonly S[], type: ExamType): { store: S; distanceKm: number }[] {
  return sortByDistance(
    stores.filter((s) => s.id !== origin.id && offersExam(s, type)),
    origin,
  ).map(({ item, km }) => ({ store: item, distanceKm: km }));
}

// ---- Danish texts shared by the API (errors, e-mails) and the shop -----------------------------

/** SPEC §8 booking messages. */
export const bookingErrors = {
  slotNotOffered: 'Tiden kan ikke bookes. Vælg en af de ledige tider.',
  slotTaken: 'Den valgte tid er desværre lige blevet booket af en anden. Vælg en anden tid.',
  noTimes: 'Der er ingen ledige tider i den valgte periode.',
  providerUnavailable: 'Butikkens bookingsystem kan ikke nås lige nu. Prøv igen lidt senere, eller vælg en anden butik.',
  examNotOffered: 'Butikken tilbyder ikke den valgte undersøgelse. Vælg en anden butik.',
  ageNotOffered: 'Undersøgelsen kan ikke bookes for den valgte aldersgruppe.',
  birthDateAge: 'Fødselsdatoen passer ikke til den valgte aldersgruppe. Ret fødselsdatoen eller aldersgruppen.',
  storeNotFound: 'Butikken blev ikke fundet.',
  notFound: 'Bookingen blev ikke fundet. Tjek, at du har brugt hele linket fra e-mailen.',
  cancelled: 'Bookingen er aflyst og kan ikke ændres. Du kan booke en ny tid.',
  started: 'Tidspunktet er passeret, så bookingen kan ikke længere ændres.',
  alreadyConfirmed: 'Bookingen er allerede bekræftet.',
  notCancelled: 'Du kan først booke en ny tid, når bookingen er aflyst. Vælg "Skift tid" for at flytte den.',
  alreadyRebooked: 'Der er allerede booket en ny tid i stedet for denne booking.',
} as const;

export const bookingRefusalMessage: Record<BookingRefusal, string> = {
  cancelled: bookingErrors.cancelled,
  started: bookingErrors.started,
  'already-confirmed': bookingErrors.alreadyConfirmed,
};

export const bookingStatusLabel: Record<BookingStatus, string> = {
  requested: 'Anmodning sendt til butikken',
  confirmed: 'Bekræftet',
  cancelled: 'Aflyst',
};

const WEEKDAYS = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];
const MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];

/** 'mandag 23. november 2026' — without Intl, so it reads the same in every runtime. */
export function formatDanishDate(isoDate: string, opts: { year?: boolean } = {}): string {
  const d = parseIsoDate(isoDate);
  if (!d) return isoDate;
  const weekday = WEEKDAYS[(new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7]!;
  return `${weekday} ${d.day}. ${MONTHS[d.month - 1]!}${opts.year === false ? '' : ` ${d.year}`}`;
}

/** Danish clock time 'HH.MM' from 'HH:MM'. */
export function formatClock(time: string): string {
  return time.replace(':', '.');
}

/** 'mandag 23. november 2026 kl. 10.00–10.30' for a booking's instants, in Copenhagen time. */
export function formatBookingTime(start: string, end: string): string {
  const s = copenhagenParts(new Date(start));
  const e = copenhagenParts(new Date(end));
  return `${formatDanishDate(toIsoDate(s))} kl. ${formatClock(hhmm(s.minutes))}–${formatClock(hhmm(e.minutes))}`;
}
