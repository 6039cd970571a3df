import { da } from '../messages/da';
import { isValidEan13 } from './cvr';

/**
 * EAN/GLN location numbers for electronic invoices (DOMAIN.md: public-sector company customers
 * are invoiced through OIOUBL/Peppol and addressed by a 13-digit EAN/GLN, GS1 mod-10 check).
 * DOMAIN.md asks for 13 digits and the check digit only, so no number prefix is required: Danish
 * public bodies use 5798…, but private companies receive e-invoices on other GS1 prefixes too.
 * The check digit itself lives next to the CVR check (`isValidEan13` in cvr.ts).
 */
export type EanResult = { ok: true; digits: string } | { ok: false; error: 'required' | 'format' | 'checksum'; message: string };

export const eanMessages = {
  required: da.validation.required,
  format: 'EAN-nummeret skal have 13 cifre.',
  checksum: 'EAN-nummeret er ikke gyldigt. Kontrollér cifrene (det sidste er et kontrolciffer).',
} as const;

/** Accepts spaces and hyphens between the digits, as the number is often printed in groups. */
export function parseEan(input: string): EanResult {
  const v = input.replace(/[\s\-\u2010\u2011\u2013]/g, '');
  if (!v) return { ok: false, error: 'required', message: eanMessages.required };
  if (!/^\d{13}$/.test(v)) return { ok: false, error: 'format', message: eanMessages.format };
  if (!isValidEan13(v)) return { ok: false, error: 'checksum', message: eanMessages.checksum };
  return { ok: true, digits: v };
}

/** `5798000187658` → `5798 0001 8765 8`, the grouping used on invoices. */
export function formatEan(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
