import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal';

describe('parseDecimal', () => {
  it('reads a Danish decimal comma, a point, signs and the typographic minus', () => {
    expect(parseDecimal('-1,25')).toBe(-1.25);
    expect(parseDecimal('+2,5')).toBe(2.5);
    expect(parseDecimal(' 31.5 ')).toBe(31.5);
    expect(parseDecimal('\u22120,75')).toBe(-0.75);
    expect(parseDecimal('90')).toBe(90);
  });
  it('gives null for an empty field and NaN for text', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('  ')).toBeNull();
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('1,2,3')).toBeNaN();
  });
});
