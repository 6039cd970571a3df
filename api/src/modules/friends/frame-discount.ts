import { givesFrameDiscount, type FriendsMember } from '@optik/shared';
import type { Clock } from '../../deps';
import { HttpError } from '../../http/errors';
import type { BookingRecord } from '../booking/records';
import type { BookingService } from '../booking/service';
import type { FriendsRepository } from './repository';

/** An active membership: joined and not left. */
export const isMember = (m: FriendsMember | undefined): boolean => Boolean(m && !m.leftOn);

export const frameDiscountMessages = {
  /** Another order used the eye test meanwhile (or it was cancelled): the price changes. */
  used: 'Friends-rabatten for din synstest er lige blevet brugt på en anden ordre. Se den opdaterede pris, og prøv igen.',
} as const;

/** What the frame discount needs of the booking module. */
export type FrameDiscountBookings = Pick<BookingService, 'recordsOfCustomer' | 'claimFrameDiscount' | 'releaseFrameDiscount'>;

/**
 * The Friends frame discount's bookkeeping (SPEC §1; the rule and its decisions are in
 * shared/src/domain/friends.ts `friendsFrameDiscount`): which of a member's booked eye tests give
 * it now, and marking the ones an order uses. Bookings belong to the booking module, which marks
 * them for an order before anything is paid, all in one transaction that checks each is still
 * unused, so two orders cannot both use one; an order that is not paid lets its bookings go again.
 */
export class FriendsFrameDiscount {
  constructor(
    private readonly members: FriendsRepository,
    private readonly bookings: FrameDiscountBookings,
    private readonly clock: Clock,
  ) {}

  /** The member's own eye-test bookings that give the discount now, oldest first; none for a non-member. */
  async eyeTests(customerId: string | null): Promise<BookingRecord[]> {
    if (!customerId || !isMember(await this.members.get(customerId))) return [];
    const now = this.clock.now();
    return (await this.bookings.recordsOfCustomer(customerId)).filter((b) => givesFrameDiscount(b, now));
  }

  /** Marks the bookings as used by `orderId`; when one is no longer free, none are marked (409). */
  async claim(bookingIds: readonly string[], orderId: string): Promise<void> {
    const now = this.clock.now();
    if (!(await this.bookings.claimFrameDiscount(bookingIds, orderId, (b) => givesFrameDiscount(b, now)))) {
      throw new HttpError(409, 'conflict', frameDiscountMessages.used);
    }
  }

  /** Gives back the bookings `orderId` claimed (its payment failed); others' marks stay. */
  async release(bookingIds: readonly string[], orderId: string): Promise<void> {
    await this.bookings.releaseFrameDiscount(bookingIds, orderId);
  }
}
