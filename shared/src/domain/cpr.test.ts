import { describe, expect, it } from 'vitest';
import { cprCentury, cprMessages, isCprCheckDigitValid, maskCpr, parseCpr } from './cpr';

// A fixed "now" so birth-date-only and future-date rules do not drift with the calendar.
const today = new Date('2026-11-22T12:00:00Z');
const parse = (v: string, allowBirthDateOnly?: boolean) => parseCpr(v, { today, allowBirthDateOnly });

describe('parseCpr: DOMAIN.md vectors', () => {
  it('accepts 070761-4285 as a valid 1961 number', () => {
    expect(parse('070761-4285')).toEqual({ ok: true, normalized: '070761-4285', birthDate: '1961-07-07', checkDigitValid: true, warning: null });
  });

  it('accepts 211062-5629 as 1862 (7th digit 5, YY 58–99)', () => {
    expect(parse('211062-5629')).toEqual({ ok: true, normalized: '211062-5629', birthDate: '1862-10-21', checkDigitValid: true, warning: null });
  });

  it('refuses 511062-5629: there is no day 51', () => {
    expect(parse('511062-5629')).toEqual({ ok: false, error: 'date', message: cprMessages.date });
  });

  it('refuses 290200-0000: 1900 was not a leap year', () => {
    expect(parse('290200-0000')).toEqual({ ok: false, error: 'date', message: cprMessages.date });
  });
});

describe('parseCpr: centuries and real dates', () => {
  it('reads a 2000s number (7th digit 4, YY 00–36)', () => {
    expect(parse('010105-4004')).toMatchObject({ ok: true, birthDate: '2005-01-01', checkDigitValid: true, warning: null });
  });

  it('accepts 29 February in leap years of each century', () => {
    expect(parse('290200-4001')).toMatchObject({ ok: true, birthDate: '2000-02-29', checkDigitValid: true });
    expect(parse('290204-4003')).toMatchObject({ ok: true, birthDate: '2004-02-29', checkDigitValid: true });
    // 7th digit 5 and YY 96 → 1896, a leap year.
    expect(parse('290296-5001')).toMatchObject({ ok: true, birthDate: '1896-02-29', checkDigitValid: true });
  });

  it('refuses 29 February outside leap years and impossible months', () => {
    expect(parse('290201-4000')).toMatchObject({ ok: false, error: 'date' });
    expect(parse('290200-5000')).toMatchObject({ ok: true, birthDate: '2000-02-29' });
    expect(parse('291300-0000')).toMatchObject({ ok: false, error: 'date' });
    expect(parse('001060-0000')).toMatchObject({ ok: false, error: 'date' });
    expect(parse('310461-0000')).toMatchObject({ ok: false, error: 'date' });
  });

  it('applies every row of the century table at its boundaries', () => {
    for (const d of [0, 1, 2, 3]) {
      expect(cprCentury(0, d)).toBe(1900);
      expect(cprCentury(99, d)).toBe(1900);
    }
    for (const d of [4, 9]) {
      expect(cprCentury(0, d)).toBe(2000);
      expect(cprCentury(36, d)).toBe(2000);
      expect(cprCentury(37, d)).toBe(1900);
      expect(cprCentury(99, d)).toBe(1900);
    }
    for (const d of [5, 6, 7, 8]) {
      expect(cprCentury(0, d)).toBe(2000);
      expect(cprCentury(57, d)).toBe(2000);
      expect(cprCentury(58, d)).toBe(1800);
      expect(cprCentury(99, d)).toBe(1800);
    }
  });

  it('uses the century table in parseCpr (same date, different 7th digit)', () => {
    expect(parse('010136-0008')).toMatchObject({ ok: true, birthDate: '1936-01-01' });
    // 7th digit 4 and YY 36 → 2036: not born yet on the fixed today.
    expect(parse('010136-4000')).toMatchObject({ ok: false, error: 'date' });
    expect(parseCpr('010136-4000', { today: new Date('2036-06-01T12:00:00Z') })).toMatchObject({ ok: true, birthDate: '2036-01-01' });
    expect(parse('030358-0018')).toMatchObject({ ok: true, birthDate: '1958-03-03' });
    expect(parse('030358-5000')).toMatchObject({ ok: true, birthDate: '1858-03-03' });
  });

  it('refuses a birth date after today', () => {
    // 7th digit 5, YY 50 → 2050.
    expect(parse('010150-5000')).toEqual({ ok: false, error: 'date', message: cprMessages.dateInFuture });
    // Tomorrow relative to the fixed today; today itself is fine.
    expect(parse('231126-4000')).toMatchObject({ ok: false, error: 'date' });
    expect(parse('221126-4000')).toMatchObject({ ok: true, birthDate: '2026-11-22' });
  });
});

