import postcodeFile from './data/dk-postcodes.json';
import { da } from '../messages/da';

/** The PostNord list of Danish postcodes (DOMAIN.md), shipped as data in this package. */
export interface PostcodeInfo {
  postcode: string;
  city: string;
  region: string;
  municipalities: string[];
}

export const POSTCODE_COUNT: number = postcodeFile.postcodes.length;

let index: Map<string, PostcodeInfo> | null = null;
function byCode(): Map<string, PostcodeInfo> {
  index ??= new Map(postcodeFile.postcodes.map((p) => [p.postcode, p]));
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
 * 0xxx are bulk-recipient codes; 39xx (Greenland) and FO-xxx (Faroes) are outside the
 * Danish VAT area — none of them can receive a parcel from this shop (DOMAIN.md).
 */
export function validatePostcode(input: string): PostcodeResult {
  const code = input.trim().toUpperCase();
  if (!code) return { ok: false, error: 'required', message: da.validation.required };
  if (/^FO-?\d{3}$/.test(code) || /^39\d{2}$/.test(code)) return { ok: false, error: 'not-deliverable', message: da.validation.zipNotDeliverable };
  if (!/^\d{4}$/.test(code)) return { ok: false, error: 'format', message: da.validation.zip };
  if (code.startsWith('0')) return { ok: false, error: 'not-deliverable', message: da.validation.zipNotDeliverable };
  const info = lookupPostcode(code);
  if (!info) return { ok: false, error: 'unknown', message: da.validation.zip };
  return { ok: true, postcode: code, city: info.city, region: info.region };
}
