import { describe, expect, it } from 'vitest';
import { isValidPassword, PASSWORD_MIN_LENGTH, passwordsMatch } from './password';

describe('password rules (SPEC §5 / §9)', () => {
  it('needs at least 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(isValidPassword('')).toBe(false);
    expect(isValidPassword('1234567')).toBe(false);
    expect(isValidPassword('12345678')).toBe(true);
    expect(isValidPassword('en lang sætning med æøå')).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    // 7 characters, 8 UTF-16 units.
    expect(isValidPassword('abcdef😀')).toBe(false);
    expect(isValidPassword('abcdefg😀')).toBe(true);
  });

  it('does not trim: spaces count', () => {
    expect(isValidPassword('  abcd  ')).toBe(true);
  });

  it('requires the repeat to match exactly', () => {
    expect(passwordsMatch('abcdefgh', 'abcdefgh')).toBe(true);
    expect(passwordsMatch('abcdefgh', 'abcdefgi')).toBe(false);
    expect(passwordsMatch('abcdefgh', 'ABCDEFGH')).toBe(false);
    expect(passwordsMatch('abcdefgh', 'abcdefgh ')).toBe(false);
  });
});
