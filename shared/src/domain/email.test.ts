import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from './email';

describe('isValidEmail (SPEC §5: @ and a domain)', () => {
  it('accepts ordinary addresses, sub-domains, plus tags and Danish letters', () => {
    for (const v of ['mette@example.dk', 'mette.hansen+optik@mail.example.co.uk', 'søren@æble.dk', ' MIX@Example.DK ', 'a@b.io']) {
      expect(isValidEmail(v), v).toBe(true);
    }
  });

  it('refuses addresses without @, local part or a dotted domain', () => {
    for (const v of ['', 'mette', 'mette@', '@example.dk', 'mette@example', 'mette@@example.dk', 'mette@example.d', 'mette@example.']) {
      expect(isValidEmail(v), v).toBe(false);
    }
  });

  it('refuses spaces and empty domain labels', () => {
    for (const v of ['me tte@example.dk', 'mette@exa mple.dk', 'mette@.example.dk', 'mette@example..dk']) {
      expect(isValidEmail(v), v).toBe(false);
    }
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Mette@Example.DK ')).toBe('mette@example.dk');
    expect(normalizeEmail('SØREN@ÆBLE.DK')).toBe('søren@æble.dk');
  });
});
