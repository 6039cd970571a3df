import { describe, expect, it } from 'vitest';
import type { ContactLensPrescription, GlassesPrescription } from '../schemas/prescription';
import { contactLensLines, formatDiopter, glassesLines, validateContactLensPrescription, validateGlassesPrescription } from './prescription';

const today = new Date('2026-11-22T12:00:00Z');
const ok: GlassesPrescription = {
  rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5,
  leftSphere: -1, leftCylinder: 0, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32,
};

describe('glasses prescription rules (SPEC §5)', () => {
  it('accepts a complete, recent prescription', () => {
    expect(validateGlassesPrescription(ok, { examDate: '2026-06-01', today, confirmedNotOlderThanYear: true })).toEqual({ errors: {}, warnings: {} });
  });
  it('requires sphere and PD for both eyes', () => {
    const r = validateGlassesPrescription({ ...ok, leftSphere: null, rightPupillaryDistance: null }, { examDate: '2026-06-01', today });
    expect(r.errors).toEqual({ leftSphere: 'Skal udfyldes.', rightPupillaryDistance: 'Skal udfyldes.' });
  });
  it('wants 0.25 steps and an axis with a cylinder', () => {
    const r = validateGlassesPrescription({ ...ok, rightSphere: -1.3, leftCylinder: -0.75 }, { examDate: '2026-06-01', today });
    expect(r.errors.rightSphere).toMatch(/0,25/);
    expect(r.errors.leftAxis).toMatch(/Akse/);
    expect(validateGlassesPrescription({ ...ok, rightAxis: 181 }, { examDate: '2026-06-01', today }).errors.rightAxis).toMatch(/0 til 180/);
  });
  it('refuses sphere + addition above +4.00 and warns that ADD makes reading glasses', () => {
    const over = validateGlassesPrescription({ ...ok, rightSphere: 2.5, rightAddition: 1.75 }, { examDate: '2026-06-01', today });
    expect(over.errors.rightAddition).toBe('Sfære plus addition må højst være +4,00.');
    const reading = validateGlassesPrescription({ ...ok, rightAddition: 2, leftAddition: 2 }, { examDate: '2026-06-01', today });
    expect(reading.errors).toEqual({});
    expect(reading.warnings.addition).toMatch(/læsebriller/);
  });
  it('refuses an exam older than a year, in the future, or not confirmed', () => {
    expect(validateGlassesPrescription(ok, { examDate: '2025-11-21', today }).errors.examDate).toMatch(/ældre end et år/);
    expect(validateGlassesPrescription(ok, { examDate: '2025-11-22', today }).errors.examDate).toBeUndefined();
    expect(validateGlassesPrescription(ok, { examDate: '2026-12-01', today }).errors.examDate).toMatch(/fremtiden/);
    expect(validateGlassesPrescription(ok, { examDate: null, today }).errors.examDate).toMatch(/synsprøven/);
    expect(validateGlassesPrescription(ok, { examDate: '2026-06-01', today, confirmedNotOlderThanYear: false }).errors.confirmed).toMatch(/Bekræft/);
  });
  it('recommends premium glass above ±4.00', () => {
    expect(validateGlassesPrescription({ ...ok, leftSphere: -4.5 }, { examDate: '2026-06-01', today }).warnings.premiumGlass).toMatch(/premium/);
  });
});

describe('contact-lens prescription rules', () => {
  const cl: ContactLensPrescription = { power: -2.25, baseCurve: 8.6, diameter: 14.2, cylinder: null, axis: null, addition: null };
  it('accepts a normal prescription and checks ranges', () => {
    expect(validateContactLensPrescription(cl).errors).toEqual({});
    expect(validateContactLensPrescription({ ...cl, baseCurve: 7.5, diameter: 16 }).errors).toEqual({
      baseCurve: 'Basekurve skal være mellem 8,0 og 10,0 mm.',
      diameter: 'Diameter skal være mellem 13,0 og 15,0 mm.',
    });
    expect(validateContactLensPrescription({ ...cl, cylinder: -1.25 }).errors.axis).toMatch(/Akse/);
    expect(validateContactLensPrescription({ ...cl, power: null }).errors.power).toBe('Skal udfyldes.');
  });
});

describe('prescription display (SPEC §3)', () => {
  it('formats diopters Danish style with sign', () => {
    expect(formatDiopter(1.25)).toBe('+1,25');
    expect(formatDiopter(-0.5)).toBe('-0,50');
    expect(formatDiopter(0)).toBe('0,00');
  });
  it('labels right eye H first, left V, and hides zero values', () => {
    const lines = glassesLines(ok);
    expect(lines[0]).toEqual({ label: 'H Sfære', value: '-1,25' });
    expect(lines.map((l) => l.label)).toEqual(['H Sfære', 'H Cylinder', 'H Akse', 'H PD', 'V Sfære', 'V PD']);
  });
  it('skips a contact-lens prescription whose values are all empty or 0', () => {
    expect(contactLensLines({ power: 0, baseCurve: null, diameter: null, cylinder: 0, axis: null, addition: null })).toEqual([]);
    expect(contactLensLines({ power: -2.25, baseCurve: 8.6, diameter: null, cylinder: null, axis: null, addition: null })).toEqual([
      { label: 'Styrke', value: '-2,25' },
      { label: 'Basekurve', value: '8,6' },
    ]);
  });
});
