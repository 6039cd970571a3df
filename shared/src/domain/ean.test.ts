import { describe, expect, it } from 'vitest';
import { eanMessages, formatEan, parseEan } from './ean';

describe('parseEan (EAN/GLN-13 for e-invoices, DOMAIN.md)', () => {
  it('accepts a valid number with or without spaces and hyphens', () => {
    for (const v of ['5798000187658', '5798 0001 8765 8', '5798-0001-8765-8', ' 5798000187658 ']) {
      expect(parseEan(v), v).toEqual({ ok: true, digits: '5798000187658' });
    }
  });

  it('accepts valid numbers outside the Danish public prefix (DOMAIN.md asks only for the GS1 check)', () => {
    expect(parseEan('4006381333931')).toEqual({ ok: true, digits: '4006381333931' });
  });

  it('refuses a wrong check digit and a swap of two neighbouring digits', () => {
    expect(parseEan('5798000187659')).toEqual({ ok: false, error: 'checksum', message: eanMessages.checksum });
    expect(parseEan('5798000178658')).toMatchObject({ ok: false, error: 'checksum' });
  });

  it('refuses wrong lengths and letters as format errors', () => {
    for (const v of ['579800018765', '57980001876580', '579800018765A', '5798.0001.8765.8']) {
      expect(parseEan(v), v).toEqual({ ok: false, error: 'format', message: eanMessages.format });
    }
  });

  it('refuses empty input as required', () => {
    expect(parseEan('')).toEqual({ ok: false, error: 'required', message: 'Skal udfyldes.' });
    expect(parseEan('  ')).toMatchObject({ ok: false, error: 'required' });
  });

  it('groups the digits by four for display', () => {
    expect(formatEan('5798000187658')).toBe('5798 0001 8765 8');
  });
});
