import { da } from '../messages/da';
import type { ContactLensPrescription, GlassesPrescription, Prescription } from '../schemas/prescription';
import { copenhagenParts, isRealDate, parseIsoDate, toIsoDate } from './copenhagen-time';

/** Errors block saving; warnings are shown once and may be accepted (SPEC §5). Keyed by field name. */
export interface RuleResult {
  errors: Record<string, string>;
  warnings: Record<string, string>;
}

export const prescriptionMessages = {
  oneEye: 'Udfyld styrken for mindst ét øje.',
  required: da.validation.required,
  ...da.validation.prescription,
} as const;

const M = prescriptionMessages;

// DOMAIN.md: sphere, cylinder, addition and lens power in 0.25 D steps.
const STEP = 0.25;
const isStep = (v: number) => Number.isFinite(v) && Math.abs(v / STEP - Math.round(v / STEP)) < 1e-9;
const isAxis = (v: number) => Number.isInteger(v) && v >= 0 && v <= 180;
/** Compares in hundredths so 2.25 + 1.75 is exactly 4.00. */
const hundredths = (v: number) => Math.round(v * 100);

const SPHERE_MAX = 20;
const CYLINDER_MAX = 8;
const ADDITION_MAX = 4;
// SPEC §5: sphere + addition must not exceed +4.00.
const SPHERE_PLUS_ADDITION_MAX = 4;
// SPEC §1: premium glass is recommended above strength ±4.00.
const PREMIUM_GLASS_ABOVE = 4;
const PD_MIN = 20;
const PD_MAX = 40;
const BASE_CURVE_MIN = 8;
const BASE_CURVE_MAX = 10;
const DIAMETER_MIN = 13;
const DIAMETER_MAX = 15;

export interface ExamDateOptions {
  /** 'YYYY-MM-DD' of the eye exam. */
  examDate: string | null;
  /** The current moment; read as a Copenhagen calendar date. */
  today: Date;
  /** SPEC §5: staff confirm the prescription is not older than one year. `false` is an error. */
  confirmedNotOlderThanYear?: boolean;
}

/** The same calendar date a year earlier; 29 February falls back to 28 February. */
function oneYearBefore(year: number, month: number, day: number): string {
  const y = year - 1;
  return toIsoDate({ year: y, month, day: isRealDate(y, month, day) ? day : day - 1 });
}

/**
 * SPEC §5 / §9: the exam date is required, a real date, not in the future and not older than
 * one year (on the first anniversary it is still valid), and the age must be confirmed.
 */
export function examDateErrors(opts: ExamDateOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!opts.examDate) {
    errors.examDate = M.examDateRequired;
  } else {
    const exam = parseIsoDate(opts.examDate);
    const today = copenhagenParts(opts.today);
    if (!exam) errors.examDate = M.examDateInvalid;
    else if (toIsoDate(exam) > toIsoDate(today)) errors.examDate = M.examInFuture;
    else if (toIsoDate(exam) < oneYearBefore(today.year, today.month, today.day)) errors.examDate = M.examTooOld;
  }
  if (opts.confirmedNotOlderThanYear === false) errors.confirmed = M.notConfirmed;
  return errors;
}

/**
 * SPEC §5 glasses rules, per eye (fields `right…` and `left…`): sphere and PD required;
 * sphere −20…+20 and cylinder −8…+8 in 0.25 steps; axis an integer 0–180, required with a
 * cylinder; addition positive up to +4.00 in 0.25 steps; sphere + addition ≤ +4.00; PD 20–40 mm.
 * Warnings are keyed by rule (`addition`, `premiumGlass`) so each shows once for both eyes.
 */
