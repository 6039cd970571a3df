import { describe, expect, it, vi } from 'vitest';
import { priceFormattingSchema } from '../schemas/widget';
import { DANISH_WIDGET_PRICE_FORMATTING, GENERIC_WIDGET_PRICE_FORMATTING, formatPrice, formatPriceText, priceFormattingIssues } from './price';

const NBSP = '\u00A0';
const generic = GENERIC_WIDGET_PRICE_FORMATTING;

describe('formatPrice defaults (SPEC §9)', () => {
  it('Danish widget default: 2 decimals, comma, no-break-space thousands', () => {
    expect(DANISH_WIDGET_PRICE_FORMATTING).toEqual({ places_after_comma: 2, decimal_places_delimiter: ',', thousands_delimiter: NBSP, pre_text: '', post_text: '' });
    expect(formatPrice(1234.5)).toEqual({ text: `1${NBSP}234,50` });
    expect(formatPrice(1234567.891).text).toBe(`1${NBSP}234${NBSP}567,89`);
    expect(formatPrice(999).text).toBe('999,00');
  });

  it('generic widget text default: point decimal, comma thousands, no prefix or suffix', () => {
    expect(formatPrice(1234.5, generic).text).toBe('1,234.50');
    expect(formatPrice(1000000, generic).text).toBe('1,000,000.00');
  });

  it('pre and post text and partial overrides', () => {
    expect(formatPrice(499, { post_text: ' kr.' }).text).toBe('499,00 kr.');
    expect(formatPrice(1499.95, { ...generic, pre_text: '€', thousands_delimiter: '' }).text).toBe('€1499.95');
    expect(formatPrice(12, { places_after_comma: 0 }).text).toBe('12');
    expect(formatPrice(12.3456, { places_after_comma: 3 }).text).toBe('12,346');
  });
});

describe('formatPrice input rules (SPEC §5)', () => {
  it('falsy gives empty text without a warning', () => {
    for (const v of [0, -0, '', null, undefined, NaN, false]) expect(formatPrice(v), String(v)).toEqual({ text: '' });
  });

  it('a non-numeric string is rejected with a warning', () => {
    for (const v of ['abc', '12,50', '0x10', 'Infinity', '1 000', '12kr', '.', '-']) {
      const r = formatPrice(v);
      expect(r.text, v).toBe('');
      expect(r.warning, v).toMatch(/not a number/);
    }
  });

  it('a numeric string is parsed and formatted with a warning', () => {
    const r = formatPrice('1234.5');
    expect(r.text).toBe(`1${NBSP}234,50`);
    expect(r.warning).toMatch(/string/);
    expect(formatPrice(' -12 ').text).toBe('-12,00');
    expect(formatPrice('1e3').text).toBe(`1${NBSP}000,00`);
    expect(formatPrice('0').text).toBe('0,00'); // '0' is not falsy
  });

  it('rejects other types and non-finite numbers', () => {
    for (const v of [Infinity, -Infinity, true, {}, [5], 5n]) {
      const r = formatPrice(v);
      expect(r.text).toBe('');
      expect(r.warning).toBeDefined();
    }
  });
});

describe("'auto' decimals", () => {
  it('2 if fractional, else 0', () => {
    expect(formatPrice(1299, { places_after_comma: 'auto' }).text).toBe(`1${NBSP}299`);
    expect(formatPrice(1299.5, { places_after_comma: 'auto' }).text).toBe(`1${NBSP}299,50`);
    expect(formatPrice(0.1, { places_after_comma: 'auto' }).text).toBe('0,10');
    expect(formatPrice('10', { places_after_comma: 'auto' }).text).toBe('10');
  });
});

describe('negatives and rounding', () => {
  it('negative prices keep their sign before the prefix', () => {
    expect(formatPrice(-1234.567).text).toBe(`-1${NBSP}234,57`);
    expect(formatPrice(-5, { pre_text: 'kr ' }).text).toBe('-kr 5,00');
  });

  it('rounds half away from zero on the written decimal', () => {
    expect(formatPrice(1.005).text).toBe('1,01');
    expect(formatPrice(2.675).text).toBe('2,68');
    expect(formatPrice(-1.005).text).toBe('-1,01');
    expect(formatPrice(1.004).text).toBe('1,00');
    expect(formatPrice(999.995).text).toBe(`1${NBSP}000,00`);
    expect(formatPrice(0.5, { places_after_comma: 0 }).text).toBe('1');
    expect(formatPrice(-0.5, { places_after_comma: 0 }).text).toBe('-1');
    expect(formatPrice(1.45, { places_after_comma: 1 }).text).toBe('1,5');
  });

  it('a value that rounds to zero has no minus sign', () => {
    expect(formatPrice(-0.004).text).toBe('0,00');
  });

  it('tiny and huge values', () => {
    expect(formatPrice(1e-7).text).toBe('0,00');
    expect(formatPrice(1e21, generic).text).toBe('1,000,000,000,000,000,000,000.00');
    expect(formatPrice(123456789.125).text).toBe(`123${NBSP}456${NBSP}789,13`);
  });
});

describe('invalid formatting', () => {
  it('falls back to the Danish default with a warning', () => {
    const r = formatPrice(5, { places_after_comma: -1 });
    expect(r.text).toBe('5,00');
    expect(r.warning).toMatch(/places_after_comma/);
  });

  it('caps absurd decimal counts', () => {
    const r = formatPrice(1, { places_after_comma: 50 });
    expect(r.text).toBe('1,' + '0'.repeat(20));
    expect(r.warning).toMatch(/capped/);
  });
});

describe('formatPriceText', () => {
  it('returns the text and reports warnings through the callback', () => {
    const onWarning = vi.fn();
    expect(formatPriceText('12', {}, onWarning)).toBe('12,00');
    expect(onWarning).toHaveBeenCalledOnce();
    expect(formatPriceText(12, {}, onWarning)).toBe('12,00');
    expect(onWarning).toHaveBeenCalledOnce();
    expect(formatPriceText('x')).toBe('');
  });
});

describe('priceFormattingIssues agrees with priceFormattingSchema', () => {
  it('on generated settings: valid exactly when the schema accepts, naming the same fields', () => {
    const values: unknown[] = [0, 1, 2, 20, 2.5, -1, NaN, Infinity, 'auto', 'Auto', '', ',', '\u00A0', 'kr. ', null, undefined, true, {}, [], 1e21];
    const fields = ['places_after_comma', 'decimal_places_delimiter', 'thousands_delimiter', 'pre_text', 'post_text'] as const;
    let checked = 0;
    for (let seed = 0; seed < 5000; seed++) {
      const fmt: Record<string, unknown> = {};
      let n = seed * 2654435761;
      for (const f of fields) {
        n = (n * 1103515245 + 12345) >>> 0;
        // Mostly valid values, so combinations with one or two bad fields are common.
        const pick = n % 3 === 0 ? values[n % values.length] : f === 'places_after_comma' ? [2, 'auto', 0][n % 3] : ['', ',', '.'][n % 3];
        if (pick !== undefined || n % 7 !== 0) fmt[f] = pick;
      }
      const parsed = priceFormattingSchema.safeParse(fmt);
      const issues = priceFormattingIssues(fmt);
      expect(issues.length === 0).toBe(parsed.success);
      if (!parsed.success) expect(issues.sort()).toEqual([...new Set(parsed.error.issues.map((i) => String(i.path[0])))].sort());
      checked++;
    }
    expect(checked).toBe(5000);
  });
});
