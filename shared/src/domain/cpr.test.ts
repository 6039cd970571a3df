import { describe, expect, it } from 'vitest';
import { cprCentury, maskCpr, parseCpr } from './cpr';

describe('parseCpr (DOMAIN.md vectors)', () => {
  it('accepts 070761-4285 as a valid 1961 number', () => {
    const r = parseCpr('070761-4285');
    expect(r).toMatchObject({ ok: true, normalized: '070761-4285', birthDate: '1961-07-07', checkDigitValid: true, warning: null });
  });

  it('accepts 211062-5629 as 1862 (7th digit 5, YY 58–99)', () => {
    expect(parseCpr('2110625629')).toMatchObject({ ok: true, birthDate: '1862-10-21', normalized: '211062-5629' });
  });

  it('refuses day 51 and 29 February 1900', () => {
    expect(parseCpr('511062-5629')).toMatchObject({ ok: false, error: 'date' });
    expect(parseCpr('290200-0000')).toMatchObject({ ok: false, error: 'date' });
  });

  it('accepts 29 February in a leap year of the 2000s', () => {
    // 7th digit 4 and YY 00–36 → 2000
    expect(parseCpr('290200-4000')).toMatchObject({ ok: true, birthDate: '2000-02-29' });
  });

  it('applies every row of the century table', () => {
    expect(cprCentury(99, 0)).toBe(1900);
    expect(cprCentury(36, 4)).toBe(2000);
    expect(cprCentury(37, 9)).toBe(1900);
    expect(cprCentury(57, 5)).toBe(2000);
    expect(cprCentury(58, 8)).toBe(1800);
  });

  it('treats a failed check digit as a confirmable warning, never an error', () => {
    const r = parseCpr('010160-1235');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.checkDigitValid).toBe(false);
      expect(r.warning).toMatch(/bekræfte/);
    }
  });

  it('refuses bad formats and empty input with Danish messages', () => {
    expect(parseCpr('')).toMatchObject({ ok: false, error: 'required', message: 'Skal udfyldes.' });
    expect(parseCpr('07076-14285')).toMatchObject({ ok: false, error: 'format' });
    expect(parseCpr('abcdef-ghij')).toMatchObject({ ok: false, error: 'format' });
    expect(parseCpr('070761')).toMatchObject({ ok: false, error: 'format' });
  });

  it('accepts a birth date alone where only a birth date is asked', () => {
    expect(parseCpr('070761', { allowBirthDateOnly: true })).toMatchObject({ ok: true, normalized: '070761', checkDigitValid: null });
    expect(parseCpr('310261', { allowBirthDateOnly: true })).toMatchObject({ ok: false, error: 'date' });
  });

  it('masks as DDMMYY-XXXX', () => {
    expect(maskCpr('070761-4285')).toBe('070761-XXXX');
    expect(maskCpr('0707614285')).toBe('070761-XXXX');
    expect(maskCpr('rubbish')).toBe('XXXXXX-XXXX');
  });
});
