import type { Article } from '../schemas/article';
import type { OrderReturn, ReturnStatus } from '../schemas/my-orders';
import type { PaymentMethod } from '../schemas/payment';
import type { OrderLifecycle } from '../schemas/order';
import { addDays, copenhagenIsoDate, copenhagenParts, isLeapYear, parseIsoDate, toIsoDate, type LocalDate } from './copenhagen-time';
import { formatDkk } from './money';

/**
 * Returns and the withdrawal right (SPEC §1 "30 or 90 days withdrawal right", §4 order and
 * return states, §9 "a monthly-lens box counts as opened when packaging is broken; return limit
 * depends on months remaining in the current six-month period"). Pure rules: the API decides
 * with them and My Pages shows the same answers.
 */

export const STANDARD_WITHDRAWAL_DAYS = 30;
export const EXTENDED_WITHDRAWAL_DAYS = 90;
export type WithdrawalDays = typeof STANDARD_WITHDRAWAL_DAYS | typeof EXTENDED_WITHDRAWAL_DAYS;

/** A flag some articles carry as text instead of the badge. */
const NINETY_DAY_FLAG = /\b90\s*dages\s+fortrydelsesret\b/i;

/**
 * The article's withdrawal right. The catalogue marks the 90-day right with the badge
 * `withdrawal-90-days` (SPEC §3 badge kinds; the product page shows it as "90 dages
 * fortrydelsesret"); a flag with that text counts too. Everything else — including an article
 * that has left the catalogue — has the standard 30 days, the shop's promise for all goods.
 */
export function withdrawalDays(article: Pick<Article, 'badges' | 'flags'> | null | undefined): WithdrawalDays {
  if (!article) return STANDARD_WITHDRAWAL_DAYS;
  if (article.badges.includes('withdrawal-90-days')) return EXTENDED_WITHDRAWAL_DAYS;
  return article.flags.some((f) => NINETY_DAY_FLAG.test(f.text)) ? EXTENDED_WITHDRAWAL_DAYS : STANDARD_WITHDRAWAL_DAYS;
}

/** Copenhagen calendar date of an ISO instant, or an ISO date as it is. */
export function copenhagenDateOf(value: string | Date): string {
  if (typeof value === 'string' && parseIsoDate(value)) return value;
  return copenhagenIsoDate(typeof value === 'string' ? new Date(value) : value);
}

/**
 * Last day (Copenhagen date, 'YYYY-MM-DD') on which a return can be registered: the period
 * starts the day after delivery, as the Danish withdrawal right counts it, so it ends `days`
 * days after the delivery date.
 */
export function withdrawalDeadline(deliveredAt: string | Date, days: number): string {
  return toIsoDate(addDays(parseIsoDate(copenhagenDateOf(deliveredAt))!, days));
}

/** True through the whole deadline day, Copenhagen time. */
export function isWithinWithdrawal(deadline: string, now: Date): boolean {
  return copenhagenIsoDate(now) <= deadline;
}

const MONTH_NAMES = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];

/** "22. november 2026" for an ISO date or an instant (Copenhagen). */
export function formatCopenhagenDate(value: string | Date): string {
  const d = parseIsoDate(copenhagenDateOf(value));
  return d ? `${d.day}. ${MONTH_NAMES[d.month - 1]} ${d.year}` : String(value);
}

/** "25.11.2026" for an ISO date or an instant (Copenhagen): the short form lists and receipts use. */
export function formatCopenhagenShortDate(value: string | Date): string {
  const d = parseIsoDate(copenhagenDateOf(value));
  return d ? `${String(d.day).padStart(2, '0')}.${String(d.month).padStart(2, '0')}.${d.year}` : String(value);
}

/** "22. november 2026 kl. 14.05", Copenhagen time. */
export function formatCopenhagenDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const p = copenhagenParts(date);
  const hh = String(Math.floor(p.minutes / 60)).padStart(2, '0');
  const mm = String(p.minutes % 60).padStart(2, '0');
  return `${formatCopenhagenDate(date)} kl. ${hh}.${mm}`;
}

// --- Contact lenses -----------------------------------------------------------------------

/** SPEC §9: the period an opened monthly-lens box is judged in. */
export const LENS_PERIOD_MONTHS = 6;
export type LensKind = 'monthly' | 'other-lens';

