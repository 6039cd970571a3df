import { da } from '../messages/da';

/**
 * CPR numbers (DOMAIN.md). A bad format or an impossible date is an error; a failed
 * modulus-11 check is only a warning staff can confirm, because numbers without a valid
 * check digit have been issued since 1 October 2007. Gender is never derived.
 */
export type CprResult =
  | { ok: false; error: 'required' | 'format' | 'date'; message: string }
  | { ok: true; normalized: string; birthDate: string; checkDigitValid: boolean | null; warning: string | null };

export const cprMessages = {
  required: da.validation.required,
  format: 'CPR-nummeret skal skrives som DDMMÅÅ-XXXX.',
  birthDateFormat: 'Fødselsdatoen skal skrives som DDMMÅÅ.',
  date: 'CPR-nummeret indeholder en dato, der ikke findes.',
  checkDigit: 'CPR-nummeret består ikke kontrollen af sidste ciffer. Kontrollér nummeret — er det korrekt, kan du bekræfte det og fortsætte.',
} as const;

const WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2, 1];

/** DOMAIN.md century table: the 7th digit and the two-digit year give the century. */
export function cprCentury(yy: number, seventh: number): number {
  if (seventh <= 3) return 1900;
  if (seventh === 4 || seventh === 9) return yy <= 36 ? 2000 : 1900;
  return yy <= 57 ? 2000 : 1800;
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  return d <= days;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function isCprCheckDigitValid(digits: string): boolean {
  const sum = [...digits].reduce((s, c, i) => s + Number(c) * WEIGHTS[i]!, 0);
  return sum % 11 === 0;
}

export function parseCpr(input: string, opts: { allowBirthDateOnly?: boolean } = {}): CprResult {
  const v = input.trim().replace(/\s+/g, '');
  if (!v) return { ok: false, error: 'required', message: cprMessages.required };
  const full = /^(\d{2})(\d{2})(\d{2})-?(\d{4})$/.exec(v);
  const dateOnly = opts.allowBirthDateOnly ? /^(\d{2})(\d{2})(\d{2})$/.exec(v) : null;
  const m = full ?? dateOnly;
  if (!m) return { ok: false, error: 'format', message: opts.allowBirthDateOnly ? cprMessages.birthDateFormat : cprMessages.format };
  const [dd, mm, yy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const serial = full ? m[4]! : null;
  // A birth date alone carries no century digit: take the most recent century that is not in the future.
  const year = serial ? cprCentury(yy, Number(serial[0])) + yy : yy + (yy <= new Date().getFullYear() % 100 ? 2000 : 1900);
  if (!isRealDate(year, mm, dd)) return { ok: false, error: 'date', message: cprMessages.date };
  const birthDate = `${year}-${pad(mm)}-${pad(dd)}`;
  if (!serial) return { ok: true, normalized: `${m[1]}${m[2]}${m[3]}`, birthDate, checkDigitValid: null, warning: null };
  const checkDigitValid = isCprCheckDigitValid(`${m[1]}${m[2]}${m[3]}${serial}`);
  return {
    ok: true,
    normalized: `${m[1]}${m[2]}${m[3]}-${serial}`,
    birthDate,
    checkDigitValid,
    warning: checkDigitValid ? null : cprMessages.checkDigit,
  };
}

/** Shown everywhere except to the staff member typing it: DDMMYY-XXXX. */
export function maskCpr(value: string): string {
  const m = /^(\d{6})-?\d{4}$/.exec(value.trim());
  return m ? `${m[1]}-XXXX` : 'XXXXXX-XXXX';
}
