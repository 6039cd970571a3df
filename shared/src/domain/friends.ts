import type { Category } from '../schemas/enums';
import { addDaysIso, addMonths } from './subscription';

/**
 * Friends, the free loyalty club (SPEC §1): 50 % off the frame with a booked eye test, 365 days
 * accident cover and 100 days exchange guarantee on glasses bought as a member, and a free
 * visit within a year of the last one. Pure rules on ISO calendar dates (Copenhagen).
 */
export const FRIENDS_RULES = {
  frameDiscountPercent: 50,
  accidentCoverDays: 365,
  exchangeGuaranteeDays: 100,
  /** The next visit is free up to one year after the last one. */
  freeVisitMonths: 12,
} as const;

/** The version of the Friends terms (content page /friends-vilkaar) a new member accepts. */
export const FRIENDS_TERMS_VERSION = 1;

/** Glasses are what the frame discount, the accident cover and the exchange guarantee are about. */
const GLASSES: readonly Category[] = ['briller', 'solbriller', 'sportsbriller'];
export function isGlassesCategory(category: Category): boolean {
  return GLASSES.includes(category);
}

/**
 * The member's discount on a frame, in øre: half the frame price when the member has a booked
 * eye test, nothing otherwise (and nothing for non-members). Rounded down to whole øre so the
 * discount never exceeds half.
 *
 * Not applied to any price yet, on purpose: bookings arrive with issue 7, so no customer can
 * have a booked eye test today, and the only place a frame is priced for a signed-in customer is
 * the checkout quote (api/src/modules/checkout/service.ts `quote()`, after `priced()`), which
 * belongs to the checkout. Where it goes then: for a signed-in customer with an active
 * `friendsMembers` row and a booked (not cancelled) eye test, take this discount off one
 * `briller` line's unit price per booking, show it as its own line in the quote and the order,
 * and mark the booking as used so the discount is given once per eye test.
 */
export function friendsFrameDiscount(framePrice: number, who: { member: boolean; hasBookedEyeTest: boolean }): number {
  if (!who.member || !who.hasBookedEyeTest || framePrice <= 0) return 0;
  return Math.floor((framePrice * FRIENDS_RULES.frameDiscountPercent) / 100);
}

export interface PurchaseCover {
  /** Last day of the 365-day accident cover. */
  accidentCoverUntil: string;
  accidentCoverActive: boolean;
  /** Last day of the 100-day exchange guarantee. */
  exchangeUntil: string;
  exchangeActive: boolean;
}

/**
 * Cover on glasses bought on `purchaseDate` by a member: the purchase day is day 1, so 365 days
 * of accident cover end 364 days later (and 100 days of exchange 99 days later).
 */
export function purchaseCover(purchaseDate: string, today: string): PurchaseCover {
  const accidentCoverUntil = addDaysIso(purchaseDate, FRIENDS_RULES.accidentCoverDays - 1);
  const exchangeUntil = addDaysIso(purchaseDate, FRIENDS_RULES.exchangeGuaranteeDays - 1);
  return { accidentCoverUntil, accidentCoverActive: today <= accidentCoverUntil, exchangeUntil, exchangeActive: today <= exchangeUntil };
}

/** Cover applies to glasses bought while a member, i.e. on or after the day of joining. */
export function isCoveredPurchase(purchaseDate: string, memberSince: string, category: Category): boolean {
  return purchaseDate >= memberSince && isGlassesCategory(category);
}

export interface FreeVisit {
  available: boolean;
  /** Last day the free visit can be used; null before the first recorded visit. */
  until: string | null;
}

/** SPEC §1: a free visit within a year of the last one. */
export function freeVisit(lastVisitOn: string | null, today: string): FreeVisit {
  if (!lastVisitOn) return { available: false, until: null };
  const until = addMonths(lastVisitOn, FRIENDS_RULES.freeVisitMonths);
  return { available: today <= until, until };
}
