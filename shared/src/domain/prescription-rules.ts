import { da } from '../messages/da';
import type { ContactLensPrescription } from '../schemas/prescription';

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
export const STEP = 0.25;
export const isStep = (v: number) => Number.isFinite(v) && Math.abs(v / STEP - Math.round(v / STEP)) < 1e-9;
export const isAxis = (v: number) => Number.isInteger(v) && v >= 0 && v <= 180;
/** Compares in hundredths so 2.25 + 1.75 is exactly 4.00. */
export const hundredths = (v: number) => Math.round(v * 100);

export const SPHERE_MAX = 20;
export const CYLINDER_MAX = 8;
export const ADDITION_MAX = 4;
// SPEC §5: sphere + addition must not exceed +4.00.
export const SPHERE_PLUS_ADDITION_MAX = 4;
// SPEC §1: premium glass is recommended above strength ±4.00.
export const PREMIUM_GLASS_ABOVE = 4;
export const PD_MIN = 20;
export const PD_MAX = 40;
export const BASE_CURVE_MIN = 8;
export const BASE_CURVE_MAX = 10;
export const DIAMETER_MIN = 13;
export const DIAMETER_MAX = 15;

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
