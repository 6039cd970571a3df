import { describe, expect, it } from 'vitest';
import { isCardExpired, isLuhnValid } from './card';

describe('isLuhnValid', () => {
  it('accepts real test card numbers and the simulator numbers', () => {
    for (const n of ['4111111111111111', '5555555555554444', '4000000000000002', '4000000000003220', '4000000000000119']) expect(isLuhnValid(n), n).toBe(true);
  });
  it('refuses a changed digit, non-digits and empty input', () => {
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });
});

describe('isCardExpired', () => {
  const today = new Date('2026-11-22T12:00:00Z');
  it('is valid through the end of its month', () => {
    expect(isCardExpired('11/26', today)).toBe(false);
    expect(isCardExpired('1226', today)).toBe(false);
    expect(isCardExpired('01/27', today)).toBe(false);
  });
  it('is expired before this month, and unreadable input counts as expired', () => {
    expect(isCardExpired('10/26', today)).toBe(true);
    expect(isCardExpired('12/25', today)).toBe(true);
    expect(isCardExpired('13-27', today)).toBe(true);
  });
});
