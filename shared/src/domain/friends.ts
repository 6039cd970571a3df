import type { BookingStatus, ExamType } from '../schemas/booking';
import type { Category } from '../schemas/enums';
import { copenhagenIsoDate } from './copenhagen-time';
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
  /** An eye test that has taken place still gives the frame discount this many days after its day. */
  frameDiscountDaysAfterTest: 90,
} as const;

/** The version of the Friends terms (content page /friends-vilkaar) a new member accepts. */
export const FRIENDS_TERMS_VERSION = 1;

/** Glasses (also sun and sports glasses) are what the accident cover and the exchange guarantee are about. */
const GLASSES: readonly Category[] = ['briller', 'solbriller', 'sportsbriller'];
export function isGlassesCategory(category: Category): boolean {
  return GLASSES.includes(category);
}

/**
 * The member's discount on a frame, in øre: half the frame price when the member has a booked
 * eye test, nothing otherwise (and nothing for non-members). Rounded down to whole øre so the
 * discount never exceeds half.
 *
 * Where it is applied: the web checkout's quote and order (api/src/modules/checkout/service.ts,
 * through `frameDiscountLines` and api/src/modules/friends/frame-discount.ts), for a signed-in
 * customer (session role 'customer') with an active `friendsMembers` row. The decisions:
 * - Which eye tests count (`givesFrameDiscount`): the customer's own bookings of an eye test that
 *   glasses are made from (`synstest`, `børnesyn` — not the driving-licence certificate, the
 *   contact-lens exams or the hearing test), not cancelled and not yet used for the discount. An
 *   upcoming booking counts whether it is confirmed or still a request ("with a booked eye test",
 *   SPEC §1: members usually buy online before or after the visit); one that has taken place counts
 *   if the store confirmed it and its day is at most `frameDiscountDaysAfterTest` (90) days ago,
 *   so glasses bought after the test get the discount too, but an old test does not keep giving it.
 * - Which frames: the article price of `briller` lines only (the frame; lenses are not priced on
 *   the web). Sunglasses and sports glasses are not "the frame" of the glasses the eye test is
 *   for, so they get no frame discount (they keep the accident cover and exchange guarantee).
 * - How many: one frame (one item of a line) per eye test; with more frames than tests, the
 *   dearest frames get it.
 * - It is shown as its own amount, "Friends-rabat", in the quote and the order (`friendsDiscount`,
 *   and per line on the order), is taken off before a discount code is worked out, and counts in
 *   the total and its VAT. A paid order marks each booking it used with the order id (atomically,
 *   so two orders cannot use one booking); an order that is not paid leaves the booking unused.
 */
export function friendsFrameDiscount(framePrice: number, who: { member: boolean; hasBookedEyeTest: boolean }): number {
  if (!who.member || !who.hasBookedEyeTest || framePrice <= 0) return 0;
  return Math.floor((framePrice * FRIENDS_RULES.frameDiscountPercent) / 100);
}

/** The eye tests glasses are made from: the ones that give the frame discount. */
export const FRAME_DISCOUNT_EXAMS: readonly ExamType[] = ['synstest', 'børnesyn'];
/** The categories whose article price is a frame the discount is taken off. */
export const FRAME_DISCOUNT_CATEGORIES: readonly Category[] = ['briller'];

export interface EyeTestBooking {
  examType: ExamType;
  status: BookingStatus;
  /** The visit's start (UTC ISO instant). */
  start: string;
  /** The order that got the frame discount for this booking; absent or null while unused. */
  frameDiscountOrderId?: string | null | undefined;
}

/** Whether a (member's own) booking gives the frame discount at `now`; see `friendsFrameDiscount`. */
export function givesFrameDiscount(b: EyeTestBooking, now: Date): boolean {
  if (!FRAME_DISCOUNT_EXAMS.includes(b.examType) || b.status === 'cancelled' || b.frameDiscountOrderId) return false;
  const start = new Date(b.start);
  if (Number.isNaN(start.getTime())) return false;
  if (start.getTime() > now.getTime()) return true;
  return b.status === 'confirmed' && copenhagenIsoDate(now) <= addDaysIso(copenhagenIsoDate(start), FRIENDS_RULES.frameDiscountDaysAfterTest);
}

/**
 * The Friends discount on each line (øre, in the order of `lines`): one frame per eye test, the
 * dearest frames first, each `friendsFrameDiscount` of its price; `eyeTestsUsed` is how many eye
 * tests that takes. Nothing for a non-member.
 */
export function frameDiscountLines(lines: readonly { category: Category; unitPrice: number; quantity: number }[], who: { member: boolean; eyeTests: number }): { lines: number[]; eyeTestsUsed: number } {
  const out = lines.map(() => 0);
  if (!who.member) return { lines: out, eyeTestsUsed: 0 };
  const frames = lines
    .flatMap((l, index) => (FRAME_DISCOUNT_CATEGORIES.includes(l.category) && l.unitPrice > 0 ? Array.from({ length: l.quantity }, () => ({ index, price: l.unitPrice })) : []))
    .sort((a, b) => b.price - a.price)
    .slice(0, Math.max(0, who.eyeTests));
  for (const f of frames) out[f.index]! += friendsFrameDiscount(f.price, { member: true, hasBookedEyeTest: true });
  return { lines: out, eyeTestsUsed: frames.length };
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
