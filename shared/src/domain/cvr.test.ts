import { describe, expect, it } from 'vitest';
import { formatOrgNumber, isValidEan13, orgNumberMessages, parseOrgNumber } from './cvr';

describe('parseOrgNumber (CVR, DOMAIN.md)', () => {
  it('accepts 13748136 with or without hyphens, spaces and a DK prefix', () => {
    for (const v of ['13748136', '13-74-81-36', 'DK 13 74 81 36', 'dk13748136', 'DK-13748136', ' 1374 8136 ', '13–74–81–36', '13.74.81.36', '13/74/81/36', '13‑74‑81‑36']) {
      expect(parseOrgNumber(v), v).toEqual({ ok: true, digits: '13748136', formatted: '13-74-81-36' });
    }
  });

  it('refuses 13585627: weighted sum not divisible by 11', () => {
    expect(parseOrgNumber('13585627')).toEqual({ ok: false, error: 'checksum', message: orgNumberMessages.checksum });
  });

  it('catches a single changed digit and a swap of neighbouring digits', () => {
    expect(parseOrgNumber('13748137')).toMatchObject({ ok: false, error: 'checksum' });
    expect(parseOrgNumber('31748136')).toMatchObject({ ok: false, error: 'checksum' });
  });

  it('refuses 00000000 although its weighted sum is 0', () => {
    expect(parseOrgNumber('00000000')).toMatchObject({ ok: false, error: 'checksum' });
  });

  it('refuses wrong lengths and letters as format errors', () => {
    for (const v of ['1374813', '137481360', '1374813A', 'DKDK13748136', '13:74:81:36', 'SE13748136']) {
      expect(parseOrgNumber(v), v).toEqual({ ok: false, error: 'format', message: orgNumberMessages.format });
    }
  });

  it('refuses empty input as required', () => {
    expect(parseOrgNumber('')).toEqual({ ok: false, error: 'required', message: 'Skal udfyldes.' });
    expect(parseOrgNumber(' ')).toMatchObject({ ok: false, error: 'required' });
    expect(parseOrgNumber('DK')).toMatchObject({ ok: false, error: 'required' });
  });

  it('formats as NN-NN-NN-NN', () => {
    expect(formatOrgNumber('13748136')).toBe('13-74-81-36');
  });
});

describe('isValidEan13 (GS1 mod 10)', () => {
  it('accepts valid numbers', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('5790000000012')).toBe(true);
    // A Danish public-sector (5798…) number: 5+7·3+9+8·3 = 59 → check digit 1.
    expect(isValidEan13('5798000000001')).toBe(true);
    expect(isValidEan13('5798000000000')).toBe(false);
    expect(isValidEan13('5790 0000 0001 2')).toBe(true);
  });

  it('refuses a wrong check digit, wrong length and non-digits', () => {
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('5901234123458')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339310')).toBe(false);
    expect(isValidEan13('400638133393A')).toBe(false);
    expect(isValidEan13('')).toBe(false);
  });
});
