import { da } from '../messages/da';

/** Organisation (CVR) numbers: 8 digits, weights 2,7,6,5,4,3,2,1, sum divisible by 11 (DOMAIN.md). */
export type OrgNumberResult =
  | { ok: true; digits: string; formatted: string }
  | { ok: false; error: 'required' | 'format' | 'checksum'; message: string };

export const orgNumberMessages = {
  required: da.validation.required,
  format: 'Organisationsnummeret skal have 8 cifre (NN-NN-NN-NN).',
  checksum: 'Organisationsnummeret er ikke gyldigt. Kontrollér cifrene.',
} as const;

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];

export function parseOrgNumber(input: string): OrgNumberResult {
  const v = input.trim().toUpperCase().replace(/^DK/, '').replace(/[\s-]/g, '');
  if (!v) return { ok: false, error: 'required', message: orgNumberMessages.required };
  if (!/^\d{8}$/.test(v)) return { ok: false, error: 'format', message: orgNumberMessages.format };
  const sum = [...v].reduce((s, c, i) => s + Number(c) * WEIGHTS[i]!, 0);
  if (sum % 11 !== 0) return { ok: false, error: 'checksum', message: orgNumberMessages.checksum };
  return { ok: true, digits: v, formatted: v.replace(/(\d{2})(?=\d)/g, '$1-') };
}

/** EAN/GLN (13 digits, GS1 mod-10) addressing public-sector e-invoices (DOMAIN.md). */
export function isValidEan13(input: string): boolean {
  const v = input.replace(/\s/g, '');
  if (!/^\d{13}$/.test(v)) return false;
  const sum = [...v.slice(0, 12)].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(v[12]);
}