export function validateGlassesPrescription(p: GlassesPrescription, opts: ExamDateOptions): RuleResult {
  const errors: Record<string, string> = {};
  const warnings: Record<string, string> = {};
  for (const side of ['right', 'left'] as const) {
    const sph = p[`${side}Sphere`];
    const cyl = p[`${side}Cylinder`];
    const axis = p[`${side}Axis`];
    const add = p[`${side}Addition`];
    const pd = p[`${side}PupillaryDistance`];

    if (sph === null) errors[`${side}Sphere`] = M.required;
    else if (!(Math.abs(sph) <= SPHERE_MAX)) errors[`${side}Sphere`] = M.sphereRange;
    else if (!isStep(sph)) errors[`${side}Sphere`] = M.step;

    if (cyl !== null) {
      if (!(Math.abs(cyl) <= CYLINDER_MAX)) errors[`${side}Cylinder`] = M.cylinderRange;
      else if (!isStep(cyl)) errors[`${side}Cylinder`] = M.step;
    }

    if (axis !== null && !isAxis(axis)) errors[`${side}Axis`] = M.axis;
    else if (axis === null && cyl !== null && cyl !== 0) errors[`${side}Axis`] = M.axisRequired;

    // An addition of 0 is the same as none: single-vision glasses.
    if (add !== null && add !== 0) {
      if (!(add > 0 && add <= ADDITION_MAX) || !isStep(add)) errors[`${side}Addition`] = M.addition;
      else if (sph !== null && hundredths(sph + add) > hundredths(SPHERE_PLUS_ADDITION_MAX)) errors[`${side}Addition`] = M.sumTooHigh;
      else warnings.addition = M.readingGlasses;
    }

    if (pd === null) errors[`${side}PupillaryDistance`] = M.required;
    else if (!(pd >= PD_MIN && pd <= PD_MAX)) errors[`${side}PupillaryDistance`] = M.pd;

    if (sph !== null && Math.abs(sph) > PREMIUM_GLASS_ABOVE) warnings.premiumGlass = M.premiumGlass;
  }
  Object.assign(errors, examDateErrors(opts));
  return { errors, warnings };
}

/**
 * Contact-lens prescription for one eye: power required, −20…+20 in 0.25 steps (beyond ±6
 * lenses usually come in 0.50 steps, but 0.25 is accepted); base curve 8.0–10.0 mm; diameter
 * 13.0–15.0 mm; cylinder −8…+8 in 0.25 steps with an axis 0–180; addition positive ≤ +4.00.
 */
export function validateContactLensPrescription(p: ContactLensPrescription): RuleResult {
  const errors: Record<string, string> = {};
  if (p.power === null) errors.power = M.required;
  else if (!(Math.abs(p.power) <= SPHERE_MAX) || !isStep(p.power)) errors.power = M.power;
  if (p.baseCurve !== null && !(p.baseCurve >= BASE_CURVE_MIN && p.baseCurve <= BASE_CURVE_MAX)) errors.baseCurve = M.baseCurve;
  if (p.diameter !== null && !(p.diameter >= DIAMETER_MIN && p.diameter <= DIAMETER_MAX)) errors.diameter = M.diameter;
  if (p.cylinder !== null) {
    if (!(Math.abs(p.cylinder) <= CYLINDER_MAX)) errors.cylinder = M.cylinderRange;
    else if (!isStep(p.cylinder)) errors.cylinder = M.step;
  }
  if (p.axis !== null && !isAxis(p.axis)) errors.axis = M.axis;
  else if (p.axis === null && p.cylinder !== null && p.cylinder !== 0) errors.axis = M.axisRequired;
  if (p.addition !== null && p.addition !== 0 && (!(p.addition > 0 && p.addition <= ADDITION_MAX) || !isStep(p.addition))) errors.addition = M.addition;
  return { errors, warnings: {} };
}

const isBlankEye = (p: ContactLensPrescription) => Object.values(p).every((v) => v === null);

/**
 * Both eyes of a contact-lens prescription, errors keyed `right.power`, `left.axis` …. A lens may
 * be for one eye only: an eye with nothing filled in is not prescribed and not checked, but at
 * least one eye must have a power.
 */
export function validateContactLensPair(right: ContactLensPrescription, left: ContactLensPrescription): RuleResult {
  const errors: Record<string, string> = {};
  if (isBlankEye(right) && isBlankEye(left)) {
    errors['right.power'] = M.oneEye;
    return { errors, warnings: {} };
  }
  for (const [side, p] of [['right', right], ['left', left]] as const) {
    if (isBlankEye(p)) continue;
    for (const [k, m] of Object.entries(validateContactLensPrescription(p).errors)) errors[`${side}.${k}`] = m;
  }
  return { errors, warnings: {} };
}

