import { da } from '../messages/da';
import type { LensParameters } from '../schemas/article';
import { SubscriptionStatusCode } from '../schemas/codes';
import type { SubscriptionInterval } from '../schemas/enums';
import type { ContactLensPrescription } from '../schemas/prescription';
import type { Subscription, SubscriptionItem } from '../schemas/subscription';
import { addDays, parseIsoDate, toIsoDate } from './copenhagen-time';
import { validateContactLensPrescription } from './prescription';

/**
 * Lens subscription rules (SPEC §3 subscription fields, §4 states, §9 intervals). Pure: dates
 * are Copenhagen calendar dates as 'YYYY-MM-DD' (callers pass today's date from their clock).
 */

export const SUBSCRIPTION_INTERVALS = ['m1', 'm2', 'm3', 'm6'] as const satisfies readonly SubscriptionInterval[];

/** SPEC §9: every month, every second month, every quarter, every half year. */
export const INTERVAL_MONTHS = { m1: 1, m2: 2, m3: 3, m6: 6 } as const satisfies Record<SubscriptionInterval, number>;

export const intervalLabels = { m1: 'Hver måned', m2: 'Hver 2. måned', m3: 'Hver 3. måned', m6: 'Hver 6. måned' } as const satisfies Record<SubscriptionInterval, string>;

/**
 * SPEC §1 advertises lens subscriptions "with no binding period". The binding rules below still
 * take a number of months, so a campaign with binding can be expressed without new rules.
 */
export const LENS_BINDING_MONTHS = 0;

/** A temporary address may cover at most a year (a summer house, a semester abroad). */
export const TEMPORARY_ADDRESS_MAX_MONTHS = 12;

export type SubscriptionStatus = 'active' | 'paused' | 'cancelled';
export type SubscriptionStatusCodeValue = (typeof SubscriptionStatusCode)[keyof typeof SubscriptionStatusCode];

/** SPEC §3 codes: Active 100, Canceled 200, Paused 520. */
export function subscriptionStatus(code: SubscriptionStatusCodeValue): SubscriptionStatus {
  return code === SubscriptionStatusCode.Active ? 'active' : code === SubscriptionStatusCode.Paused ? 'paused' : 'cancelled';
}

export const statusLabels = { active: 'Aktiv', paused: 'Sat på pause', cancelled: 'Opsagt' } as const satisfies Record<SubscriptionStatus, string>;

export const subscriptionMessages = {
  alreadyPaused: 'Abonnementet er allerede sat på pause.',
  notPaused: 'Abonnementet er aktivt, så der er intet at genaktivere.',
  cancelledFinal: 'Abonnementet er opsagt og kan ikke genaktiveres. Du kan købe et nyt linseabonnement i shoppen.',
  cancelledNoChanges: 'Abonnementet er opsagt og kan ikke ændres.',
  alreadyCancelled: 'Abonnementet er allerede opsagt.',
  bound: (until: string) => `Abonnementet har bindingsperiode til og med ${until}. Du kan opsige det, når den er udløbet.`,
  notLens: 'Det er ikke et linseabonnement.',
  notForSubscription: 'Produktet kan ikke købes som abonnement.',
  fromInPast: 'Startdatoen kan ikke ligge før i dag.',
  toBeforeFrom: 'Slutdatoen skal ligge efter startdatoen.',
  tooLong: 'En midlertidig adresse kan højst gælde i et år.',
  noDate: 'Datoen findes ikke.',
  notOffered: 'Vælg en af de værdier, linsen fås i.',
  sameInterval: 'Abonnementet har allerede det leveringsinterval.',
} as const;

/**
 * What a customer can do (SPEC §4 subscription actions activate, pause, cancel, update). `change`
 * covers the updates: interval, product, temporary address and payment method.
 */
export type SubscriptionAction = 'pause' | 'reactivate' | 'cancel' | 'change';

export type ActionResult = { ok: true; statusCode: SubscriptionStatusCodeValue } | { ok: false; message: string };

/**
 * The state machine. Active → paused (pause), paused → active (reactivate), active or paused →
 * cancelled (cancel). SPEC §4: a cancelled subscription cannot be reactivated — nothing leaves
 * cancelled. Cancelling inside a binding period is refused until it has run out.
 */
