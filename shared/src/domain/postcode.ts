import postcodeFile from './data/dk-postcodes.json';
import { da } from '../messages/da';

/**
 * The PostNord list of Danish postcodes (DOMAIN.md), shipped as data in this package and
 * slimmed to the fields used here (municipality codes dropped). JSON import so Vite bundles it.
 */
export interface PostcodeInfo {
  readonly postcode: string;
  readonly city: string;
  readonly region: string;
  readonly municipalities: readonly string[];
}

const entries: readonly PostcodeInfo[] = postcodeFile.postcodes;

export const POSTCODE_COUNT: number = entries.length;

// Built on first use so importing the package costs nothing until a postcode is looked up.
let index: Map<string, PostcodeInfo> | null = null;
function byCode(): Map<string, PostcodeInfo> {
  index ??= new Map(entries.map((p) => [p.postcode, Object.freeze(p)]));
  return index;
}

export function lookupPostcode(code: string): PostcodeInfo | undefined {
  return byCode().get(code.trim());
}

export type PostcodeResult =
  | { ok: true; postcode: string; city: string; region: string }
  | { ok: false; error: 'required' | 'format' | 'unknown' | 'not-deliverable'; message: string };

/**
 * Validates a postcode for delivery and fills the city ("postcode first" in the store flow).
 * 0xxx are bulk-recipient codes (the PostNord list has ten of them); 39xx Greenland and
 * FO-xxx the Faroes are outside the Danish VAT area and not in the list — none of them can
 * receive a parcel from this shop (DOMAIN.md). A `DK-` prefix, as on old envelopes, is accepted.
 */
export function validatePostcode(input: string): PostcodeResult {
  const code = input.replace(/\s+/g, '').toUpperCase();
  if (!code) return { ok: false, error: 'required', message: da.validation.required };
  if (/^FO-?\d{3}$/.test(code)) return { ok: false, error: 'not-deliverable', message: da.validation.zipNotDeliverable };
  const digits = code.replace(/^DK-?(?=\d{4}$)/, '');
  if (!/^\d{4}$/.test(digits)) return { ok: false, error: 'format', message: da.validation.zip };
  if (digits.startsWith('0') || digits.startsWith('39')) return { ok: false, error: 'not-deliverable', message: da.validation.zipNotDeliverable };
  const info = lookupPostcode(digits);
  if (!info) return { ok: false, error: 'unknown', message: da.validation.zip };
  return { ok: true, postcode: digits, city: info.city, region: info.region };
}
