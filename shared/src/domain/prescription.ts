import type { ContactLensPrescription, GlassesPrescription, Prescription } from '../schemas/prescription';
import { copenhagenParts, isRealDate, parseIsoDate, toIsoDate } from './copenhagen-time';
import { ADDITION_MAX, CYLINDER_MAX, formatDiopter, hundredths, isAxis, isStep, PD_MAX, PD_MIN, PREMIUM_GLASS_ABOVE, prescriptionMessages as M, SPHERE_MAX, SPHERE_PLUS_ADDITION_MAX, type RuleResult } from './prescription-rules';

// Contact-lens rules and the shared pieces live in './prescription-rules' (no dates, so a lens page loads less).
export * from './prescription-rules';

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
