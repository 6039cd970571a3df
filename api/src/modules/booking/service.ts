import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BOOKING_RULES,
  addDays,
  availabilityRange,
  bookingErrors,
  bookingRefusalMessage,
  bookingTransition,
  canBookAgain,
  copenhagenIsoDate,
  examAllowsAge,
  firstSlot,
  holdFor,
  isChangeable,
  localTimeOf,
  nearbyStores,
  offeredSlot,
  offersExam,
  parseCpr,
  parseIsoDate,
  similarExamTypes,
  toIsoDate,
  visitPrice,
  ageGroupForBirthDate,
  type AgeGroup,
  type Availability,
  type AvailabilityDay,
  type BookingAction,
  type BookingAlternatives,
  type BookingView,
  type ExamType,
  type Slot,
  type StaffBooking,
  type Store,
  attendanceRefusal,
  counterMessages,
  counterRefusalMessage,
} from '@optik/shared';
import type { z } from 'zod/mini';
import type { availabilityQuerySchema, bookingCreateRequestSchema, bookingDetailsInputSchema, bookingRebookRequestSchema } from '@optik/shared';
import type { AppConfig, Clock } from '../../deps';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { hashToken, newId } from '../../http/identity';
import type { Mailer } from '../../ports/mail';
import type { Storage } from '../../storage/port';
import type { CatalogueService } from '../catalogue/service';
import { createSimulatedExternalCalendar, type ExternalCalendar } from './external-calendar';
import { bookingMail, type BookingMailKind } from './mail';
import type { BookingCalendarRecord, BookingRecord } from './records';
import { BookingRepository } from './repository';
import { shopUrl } from '../../http/public-url';

export { dayId } from './records';

type CreateInput = z.output<typeof bookingCreateRequestSchema>;
type DetailsInput = z.output<typeof bookingDetailsInputSchema>;
type RebookInput = z.output<typeof bookingRebookRequestSchema>;
type AvailabilityInput = z.output<typeof availabilityQuerySchema>;

/** Who may open a booking: the manage link's token, or the signed-in customer who owns it. */
export interface BookingAccess {
  token?: string | undefined;
  customerId: string | null;
}

/** The Friends membership the free-visit rule needs (modules/friends `FriendsService.visitStatus`). */
export interface FriendsLookup {
  membership(customerId: string): Promise<{ member: boolean; lastVisitOn: string | null }>;
}

/** Thrown inside a frame-discount claim to undo it (never leaves the service). */
class ClaimRefused extends Error {}

/** A store without a calendar record: one examiner, its own calendar, requests confirmed at once. */
const defaultCalendar = (storeId: string): BookingCalendarRecord => ({ id: storeId, examiners: 1, closedDates: [], autoConfirm: true, external: null });

const NEARBY_STORES_SHOWN = 3;
/** How many of the nearest stores are searched for the "nearby stores" alternative. */
const NEARBY_STORES_SEARCHED = 8;

/**
 * Eye-exam booking (SPEC §1, §3, §4, §8). A time is held on the store day's record, checked and
 * written in one step, in the same transaction as the booking it is held for: of two requests
 * for the last free examiner exactly one gets it, the other hears "time taken", and a time is
 * never held without its booking (or the other way round).
 * Bookings of stores with `autoConfirm` are confirmed at once; others — and every requisition
 * (company) booking — wait as "request sent" until the store confirms (staff endpoint).
 */