describe('parseCpr: check digit is a warning, never an error', () => {
  it('returns ok with checkDigitValid false and a Danish warning staff can confirm', () => {
    const r = parse('010160-1235');
    expect(r).toEqual({ ok: true, normalized: '010160-1235', birthDate: '1960-01-01', checkDigitValid: false, warning: cprMessages.checkDigit });
    expect(cprMessages.checkDigit).toMatch(/bekræfte/);
  });

  it('checks modulus 11 with weights 4,3,2,7,6,5,4,3,2,1', () => {
    expect(isCprCheckDigitValid('0707614285')).toBe(true);
    expect(isCprCheckDigitValid('070761-4285')).toBe(true);
    expect(isCprCheckDigitValid('0707614286')).toBe(false);
    // Swapping two digits changes the weighted sum.
    expect(isCprCheckDigitValid('0707614258')).toBe(false);
    expect(isCprCheckDigitValid('070761428')).toBe(false);
  });

  it('never reports a gender', () => {
    const r = parse('070761-4285');
    expect(Object.keys(r).sort()).toEqual(['birthDate', 'checkDigitValid', 'normalized', 'ok', 'warning']);
  });
});

describe('parseCpr: input forms', () => {
  it('makes the hyphen optional and trims whitespace', () => {
    for (const v of ['0707614285', ' 070761-4285 ', '070761 4285', '\t070761-4285\n', '070761–4285']) {
      expect(parse(v)).toMatchObject({ ok: true, normalized: '070761-4285' });
    }
  });

  it('refuses empty input as required', () => {
    expect(parse('')).toEqual({ ok: false, error: 'required', message: 'Skal udfyldes.' });
    expect(parse('   ')).toMatchObject({ ok: false, error: 'required' });
  });

  it('refuses bad formats with a Danish message', () => {
    for (const v of ['07076-14285', 'abcdef-ghij', '070761', '070761-428', '070761-42855', '070761--4285', '0707614285x', '٠٧٠٧٦١٤٢٨٥']) {
      expect(parse(v)).toEqual({ ok: false, error: 'format', message: cprMessages.format });
    }
  });

  it('accepts a birth date alone only where asked, picking the most recent past century', () => {
    expect(parse('070761', true)).toEqual({ ok: true, normalized: '070761', birthDate: '1961-07-07', checkDigitValid: null, warning: null });
    expect(parse('010105', true)).toMatchObject({ ok: true, birthDate: '2005-01-01' });
    // 22 Nov 2026 is today: still this century. 23 Nov 26 has not happened in 2026 → 1926.
    expect(parse('221126', true)).toMatchObject({ ok: true, birthDate: '2026-11-22' });
    expect(parse('231126', true)).toMatchObject({ ok: true, birthDate: '1926-11-23' });
    expect(parse('310261', true)).toMatchObject({ ok: false, error: 'date' });
    expect(parse('0707', true)).toEqual({ ok: false, error: 'format', message: cprMessages.birthDateFormat });
    // A full number is still accepted where a birth date alone would do.
    expect(parse('070761-4285', true)).toMatchObject({ ok: true, normalized: '070761-4285', checkDigitValid: true });
  });

  it('defaults today to the current time', () => {
    expect(parseCpr('070761-4285')).toMatchObject({ ok: true, birthDate: '1961-07-07' });
  });
});

describe('maskCpr', () => {
  it('masks as DDMMYY-XXXX', () => {
    expect(maskCpr('070761-4285')).toBe('070761-XXXX');
    expect(maskCpr('0707614285')).toBe('070761-XXXX');
    expect(maskCpr(' 070761 4285 ')).toBe('070761-XXXX');
    expect(maskCpr('070761')).toBe('070761-XXXX');
  });

  it('fully masks anything else instead of echoing it', () => {
    expect(maskCpr('rubbish')).toBe('XXXXXX-XXXX');
    expect(maskCpr('070761-42')).toBe('XXXXXX-XXXX');
    expect(maskCpr('')).toBe('XXXXXX-XXXX');
  });
});
