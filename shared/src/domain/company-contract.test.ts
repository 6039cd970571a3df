import { describe, expect, it } from 'vitest';
import {
  checkEyeHealthDayDates,
  eyeHealthDayDateErrors,
  COMPANY_PRICES,
  companyPrice,
  contractAction,
  contractMessages,
  firstEyeHealthDay,
  LEVELS,
  requisitionCover,
  splitEmployeeNumbers,
  EMPLOYEE_NUMBER,
} from './company-contract';
import type { ContractStatus } from './lifestyle';

describe('companyPrice (price per employee)', () => {
  it('adds frame, glass and the VAT-exempt exam for the basic agreement', () => {
    const p = companyPrice({ glassLevel: 'basis', frameLevel: 'basis', protectiveGlasses: false, photochromic: false });
    expect(p.lines.map((l) => [l.key, l.amount, l.vatRate])).toEqual([
      ['frame', 60_000, 0.25],
      ['glass', 90_000, 0.25],
      ['exam', 45_000, 0],
    ]);
    expect(p.glasses).toBe(150_000);
    expect(p.exam).toBe(45_000);
    expect(p.total).toBe(195_000);
    // 25 % VAT included in 1.500 kr. of glasses is 300 kr.; none on the exam.
    expect(p.vat).toBe(30_000);
  });

  it('adds the protective and photochromic options as their own lines', () => {
    const p = companyPrice({ glassLevel: 'premium', frameLevel: 'plus', protectiveGlasses: true, photochromic: true });
    expect(p.lines.map((l) => l.key)).toEqual(['frame', 'glass', 'protectiveGlasses', 'photochromic', 'exam']);
    expect(p.glasses).toBe(100_000 + 240_000 + 75_000 + 90_000);
    expect(p.total).toBe(p.glasses + COMPANY_PRICES.exam);
    expect(p.lines.find((l) => l.key === 'photochromic')!.vat).toBe(18_000);
  });

  it('costs more for every higher level, frame and glass alike', () => {
    for (const kind of ['glassLevel', 'frameLevel'] as const) {
      const totals = LEVELS.map((level) => companyPrice({ glassLevel: 'basis', frameLevel: 'basis', protectiveGlasses: false, photochromic: false, [kind]: level }).total);
      expect(totals[0]).toBeLessThan(totals[1]!);
      expect(totals[1]).toBeLessThan(totals[2]!);
    }
  });

  it('covers the glasses part or the exam in a requisition', () => {
    const choice = { glassLevel: 'plus', frameLevel: 'plus', protectiveGlasses: true, photochromic: false } as const;
    expect(requisitionCover(choice, 'glasses')).toBe(100_000 + 150_000 + 75_000);
    expect(requisitionCover(choice, 'exam')).toBe(45_000);
  });
});

describe('contract states (SPEC §4: Created → Active → Terminated)', () => {
  it('signing activates a created agreement, terminating ends an active one', () => {
    expect(contractAction('Created', 'sign')).toEqual({ ok: true, to: 'Active' });
    expect(contractAction('Active', 'terminate')).toEqual({ ok: true, to: 'Terminated' });
  });

  it('refuses everything else with a reason', () => {
    expect(contractAction('Active', 'sign')).toEqual({ ok: false, message: contractMessages.alreadySigned });
    expect(contractAction('Terminated', 'sign')).toEqual({ ok: false, message: contractMessages.terminatedCannotSign });
    expect(contractAction('Created', 'terminate')).toEqual({ ok: false, message: contractMessages.notSignedCannotTerminate });
    expect(contractAction('Terminated', 'terminate')).toEqual({ ok: false, message: contractMessages.alreadyTerminated });
    const reached = new Set<string>();
    for (const from of ['Created', 'Active', 'Terminated'] as ContractStatus[])
      for (const action of ['sign', 'terminate'] as const) {
        const r = contractAction(from, action);
        if (r.ok) reached.add(`${from}>${r.to}`);
      }
    expect([...reached]).toEqual(['Created>Active', 'Active>Terminated']);
  });
});

describe('employee numbers', () => {
  it('splits a pasted list on lines, commas, semicolons and tabs, upper-cased and without repeats', () => {
    expect(splitEmployeeNumbers('m-1042\nM-1077, M-1103;\tM-1042\r\n\n  ')).toEqual(['M-1042', 'M-1077', 'M-1103']);
    expect(splitEmployeeNumbers('')).toEqual([]);
  });

  it('allows letters, digits and separators inside, up to 20 characters', () => {
    for (const ok of ['M-1042', '12345', 'ØK/2026.7', 'A_1']) expect(EMPLOYEE_NUMBER.test(ok), ok).toBe(true);
    for (const bad of ['-12', 'M 1042', 'x'.repeat(21), '<b>', '']) expect(EMPLOYEE_NUMBER.test(bad), bad).toBe(false);
  });
});

describe('eye-health day window', () => {
  const today = '2026-11-22';

  it('starts 14 days from today', () => {
    expect(firstEyeHealthDay(today)).toBe('2026-12-06');
    expect(checkEyeHealthDayDates('2026-12-06', '2026-12-06', today)).toEqual({ ok: true });
    expect(checkEyeHealthDayDates('2026-12-05', '2026-12-10', today)).toEqual({ ok: false, reason: 'too-soon' });
  });

  it('needs the end on or after the start, a window of at most 60 days and at most a year ahead', () => {
    expect(checkEyeHealthDayDates('2027-01-10', '2027-01-09', today)).toEqual({ ok: false, reason: 'to-before-from' });
    expect(checkEyeHealthDayDates('2027-01-01', '2027-03-02', today)).toEqual({ ok: true });
    expect(checkEyeHealthDayDates('2027-01-01', '2027-03-03', today)).toEqual({ ok: false, reason: 'window-too-wide' });
    expect(checkEyeHealthDayDates('2027-11-01', '2027-11-23', today)).toEqual({ ok: false, reason: 'too-far' });
  });

  it('words the problem on the field it concerns', () => {
    expect(eyeHealthDayDateErrors('2026-12-01', '2026-12-10', today)).toEqual({ dateFrom: 'Vælg en dato fra søndag 6. december 2026 eller senere – vi skal bruge mindst 14 dage til planlægningen.' });
    expect(eyeHealthDayDateErrors('2027-01-10', '2027-01-09', today)).toEqual({ dateTo: 'Slutdatoen skal være samme dag som eller efter startdatoen.' });
    expect(eyeHealthDayDateErrors('2027-01-01', '2027-03-03', today)).toEqual({ dateTo: 'Perioden må højst være 60 dage.' });
    expect(eyeHealthDayDateErrors('2027-01-01', '2027-01-02', today)).toEqual({});
    expect(eyeHealthDayDateErrors('', '2027-02-30', today)).toEqual({});
  });
});
