import type { CompanyPrice, PriceLine } from '../schemas/company';
import type { CompanyContract } from '../schemas/company-contract';
import { formatDanishDate } from './booking';
import { parseIsoDate } from './copenhagen-time';
import { addDaysIso } from './subscription';
import { contractTransition, daysBetween, type ContractStatus, type RuleOutcome } from './lifestyle';
import { vatOfGross } from './money';

/**
 * The company glasses agreement (SPEC §1 company flow, §3 company contract, §4 contract
 * statuses): the price per employee from glass level, frame level and options, the contract
 * states, employee numbers and the eye-health-day request window. Pure; money in øre incl. VAT.
 */

export type Level = CompanyContract['glassLevel'];
export const LEVELS = ['basis', 'plus', 'premium'] as const satisfies readonly Level[];

/** The agreement's choices that set the price. */
export type CompanyChoice = Pick<CompanyContract, 'glassLevel' | 'frameLevel' | 'protectiveGlasses' | 'photochromic'>;

/**
 * The price table (øre, incl. 25 % VAT on glasses; DOMAIN.md: the eye exam by an authorised
 * optician is VAT-exempt). One pair of glasses and one eye exam per employee per agreement year.
 */
export const COMPANY_PRICES = {
  frame: { basis: 60_000, plus: 100_000, premium: 160_000 },
  glass: { basis: 90_000, plus: 150_000, premium: 240_000 },
  /** Safety glasses to EN 166 with side shields, on top of the chosen glass. */
  protectiveGlasses: 75_000,
  photochromic: 90_000,
  /** The eye exam for screen work (working distances measured), VAT-exempt. */
  exam: 45_000,
} as const satisfies { frame: Record<Level, number>; glass: Record<Level, number>; protectiveGlasses: number; photochromic: number; exam: number };

export const levelLabels = { basis: 'Basis', plus: 'Plus', premium: 'Premium' } as const satisfies Record<Level, string>;

export const levelDescriptions = {
  frame: {
    basis: 'Stel fra vores basiskollektion i metal eller acetat.',
    plus: 'Stel fra udvalgte mærker, fx Ray-Ban, Hugo Boss og Tommy Hilfiger.',
    premium: 'Frit valg blandt alle stel, også Lindberg og Ørgreen.',
  },
  glass: {
    basis: 'Enkeltstyrkeglas med antirefleks og hærdning.',
    plus: 'Tyndere glas med blåfilter og antirefleks – også til skærmarbejde.',
    premium: 'Premium-glas, også progressive glas. Anbefales ved styrker over ±4,00.',
  },
} as const satisfies Record<'frame' | 'glass', Record<Level, string>>;

const line = (key: PriceLine['key'], label: string, amount: number, vatRate: number): PriceLine => ({
  key,
  label,
  amount,
  vatRate,
  vat: vatRate ? vatOfGross(amount, vatRate) : 0,
});

/**
 * The one Danish name of the photochromic option (glass that darkens in sunlight) in the shop,
 * the store app, the contract and the requisitions (issue 16).
 */
export const PHOTOCHROMIC_LABEL = 'Fototrope glas';

/** The price per employee with a line per part, for the wizard summary, the contract and requisitions. */
export function companyPrice(c: CompanyChoice): CompanyPrice {
  const p = COMPANY_PRICES;
  const lines = [
    line('frame', `Stel – ${levelLabels[c.frameLevel]}`, p.frame[c.frameLevel], 0.25),
    line('glass', `Glas – ${levelLabels[c.glassLevel]}`, p.glass[c.glassLevel], 0.25),
    ...(c.protectiveGlasses ? [line('protectiveGlasses', 'Beskyttelsesglas (sikkerhedsbriller)', p.protectiveGlasses, 0.25)] : []),
    ...(c.photochromic ? [line('photochromic', `${PHOTOCHROMIC_LABEL} (bliver mørke i sollys)`, p.photochromic, 0.25)] : []),
    line('exam', 'Synsprøve til skærmarbejde (momsfri)', p.exam, 0),
  ];
  const glasses = lines.filter((l) => l.key !== 'exam').reduce((s, l) => s + l.amount, 0);
  return { lines, glasses, exam: p.exam, total: glasses + p.exam, vat: lines.reduce((s, l) => s + l.vat, 0) };
}

/** What a requisition of `kind` may cost the company. */
export function requisitionCover(c: CompanyChoice, kind: 'glasses' | 'exam'): number {
  const price = companyPrice(c);
  return kind === 'glasses' ? price.glasses : price.exam;
}