/** Monthly lenses, other contact lenses (daily, two-week) or no lenses at all (null). */
export function lensKindOf(article: Pick<Article, 'category' | 'attributes' | 'specification'> | null | undefined): LensKind | null {
  if (!article || article.category !== 'kontaktlinser') return null;
  const type = article.attributes.lensType ?? article.specification.lensType ?? '';
  return /måned|monthly/i.test(type) ? 'monthly' : 'other-lens';
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Whole calendar months from `start` to `end`: 15 Jan → 14 Feb is 0, → 15 Feb is 1. A start on
 * a day the end month lacks (31 Jan) completes on that month's last day (28/29 Feb).
 */
export function fullMonthsBetween(start: LocalDate, end: LocalDate): number {
  let months = (end.year - start.year) * 12 + (end.month - start.month);
  if (end.day < Math.min(start.day, daysInMonth(end.year, end.month))) months -= 1;
  return Math.max(0, months);
}

/**
 * Months left in the current six-month period of an opened monthly-lens box, counted from the
 * order's date, or the subscription's start for subscription deliveries. The month in progress
 * counts as used — its lens is in the customer's eye — so a box opened in the period's last month
 * has 0 left and cannot be returned.
 */
export function monthsLeftInPeriod(periodStart: string | Date, now: Date): number {
  const start = parseIsoDate(copenhagenDateOf(periodStart))!;
  const today = parseIsoDate(copenhagenIsoDate(now))!;
  const intoPeriod = fullMonthsBetween(start, today) % LENS_PERIOD_MONTHS;
  return LENS_PERIOD_MONTHS - intoPeriod - 1;
}

/** What an opened monthly-lens box brings back: its price for the months left of the six. */
export function openedBoxRefund(unitRefund: number, monthsLeft: number): number {
  return Math.round((unitRefund * Math.max(0, monthsLeft)) / LENS_PERIOD_MONTHS);
}

// --- States (SPEC §4) ---------------------------------------------------------------------

/**
 * Order lifecycle: handled → controlled (the optician's quality check of made-to-order glasses)
 * → delivered. Goods that need no check go straight from handled to delivered. Before delivery
 * the shop can stop an order, or it can be cancelled; stopped, cancelled and delivered are final
 * (what comes back after delivery is a return, not an order state).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderLifecycle, readonly OrderLifecycle[]>> = {
  handled: ['controlled', 'delivered', 'stopped', 'cancelled'],
  controlled: ['delivered', 'stopped', 'cancelled'],
  delivered: [],
  stopped: [],
  cancelled: [],
};

/** The reasons a customer or the counter gives for a return, as staff and mails name them. */
export const returnReasonNames: Readonly<Record<OrderReturn['reason'], string>> = {
  'changed-mind': 'Fortrudt køb',
  'does-not-fit': 'Passer ikke',
  defective: 'Defekt eller beskadiget',
  'wrong-item': 'Forkert vare',
  other: 'Andet',
};

/** Returns: pending (registered, parcel on its way) → confirmed (received; refunded). */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  pending: ['confirmed'],
  confirmed: [],
};

export type Transition = { ok: true } | { ok: false; message: string };

const ORDER_STATE_NAMES: Record<OrderLifecycle, string> = {
  handled: 'under behandling',
  controlled: 'kontrolleret',
  delivered: 'leveret',
  stopped: 'stoppet',
  cancelled: 'annulleret',
};
const RETURN_STATE_NAMES: Record<ReturnStatus, string> = { pending: 'afventer', confirmed: 'bekræftet' };

export function orderTransition(from: OrderLifecycle, to: OrderLifecycle): Transition {
  if (ORDER_TRANSITIONS[from].includes(to)) return { ok: true };
  return { ok: false, message: `En ordre, der er ${ORDER_STATE_NAMES[from]}, kan ikke blive ${ORDER_STATE_NAMES[to]}.` };
}

export function returnTransition(from: ReturnStatus, to: ReturnStatus): Transition {
  if (RETURN_TRANSITIONS[from].includes(to)) return { ok: true };
  return { ok: false, message: from === to ? `Returneringen er allerede ${RETURN_STATE_NAMES[to]}.` : `En returnering, der er ${RETURN_STATE_NAMES[from]}, kan ikke blive ${RETURN_STATE_NAMES[to]}.` };
}

// --- What can be returned -----------------------------------------------------------------

export const returnMessages = {
  notDelivered: 'Varen kan returneres, når ordren er leveret.',
  cancelled: 'Ordren er annulleret, så der er intet at returnere.',
  notPaid: 'Ordren er ikke betalt, så der er intet at returnere.',
  windowClosed: (deadline: string) => `Fortrydelsesfristen udløb ${formatCopenhagenDate(deadline)}.`,
  allReturned: 'Alle varer på linjen er returneret eller anmeldt til retur.',
  tooMany: (max: number) => `Du kan højst returnere ${max} stk. af denne vare.`,
  openedLens: 'Åbnede æsker med endags- og 2-ugerslinser kan ikke returneres af hygiejnehensyn.',
  noMonthsLeft: 'Den åbnede æske kan ikke returneres: der er ingen hele måneder tilbage i den nuværende halvårsperiode.',
  unknownLine: 'Varen findes ikke på ordren.',
} as const;

