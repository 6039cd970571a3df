import type { z } from 'zod/mini';
import type { contractStatusSchema } from '../schemas/enums';
import { parseIsoDate, type LocalDate } from './copenhagen-time';
import { addDaysIso, addMonths } from './subscription';

/**
 * The Lifestyle glasses agreement (SPEC §1, §4, §9): contract states, 30 days' notice, the
 * winback offer, refer-a-friend, one product exchange per agreement year and the monthly
 * invoices with free months. Pure functions on ISO calendar dates ('YYYY-MM-DD', Copenhagen).
 */
export const LIFESTYLE_RULES = {
  /** SPEC §9: notice period. */
  noticeDays: 30,
  /** SPEC §9: free months offered once per agreement when the customer starts to cancel. */
  winbackFreeMonths: 3,
  /** SPEC §9: refer a friend — the friend's agreement gets 2 free months, the referrer's 1. */
  referralFriendMonths: 2,
  referralReferrerMonths: 1,
  /** SPEC §9: one product exchange per year (per agreement year, counted from the start date). */
  exchangesPerYear: 1,
} as const;

export type ContractStatus = z.infer<typeof contractStatusSchema>;

/** A refused rule says why, so the API can answer with the matching Danish message. */
export type RuleOutcome<R extends string> = { ok: true } | { ok: false; reason: R };
const OK = { ok: true } as const;
const refuse = <R extends string>(reason: R) => ({ ok: false, reason }) as const;

// ---------------------------------------------------------------------------------------------
// Contract states (SPEC §3, §4): Created → Active → Terminated; nothing else.

const NEXT: Record<ContractStatus, readonly ContractStatus[]> = { Created: ['Active'], Active: ['Terminated'], Terminated: [] };

export function contractTransition(from: ContractStatus, to: ContractStatus): RuleOutcome<'invalid-transition'> {
  return NEXT[from].includes(to) ? OK : refuse('invalid-transition');
}

// ---------------------------------------------------------------------------------------------
// Dates

function parse(iso: string): LocalDate {
  const d = parseIsoDate(iso);
  if (!d) throw new RangeError(`lifestyle: not an ISO date: ${iso}`);
  return d;
}

const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(parse(to)) - dayNumber(parse(from));
}

// ---------------------------------------------------------------------------------------------
// Notice (SPEC §9: 30 days)

/** The day the agreement ends when notice is given on `noticeDate`: 30 days later. */
export function terminationDateFor(noticeDate: string): string {
  return addDaysIso(noticeDate, LIFESTYLE_RULES.noticeDays);
}

export interface NoticeState {
  status: ContractStatus;
  noticeGivenOn: string | null;
}

/** Only an active agreement without a notice already running can be cancelled. */
export function canGiveNotice(a: NoticeState): RuleOutcome<'not-active' | 'notice-already-given'> {
  if (a.status !== 'Active') return refuse('not-active');
  if (a.noticeGivenOn) return refuse('notice-already-given');
  return OK;
}

/** Terminated on the termination date (the scheduler moves the state on that day). */
export function isTerminationDue(a: NoticeState & { terminationDate: string | null }, today: string): boolean {
  return a.status === 'Active' && a.terminationDate !== null && a.terminationDate <= today;
}

// ---------------------------------------------------------------------------------------------
// Winback (SPEC §1, §9): 3 free months, offered and accepted at most once per agreement.

export interface WinbackState {
  offeredOn: string | null;
  acceptedOn: string | null;
  declinedOn: string | null;
}

/**
 * What starting a cancellation shows: the offer the first time ('offer'), the same unanswered
 * offer again ('pending'), and no offer once it has been accepted or declined ('used').
 */
export function winbackOffer(w: WinbackState): 'offer' | 'pending' | 'used' {
  if (w.acceptedOn || w.declinedOn) return 'used';
  return w.offeredOn ? 'pending' : 'offer';
}

export function canAcceptWinback(w: WinbackState): RuleOutcome<'not-offered' | 'already-answered'> {
  if (w.acceptedOn || w.declinedOn) return refuse('already-answered');
  if (!w.offeredOn) return refuse('not-offered');
  return OK;
}

// ---------------------------------------------------------------------------------------------
// Refer a friend (SPEC §1, §9)

/** Referral codes are shown and typed as `VEN-XXXXXX`; case and spaces do not matter. */
export function normalizeReferralCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}
export const REFERRAL_CODE_PATTERN = /^VEN-[A-Z0-9]{6}$/;

export interface ReferralCheck {
  /** The agreement whose code was typed; null when no agreement has that code. */
  owner: { agreementId: string; customerId: string | null; status: ContractStatus } | null;
  friend: { agreementId: string; customerId: string };
  /** The friend (the customer) has already had a referral on any agreement. */
  friendAlreadyReferred: boolean;
}

/** A code gives the friend 2 months and its owner 1, once per friend; never to its owner, nor from an ended agreement. */
export function checkReferral(c: ReferralCheck): RuleOutcome<'unknown-code' | 'own-code' | 'already-referred' | 'code-inactive'> {
  if (!c.owner) return refuse('unknown-code');
  if (c.owner.agreementId === c.friend.agreementId || c.owner.customerId === c.friend.customerId) return refuse('own-code');
  // A code works from signing (Created) until its agreement has ended.
  if (c.owner.status === 'Terminated') return refuse('code-inactive');
  if (c.friendAlreadyReferred) return refuse('already-referred');
  return OK;
}

// ---------------------------------------------------------------------------------------------
// Product exchange (SPEC §1, §9): one per agreement year.

