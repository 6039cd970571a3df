import type { z } from 'zod/mini';
import type { priceFormattingSchema } from '../schemas/widget';

export type PriceFormatting = z.infer<typeof priceFormattingSchema>;

/** SPEC §9: Danish widget price default – 2 decimals, comma decimal separator, no-break-space thousands. */
export const DANISH_WIDGET_PRICE_FORMATTING: Readonly<PriceFormatting> = Object.freeze({
  places_after_comma: 2,
  decimal_places_delimiter: ',',
  thousands_delimiter: '\u00A0',
  pre_text: '',
  post_text: '',
});

/** SPEC §9: the generic widget text default – '.' decimal, ',' thousands, no prefix or suffix. */
export const GENERIC_WIDGET_PRICE_FORMATTING: Readonly<PriceFormatting> = Object.freeze({
  places_after_comma: 2,
  decimal_places_delimiter: '.',
  thousands_delimiter: ',',
  pre_text: '',
  post_text: '',
});

const MAX_DECIMALS = 20;

/**
 * The fields of `fmt` that break `priceFormattingSchema` (empty when it is valid). Checked by hand
 * so that formatting a price needs no zod on the shop's first load (docs/decisions/006);
 * price.test.ts checks it agrees with the schema on generated settings.
 */
export function priceFormattingIssues(fmt: Record<string, unknown>): string[] {
  const issues: string[] = [];
  const places = fmt.places_after_comma;
  if (places !== 'auto' && !(typeof places === 'number' && Number.isInteger(places) && places >= 0)) issues.push('places_after_comma');
  for (const field of ['decimal_places_delimiter', 'thousands_delimiter', 'pre_text', 'post_text'] as const) if (typeof fmt[field] !== 'string') issues.push(field);
  return issues;
}
// Plain decimal notation with optional sign and exponent; no hex, no 'Infinity', no '1,5'.
const NUMERIC_STRING_RE = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

export interface FormattedPrice {
  text: string;
  /** Set when the input was suspicious (a numeric string) or rejected; for the console, not the shopper. */
  warning?: string;
}

/** Multiplies by 10^exp through the decimal string, so 1.005 shifted by 2 is exactly 100.5. */
function shift(value: number, exp: number): number {
  const [mantissa, e = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(e) + exp}`);
}

/** Round half away from zero on the decimal value as written (1.005 → 1.01, where toFixed gives 1.00). */
function roundTo(abs: number, decimals: number): number {
  return shift(Math.round(shift(abs, decimals)), -decimals);
}

function digits(abs: number, decimals: number): { int: string; frac: string } {
  if (abs >= 1e21) {
    // toFixed switches to exponent notation here; every double this large is an integer.
    return { int: BigInt(abs).toString(), frac: '0'.repeat(decimals) };
  }
  const [int = '0', frac = ''] = abs.toFixed(decimals).split('.');
  return { int, frac };
}

/**
 * SPEC §5 widget price formatting. Falsy input (0, '', null, undefined, NaN) gives ''. A numeric
 * string is parsed and formatted, with a warning; any other string or non-number is rejected ('').
 * 'auto' decimals is 2 if the price has a fractional part, else 0. `formatting` is merged over the
 * Danish widget default; invalid settings fall back to the default with a warning.
 * A negative sign goes before pre_text ('-kr 5,00'); a value that rounds to zero has no sign.
 */
export function formatPrice(price: unknown, formatting: Partial<PriceFormatting> = {}): FormattedPrice {
  if (!price) return { text: '' };
  const warnings: string[] = [];
  let value: number;
  if (typeof price === 'number') {
    value = price;
  } else if (typeof price === 'string') {
    if (!NUMERIC_STRING_RE.test(price)) return { text: '', warning: `price ${JSON.stringify(price)} is not a number` };
    value = Number(price);
    warnings.push(`price ${JSON.stringify(price)} is a string; parsed as ${value}`);
  } else {
    return { text: '', warning: `price must be a number, got ${typeof price}` };
  }
  if (!Number.isFinite(value)) return { text: '', warning: `price ${String(value)} is not finite` };

  let fmt: PriceFormatting = { ...DANISH_WIDGET_PRICE_FORMATTING, ...formatting };
  const issues = priceFormattingIssues(fmt);
  if (issues.length) {
    warnings.push(`invalid price formatting (${issues.join(', ')}); using the default`);
    fmt = { ...DANISH_WIDGET_PRICE_FORMATTING };
  }
  let decimals = fmt.places_after_comma === 'auto' ? (Number.isInteger(value) ? 0 : 2) : fmt.places_after_comma;
  if (decimals > MAX_DECIMALS) {
    warnings.push(`places_after_comma ${decimals} capped at ${MAX_DECIMALS}`);
    decimals = MAX_DECIMALS;
  }

  const rounded = roundTo(Math.abs(value), decimals);
  const { int, frac } = digits(rounded, decimals);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, fmt.thousands_delimiter);
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  const text = sign + fmt.pre_text + grouped + (decimals > 0 ? fmt.decimal_places_delimiter + frac : '') + fmt.post_text;
  return warnings.length ? { text, warning: warnings.join('; ') } : { text };
}

/** formatPrice for callers that only want the text and pass warnings to their logger. */
export function formatPriceText(price: unknown, formatting: Partial<PriceFormatting> = {}, onWarning?: (warning: string) => void): string {
  const { text, warning } = formatPrice(price, formatting);
  if (warning !== undefined) onWarning?.(warning);
  return text;
}