// ---------------------------------------------------------------------------------------------
// Contract states (SPEC §4: Created → Active → Terminated; the same machine as Lifestyle's).

export type ContractAction = 'sign' | 'terminate';

export const contractMessages = {
  alreadySigned: 'Aftalen er allerede underskrevet.',
  terminatedCannotSign: 'Aftalen er opsagt og kan ikke underskrives.',
  notSignedCannotTerminate: 'Aftalen er ikke underskrevet endnu, så den kan ikke opsiges.',
  alreadyTerminated: 'Aftalen er allerede opsagt.',
} as const;

const TARGET: Record<ContractAction, ContractStatus> = { sign: 'Active', terminate: 'Terminated' };

/** Signing activates a created agreement; terminating ends an active one; nothing else moves. */
export function contractAction(from: ContractStatus, action: ContractAction): { ok: true; to: ContractStatus } | { ok: false; message: string } {
  const to = TARGET[action];
  if (contractTransition(from, to).ok) return { ok: true, to };
  if (action === 'sign') return { ok: false, message: from === 'Active' ? contractMessages.alreadySigned : contractMessages.terminatedCannotSign };
  return { ok: false, message: from === 'Created' ? contractMessages.notSignedCannotTerminate : contractMessages.alreadyTerminated };
}

export const contractStatusLabels = { Created: 'Oprettet – afventer underskrift', Active: 'Aktiv', Terminated: 'Opsagt' } as const satisfies Record<ContractStatus, string>;

// ---------------------------------------------------------------------------------------------
// Employee numbers (reference type "employee number"): in their own file, as the request schema
// (schemas/company.ts) checks them and this file takes its price types from that schema.

export { EMPLOYEE_NUMBER, MAX_EMPLOYEE_NUMBERS, normalizeEmployeeNumber, splitEmployeeNumbers } from './employee-number';

// ---------------------------------------------------------------------------------------------
// Eye-health day (SPEC §2 /b2b/øjehelsedag): the company's preferred dates.

export const EYE_HEALTH_DAY = {
  /** Opticians and equipment are planned at least two weeks ahead. */
  leadDays: 14,
  /** How far ahead a request may reach. */
  maxAheadDays: 365,
  /** The widest window of preferred dates. */
  maxWindowDays: 60,
} as const;

export const eyeHealthDayMessages = {
  tooSoon: (first: string) => `Vælg en dato fra ${first} eller senere – vi skal bruge mindst 14 dage til planlægningen.`,
  tooFar: 'Vi planlægger højst et år frem. Vælg en tidligere dato.',
  toBeforeFrom: 'Slutdatoen skal være samme dag som eller efter startdatoen.',
  windowTooWide: 'Perioden må højst være 60 dage.',
} as const;

/** The first date that can be requested when today is `today`. */
export function firstEyeHealthDay(today: string): string {
  return addDaysIso(today, EYE_HEALTH_DAY.leadDays);
}

/** Checks the window of preferred dates ('YYYY-MM-DD') against today. */
export function checkEyeHealthDayDates(from: string, to: string, today: string): RuleOutcome<'too-soon' | 'too-far' | 'to-before-from' | 'window-too-wide'> {
  if (daysBetween(today, from) < EYE_HEALTH_DAY.leadDays) return { ok: false, reason: 'too-soon' };
  if (daysBetween(today, to) > EYE_HEALTH_DAY.maxAheadDays) return { ok: false, reason: 'too-far' };
  if (daysBetween(from, to) < 0) return { ok: false, reason: 'to-before-from' };
  if (daysBetween(from, to) > EYE_HEALTH_DAY.maxWindowDays) return { ok: false, reason: 'window-too-wide' };
  return { ok: true };
}

/** The window's problem as the request's field errors (`dateFrom`/`dateTo`), for the page and the API alike. */
export function eyeHealthDayDateErrors(from: string, to: string, today: string): Partial<Record<'dateFrom' | 'dateTo', string>> {
  // A missing or impossible date is the schema's to report.
  if (!parseIsoDate(from) || !parseIsoDate(to)) return {};
  const r = checkEyeHealthDayDates(from, to, today);
  if (r.ok) return {};
  const m = eyeHealthDayMessages;
  if (r.reason === 'too-soon') return { dateFrom: m.tooSoon(formatDanishDate(firstEyeHealthDay(today))) };
  return { dateTo: r.reason === 'too-far' ? m.tooFar : r.reason === 'to-before-from' ? m.toBeforeFrom : m.windowTooWide };
}