export function checkAction(sub: Pick<Subscription, 'statusCode' | 'bindingPeriodExpiry'>, action: SubscriptionAction, today: string): ActionResult {
  const M = subscriptionMessages;
  const status = subscriptionStatus(sub.statusCode);
  if (status === 'cancelled') {
    return { ok: false, message: action === 'reactivate' ? M.cancelledFinal : action === 'cancel' ? M.alreadyCancelled : M.cancelledNoChanges };
  }
  switch (action) {
    case 'pause':
      return status === 'paused' ? { ok: false, message: M.alreadyPaused } : { ok: true, statusCode: SubscriptionStatusCode.Paused };
    case 'reactivate':
      return status === 'active' ? { ok: false, message: M.notPaused } : { ok: true, statusCode: SubscriptionStatusCode.Active };
    case 'cancel':
      if (sub.bindingPeriodExpiry && today < sub.bindingPeriodExpiry) return { ok: false, message: M.bound(sub.bindingPeriodExpiry) };
      return { ok: true, statusCode: SubscriptionStatusCode.Canceled };
    case 'change':
      return { ok: true, statusCode: sub.statusCode };
  }
}

/** Which actions the page offers: those `checkAction` allows today. */
export function allowedActions(sub: Pick<Subscription, 'statusCode' | 'bindingPeriodExpiry'>, today: string): Record<SubscriptionAction, boolean> {
  const ok = (a: SubscriptionAction) => checkAction(sub, a, today).ok;
  return { pause: ok('pause'), reactivate: ok('reactivate'), cancel: ok('cancel'), change: ok('change') };
}