// --- Where the money goes back -------------------------------------------------------------

/** The payment method a refund goes back to, in the customer's words. */
export const refundMethodNames: Readonly<Record<PaymentMethod, string>> = { card: 'dit betalingskort', mobilepay: 'MobilePay', klarna: 'Klarna' };

/** A gift card as customers see it: by its last four digits. */
export const giftCardName = (last4: string) => `gavekort •••• ${last4}`;

/** "a", "a og b", "a, b og c". */
export function danishList(parts: readonly string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} og ${parts.at(-1)}` : (parts[0] ?? '');
}

/**
 * What a return pays back and where, as one phrase: "200,00 kr. tilbage til dit betalingskort og
 * 100,00 kr. på gavekort •••• 0005". Returns from before gift-card refunds paid all to the method.
 */
export function refundDestinations(r: Pick<OrderReturn, 'refundTotal' | 'refundMethod' | 'methodRefund' | 'giftCardRefunds'>): string {
  const toMethod = r.methodRefund ?? r.refundTotal;
  const cards = (r.giftCardRefunds ?? []).filter((c) => c.amount > 0).map((c) => ({ amount: c.amount, to: `på ${giftCardName(c.last4)}` }));
  const method = toMethod > 0 || cards.length === 0 ? [{ amount: toMethod, to: r.refundMethod ? `til ${refundMethodNames[r.refundMethod]}` : '' }] : [];
  return danishList([...method, ...cards].map((p, i) => [formatDkk(p.amount), i === 0 ? 'tilbage' : '', p.to].filter(Boolean).join(' ')));
}

export interface LineFacts {
  orderStatus: OrderLifecycle;
  paid: boolean;
  /** When the order was delivered; null before. */
  deliveredAt: string | null;
  quantity: number;
  /** Items of the line in pending or confirmed returns. */
  alreadyReturned: number;
  /** Paid per item (after the order's discount). */
  unitRefund: number;
  withdrawalDays: number;
  lensKind: LensKind | null;
  /** Monthly lenses: months left in the current period. */
  monthsLeft: number | null;
}

export type LineReturnability =
  | { ok: true; deadline: string; maxQuantity: number; unitRefund: number; openedUnitRefund: number | null }
  | { ok: false; deadline: string | null; message: string };

/** Whether and how much of an order line can still be returned today. */
export function lineReturnability(line: LineFacts, now: Date): LineReturnability {
  if (line.orderStatus === 'cancelled' || line.orderStatus === 'stopped') return { ok: false, deadline: null, message: returnMessages.cancelled };
  if (line.orderStatus !== 'delivered' || !line.deliveredAt) return { ok: false, deadline: null, message: returnMessages.notDelivered };
  const deadline = withdrawalDeadline(line.deliveredAt, line.withdrawalDays);
  if (!line.paid) return { ok: false, deadline, message: returnMessages.notPaid };
  if (!isWithinWithdrawal(deadline, now)) return { ok: false, deadline, message: returnMessages.windowClosed(deadline) };
  const maxQuantity = line.quantity - line.alreadyReturned;
  if (maxQuantity <= 0) return { ok: false, deadline, message: returnMessages.allReturned };
  const openedUnitRefund = line.lensKind === 'monthly' && line.monthsLeft !== null && line.monthsLeft > 0 ? openedBoxRefund(line.unitRefund, line.monthsLeft) : null;
  return { ok: true, deadline, maxQuantity, unitRefund: line.unitRefund, openedUnitRefund };
}

export type LineReturnCheck = { ok: true; refund: number; monthsLeft: number | null } | { ok: false; message: string };

/** A requested return of `quantity` items of a line (opened boxes for lenses): refused with a reason, or its refund. */
export function checkReturnLine(line: LineFacts, request: { quantity: number; opened: boolean }, now: Date): LineReturnCheck {
  const r = lineReturnability(line, now);
  if (!r.ok) return r;
  if (request.quantity > r.maxQuantity) return { ok: false, message: returnMessages.tooMany(r.maxQuantity) };
  if (request.opened && line.lensKind === 'other-lens') return { ok: false, message: returnMessages.openedLens };
  if (request.opened && line.lensKind === 'monthly') {
    if (r.openedUnitRefund === null) return { ok: false, message: returnMessages.noMonthsLeft };
    return { ok: true, refund: r.openedUnitRefund * request.quantity, monthsLeft: line.monthsLeft };
  }
  return { ok: true, refund: r.unitRefund * request.quantity, monthsLeft: null };
}

/** Paid per item of a line: the order's discount spread over its goods in proportion. */
export function unitRefundOf(unitPrice: number, goods: number, discount: number): number {
  if (goods <= 0 || discount <= 0) return unitPrice;
  return Math.round((unitPrice * Math.max(0, goods - discount)) / goods);
}
