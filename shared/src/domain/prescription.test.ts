import { describe, expect, it } from 'vitest';
import type { ContactLensPrescription, GlassesPrescription } from '../schemas/prescription';
import {
  contactLensLines,
  examDateErrors,
  formatDiopter,
  glassesLines,
  prescriptionLines,
  prescriptionMessages as M,
  validateContactLensPair,
  validateContactLensPrescription,
  validateGlassesPrescription,
} from './prescription';

const today = new Date('2026-11-22T12:00:00Z');
const recent = { examDate: '2026-06-01', today, confirmedNotOlderThanYear: true };
const ok: GlassesPrescription = {
  rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5,
  leftSphere: -1, leftCylinder: 0, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32,
};
const glasses = (patch: Partial<GlassesPrescription>) => validateGlassesPrescription({ ...ok, ...patch }, recent);

describe('glasses prescription: fields (SPEC §5, DOMAIN.md)', () => {
  it('accepts a complete, recent prescription', () => {
    expect(validateGlassesPrescription(ok, recent)).toEqual({ errors: {}, warnings: {} });
  });

  it('requires sphere and PD for both eyes', () => {
    const r = glasses({ leftSphere: null, rightSphere: null, rightPupillaryDistance: null, leftPupillaryDistance: null });
    expect(r.errors).toEqual({ rightSphere: M.required, leftSphere: M.required, rightPupillaryDistance: M.required, leftPupillaryDistance: M.required });
  });

  it('accepts sphere and plano (0) from -20 to +20 in 0.25 steps', () => {
    for (const s of [-20, -19.75, -0.25, 0, 0.25, 3.75]) expect(glasses({ rightSphere: s }).errors.rightSphere, String(s)).toBeUndefined();
    expect(glasses({ rightSphere: 20, rightAddition: null }).errors.rightSphere).toBeUndefined();
  });

  it('refuses sphere outside the range or between steps', () => {
    expect(glasses({ rightSphere: -20.25 }).errors.rightSphere).toBe(M.sphereRange);
    expect(glasses({ leftSphere: 20.25 }).errors.leftSphere).toBe(M.sphereRange);
    expect(glasses({ rightSphere: -1.3 }).errors.rightSphere).toBe(M.step);
    expect(glasses({ rightSphere: 0.1 }).errors.rightSphere).toBe(M.step);
    expect(glasses({ rightSphere: Number.NaN }).errors.rightSphere).toBeDefined();
  });

  it('limits cylinder to -8…+8 in 0.25 steps', () => {
    expect(glasses({ rightCylinder: -8 }).errors.rightCylinder).toBeUndefined();
    expect(glasses({ rightCylinder: 8 }).errors.rightCylinder).toBeUndefined();
    expect(glasses({ rightCylinder: -8.25 }).errors.rightCylinder).toBe(M.cylinderRange);
    expect(glasses({ rightCylinder: -0.6 }).errors.rightCylinder).toBe(M.step);
  });

  it('requires an integer axis 0–180 when the cylinder is not 0', () => {
    expect(glasses({ leftCylinder: -0.75 }).errors.leftAxis).toBe(M.axisRequired);
    expect(glasses({ leftCylinder: -0.75, leftAxis: 0 }).errors.leftAxis).toBeUndefined();
    expect(glasses({ leftCylinder: -0.75, leftAxis: 180 }).errors.leftAxis).toBeUndefined();
    expect(glasses({ rightAxis: 181 }).errors.rightAxis).toBe(M.axis);
    expect(glasses({ rightAxis: -1 }).errors.rightAxis).toBe(M.axis);
    expect(glasses({ rightAxis: 90.5 }).errors.rightAxis).toBe(M.axis);
    // No cylinder: no axis needed.
    expect(glasses({ leftCylinder: null, leftAxis: null }).errors.leftAxis).toBeUndefined();
    expect(glasses({ leftCylinder: 0, leftAxis: null }).errors.leftAxis).toBeUndefined();
  });

  it('wants a positive addition up to +4.00 in 0.25 steps', () => {
    expect(glasses({ rightSphere: 0, rightAddition: 4 }).errors.rightAddition).toBeUndefined();
    expect(glasses({ rightAddition: 4.25 }).errors.rightAddition).toBe(M.addition);
    expect(glasses({ rightAddition: -1 }).errors.rightAddition).toBe(M.addition);
    expect(glasses({ rightAddition: 1.1 }).errors.rightAddition).toBe(M.addition);
    expect(glasses({ rightAddition: 0 }).errors.rightAddition).toBeUndefined();
  });

  it('limits PD to 20–40 mm per eye', () => {
    expect(glasses({ rightPupillaryDistance: 20, leftPupillaryDistance: 40 }).errors).toEqual({});
    expect(glasses({ rightPupillaryDistance: 19.5 }).errors.rightPupillaryDistance).toBe(M.pd);
    // A total PD typed into one eye's field.
    expect(glasses({ leftPupillaryDistance: 63 }).errors.leftPupillaryDistance).toBe(M.pd);
  });
});

