import { z } from 'zod/mini';
import './zod-locale';
import { da } from '../messages/da';
import { isoDateSchema as isoDate } from './common';

/** Friends, the free loyalty club (SPEC §1, §2 /min-konto/friends); rules in domain/friends.ts. */

/** A membership as stored; `id` is the customer's account id. Leaving keeps the row with `leftOn`. */
export const friendsMemberSchema = z.object({
  id: z.string(),
  joinedOn: isoDate,
  /** The version of the Friends terms accepted on joining. */
  termsVersion: z.number().check(z.int(), z.positive()),
  /** The member's latest visit in a store (eye test or service); the next one within a year is free. */
  lastVisitOn: z.nullable(isoDate),
  leftOn: z.nullable(isoDate),
});
export type FriendsMember = z.infer<typeof friendsMemberSchema>;

/** Glasses bought as a member, with the 365-day accident cover and 100-day exchange guarantee. */
export const friendsCoveredPurchaseSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  purchasedOn: isoDate,
  description: z.string(),
  accidentCoverUntil: isoDate,
  accidentCoverActive: z.boolean(),
  exchangeUntil: isoDate,
  exchangeActive: z.boolean(),
});

export const friendsMembershipSchema = z.object({
  member: z.boolean(),
  memberSince: z.nullable(isoDate),
  termsVersion: z.nullable(z.number().check(z.int())),
  lastVisitOn: z.nullable(isoDate),
  freeVisit: z.object({ available: z.boolean(), until: z.nullable(isoDate) }),
  coveredPurchases: z.array(friendsCoveredPurchaseSchema),
  /** Booked eye tests that give the frame discount at checkout now (one frame each). */
  frameDiscountEyeTests: z._default(z.number().check(z.int(), z.gte(0)), 0),
});
export type FriendsMembership = z.infer<typeof friendsMembershipSchema>;
export const friendsMembershipResponseSchema = z.object({ data: friendsMembershipSchema });

/** SPEC §5: the terms must be accepted. */
export const friendsSignupRequestSchema = z.object({ acceptTerms: z.literal(true, { error: da.validation.termsRequired }) });
export type FriendsSignupRequest = z.input<typeof friendsSignupRequestSchema>;
