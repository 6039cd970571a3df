import type { ContactLensPrescription, GlassesPrescription } from '../schemas/prescription';

export interface RuleResult {
  errors: Record<string, string>;
  warnings: Record<string, string>;
}

export const prescriptionMessages = {
  required: 'Skal udfyldes.',
  step: 'Skal være i trin af 0,25.',
  sphereRange: 'Sfære skal være mellem -20,00 og +20,00.',
  cylinderRange: 'Cylinder skal være mellem -8,00 og +8,00.',
  axis: 'Akse skal være et helt tal fra 0 til 180.',
  axisRequired: 'Akse skal udfyldes, når cylinder ikke er 0.',
  addition: 'Addition skal være positiv og højst +4,00 i trin af 0,25.',
  pd: 'PD skal være mellem 20 og 40 mm pr. øje.',
  sumTooHigh: 'Sfære plus addition må højst være +4,00.',
  examDateRequired: 'Angiv datoen for synsprøven.',
  examTooOld: 'Recepten er ældre end et år. Der skal en ny synsprøve til.',
  examInFuture: 'Datoen for synsprøven kan ikke ligge i fremtiden.',
  notConfirmed: 'Bekræft, at recepten ikke er ældre end et år.',
  readingGlasses: 'Med addition bliver brillerne læsebriller.',
  premiumGlass: 'Ved styrker over ±4,00 anbefaler vi premium-glas, som er tyndere og lettere.',
  power: 'Styrke skal være mellem -20,00 og +20,00 i trin af 0,25.',
  baseCurve: 'Basekurve skal være mellem 8,0 og 10,0 mm.',
  diameter: 'Diameter skal være mellem 13,0 og 15,0 mm.',
} as const;

const M = prescriptionMessages;
const isStep = (v: number, step = 0.25) => Math.abs(v / step - Math.round(v / step)) < 1e-9;

/** Whole months and days between two ISO dates, as "older than one year" (SPEC §5). */
function olderThanOneYear(examDate: string, today: Date): boolean {
  const d = new Date(`${examDate}T00:00:00Z`);
  const limit = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate()));
  return d.getTime() < limit.getTime();
}

/**
 * SPEC §5 glasses rules: sphere and PD required, 0.25 steps, axis required with cylinder,
 * sphere + addition ≤ +4.00, exam not older than one year (confirmed), ADD → reading glasses.
 */
export function validateGlassesPrescription(
  p: GlassesPrescription,
  opts: { examDate: string | null; today: Date; confirmedNotOlderThanYear?: boolean },
): RuleResult {
  const errors: Record<string, string> = {};
  const warnings: Record<string, string> = {};
  for (const side of ['right', 'left'] as const) {
    const sph = p[`${side}Sphere`];
    const cyl = p[`${side}Cylinder`];
    const axis = p[`${side}Axis`];
    const add = p[`${side}Addition`];
    const pd = p[`${side}PupillaryDistance`];
    if (sph === null) errors[`${side}Sphere`] = M.required;
    else if (Math.abs(sph) > 20) errors[`${side}Sphere`] = M.sphereRange;
    else if (!isStep(sph)) errors[`${side}Sphere`] = M.step;
    if (cyl !== null) {
      if (Math.abs(cyl) > 8) errors[`${side}Cylinder`] = M.cylinderRange;
      else if (!isStep(cyl)) errors[`${side}Cylinder`] = M.step;
    }
    if (axis !== null && (!Number.isInteger(axis) || axis < 0 || axis > 180)) errors[`${side}Axis`] = M.axis;
    else if (cyl !== null && cyl !== 0 && axis === null) errors[`${side}Axis`] = M.axisRequired;
    if (add !== null && add !== 0) {
      if (add < 0 || add > 4 || !isStep(add)) errors[`${side}Addition`] = M.addition;
      else warnings.addition = M.readingGlasses;
    }
    // SPEC §5: sphere plus addition must not exceed +4.00.
    if (sph !== null && add !== null && sph + add > 4 + 1e-9 && !errors[`${side}Addition`]) errors[`${side}Addition`] = M.sumTooHigh;
    if (pd === null) errors[`${side}PupillaryDistance`] = M.required;
    else if (pd < 20 || pd > 40) errors[`${side}PupillaryDistance`] = M.pd;
    // SPEC §1: premium glass recommended above strength ±4.00.
    if (sph !== null && Math.abs(sph) > 4) warnings.premiumGlass = M.premiumGlass;
  }
  Object.assign(errors, examDateErrors(opts));
  return { errors, warnings };
}