describe('glasses prescription: combined rules and warnings', () => {
  it('refuses sphere + addition above +4.00 and allows exactly +4.00', () => {
    expect(glasses({ rightSphere: 2.5, rightAddition: 1.75 }).errors.rightAddition).toBe('Sfære plus addition må højst være +4,00.');
    expect(glasses({ leftSphere: 2.25, leftAddition: 1.75 }).errors.leftAddition).toBeUndefined();
    expect(glasses({ leftSphere: 4.25, leftAddition: null }).errors).toEqual({});
    // Minus sphere leaves room for a big addition.
    expect(glasses({ rightSphere: -2, rightAddition: 3.5 }).errors).toEqual({});
  });

  it('warns (in Danish) that an addition makes reading glasses', () => {
    const r = glasses({ rightAddition: 2, leftAddition: 2 });
    expect(r.errors).toEqual({});
    expect(r.warnings).toEqual({ addition: 'Med addition bliver brillerne læsebriller.' });
    expect(glasses({ rightAddition: 0 }).warnings).toEqual({});
  });

  it('recommends premium glass above ±4.00 (SPEC §1), not at ±4.00', () => {
    expect(glasses({ leftSphere: -4.5 }).warnings).toEqual({ premiumGlass: M.premiumGlass });
    expect(glasses({ rightSphere: 4.25 }).warnings.premiumGlass).toMatch(/premium/);
    expect(glasses({ leftSphere: -4, rightSphere: 4 }).warnings).toEqual({});
  });
});

describe('exam date (SPEC §5: not older than one year, confirmed)', () => {
  const at = (examDate: string | null, confirmedNotOlderThanYear?: boolean) => examDateErrors({ examDate, today, confirmedNotOlderThanYear });

  it('accepts today and exactly one year ago', () => {
    expect(at('2026-11-22', true)).toEqual({});
    expect(at('2025-11-22', true)).toEqual({});
  });

  it('refuses an exam older than one year', () => {
    expect(at('2025-11-21')).toEqual({ examDate: M.examTooOld });
    expect(at('2020-01-01')).toEqual({ examDate: M.examTooOld });
  });

  it('refuses an exam in the future', () => {
    expect(at('2026-11-23')).toEqual({ examDate: M.examInFuture });
  });

  it('requires a real date', () => {
    expect(at(null)).toEqual({ examDate: M.examDateRequired });
    expect(at('')).toEqual({ examDate: M.examDateRequired });
    for (const d of ['2026-02-30', '22-11-2026', '2026-13-01', 'i går']) expect(at(d), d).toEqual({ examDate: M.examDateInvalid });
  });

  it('refuses an unconfirmed prescription but does not require the flag', () => {
    expect(at('2026-06-01', false)).toEqual({ confirmed: M.notConfirmed });
    expect(at('2026-06-01')).toEqual({});
  });

  it('reads today in Copenhagen time, not UTC', () => {
    // 23:30 UTC on 22 Nov is 00:30 on 23 Nov in Copenhagen: an exam "today" is not in the future.
    const lateEvening = new Date('2026-11-22T23:30:00Z');
    expect(examDateErrors({ examDate: '2026-11-23', today: lateEvening })).toEqual({});
    // …and 23 Nov 2025 is then exactly one year ago.
    expect(examDateErrors({ examDate: '2025-11-23', today: lateEvening })).toEqual({});
    expect(examDateErrors({ examDate: '2025-11-22', today: lateEvening })).toEqual({ examDate: M.examTooOld });
  });

  it('treats 28 February as one year before 29 February', () => {
    const leapDay = new Date('2028-02-29T12:00:00Z');
    expect(examDateErrors({ examDate: '2027-02-28', today: leapDay })).toEqual({});
    expect(examDateErrors({ examDate: '2027-02-27', today: leapDay })).toEqual({ examDate: M.examTooOld });
  });

  it('is part of the glasses validation', () => {
    expect(validateGlassesPrescription(ok, { examDate: '2024-01-01', today }).errors).toEqual({ examDate: M.examTooOld });
    expect(validateGlassesPrescription(ok, { examDate: '2026-06-01', today, confirmedNotOlderThanYear: false }).errors).toEqual({ confirmed: M.notConfirmed });
  });
});

