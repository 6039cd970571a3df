import { describe, expect, it } from 'vitest';
import { da } from '../messages/da';
import file from './data/dk-postcodes.json';
import { lookupPostcode, POSTCODE_COUNT, validatePostcode } from './postcode';

describe('shipped PostNord list', () => {
  it('has all 1,121 postcodes, each 4 digits and unique', () => {
    expect(POSTCODE_COUNT).toBe(1121);
    expect(file.postcodes).toHaveLength(1121);
    const codes = file.postcodes.map((p) => p.postcode);
    expect(new Set(codes).size).toBe(1121);
    expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true);
  });

  it('keeps only the fields used, with a city, a region and at least one municipality', () => {
    for (const p of file.postcodes) {
      expect(Object.keys(p).sort()).toEqual(['city', 'municipalities', 'postcode', 'region']);
      expect(p.city.length).toBeGreaterThan(0);
      expect(p.region).toMatch(/^Region (Hovedstaden|Sjælland|Syddanmark|Midtjylland|Nordjylland)$/);
      expect(p.municipalities.length).toBeGreaterThan(0);
    }
  });

  it('holds bulk-recipient 0xxx codes but no Greenland 39xx or Faroese codes', () => {
    const codes = file.postcodes.map((p) => p.postcode);
    expect(codes.filter((c) => c.startsWith('0'))).toHaveLength(10);
    expect(codes.filter((c) => c.startsWith('39'))).toEqual([]);
  });
});

describe('lookupPostcode', () => {
  it('finds city, region and municipalities', () => {
    expect(lookupPostcode('8000')).toEqual({ postcode: '8000', city: 'Aarhus C', region: 'Region Midtjylland', municipalities: ['Aarhus Kommune'] });
    expect(lookupPostcode('2100')?.city).toBe('København Ø');
    expect(lookupPostcode('3760')?.municipalities).toEqual(['Bornholm Kommune', 'Christiansø']);
    expect(lookupPostcode(' 9990 ')?.city).toBe('Skagen');
  });

  it('returns undefined for codes not in the list', () => {
    expect(lookupPostcode('9999')).toBeUndefined();
    expect(lookupPostcode('1001')).toBeUndefined();
    expect(lookupPostcode('')).toBeUndefined();
    expect(lookupPostcode('toString')).toBeUndefined();
  });

  it('returns the same frozen object each time (one index, built once)', () => {
    const a = lookupPostcode('5000');
    expect(lookupPostcode('5000')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
  });
});

describe('validatePostcode', () => {
  it('fills the city for a deliverable postcode', () => {
    expect(validatePostcode(' 2100 ')).toEqual({ ok: true, postcode: '2100', city: 'København Ø', region: 'Region Hovedstaden' });
    expect(validatePostcode('5000')).toMatchObject({ ok: true, city: 'Odense C', region: 'Region Syddanmark' });
    expect(validatePostcode('3700')).toMatchObject({ ok: true, city: 'Rønne' });
  });

  it('accepts a DK- prefix', () => {
    expect(validatePostcode('DK-8000')).toMatchObject({ ok: true, postcode: '8000', city: 'Aarhus C' });
    expect(validatePostcode('dk 8000')).toMatchObject({ ok: true, postcode: '8000' });
  });

  it('refuses empty input as required', () => {
    expect(validatePostcode('')).toEqual({ ok: false, error: 'required', message: da.validation.required });
    expect(validatePostcode('  ')).toMatchObject({ ok: false, error: 'required' });
  });

  it('refuses malformed input', () => {
    for (const v of ['12a4', '210', '21000', 'abcd', 'DK-210', '2100 København']) {
      expect(validatePostcode(v), v).toEqual({ ok: false, error: 'format', message: da.validation.zip });
    }
  });

  it('refuses a well-formed code that does not exist', () => {
    expect(validatePostcode('1001')).toEqual({ ok: false, error: 'unknown', message: da.validation.zip });
    expect(validatePostcode('9999')).toMatchObject({ ok: false, error: 'unknown' });
  });

  it('refuses bulk-recipient, Greenland and Faroese codes as not deliverable', () => {
    const notDeliverable = { ok: false, error: 'not-deliverable', message: da.validation.zipNotDeliverable };
    // 0800 and 0900 are in the PostNord list; 0000 is not, but 0xxx is never deliverable.
    for (const v of ['0800', '0900', '0999', '0000', '3900', '3911', '3992', 'FO-100', 'fo-100', 'FO100', 'FO 927']) {
      expect(validatePostcode(v), v).toEqual(notDeliverable);
    }
  });
});
