import { givesFrameDiscount, type FriendsMember } from '@optik/shared';
import type { Clock } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Storage } from '../../storage/port';
import type { BookingRecord } from '../booking/records';
import { C } from '../../collections';

/** An active membership: joined and not left. */
export const isMember = (m: FriendsMember | undefined): boolean => Boolean(m && !m.leftOn);

export const frameDiscountMessages = {
  /** Another order used the eye test meanwhile (or it was cancelled): the price changes. */
  used: 'Friends-rabatten for din synstest er lige blevet brugt på en anden ordre. Se den opdaterede pris, og prøv igen.',
} as const;

/**
 * The Friends frame discount's bookkeeping (SPEC §1; the rule and its decisions are in
 * shared/src/domain/friends.ts `friendsFrameDiscount`): which of a member's booked eye tests give
 * it now, and marking the ones an order uses. A booking is claimed for an order before anything is
 * paid, each with one atomic `update` that checks it is still unused, so two orders cannot both use
 * it; an order that is not paid lets its bookings go again.
 */
export class FriendsFrameDiscount {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  /** The member's own eye-test bookings that give the discount now, oldest first; none for a non-member. */
  async eyeTests(customerId: string | null): Promise<BookingRecord[]> {
    if (!customerId || !isMember(await this.storage.collection(C.friendsMembers).get(customerId))) return [];
    const now = this.clock.now();
    const found = await this.storage.collection(C.bookings).find((b) => b.customerId === customerId && givesFrameDiscount(b, now));
    return found.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  }

  /** Marks the bookings as used by `orderId`; when one is no longer free, none stay marked (409). */
  async claim(bookingIds: readonly string[], orderId: string): Promise<void> {
    const taken: string[] = [];
    const now = this.clock.now();
    for (const id of bookingIds) {
      let free = false;
      await this.storage.collection(C.bookings).update(id, (b) => {
        free = givesFrameDiscount(b, now);
        return free ? { ...b, frameDiscountOrderId: orderId } : b;
      });
      if (!free) {
        await this.release(taken, orderId);
        throw new HttpError(409, 'conflict', frameDiscountMessages.used);
      }
      taken.push(id);
    }
  }

  /** Gives back the bookings `orderId` claimed (its payment failed); others' marks stay. */
  async release(bookingIds: readonly string[], orderId: string): Promise<void> {
    for (const id of bookingIds) {
      await this.storage.collection(C.bookings).update(id, (b) => (b.frameDiscountOrderId === orderId ? { ...b, frameDiscountOrderId: null } : b));
    }
  }
}