describe('contact-lens prescription rules', () => {
  const cl: ContactLensPrescription = { power: -2.25, baseCurve: 8.6, diameter: 14.2, cylinder: null, axis: null, addition: null };
  const lens = (patch: Partial<ContactLensPrescription>) => validateContactLensPrescription({ ...cl, ...patch });

  it('accepts a normal prescription, with no warnings', () => {
    expect(lens({})).toEqual({ errors: {}, warnings: {} });
    expect(lens({ cylinder: -1.25, axis: 180, addition: 1.5 }).errors).toEqual({});
  });

  it('requires power, -20…+20 in 0.25 steps (0.25 accepted beyond ±6)', () => {
    expect(lens({ power: null }).errors).toEqual({ power: M.required });
    expect(lens({ power: -6.25 }).errors).toEqual({});
    expect(lens({ power: 20 }).errors).toEqual({});
    expect(lens({ power: -20.5 }).errors).toEqual({ power: M.power });
    expect(lens({ power: -2.1 }).errors).toEqual({ power: M.power });
  });

  it('checks base curve 8.0–10.0 and diameter 13.0–15.0', () => {
    expect(lens({ baseCurve: 8, diameter: 13 }).errors).toEqual({});
    expect(lens({ baseCurve: 10, diameter: 15 }).errors).toEqual({});
    expect(lens({ baseCurve: 7.9, diameter: 15.1 }).errors).toEqual({ baseCurve: M.baseCurve, diameter: M.diameter });
    expect(lens({ baseCurve: 10.1, diameter: 12.9 }).errors).toEqual({ baseCurve: M.baseCurve, diameter: M.diameter });
  });

  it('requires an axis with a cylinder and checks both', () => {
    expect(lens({ cylinder: -1.25 }).errors).toEqual({ axis: M.axisRequired });
    expect(lens({ cylinder: -1.3, axis: 90 }).errors).toEqual({ cylinder: M.step });
    expect(lens({ cylinder: -9, axis: 90 }).errors).toEqual({ cylinder: M.cylinderRange });
    expect(lens({ cylinder: -1.25, axis: 200 }).errors).toEqual({ axis: M.axis });
  });

  it('wants a positive addition', () => {
    expect(lens({ addition: -1 }).errors).toEqual({ addition: M.addition });
    expect(lens({ addition: 0 }).errors).toEqual({});
  });
});

