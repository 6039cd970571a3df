import { addDays, parseIsoDate, toIsoDate, type Hold } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { bookingCalendarsCollection, bookingDaysCollection, bookingsCollection, dayId, type BookingCalendarRecord, type BookingRecord } from './records';

/** The booking module's collections: bookings, the times held per store day, and the stores' calendars. */
export class BookingRepository {
  constructor(private readonly storage: Storage) {}

  private get bookings() {
    return this.storage.collection(bookingsCollection);
  }
  private get days() {
    return this.storage.collection(bookingDaysCollection);
  }

  get(id: string): Promise<BookingRecord | undefined> {
    return this.bookings.get(id);
  }

  insert(rec: BookingRecord): Promise<BookingRecord> {
    return this.bookings.insert(rec);
  }

  /** Atomic read-modify-write of one booking; `mutate` may throw to leave it unchanged. */
  update(id: string, mutate: (cur: BookingRecord) => BookingRecord): Promise<BookingRecord | undefined> {
    return this.bookings.update(id, mutate);
  }

  /** A customer's bookings, soonest first; `before` (an instant) keeps only those starting earlier. */
  ofCustomer(customerId: string, opts: { before?: string } = {}): Promise<BookingRecord[]> {
    return this.bookings.list('byCustomer', customerId, opts.before === undefined ? {} : { to: opts.before });
  }

  /**
   * A store's bookings that start on `date` (Copenhagen) or later, soonest first. The index is
   * ordered by the start instant (UTC), so it is read from the day before and the few of that
   * evening's UTC hours that are still the day before in Copenhagen are left to the caller.
   */
  ofStoreFrom(storeId: string, date: string): Promise<BookingRecord[]> {
    const day = parseIsoDate(date);
    return this.bookings.list('byStore', storeId, day ? { from: toIsoDate(addDays(day, -1)) } : {});
  }

  /** A store's bookings that start on one of the `days` days from `date` (Copenhagen), by index; the caller trims the edges as for `ofStoreFrom`. */
  ofStoreBetween(storeId: string, date: string, days: number): Promise<BookingRecord[]> {
    const day = parseIsoDate(date);
    if (!day) return Promise.resolve([]);
    return this.bookings.list('byStore', storeId, { from: toIsoDate(addDays(day, -1)), to: toIsoDate(addDays(day, days + 1)) });
  }

  calendar(storeId: string): Promise<BookingCalendarRecord | undefined> {
    return this.storage.collection(bookingCalendarsCollection).get(storeId);
  }

  /** The holds of a store on each of `dates` (none where nothing is held). */
  async holdsOn(storeId: string, dates: readonly string[]): Promise<Map<string, Hold[]>> {
    const records = await this.days.getMany(dates.map((d) => dayId(storeId, d)));
    const byId = new Map(records.map((r) => [r.id, r.holds]));
    return new Map(dates.map((d) => [d, byId.get(dayId(storeId, d)) ?? []]));
  }

  /**
   * Changes the holds of one store day as one step: `change` sees the holds as they are and its
   * answer is written, or it throws and nothing changes. Run as a transaction (a savepoint inside
   * the caller's), so no other write comes between the read and the write: of two requests for
   * the last free examiner, exactly one gets it.
   */
  async changeHolds(storeId: string, date: string, change: (holds: Hold[]) => Hold[]): Promise<void> {
    const id = dayId(storeId, date);
    await this.storage.transaction(async () => {
      const day = await this.days.get(id);
      const holds = change(day?.holds ?? []);
      if (!day && holds.length === 0) return;
      await this.days.put({ id, storeId, date, holds });
    });
  }
}
