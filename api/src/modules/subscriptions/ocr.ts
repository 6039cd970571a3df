import { isLuhnValid } from '@optik/shared';
import { nextNumber } from '../../storage/counter';
import type { Storage } from '../../storage/port';

/**
 * OCR numbers of subscription invoices, as on a Danish FI card type 71 ("+71<…>+"): 15 digits,
 * the last a modulus-10 check digit (Luhn: from the right, every second digit doubled, digits of
 * the products summed; the check digit makes the total divisible by 10), so a mistyped digit or
 * two swapped neighbours are caught when the customer pays in the bank.
 *
 * The 14-digit payload is `1` (a lens-subscription delivery) followed by a 13-digit running
 * number from the storage counter, so two invoices never share a number.
 */
export const OCR_LENGTH = 15;
const KIND_LENS_DELIVERY = '1';

/** The Luhn check digit that completes `payload` (digits only). */
export function luhnCheckDigit(payload: string): string {
  if (!/^\d+$/.test(payload)) throw new RangeError('OCR payload must be digits');
  for (let d = 0; d <= 9; d++) if (isLuhnValid(`${payload}${d}`)) return String(d);
  // Unreachable: exactly one digit 0–9 completes any payload.
  throw new Error('no Luhn check digit');
}

export function isValidOcr(ocr: string): boolean {
  return ocr.length === OCR_LENGTH && isLuhnValid(ocr);
}

export async function nextOcrNumber(storage: Storage): Promise<string> {
  const n = await nextNumber(storage, 'ocr-lens-subscription', 1);
  const payload = `${KIND_LENS_DELIVERY}${String(n).padStart(OCR_LENGTH - 2, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}
