import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone } from './phone';

describe('isValidPhone (SPEC §5, DOMAIN.md)', () => {
  it('accepts Danish 8-digit numbers starting 2–9', () => {
    for (const v of ['20304050', '29999999', '99887766', '30000000', '50123456', '70121416']) expect(isValidPhone(v), v).toBe(true);
  });

  it('accepts +45 and 0045 prefixes, spaces and hyphens', () => {
    for (const v of ['+4520304050', '+45 20 30 40 50', '0045 20304050', '004520304050', ' 20 30 40 50 ', '2030-4050', '+45\u00a020304050']) {
      expect(isValidPhone(v), v).toBe(true);
    }
  });

  it('refuses Danish numbers starting 0 or 1, or of the wrong length', () => {
    for (const v of ['10304050', '01234567', '2030405', '203040506', '+45 1234 5678', '+45 0123 4567', '0045 12345678', '+45 2030405']) {
      expect(isValidPhone(v), v).toBe(false);
    }
  });

  it('accepts foreign numbers with a country code (+ or 00), up to 15 digits', () => {
    for (const v of ['+46 70 123 45 67', '+4670123456', '0046701234567', '+49 30 1234567', '+1 415 555 2671', '+354 5512345', '+123456789012345']) {
      expect(isValidPhone(v), v).toBe(true);
    }
  });

  it('refuses other characters, too short or too long foreign numbers, and empty input', () => {
    for (const v of ['', '   ', 'abc', '+46 1234', '+1234567890123456', '+0 123456789', '(+45) 20304050', '20.30.40.50', '+45 2030 405a', '++4520304050']) {
      expect(isValidPhone(v), v).toBe(false);
    }
  });
});

describe('normalizePhone', () => {
  it('stores Danish numbers as 8 digits', () => {
    expect(normalizePhone('0045 20 30 40 50')).toBe('20304050');
    expect(normalizePhone('+45 20-30-40-50')).toBe('20304050');
    expect(normalizePhone('20304050')).toBe('20304050');
  });
  it('stores foreign numbers as +CC…', () => {
    expect(normalizePhone('0046701234567')).toBe('+46701234567');
    expect(normalizePhone('+46 70 123 45 67')).toBe('+46701234567');
  });
  it('returns null for invalid numbers', () => {
    expect(normalizePhone('12345678')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('shows Danish numbers as 12 34 56 78', () => {
    expect(formatPhone('+4520304050')).toBe('20 30 40 50');
    expect(formatPhone('20304050')).toBe('20 30 40 50');
  });
  it('shows foreign numbers normalised and leaves invalid input as typed', () => {
    expect(formatPhone('0046 70 123 45 67')).toBe('+46701234567');
    expect(formatPhone('123')).toBe('123');
  });
});
