import { da } from '../messages/da';

/** Organisation (CVR) numbers: 8 digits, weights 2,7,6,5,4,3,2,1, sum divisible by 11 (DOMAIN.md). */
export type OrgNumberResult =
  | { ok: true; digits: string; formatted: string }
  | { ok: false; error: 'required' | 'format' | 'checksum'; message: string };

export const orgNumberMessages = {
  required: da.validation.required,
  ...da.validation.orgNumber,
} as const;

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** 'NN-NN-NN-NN', the form SPEC §5 shows in the company flow. */
export function formatOrgNumber(digits: string): string {
  return digits.replace(/(\d{2})(?=\d)/g, '$1-');
}

/** Accepts hyphens (any dash), dots, slashes, spaces and a `DK` prefix (the VAT-number form), DOMAIN.md. */
export function parseOrgNumber(input: string): OrgNumberResult {
  const v = input
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/^DK/, '')
    .replace(/[-\u2010-\u2015\u2212./]/g, '');
  if (!v) return { ok: false, error: 'required', message: orgNumberMessages.required };
  if (!/^\d{8}$/.test(v)) return { ok: false, error: 'format', message: orgNumberMessages.format };
  const sum = [...v].reduce((s, c, i) => s + Number(c) * WEIGHTS[i]!, 0);
  // CVR numbers are issued from 10000000 up; 00000000 would otherwise pass the checksum.
  if (sum % 11 !== 0 || v.startsWith('0')) return { ok: false, error: 'checksum', message: orgNumberMessages.checksum };
  return { ok: true, digits: v, formatted: formatOrgNumber(v) };
}

/** EAN/GLN (13 digits, GS1 mod-10) addressing public-sector e-invoices (DOMAIN.md). Spaces ignored. */
export function isValidEan13(input: string): boolean {
  const v = input.replace(/\s+/g, '');
  if (!/^\d{13}$/.test(v)) return false;
  // GS1: weights 1,3,1,3… from the left over the first 12 digits; check = (10 − sum mod 10) mod 10.
  const sum = [...v.slice(0, 12)].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(v[12]);
}
