import { describe, expect, it } from 'vitest';
import { isValidDiscountCodeFormat, normalizeDiscountCode } from './discount-code';

describe('discount codes', () => {
  it('normalises to trimmed upper case', () => {
    expect(normalizeDiscountCode(' sommer25 ')).toBe('SOMMER25');
    expect(normalizeDiscountCode('Sommer-25')).toBe('SOMMER-25');
  });

  it('accepts 4–20 letters A–Z, digits and hyphens, case-insensitively', () => {
    for (const v of ['ABCD', 'sommer-25', 'SoMmEr25', '2025', 'A-B-C', 'A'.repeat(20), ' vip10 ']) {
      expect(isValidDiscountCodeFormat(v), v).toBe(true);
    }
  });

  it('refuses codes that are too short or too long', () => {
    expect(isValidDiscountCodeFormat('ABC')).toBe(false);
    expect(isValidDiscountCodeFormat('A'.repeat(21))).toBe(false);
    expect(isValidDiscountCodeFormat('')).toBe(false);
  });

  it('refuses other characters, including Danish letters, spaces and a hyphen at either end', () => {
    for (const v of ['ÆBLE10', 'SØ10X', 'SOMMER 25', 'SOMMER_25', 'RABAT%', '-SOMMER', 'SOMMER-', 'ÉTÉ2025']) {
      expect(isValidDiscountCodeFormat(v), v).toBe(false);
    }
  });
});