function parse(iso: string) {
  const d = parseIsoDate(iso);
  if (!d) throw new RangeError(`not a calendar date: ${iso}`);
  return d;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * `months` calendar months after `iso`, on `day` (default: the same day of month) or the month's
 * last day when it is shorter: 31 Jan + 1 → 28 (29) Feb, and with day 31 kept, 28 Feb + 1 → 31 Mar.
 */
export function addMonths(iso: string, months: number, day?: number): string {
  const d = parse(iso);
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toIsoDate({ year, month, day: Math.min(day ?? d.day, daysInMonth(year, month)) });
}

export function dayOfMonth(iso: string): number {
  return parse(iso).day;
}

export function addDaysIso(iso: string, days: number): string {
  return toIsoDate(addDays(parse(iso), days));
}

/** A new subscription's first scheduled delivery: the order itself is the delivery on the start date. */
export function firstDelivery(start: string, interval: SubscriptionInterval): string {
  return addMonths(start, INTERVAL_MONTHS[interval]);
}

/** The delivery after `current`, keeping the subscription's delivery day (end-of-month safe, no drift). */
export function nextDeliveryAfter(current: string, interval: SubscriptionInterval, deliveryDay: number = dayOfMonth(current)): string {
  return addMonths(current, INTERVAL_MONTHS[interval], deliveryDay);
}

/**
 * The first date of the delivery series through `from` that lies after `today`. A scheduler
 * that was down for a while sends one catch-up delivery, not one per missed interval.
 */
export function firstDeliveryAfter(from: string, interval: SubscriptionInterval, today: string, deliveryDay: number = dayOfMonth(from)): string {
  let next = from;
  while (next <= today) next = nextDeliveryAfter(next, interval, deliveryDay);
  return next;
}

/** The new next delivery and delivery day after the interval changes. */
export interface Schedule {
  nextDelivery: string;
  deliveryDay: number;
}

/**
 * A new interval counts from the last delivery (or the start): 3 → 1 month brings the next
 * delivery forward. A date that has already passed becomes tomorrow, which is then the new
 * delivery day.
 */
export function scheduleForInterval(lastDelivery: string, interval: SubscriptionInterval, deliveryDay: number, today: string): Schedule {
  const next = nextDeliveryAfter(lastDelivery, interval, deliveryDay);
  if (next > today) return { nextDelivery: next, deliveryDay };
  const tomorrow = addDaysIso(today, 1);
  return { nextDelivery: tomorrow, deliveryDay: dayOfMonth(tomorrow) };
}

/**
 * Reactivation after a pause: a next delivery still ahead stays; one that fell inside the pause
 * (and so was not sent) becomes tomorrow, and the series continues from there.
 */
export function scheduleOnReactivate(nextDelivery: string | null, deliveryDay: number | undefined, today: string): Schedule {
  if (nextDelivery && nextDelivery > today) return { nextDelivery, deliveryDay: deliveryDay ?? dayOfMonth(nextDelivery) };
  const tomorrow = addDaysIso(today, 1);
  return { nextDelivery: tomorrow, deliveryDay: dayOfMonth(tomorrow) };
}

/** SPEC §3 binding period expiry: null when there is none (lens subscriptions, SPEC §1). */
export function bindingPeriodExpiry(start: string, bindingMonths: number): string | null {
  return bindingMonths > 0 ? addMonths(start, bindingMonths) : null;
}

/**
 * SPEC §3 notice day: the last day a pause, cancellation or change reaches the next delivery.
 * The scheduler creates the delivery's order and invoice on the delivery date itself.
 */
export function noticeDay(nextDelivery: string | null): string | null {
  return nextDelivery ? addDaysIso(nextDelivery, -1) : null;
}

/** SPEC §4: only an active lens subscription delivers and is paid — paused and cancelled never. */
export function isDeliveryDue(sub: Pick<Subscription, 'kind' | 'statusCode' | 'nextDelivery'>, today: string): boolean {
  return sub.kind === 'lens' && sub.statusCode === SubscriptionStatusCode.Active && sub.nextDelivery !== null && sub.nextDelivery <= today;
}

/** The window of a temporary address: from today at the earliest, to on or after from, shorter than a year. */
export function temporaryAddressErrors(window: { from: string; to: string }, today: string): Record<string, string> {
  const M = subscriptionMessages;
  const errors: Record<string, string> = {};
  const from = parseIsoDate(window.from);
  const to = parseIsoDate(window.to);
  if (!from) errors.from = M.noDate;
  else if (window.from < today) errors.from = M.fromInPast;
  if (!to) errors.to = M.noDate;
  else if (from && window.to < window.from) errors.to = M.toBeforeFrom;
  else if (from && window.to >= addMonths(window.from, TEMPORARY_ADDRESS_MAX_MONTHS)) errors.to = M.tooLong;
  return errors;
}

/** The temporary address when `date` lies in its window (both ends included), else null. */
export function temporaryAddressOn<A extends { from: string; to: string }>(address: A | null, date: string): A | null {
  return address && address.from <= date && date <= address.to ? address : null;
}

/** What one delivery costs: the agreed price of each active item times its quantity. */
export function perDeliveryAmount(items: readonly Pick<SubscriptionItem, 'status' | 'quantity' | 'unitPrice'>[]): number {
  return items.filter((i) => i.status === 'active').reduce((sum, i) => sum + (i.unitPrice ?? 0) * i.quantity, 0);
}

/** SPEC §3 monthly price: a delivery's price spread over the months it lasts, in whole øre. */
export function monthlyPrice(perDelivery: number, interval: SubscriptionInterval): number {
  return Math.round(perDelivery / INTERVAL_MONTHS[interval]);
}

/**
 * A prescription for a lens that comes in the values of `params`: the shared lens rules, and
 * every value one the lens is made in (toric lenses need cylinder and axis, multifocal an addition).
 */
export function lensPrescriptionErrors(p: ContactLensPrescription | null, params: LensParameters): Record<string, string> {
  if (!p) return { power: da.validation.required };
  const errors = validateContactLensPrescription(p).errors;
  const offered = new Map(lensParameterValues(params));
  for (const field of LENS_FIELDS) {
    if (errors[field]) continue;
    const value = p[field];
    const values = offered.get(field);
    if (value === null) {
      if (values) errors[field] = da.validation.required;
    } else if (!values || !values.some((x) => Math.abs(x - value) < 1e-9)) {
      errors[field] = subscriptionMessages.notOffered;
    }
  }
  return errors;
}

const LENS_FIELDS = ['power', 'baseCurve', 'diameter', 'cylinder', 'axis', 'addition'] as const satisfies readonly (keyof ContactLensPrescription)[];

/** The prescription fields a lens is made with, each with the values it comes in (fields it lacks are left out). */
export function lensParameterValues(params: LensParameters): [keyof ContactLensPrescription, readonly number[]][] {
  const all: [keyof ContactLensPrescription, readonly number[] | undefined][] = [
    ['power', params.powers],
    ['baseCurve', params.baseCurves],
    ['diameter', params.diameters],
    ['cylinder', params.cylinders],
    ['axis', params.axes],
    ['addition', params.additions],
  ];
  return all.filter((x): x is [keyof ContactLensPrescription, readonly number[]] => Boolean(x[1]?.length));
}