export class BookingService {
  private readonly bookings: BookingRepository;
  private readonly external: ExternalCalendar;
  private readonly friends: FriendsLookup | null;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly catalogue: CatalogueService,
    opts: { external?: ExternalCalendar; friends?: FriendsLookup } = {},
  ) {
    this.bookings = new BookingRepository(storage);
    this.external = opts.external ?? createSimulatedExternalCalendar();
    this.friends = opts.friends ?? null;
  }

  // ---- Manage link --------------------------------------------------------------------------

  private tokenFor(bookingId: string): string {
    return manageToken(this.config.secret, bookingId);
  }

  manageLink(bookingId: string): string {
    return `${shopUrl(this.config)}/bestil-tid-til-synstest/${encodeURIComponent(bookingId)}#token=${this.tokenFor(bookingId)}`;
  }

  private async open(id: string, access: BookingAccess): Promise<BookingRecord> {
    const rec = await this.bookings.get(id);
    const byToken = rec !== undefined && access.token !== undefined && sameHash(hashToken(access.token), rec.tokenHash);
    const byOwner = rec !== undefined && access.customerId !== null && rec.customerId === access.customerId;
    // A wrong token and an unknown id answer alike, so a link cannot be used to probe for bookings.
    if (!rec || (!byToken && !byOwner)) throw notFound(bookingErrors.notFound);
    return rec;
  }

  // ---- Stores and calendars -----------------------------------------------------------------

  private async store(storeId: string): Promise<Store> {
    const store = await this.catalogue.store(storeId);
    if (!store) throw badRequest({ storeId: bookingErrors.storeNotFound });
    return store;
  }

  private async calendar(storeId: string): Promise<BookingCalendarRecord> {
    return (await this.bookings.calendar(storeId)) ?? defaultCalendar(storeId);
  }

  private async ensureReachable(calendar: BookingCalendarRecord): Promise<void> {
    if (!(await this.external.reachable(calendar))) throw new HttpError(503, 'internal', bookingErrors.providerUnavailable);
  }

  private checkOffer(store: Store, examType: ExamType, ageGroup: AgeGroup): void {
    if (!offersExam(store, examType)) throw badRequest({ examType: bookingErrors.examNotOffered });
    if (!examAllowsAge(examType, ageGroup)) throw badRequest({ ageGroup: bookingErrors.ageNotOffered });
  }

  /** SPEC §5 birth date DDMMYY → ISO, which must agree with the chosen age group. */
  private birthDate(input: string | null, ageGroup: AgeGroup): string | null {
    if (input === null) return null;
    const now = this.clock.now();
    const parsed = parseCpr(input, { allowBirthDateOnly: true, today: now });
    if (!parsed.ok) throw badRequest({ birthDate: parsed.message });
    if (ageGroupForBirthDate(parsed.birthDate, copenhagenIsoDate(now)) !== ageGroup) throw badRequest({ birthDate: bookingErrors.birthDateAge });
    return parsed.birthDate;
  }

  // ---- Free times ---------------------------------------------------------------------------

  private async range(store: Store, calendar: BookingCalendarRecord, examType: ExamType, from: string, days: number): Promise<AvailabilityDay[]> {
    const first = parseIsoDate(from)!;
    const dates = Array.from({ length: days }, (_, i) => toIsoDate(addDays(first, i)));
    const holds = await this.bookings.holdsOn(store.id, dates);
    return availabilityRange({ store, calendar, examType, now: this.clock.now(), from, days, holdsOn: (d) => holds.get(d) ?? [] });
  }

  /** The first free time from `from`, looking at most `maxDays` ahead, a week at a time. */
  private async firstFree(store: Store, calendar: BookingCalendarRecord, examType: ExamType, from: string, maxDays: number): Promise<Slot | null> {
    let start = parseIsoDate(from)!;
    for (let looked = 0; looked < maxDays; looked += 7) {
      const slot = firstSlot(await this.range(store, calendar, examType, toIsoDate(start), Math.min(7, maxDays - looked)));
      if (slot) return slot;
      start = addDays(start, 7);
    }
    return null;
  }

  /** SPEC §8 alternatives: the next free time here, similar exams here, and nearby stores with a free time. */
  private async alternatives(store: Store, examType: ExamType, ageGroup: AgeGroup | undefined, from: string, days: number, sameStore: boolean): Promise<BookingAlternatives> {
    const searchDays = BOOKING_RULES.alternativesSearchDays;
    const calendar = await this.calendar(store.id);
    const after = toIsoDate(addDays(parseIsoDate(from)!, days));
    const nextAvailable = sameStore ? await this.firstFree(store, calendar, examType, after, searchDays) : null;

    const similarExamTypesFree: BookingAlternatives['similarExamTypes'] = [];
    if (sameStore) {
      for (const type of similarExamTypes(examType, ageGroup, store)) {
        const slot = await this.firstFree(store, calendar, type, from, searchDays);
        if (slot) similarExamTypesFree.push({ examType: type, nextAvailable: slot });
      }
    }

    const nearby: BookingAlternatives['nearbyStores'] = [];
    const stores = await this.catalogue.stores();
    for (const { store: other, distanceKm } of nearbyStores(store, stores, examType).slice(0, NEARBY_STORES_SEARCHED)) {
      if (nearby.length >= NEARBY_STORES_SHOWN) break;
      const otherCalendar = await this.calendar(other.id);
      if (!(await this.external.reachable(otherCalendar))) continue;
      const slot = await this.firstFree(other, otherCalendar, examType, from, searchDays);
      if (slot) nearby.push({ storeId: other.id, name: other.name, city: other.city, distanceKm: Math.round(distanceKm * 10) / 10, nextAvailable: slot });
    }
    return { nextAvailable, nearbyStores: nearby, similarExamTypes: similarExamTypesFree };
  }

  async availability(q: AvailabilityInput): Promise<Availability> {
    const store = await this.store(q.storeId);
    if (!offersExam(store, q.examType)) throw badRequest({ examType: bookingErrors.examNotOffered });
    if (q.ageGroup && !examAllowsAge(q.examType, q.ageGroup)) throw badRequest({ ageGroup: bookingErrors.ageNotOffered });
    const calendar = await this.calendar(store.id);
    const base = { storeId: store.id, examType: q.examType, from: q.from };
    if (!(await this.external.reachable(calendar))) {
      return { ...base, days: [], unavailable: { reason: 'provider', message: bookingErrors.providerUnavailable }, alternatives: await this.alternatives(store, q.examType, q.ageGroup, q.from, q.days, false) };
    }
    const days = await this.range(store, calendar, q.examType, q.from, q.days);
    const free = days.some((d) => d.slots.length > 0);
    return { ...base, days, unavailable: null, alternatives: free ? null : await this.alternatives(store, q.examType, q.ageGroup, q.from, q.days, true) };
  }

  // ---- Holding times ------------------------------------------------------------------------

  /**
   * Holds the time from `start` for `bookingId` (replacing the booking's own hold on that day,
   * when it moves within a day). The check and the write are one step; callers run it in the
   * transaction that also writes the booking.
   */
  private async reserve(store: Store, calendar: BookingCalendarRecord, examType: ExamType, start: string, bookingId: string): Promise<Slot> {
    const base = { store, calendar, examType, now: this.clock.now() };
    // Not a time the store offers at all (closed, past, off the exam's grid): bad input, not a race.
    const offered = offeredSlot({ ...base, holds: [] }, start);
    if (!offered) throw badRequest({ start: bookingErrors.slotNotOffered });
    let slot: Slot | null = null;
    await this.bookings.changeHolds(store.id, offered.date, (holds) => {
      const others = holds.filter((h) => h.bookingId !== bookingId);
      slot = offeredSlot({ ...base, holds: others }, start);
      // SPEC §4, §8: the time was taken meanwhile.
      if (!slot) throw new HttpError(409, 'conflict', bookingErrors.slotTaken);
      return [...others, holdFor(bookingId, slot.start, slot.end).hold];
    });
    return slot!;
  }

  private async release(storeId: string, date: string, bookingId: string): Promise<void> {
    await this.bookings.changeHolds(storeId, date, (holds) => holds.filter((h) => h.bookingId !== bookingId));
  }

  // ---- Price --------------------------------------------------------------------------------

  /**
   * SPEC §1 Friends free visit: the member's last visit is the later of what the Friends record
   * holds and the customer's last booked visit that has taken place.
   */
  private async price(examType: ExamType, visitDate: string, customerId: string | null): Promise<ReturnType<typeof visitPrice>> {
    if (!customerId || !this.friends) return visitPrice(examType, visitDate, null);
    const membership = await this.friends.membership(customerId);
    if (!membership.member) return visitPrice(examType, visitDate, null);
    const now = this.clock.now().getTime();
    const visited = (await this.bookings.ofCustomer(customerId, { before: new Date(now).toISOString() })).filter((b) => b.status !== 'cancelled' && Date.parse(b.start) < now);
    const lastVisitOn = [membership.lastVisitOn, ...visited.map((b) => localTimeOf(b.start).date)].filter((d): d is string => d !== null).sort().at(-1) ?? null;
    return visitPrice(examType, visitDate, { member: true, lastVisitOn });
  }

  // ---- Views and mail -----------------------------------------------------------------------

  private async view(rec: BookingRecord): Promise<BookingView> {
    const store = await this.catalogue.store(rec.storeId);
    const { tokenHash: _hash, history: _history, frameDiscountOrderId: _usedBy, ...booking } = rec;
    return {
      ...booking,
      store: { name: store?.name ?? rec.storeId, street: store?.street ?? '', postcode: store?.postcode ?? '', city: store?.city ?? '', phone: store?.phone ?? '' },
      changeable: isChangeable(rec, this.clock.now()),
    };
  }

  private async mail(kind: BookingMailKind, rec: BookingRecord): Promise<void> {
    const store = await this.catalogue.store(rec.storeId);
    if (!store) return;
    await this.mailer.send(bookingMail(kind, rec, store, this.manageLink(rec.id)));
  }

  private transition(rec: Pick<BookingRecord, 'status' | 'start' | 'confirmationState'>, action: BookingAction) {
    const t = bookingTransition(rec, action, this.clock.now());
    if (!t.ok) throw new HttpError(409, 'conflict', bookingRefusalMessage[t.reason]);
    return t;
  }

  // ---- Commands -----------------------------------------------------------------------------

  async create(input: CreateInput, customerId: string | null): Promise<{ booking: BookingView; token: string }> {
    const store = await this.store(input.storeId);
    this.checkOffer(store, input.examType, input.ageGroup);
    const birthDate = this.birthDate(input.birthDate, input.ageGroup);
    const calendar = await this.calendar(store.id);
    await this.ensureReachable(calendar);
    const id = `bk-${newId(12)}`;
    // The hold and the booking commit together, or neither does.
    const rec = await this.storage.transaction(async () => {
      const slot = await this.reserve(store, calendar, input.examType, input.start, id);
      return this.bookings.insert(await this.newRecord({ id, store, calendar, examType: input.examType, ageGroup: input.ageGroup, slot, details: { ...input, birthDate }, customerId, rebookedFrom: null }));
    });
    await this.mail(rec.status === 'confirmed' ? 'confirmed' : 'requested', rec);
    return { booking: await this.view(rec), token: this.tokenFor(id) };
  }

  private async newRecord(a: {
    id: string;
    store: Store;
    calendar: BookingCalendarRecord;
    examType: ExamType;
    ageGroup: AgeGroup;
    slot: Slot;
    details: Omit<DetailsInput, 'birthDate'> & { birthDate: string | null };
    customerId: string | null;
    rebookedFrom: string | null;
  }): Promise<BookingRecord> {
    const at = this.clock.now().toISOString();
    const confirmed = a.calendar.autoConfirm && a.details.company === null;
    return {
      id: a.id,
      storeId: a.store.id,
      examType: a.examType,
      ageGroup: a.ageGroup,
      start: a.slot.start,
      end: a.slot.end,
      ...detailFields(a.details),
      status: confirmed ? 'confirmed' : 'requested',
      confirmationState: confirmed ? 2 : 1,
      customerId: a.customerId,
      ...(await this.price(a.examType, a.slot.date, a.customerId)),
      createdAt: at,
      updatedAt: at,
      rebookedFrom: a.rebookedFrom,
      rebookedTo: null,
      tokenHash: hashToken(this.tokenFor(a.id)),
      history: [{ at, action: 'requested', by: 'customer' }, ...(confirmed ? [{ at, action: 'confirmed' as const, by: 'system' as const }] : [])],
    };
  }

  async get(id: string, access: BookingAccess): Promise<BookingView> {
    return this.view(await this.open(id, access));
  }

  /** Customer info, note and company info (SPEC §4 update); the time and state stay. */
  async update(id: string, access: BookingAccess, details: DetailsInput): Promise<BookingView> {
    const rec = await this.open(id, access);
    this.transition(rec, 'update');
    const birthDate = this.birthDate(details.birthDate, rec.ageGroup);
    const at = this.clock.now().toISOString();
    const updated = await this.bookings.update(id, (cur) => {
      this.transition(cur, 'update');
      return { ...cur, ...detailFields({ ...details, birthDate }), updatedAt: at, history: [...cur.history, { at, action: 'updated', by: 'customer' }] };
    });
    await this.mail('updated', updated!);
    return this.view(updated!);
  }

  /** A new time for a live booking (SPEC §4 rebook): the new time is held, the booking moved and the old time let go in one transaction. */
  async reschedule(id: string, access: BookingAccess, start: string): Promise<BookingView> {
    const rec = await this.open(id, access);
    this.transition(rec, 'reschedule');
    const store = await this.store(rec.storeId);
    const calendar = await this.calendar(store.id);
    await this.ensureReachable(calendar);
    const oldDate = localTimeOf(rec.start).date;
    const at = this.clock.now().toISOString();
    const updated = await this.storage.transaction(async () => {
      const slot = await this.reserve(store, calendar, rec.examType, start, rec.id);
      const price = await this.price(rec.examType, slot.date, rec.customerId);
      const moved = await this.bookings.update(id, (cur) => {
        const t = this.transition(cur, 'reschedule');
        const confirmed = calendar.autoConfirm && cur.companyName === null;
        return {
          ...cur,
          start: slot.start,
          end: slot.end,
          ...price,
          status: confirmed ? 'confirmed' : t.status,
          confirmationState: confirmed ? 2 : t.confirmationState,
          updatedAt: at,
          history: [...cur.history, { at, action: 'rescheduled', by: 'customer' }, ...(confirmed ? [{ at, action: 'confirmed' as const, by: 'system' as const }] : [])],
        };
      });
      if (oldDate !== slot.date) await this.release(rec.storeId, oldDate, rec.id);
      return moved;
    });
    await this.mail('rescheduled', updated!);
    return this.view(updated!);
  }

  /** SPEC §4 cancel: final for this booking; the time is free for others at once. */
  async cancel(id: string, access: BookingAccess): Promise<BookingView> {
    await this.open(id, access);
    const at = this.clock.now().toISOString();
    const updated = await this.storage.transaction(async () => {
      const cancelled = await this.bookings.update(id, (cur) => {
        const t = this.transition(cur, 'cancel');
        return { ...cur, status: t.status, updatedAt: at, history: [...cur.history, { at, action: 'cancelled', by: 'customer' }] };
      });
      await this.release(cancelled!.storeId, localTimeOf(cancelled!.start).date, id);
      return cancelled;
    });
    await this.mail('cancelled', updated!);
    return this.view(updated!);
  }

  /**
   * After a cancellation a new time may be booked (SPEC §4): a new booking with the same
   * details, optionally in another store or for another exam. The cancelled booking points to it.
   */
  async rebook(id: string, access: BookingAccess, input: RebookInput): Promise<{ booking: BookingView; token: string }> {
    const old = await this.open(id, access);
    if (!canBookAgain(old)) throw new HttpError(409, 'conflict', old.status === 'cancelled' ? bookingErrors.alreadyRebooked : bookingErrors.notCancelled);
    const store = await this.store(input.storeId ?? old.storeId);
    const examType = input.examType ?? old.examType;
    this.checkOffer(store, examType, old.ageGroup);
    const calendar = await this.calendar(store.id);
    await this.ensureReachable(calendar);
    const newIdValue = `bk-${newId(12)}`;
    const at = this.clock.now().toISOString();
    const customerId = old.customerId ?? access.customerId;
    const details = {
      contact: old.contact,
      birthDate: old.birthDate,
      noteToStore: old.noteToStore,
      company: old.companyName && old.requisitionType ? { companyName: old.companyName, reference: old.reference, requisitionType: old.requisitionType, workingDistances: old.workingDistances ?? [], tools: old.tools, other: old.other } : null,
    };
    // The new time, the old booking's claim and the new booking commit together: two tabs booking again from one link get one booking.
    const rec = await this.storage.transaction(async () => {
      const slot = await this.reserve(store, calendar, examType, input.start, newIdValue);
      await this.bookings.update(old.id, (cur) => {
        if (!canBookAgain(cur)) throw new HttpError(409, 'conflict', bookingErrors.alreadyRebooked);
        return { ...cur, rebookedTo: newIdValue, updatedAt: at, history: [...cur.history, { at, action: 'rebooked', by: 'customer' }] };
      });
      return this.bookings.insert(await this.newRecord({ id: newIdValue, store, calendar, examType, ageGroup: old.ageGroup, slot, details, customerId, rebookedFrom: old.id }));
    });
    await this.mail(rec.status === 'confirmed' ? 'confirmed' : 'requested', rec);
    return { booking: await this.view(rec), token: this.tokenFor(newIdValue) };
  }

  /** My Pages: the customer's bookings, soonest first. */
  async listForCustomer(customerId: string): Promise<BookingView[]> {
    const mine = await this.bookings.ofCustomer(customerId);
    return Promise.all(mine.sort(byStart).map((b) => this.view(b)));
  }

  // ---- Friends frame discount (modules/friends/frame-discount.ts) ---------------------------

  /** A customer's bookings as stored, soonest first (the Friends frame discount reads which give it). */
  async recordsOfCustomer(customerId: string): Promise<BookingRecord[]> {
    return (await this.bookings.ofCustomer(customerId)).sort(byStart);
  }

  /**
   * Marks every booking of `ids` as used by `orderId` for the Friends frame discount, each only
   * while `eligible` holds for it as stored: all of them, or — when one is no longer eligible —
   * none (one transaction). Answers whether they were marked.
   */
  async claimFrameDiscount(ids: readonly string[], orderId: string, eligible: (b: BookingRecord) => boolean): Promise<boolean> {
    try {
      await this.storage.transaction(async () => {
        for (const id of ids) {
          const marked = await this.bookings.update(id, (b) => {
            if (!eligible(b)) throw new ClaimRefused();
            return { ...b, frameDiscountOrderId: orderId };
          });
          if (!marked) throw new ClaimRefused();
        }
      });
      return true;
    } catch (err) {
      if (err instanceof ClaimRefused) return false;
      throw err;
    }
  }

  /** Gives back the bookings `orderId` marked (its payment failed); others' marks stay. */
  async releaseFrameDiscount(ids: readonly string[], orderId: string): Promise<void> {
    await this.storage.transaction(async () => {
      for (const id of ids) await this.bookings.update(id, (b) => (b.frameDiscountOrderId === orderId ? { ...b, frameDiscountOrderId: null } : b));
    });
  }

  // ---- The store's counter (issue 17: Dagens aftaler) ------------------------------------------

  /**
   * The store's bookings from `from` (Copenhagen date) on — `days` days of them, or all — soonest
   * first, as staff see them: with the contact data for check-in, without the shop's bookkeeping.
   */
  async listForStaff(storeId: string, from: string, days?: number): Promise<StaffBooking[]> {
    const end = days === undefined ? null : toIsoDate(addDays(parseIsoDate(from)!, days));
    const read = days === undefined ? await this.bookings.ofStoreFrom(storeId, from) : await this.bookings.ofStoreBetween(storeId, from, days);
    return read
      .filter((b) => {
        const date = localTimeOf(b.start).date;
        return date >= from && (end === null || date < end);
      })
      .sort(byStart)
      .map(staffView);
  }

  /**
   * One change at the counter as one atomic step on the booking (the rule is checked on the
   * booking as stored, inside the write), in a transaction of its own — a savepoint inside a
   * sync request's. Another store's booking is as unknown as none.
   */
  private async atCounter(id: string, storeId: string, change: (cur: BookingRecord, at: string) => BookingRecord): Promise<BookingRecord> {
    const at = this.clock.now().toISOString();
    return this.storage.transaction(async () => {
      const updated = await this.bookings.update(id, (cur) => {
        if (cur.storeId !== storeId) throw notFound(counterMessages.notInStore);
        return { ...change(cur, at), updatedAt: at };
      });
      if (!updated) throw notFound(counterMessages.notInStore);
      return updated;
    });
  }

  /** SPEC §4 request sent → confirmed by the store; the customer is mailed once it is committed. */
  private async confirmRecord(id: string, storeId: string): Promise<BookingRecord> {
    return this.storage.transaction(async () => {
      const updated = await this.atCounter(id, storeId, (cur, at) => {
        const t = this.transition(cur, 'confirm');
        return { ...cur, status: t.status, confirmationState: t.confirmationState, history: [...cur.history, { at, action: 'confirmed', by: 'store' }] };
      });
      this.storage.afterCommit(() => this.mail('confirmed', updated));
      return updated;
    });
  }

  /** The store confirms a request (SPEC §4 request sent → confirmed). Another store's booking is not found. */
  async confirmByStore(id: string, storeId: string): Promise<BookingView> {
    return this.view(await this.confirmRecord(id, storeId));
  }

  /** The `booking.confirm` command: as `confirmByStore`, answered as staff see the booking. */
  async confirmAtCounter(id: string, storeId: string): Promise<StaffBooking> {
    return staffView(await this.confirmRecord(id, storeId));
  }

  /**
   * The `booking.checkIn` command: the customer arrived, and the booking is linked to the store
   * customer `customerId` (the caller checks the store may act for that customer).
   */
  async checkInAtCounter(id: string, storeId: string, customerId: string): Promise<StaffBooking> {
    return staffView(await this.atCounter(id, storeId, (cur, at) => this.attend(cur, 'check-in', at, customerId)));
  }

  /** The `booking.noShow` command: the customer did not come. */
  async noShowAtCounter(id: string, storeId: string): Promise<StaffBooking> {
    return staffView(await this.atCounter(id, storeId, (cur, at) => this.attend(cur, 'no-show', at, null)));
  }

  private attend(cur: BookingRecord, action: 'check-in' | 'no-show', at: string, customerId: string | null): BookingRecord {
    const refused = attendanceRefusal({ ...cur, attendance: cur.attendance ?? null }, action, this.clock.now());
    if (refused) throw new HttpError(409, 'conflict', counterRefusalMessage[refused]);
    return {
      ...cur,
      attendance: action === 'check-in' ? 'checked-in' : 'no-show',
      attendanceAt: at,
      ...(action === 'check-in' ? { storeCustomerId: customerId } : {}),
      history: [...cur.history, { at, action: action === 'check-in' ? 'checked-in' : 'no-show', by: 'store' }],
    };
  }

  /** Today in Copenhagen, for the staff list's default. */
  today(): string {
    return copenhagenIsoDate(this.clock.now());
  }
}