describe('prescription display (SPEC §3)', () => {
  it('formats diopters Danish style with sign and two decimals', () => {
    expect(formatDiopter(1.25)).toBe('+1,25');
    expect(formatDiopter(-0.5)).toBe('-0,50');
    expect(formatDiopter(-12)).toBe('-12,00');
    expect(formatDiopter(0)).toBe('0,00');
    expect(formatDiopter(-0)).toBe('0,00');
  });

  it('labels right eye H first, left V, and hides zero and empty values', () => {
    expect(glassesLines(ok)).toEqual([
      { label: 'H Sfære', value: '-1,25' },
      { label: 'H Cylinder', value: '-0,50' },
      { label: 'H Akse', value: '90°' },
      { label: 'H PD', value: '31,5 mm' },
      { label: 'V Sfære', value: '-1,00' },
      { label: 'V PD', value: '32 mm' },
    ]);
  });

  it('shows an axis of 0° when there is a cylinder', () => {
    const lines = glassesLines({ ...ok, leftCylinder: -0.75, leftAxis: 0, leftAddition: 2 });
    expect(lines.filter((l) => l.label.startsWith('V'))).toEqual([
      { label: 'V Sfære', value: '-1,00' },
      { label: 'V Cylinder', value: '-0,75' },
      { label: 'V Akse', value: '0°' },
      { label: 'V Addition', value: '+2,00' },
      { label: 'V PD', value: '32 mm' },
    ]);
  });

  it('skips a contact-lens prescription whose values are all empty or 0', () => {
    expect(contactLensLines({ power: 0, baseCurve: null, diameter: null, cylinder: 0, axis: 0, addition: 0 })).toEqual([]);
    expect(contactLensLines({ power: null, baseCurve: null, diameter: null, cylinder: null, axis: null, addition: null })).toEqual([]);
  });

  it('lists contact-lens values with units', () => {
    expect(contactLensLines({ power: -2.25, baseCurve: 8.6, diameter: 14, cylinder: -0.75, axis: 10, addition: 1 })).toEqual([
      { label: 'Styrke', value: '-2,25' },
      { label: 'Basekurve', value: '8,6' },
      { label: 'Diameter', value: '14,0' },
      { label: 'Cylinder', value: '-0,75' },
      { label: 'Akse', value: '10°' },
      { label: 'Addition', value: '+1,00' },
    ]);
    expect(contactLensLines({ power: 1, baseCurve: 8.65, diameter: null, cylinder: null, axis: null, addition: null })[1]).toEqual({ label: 'Basekurve', value: '8,65' });
  });

  it('prescriptionLines handles stored entries and bare prescriptions of both kinds', () => {
    expect(prescriptionLines({ kind: 'glasses', glasses: ok })).toEqual(glassesLines(ok));
    expect(prescriptionLines(ok)).toEqual(glassesLines(ok));
    const right: ContactLensPrescription = { power: -2, baseCurve: 8.6, diameter: null, cylinder: null, axis: null, addition: null };
    const emptyLeft: ContactLensPrescription = { power: 0, baseCurve: null, diameter: null, cylinder: null, axis: null, addition: null };
    expect(prescriptionLines({ kind: 'contact-lens', right, left: { ...right, power: -1.5 } })).toEqual([
      { label: 'H Styrke', value: '-2,00' },
      { label: 'H Basekurve', value: '8,6' },
      { label: 'V Styrke', value: '-1,50' },
      { label: 'V Basekurve', value: '8,6' },
    ]);
    expect(prescriptionLines({ kind: 'contact-lens', right, left: emptyLeft })).toHaveLength(2);
    expect(prescriptionLines({ kind: 'contact-lens', right: emptyLeft, left: emptyLeft })).toEqual([]);
    expect(prescriptionLines(right)).toEqual([
      { label: 'Styrke', value: '-2,00' },
      { label: 'Basekurve', value: '8,6' },
    ]);
  });
});

describe('validateContactLensPair', () => {
  const eye = (patch: Partial<ContactLensPrescription> = {}): ContactLensPrescription => ({ power: null, baseCurve: null, diameter: null, cylinder: null, axis: null, addition: null, ...patch });
  it('accepts a lens for one eye only and checks only the eye that is filled in', () => {
    expect(validateContactLensPair(eye({ power: -2.5, baseCurve: 8.6, diameter: 14.2 }), eye()).errors).toEqual({});
    expect(validateContactLensPair(eye(), eye({ power: 1.25 })).errors).toEqual({});
    expect(validateContactLensPair(eye(), eye({ baseCurve: 8.6 })).errors).toEqual({ 'left.power': 'Skal udfyldes.' });
  });
  it('needs a power for at least one eye', () => {
    expect(validateContactLensPair(eye(), eye()).errors).toEqual({ 'right.power': 'Udfyld styrken for mindst ét øje.' });
  });
  it('keys each eye’s errors by side', () => {
    expect(validateContactLensPair(eye({ power: -30 }), eye({ power: 1, cylinder: -1.25 })).errors).toMatchObject({ 'right.power': expect.any(String), 'left.axis': expect.any(String) });
  });
});