/** SPEC §5: the exam date is required, not in the future, not older than one year, and confirmed so. */
export function examDateErrors(opts: { examDate: string | null; today: Date; confirmedNotOlderThanYear?: boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!opts.examDate) errors.examDate = M.examDateRequired;
  else if (new Date(`${opts.examDate}T00:00:00Z`).getTime() > opts.today.getTime()) errors.examDate = M.examInFuture;
  else if (olderThanOneYear(opts.examDate, opts.today)) errors.examDate = M.examTooOld;
  if (opts.confirmedNotOlderThanYear === false) errors.confirmed = M.notConfirmed;
  return errors;
}

/** Contact-lens prescription for one eye: power, base curve 8.0–10.0, diameter, axis with cylinder. */
export function validateContactLensPrescription(p: ContactLensPrescription): RuleResult {
  const errors: Record<string, string> = {};
  if (p.power === null) errors.power = M.required;
  else if (Math.abs(p.power) > 20 || !isStep(p.power)) errors.power = M.power;
  if (p.baseCurve !== null && (p.baseCurve < 8 || p.baseCurve > 10)) errors.baseCurve = M.baseCurve;
  if (p.diameter !== null && (p.diameter < 13 || p.diameter > 15)) errors.diameter = M.diameter;
  if (p.cylinder !== null && (Math.abs(p.cylinder) > 8 || !isStep(p.cylinder))) errors.cylinder = M.cylinderRange;
  if (p.axis !== null && (!Number.isInteger(p.axis) || p.axis < 0 || p.axis > 180)) errors.axis = M.axis;
  else if (p.cylinder !== null && p.cylinder !== 0 && p.axis === null) errors.axis = M.axisRequired;
  if (p.addition !== null && p.addition !== 0 && (p.addition < 0 || p.addition > 4 || !isStep(p.addition))) errors.addition = M.addition;
  return { errors, warnings: {} };
}

/** Danish number with sign and two decimals: +1,25 / -0,50. */
export function formatDiopter(v: number): string {
  return `${v > 0 ? '+' : v < 0 ? '-' : ''}${Math.abs(v).toFixed(2).replace('.', ',')}`;
}

export interface PrescriptionLine {
  label: string;
  value: string;
}

const CL_LABELS: [keyof ContactLensPrescription, string, (v: number) => string][] = [
  ['power', 'Styrke', formatDiopter],
  ['baseCurve', 'Basekurve', (v) => v.toFixed(1).replace('.', ',')],
  ['diameter', 'Diameter', (v) => v.toFixed(1).replace('.', ',')],
  ['cylinder', 'Cylinder', formatDiopter],
  ['axis', 'Akse', (v) => `${v}°`],
  ['addition', 'Addition', formatDiopter],
];

/** SPEC §3: label/value lines, skipped entirely when every value is empty or 0. */
export function contactLensLines(p: ContactLensPrescription): PrescriptionLine[] {
  return CL_LABELS.filter(([k]) => p[k] !== null && p[k] !== 0).map(([k, label, fmt]) => ({ label, value: fmt(p[k]!) }));
}

const GL_FIELDS: [string, string, (v: number) => string][] = [
  ['Sphere', 'Sfære', formatDiopter],
  ['Cylinder', 'Cylinder', formatDiopter],
  ['Axis', 'Akse', (v) => `${v}°`],
  ['Addition', 'Addition', formatDiopter],
  ['PupillaryDistance', 'PD', (v) => `${String(v).replace('.', ',')} mm`],
];

/** SPEC §3: right eye labelled H (højre) first, then left V (venstre); zero values hidden. */
export function glassesLines(p: GlassesPrescription): PrescriptionLine[] {
  const out: PrescriptionLine[] = [];
  for (const [side, eye] of [['right', 'H'], ['left', 'V']] as const) {
    for (const [field, label, fmt] of GL_FIELDS) {
      const v = p[`${side}${field}` as keyof GlassesPrescription];
      if (v !== null && v !== 0) out.push({ label: `${eye} ${label}`, value: fmt(v) });
    }
  }
  return out;
}
