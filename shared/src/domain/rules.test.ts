import { describe, expect, it } from 'vitest';
import { parseOrgNumber, isValidEan13 } from './cvr';
import { isValidDiscountCodeFormat, normalizeDiscountCode } from './discount-code';
import { isValidEmail } from './email';
import { isValidName } from './names';
import { isValidPassword, passwordsMatch } from './password';
import { formatPhone, isValidPhone, normalizePhone } from './phone';
import { lookupPostcode, POSTCODE_COUNT, validatePostcode } from './postcode';

describe('organisation number (CVR)', () => {
  it('accepts 13748136 with or without hyphens, spaces and DK', () => {
    for (const v of ['13748136', '13-74-81-36', 'DK 13 74 81 36', 'dk13748136']) {
      expect(parseOrgNumber(v)).toEqual({ ok: true, digits: '13748136', formatted: '13-74-81-36' });
    }
  });
  it('refuses a bad check sum, wrong length and empty input', () => {
    expect(parseOrgNumber('13585627')).toMatchObject({ ok: false, error: 'checksum' });
    expect(parseOrgNumber('1374813')).toMatchObject({ ok: false, error: 'format' });
    expect(parseOrgNumber(' ')).toMatchObject({ ok: false, error: 'required' });
  });
  it('checks EAN/GLN numbers with GS1 mod 10', () => {
    expect(isValidEan13('5790000000012')).toBe(true);
    expect(isValidEan13('5790000000013')).toBe(false);
    expect(isValidEan13('5798000000007')).toBe(false);
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('400638133393')).toBe(false);
  });
});

describe('postcodes', () => {
  it('ships the whole PostNord list', () => {
    expect(POSTCODE_COUNT).toBe(1121);
    expect(lookupPostcode('8000')?.city).toBe('Aarhus C');
  });
  it('fills the city for a deliverable postcode', () => {
    expect(validatePostcode(' 2100 ')).toEqual({ ok: true, postcode: '2100', city: 'København Ø', region: 'Region Hovedstaden' });
  });
  it('refuses unknown, malformed and undeliverable codes', () => {
    expect(validatePostcode('1001')).toMatchObject({ ok: false, error: 'unknown' });
    expect(validatePostcode('12a4')).toMatchObject({ ok: false, error: 'format' });
    expect(validatePostcode('')).toMatchObject({ ok: false, error: 'required' });
    expect(validatePostcode('0800')).toMatchObject({ ok: false, error: 'not-deliverable' });
    expect(validatePostcode('3900')).toMatchObject({ ok: false, error: 'not-deliverable' });
    expect(validatePostcode('FO-100')).toMatchObject({ ok: false, error: 'not-deliverable' });
  });
});

describe('contact fields', () => {
  it('phone: Danish 8 digits starting 2–9 with optional +45/0045 and spaces; foreign with country code', () => {
    for (const v of ['20304050', '+45 20 30 40 50', '0045 20304050', '99 88 77 66']) expect(isValidPhone(v)).toBe(true);
    for (const v of ['10304050', '2030405', 'abc', '+45 1234', '']) expect(isValidPhone(v)).toBe(false);
    expect(isValidPhone('+46 70 123 45 67')).toBe(true);
    expect(normalizePhone('0045 20 30 40 50')).toBe('20304050');
    expect(normalizePhone('0046701234567')).toBe('+46701234567');
    expect(formatPhone('+4520304050')).toBe('20 30 40 50');
  });
  it('e-mail needs @ and a domain', () => {
    expect(isValidEmail('mette@example.dk')).toBe(true);
    for (const v of ['mette', 'mette@', 'mette@example', '@example.dk', 'me tte@example.dk']) expect(isValidEmail(v)).toBe(false);
  });
  it('names: letters (any script) and digits, joined by space, hyphen or apostrophe', () => {
    for (const v of ['Søren', 'Ågård', 'Anne-Marie', "O'Neill", 'Lund Hansen', 'Zoë', 'Frederik 2']) expect(isValidName(v)).toBe(true);
    for (const v of ['A$', '', '   ', 'Hans!', '-Anne']) expect(isValidName(v)).toBe(false);
  });
  it('password: at least 8 characters and a matching repeat', () => {
    expect(isValidPassword('1234567')).toBe(false);
    expect(isValidPassword('12345678')).toBe(true);
    expect(passwordsMatch('abcdefgh', 'abcdefgh')).toBe(true);
    expect(passwordsMatch('abcdefgh', 'abcdefgi')).toBe(false);
  });
  it('discount codes: 4–20 of A–Z, digits and inner hyphens, case-insensitive', () => {
    expect(normalizeDiscountCode(' sommer25 ')).toBe('SOMMER25');
    expect(isValidDiscountCodeFormat('sommer-25')).toBe(true);
    for (const v of ['AB', 'ÆBLE10', '-SOMMER', 'SOMMER 25', 'A'.repeat(21)]) expect(isValidDiscountCodeFormat(v)).toBe(false);
  });
});

describe('Danish text folding', () => {
  it('spells out æ ø å, drops accents and makes slugs', async () => {
    const { foldDanish, slugify } = await import('./text');
    expect(foldDanish('Øjenpleje Æble Århus Café')).toBe('oejenpleje aeble aarhus cafe');
    expect(slugify('Ørgreen Kimi – sort/guld')).toBe('oergreen-kimi-sort-guld');
    expect(slugify('  Face à Face  ')).toBe('face-a-face');
  });
});
