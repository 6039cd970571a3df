import type { ContactLensPrescription, GlassesPrescription } from '@optik/shared';

/**
 * The prescription values as typed, which the purchase form keeps from its first render. A module
 * without the SPEC §5 rules and the inputs: those load when the form first needs them.
 */
export const GLASSES_FIELDS = ['Sphere', 'Cylinder', 'Axis', 'Addition', 'PupillaryDistance'] as const;
export type GlassesField = (typeof GLASSES_FIELDS)[number];
export type Eye = 'right' | 'left';
export const EYES: readonly Eye[] = ['right', 'left'];
export type GlassesKey = keyof GlassesPrescription;
/** Text as typed, per field (`rightSphere` …). */
export type GlassesValues = Record<GlassesKey, string>;
export const GLASSES_KEYS = EYES.flatMap((side) => GLASSES_FIELDS.map((f) => `${side}${f}` as GlassesKey));

export const emptyGlasses = (): GlassesValues => Object.fromEntries(GLASSES_KEYS.map((k) => [k, ''])) as GlassesValues;

export type LensField = keyof ContactLensPrescription;
/** Select values as strings ('' = not chosen), per eye. */
export type LensEyeValues = Record<LensField, string>;
export type LensValues = Record<Eye, LensEyeValues>;

export const emptyLensEye = (): LensEyeValues => ({ power: '', baseCurve: '', diameter: '', cylinder: '', axis: '', addition: '' });

export function toLensPrescription(v: LensEyeValues): ContactLensPrescription {
  const n = (s: string) => (s === '' ? null : Number(s));
  return { power: n(v.power), baseCurve: n(v.baseCurve), diameter: n(v.diameter), cylinder: n(v.cylinder), axis: n(v.axis), addition: n(v.addition) };
}