/**
 * The manage link's token is an HMAC of the booking id: every mail about a booking carries the
 * same link, and only the token's hash is stored.
 */
export function manageToken(secret: string, bookingId: string): string {
  return createHmac('sha256', secret).update(`booking-manage:${bookingId}`).digest('base64url');
}

/** A booking as the store sees it (StaffBooking): the counter's fields, no price, token or web account. */
function staffView(b: BookingRecord): StaffBooking {
  return {
    id: b.id,
    storeId: b.storeId,
    examType: b.examType,
    ageGroup: b.ageGroup,
    start: b.start,
    end: b.end,
    noteToStore: b.noteToStore,
    requisitionType: b.requisitionType,
    workingDistances: b.workingDistances,
    tools: b.tools,
    other: b.other,
    status: b.status,
    confirmationState: b.confirmationState,
    customerId: b.storeCustomerId ?? null,
    contact: b.contact,
    companyName: b.companyName,
    reference: b.reference,
    attendance: b.attendance ?? null,
    attendanceAt: b.attendanceAt ?? null,
    updatedAt: b.updatedAt,
  };
}

const byStart = (a: { start: string }, b: { start: string }) => Date.parse(a.start) - Date.parse(b.start);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The booking fields the customer fills in (SPEC §3): customer info, note to store, company info. */
function detailFields(d: Omit<DetailsInput, 'birthDate'> & { birthDate: string | null }) {
  return {
    contact: d.contact,
    birthDate: d.birthDate,
    noteToStore: d.noteToStore,
    companyName: d.company?.companyName ?? null,
    reference: d.company?.reference ?? null,
    requisitionType: d.company?.requisitionType ?? null,
    workingDistances: d.company ? d.company.workingDistances : null,
    tools: d.company?.tools ?? null,
    other: d.company?.other ?? null,
  };
}
