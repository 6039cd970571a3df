import { describe, expect, it } from 'vitest';
import { formatDkk, NBSP, parseDkk, VAT_RATE, vatOfGross } from './money';

describe('formatDkk', () => {
  it('formats øre as 1.234,50 kr. with a no-break space (U+00A0)', () => {
    expect(formatDkk(123450)).toBe('1.234,50\u00a0kr.');
    expect(NBSP).toBe('\u00a0');
    expect(formatDkk(123450)).not.toContain(' ');
  });

  it('always shows two decimals', () => {
    expect(formatDkk(0)).toBe('0,00\u00a0kr.');
    expect(formatDkk(5)).toBe('0,05\u00a0kr.');
    expect(formatDkk(99)).toBe('0,99\u00a0kr.');
    expect(formatDkk(100)).toBe('1,00\u00a0kr.');
    expect(formatDkk(19900)).toBe('199,00\u00a0kr.');
  });

  it('groups thousands with dots at every boundary', () => {
    expect(formatDkk(99999)).toBe('999,99\u00a0kr.');
    expect(formatDkk(100000)).toBe('1.000,00\u00a0kr.');
    expect(formatDkk(99999999)).toBe('999.999,99\u00a0kr.');
    expect(formatDkk(100000000)).toBe('1.000.000,00\u00a0kr.');
    expect(formatDkk(123456789)).toBe('1.234.567,89\u00a0kr.');
  });

  it('puts a leading minus on negative amounts', () => {
    expect(formatDkk(-4900)).toBe('-49,00\u00a0kr.');
    expect(formatDkk(-123450)).toBe('-1.234,50\u00a0kr.');
    expect(formatDkk(-1)).toBe('-0,01\u00a0kr.');
  });

  it('rounds fractional øre and never shows minus zero', () => {
    expect(formatDkk(1234.6)).toBe('12,35\u00a0kr.');
    expect(formatDkk(-0.4)).toBe('0,00\u00a0kr.');
    expect(formatDkk(-0)).toBe('0,00\u00a0kr.');
  });

  it('gives an empty string for non-numbers', () => {
    expect(formatDkk(Number.NaN)).toBe('');
    expect(formatDkk(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('agrees with Intl da-DK where the runtime has full ICU', () => {
    const intl = new Intl.NumberFormat('da-DK', { style: 'currency', currency: 'DKK' });
    // small-icu runtimes fall back to English ("DKK 1,234.50"); only compare real da-DK output.
    if (!intl.format(1).includes('kr.')) return;
    for (const ore of [0, 99, 123450, 123456789, -4900]) expect(formatDkk(ore)).toBe(intl.format(ore / 100));
  });
});

describe('parseDkk', () => {
  it('parses Danish amounts to øre', () => {
    expect(parseDkk('1.234,50')).toBe(123450);
    expect(parseDkk('1234,5')).toBe(123450);
    expect(parseDkk('1234 kr.')).toBe(123400);
    expect(parseDkk('1.234,50\u00a0kr.')).toBe(123450);
    expect(parseDkk('1 234,50 kr')).toBe(123450);
    expect(parseDkk('0,05')).toBe(5);
    expect(parseDkk('199,-')).toBe(19900);
    expect(parseDkk('1.000.000')).toBe(100000000);
    expect(parseDkk('  49 DKK ')).toBe(4900);
  });

  it('round-trips formatDkk', () => {
    for (const ore of [0, 1, 99, 100, 123450, 99999999, -4900]) expect(parseDkk(formatDkk(ore))).toBe(ore);
  });

  it('parses negative amounts', () => {
    expect(parseDkk('-49,00')).toBe(-4900);
    expect(parseDkk('\u221249,00 kr.')).toBe(-4900);
    expect(parseDkk('-0,00')).toBe(0);
  });

  it('returns null for anything that is not a Danish amount', () => {
    for (const v of ['', 'abc', '12,345', '1.23,00', '12.50', ',50', '1,2,3', 'kr.', '1.2345', '12a', '--5']) {
      expect(parseDkk(v), v).toBeNull();
    }
  });
});

describe('vatOfGross', () => {
  it('takes the 25 % VAT part out of a VAT-inclusive price', () => {
    expect(VAT_RATE).toBe(0.25);
    expect(vatOfGross(12500)).toBe(2500);
    expect(vatOfGross(100000)).toBe(20000);
    expect(vatOfGross(0)).toBe(0);
  });

  it('rounds to whole øre', () => {
    expect(vatOfGross(99)).toBe(20); // 19.8
    expect(vatOfGross(101)).toBe(20); // 20.2
    expect(vatOfGross(1)).toBe(0); // 0.2
    expect(vatOfGross(3)).toBe(1); // 0.6
  });

  it('takes another rate, e.g. 0 for VAT-exempt eye exams', () => {
    expect(vatOfGross(50000, 0)).toBe(0);
    expect(vatOfGross(11000, 0.1)).toBe(1000);
  });
});