/** Danish number with sign and two decimals: +1,25 / -0,50 / 0,00. */
export function formatDiopter(v: number): string {
  const abs = Math.abs(v).toFixed(2);
  const sign = abs === '0.00' ? '' : v > 0 ? '+' : '-';
  return `${sign}${abs.replace('.', ',')}`;
}

/** Millimetres with a decimal comma, one or two decimals: 8,6 / 8,65 / 14,0. */
function formatMm(v: number): string {
  return v.toFixed(2).replace(/(\.\d)0$/, '$1').replace('.', ',');
}

export interface PrescriptionLine {
  label: string;
  value: string;
}

const formatAxis = (v: number) => `${v}°`;

const CL_FIELDS: readonly [keyof ContactLensPrescription, string, (v: number) => string][] = [
  ['power', 'Styrke', formatDiopter],
  ['baseCurve', 'Basekurve', formatMm],
  ['diameter', 'Diameter', formatMm],
  ['cylinder', 'Cylinder', formatDiopter],
  ['axis', 'Akse', formatAxis],
  ['addition', 'Addition', formatDiopter],
];

/**
 * Whether a value is shown. SPEC §3 hides empty and zero values — except an axis of 0°, which
 * is a real orientation (the same as 180°) when there is a cylinder.
 */
const shown = (v: number | null, isAxisWithCylinder: boolean): v is number => v !== null && (v !== 0 || isAxisWithCylinder);

/** SPEC §3: label/value lines for one eye; an empty array when every value is empty or 0. */
export function contactLensLines(p: ContactLensPrescription): PrescriptionLine[] {
  const hasCylinder = p.cylinder !== null && p.cylinder !== 0;
  const out: PrescriptionLine[] = [];
  for (const [key, label, fmt] of CL_FIELDS) {
    const v = p[key];
    if (shown(v, key === 'axis' && hasCylinder)) out.push({ label, value: fmt(v) });
  }
  return out;
}

const GLASSES_FIELDS: readonly ['Sphere' | 'Cylinder' | 'Axis' | 'Addition' | 'PupillaryDistance', string, (v: number) => string][] = [
  ['Sphere', 'Sfære', formatDiopter],
  ['Cylinder', 'Cylinder', formatDiopter],
  ['Axis', 'Akse', formatAxis],
  ['Addition', 'Addition', formatDiopter],
  ['PupillaryDistance', 'PD', (v) => `${String(v).replace('.', ',')} mm`],
];

const EYES = [
  ['right', 'H'],
  ['left', 'V'],
] as const;

/** SPEC §3: right eye labelled H (højre) first, then left V (venstre); zero values hidden. */
export function glassesLines(p: GlassesPrescription): PrescriptionLine[] {
  const out: PrescriptionLine[] = [];
  for (const [side, eye] of EYES) {
    const cyl = p[`${side}Cylinder`];
    const hasCylinder = cyl !== null && cyl !== 0;
    for (const [field, label, fmt] of GLASSES_FIELDS) {
      const v = p[`${side}${field}`];
      if (shown(v, field === 'Axis' && hasCylinder)) out.push({ label: `${eye} ${label}`, value: fmt(v) });
    }
  }
  return out;
}

export type PrescriptionEntry = Prescription['entry'];

/**
 * Display lines for any prescription: a stored entry (glasses, or contact lenses per eye) or
 * a bare glasses / one-eye contact-lens prescription as carried on a cart line. Contact-lens
 * lines are prefixed H / V per eye, and an eye with no values is skipped.
 */
export function prescriptionLines(p: PrescriptionEntry | GlassesPrescription | ContactLensPrescription): PrescriptionLine[] {
  if ('kind' in p) {
    if (p.kind === 'glasses') return glassesLines(p.glasses);
    return EYES.flatMap(([side, eye]) => contactLensLines(p[side]).map((l) => ({ label: `${eye} ${l.label}`, value: l.value })));
  }
  if ('rightSphere' in p) return glassesLines(p);
  return contactLensLines(p);
}