export interface AgreementYear {
  /** 0 for the first year. */
  index: number;
  /** First day of the agreement year. */
  from: string;
  /** First day of the next agreement year. */
  to: string;
}

/** The agreement year `today` falls in, counted from the start date (before the start: year 0). */
export function agreementYear(startDate: string, today: string): AgreementYear {
  let index = Math.max(0, parse(today).year - parse(startDate).year);
  while (index > 0 && addMonths(startDate, index * 12) > today) index--;
  return { index, from: addMonths(startDate, index * 12), to: addMonths(startDate, (index + 1) * 12) };
}

export interface ExchangeStatus {
  available: boolean;
  year: AgreementYear;
  /** The exchange already made in this agreement year. */
  usedOn: string | null;
  /** When the next exchange can be made if this year's is used. */
  nextAvailableOn: string | null;
}

export function exchangeStatus(startDate: string, exchanges: readonly { date: string }[], today: string): ExchangeStatus {
  const year = agreementYear(startDate, today);
  const used = exchanges.filter((e) => e.date >= year.from && e.date < year.to);
  const available = used.length < LIFESTYLE_RULES.exchangesPerYear;
  return { available, year, usedOn: used.at(-1)?.date ?? null, nextAvailableOn: available ? null : year.to };
}

/** An exchange needs an active agreement without notice (new glasses are not sent to a leaving customer). */
export function canExchange(
  a: NoticeState & { startDate: string; exchanges: readonly { date: string }[] },
  today: string,
): RuleOutcome<'not-active' | 'notice-given' | 'used-this-year'> {
  if (a.status !== 'Active') return refuse('not-active');
  if (a.noticeGivenOn) return refuse('notice-given');
  if (!exchangeStatus(a.startDate, a.exchanges, today).available) return refuse('used-this-year');
  return OK;
}

// ---------------------------------------------------------------------------------------------
// Monthly invoices with free months

export type FreeMonthReason = 'winback' | 'referral-friend' | 'referral-referrer';

export interface FreeMonthGrant {
  reason: FreeMonthReason;
  months: number;
  grantedOn: string;
}

export interface BillingPeriod {
  index: number;
  from: string;
  /** First day after the period. */
  to: string;
}

/** Monthly period `index` (0 = the first month from the start date), end-of-month safe. */
export function billingPeriod(startDate: string, index: number): BillingPeriod {
  return { index, from: addMonths(startDate, index), to: addMonths(startDate, index + 1) };
}

export interface BillingAgreement {
  startDate: string;
  monthlyPrice: number;
  terminationDate: string | null;
  freeMonths: readonly FreeMonthGrant[];
}

/** A period is billed when it begins before the termination date. */
const billed = (a: BillingAgreement, p: BillingPeriod) => a.terminationDate === null || p.from < a.terminationDate;

/**
 * Which billing periods are free, and why. Each grant covers the first periods that begin
 * after the day it was granted (an invoice already issued is never changed) and that no
 * earlier grant covers. Months that would fall after the termination date are lost.
 */
export function freePeriods(a: BillingAgreement): Map<number, FreeMonthReason> {
  const free = new Map<number, FreeMonthReason>();
  const grants = [...a.freeMonths].sort((x, y) => (x.grantedOn < y.grantedOn ? -1 : x.grantedOn > y.grantedOn ? 1 : 0));
  for (const g of grants) {
    let index = 0;
    let left = g.months;
    while (left > 0) {
      const p = billingPeriod(a.startDate, index);
      if (!billed(a, p)) break;
      if (p.from > g.grantedOn && !free.has(index)) {
        free.set(index, g.reason);
        left--;
      }
      index++;
    }
  }
  return free;
}

export interface PeriodCharge extends BillingPeriod {
  /** Full monthly price, or the part up to the termination date (pro rata by days). */
  gross: number;
  /** What the invoice asks for: 0 in a free month. */
  amount: number;
  free: FreeMonthReason | null;
}

export function periodCharge(a: BillingAgreement, index: number, free: Map<number, FreeMonthReason> = freePeriods(a)): PeriodCharge {
  const p = billingPeriod(a.startDate, index);
  const length = daysBetween(p.from, p.to);
  const end = a.terminationDate !== null && a.terminationDate < p.to ? a.terminationDate : p.to;
  const days = Math.max(0, daysBetween(p.from, end));
  const gross = days === length ? a.monthlyPrice : Math.round((a.monthlyPrice * days) / length);
  const reason = free.get(index) ?? null;
  return { ...p, gross, amount: reason ? 0 : gross, free: reason };
}

/** Every period that is due by `today` (it has begun) and billed: what the scheduler invoices. */
export function duePeriods(a: BillingAgreement, today: string): PeriodCharge[] {
  const free = freePeriods(a);
  const out: PeriodCharge[] = [];
  for (let index = 0; ; index++) {
    const p = billingPeriod(a.startDate, index);
    if (p.from > today || !billed(a, p)) return out;
    out.push(periodCharge(a, index, free));
  }
}

/** The first period that begins after `today`, if the agreement is still billed then. */
export function nextCharge(a: BillingAgreement, today: string): PeriodCharge | null {
  const index = duePeriods(a, today).length;
  const p = billingPeriod(a.startDate, index);
  return billed(a, p) ? periodCharge(a, index) : null;
}

/** Free months granted but not yet used on an invoice that has begun by `today`. */
export function freeMonthsLeft(a: BillingAgreement, today: string): number {
  let left = 0;
  for (const [index] of freePeriods(a)) if (billingPeriod(a.startDate, index).from > today) left++;
  return left;
}
