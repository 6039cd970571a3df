import { da } from '../messages/da';
import { copenhagenIsoDate, isRealDate, toIsoDate } from './copenhagen-time';

/**
 * CPR numbers (DOMAIN.md). A bad format or an impossible date is an error; a failed
 * modulus-11 check is only a warning staff can confirm, because numbers without a valid
 * check digit have been issued since 1 October 2007. Gender is never derived.
 * CPR is confidential: never log the input or put it in a URL (DOMAIN.md).
 */
export type CprResult =
  | { ok: false; error: 'required' | 'format' | 'date'; message: string }
  | {
      ok: true;
      /** 'DDMMYY-SSSS', or 'DDMMYY' for a birth date entered alone. */
      normalized: string;
      /** 'YYYY-MM-DD' */
      birthDate: string;
      /** null for a birth date entered alone (no check digit to test). */
      checkDigitValid: boolean | null;
      warning: string | null;
    };

export interface ParseCprOptions {
  /** SPEC §5: where only a birth date is asked, DDMMYY alone is accepted. */
  allowBirthDateOnly?: boolean;
  /** The current moment (defaults to now); a birth date may not lie after it. */
  today?: Date;
}

export const cprMessages = {
  required: da.validation.required,
  ...da.validation.cpr,
} as const;

const WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2, 1] as const;

/** DOMAIN.md century table: the 7th digit and the two-digit year give the century. */
export function cprCentury(yy: number, seventh: number): number {
  if (seventh <= 3) return 1900;
  if (seventh === 4 || seventh === 9) return yy <= 36 ? 2000 : 1900;
  return yy <= 57 ? 2000 : 1800;
}

/** Modulus 11 with weights 4,3,2,7,6,5,4,3,2,1 over the ten digits (hyphen ignored). */
export function isCprCheckDigitValid(digits: string): boolean {
  const v = digits.replace('-', '');
  if (!/^\d{10}$/.test(v)) return false;
  const sum = [...v].reduce((s, c, i) => s + Number(c) * WEIGHTS[i]!, 0);
  return sum % 11 === 0;
}

// Hyphen-minus, or the dashes a word processor or phone keyboard substitutes for it.
const FULL = /^(\d{2})(\d{2})(\d{2})[-\u2010\u2011\u2013]?(\d{4})$/;
const DATE_ONLY = /^(\d{2})(\d{2})(\d{2})$/;

export function parseCpr(input: string, opts: ParseCprOptions = {}): CprResult {
  const v = input.replace(/\s+/g, '');
  if (!v) return { ok: false, error: 'required', message: cprMessages.required };
  const full = FULL.exec(v);
  const dateOnly = !full && opts.allowBirthDateOnly ? DATE_ONLY.exec(v) : null;
  const m = full ?? dateOnly;
  if (!m) return { ok: false, error: 'format', message: opts.allowBirthDateOnly ? cprMessages.birthDateFormat : cprMessages.format };
  const [dd, mm, yy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const serial = full ? full[4]! : null;
  const today = copenhagenIsoDate(opts.today ?? new Date());

  let year: number;
  if (serial) {
    year = cprCentury(yy, Number(serial[0])) + yy;
  } else {
    // A birth date alone carries no century digit: the most recent century that does not put
    // the birthday in the future.
    year = 2000 + yy;
    if (isRealDate(year, mm, dd) && toIsoDate({ year, month: mm, day: dd }) > today) year -= 100;
  }
  if (!isRealDate(year, mm, dd)) return { ok: false, error: 'date', message: cprMessages.date };
  const birthDate = toIsoDate({ year, month: mm, day: dd });
  // No one can be registered with a birthday that has not happened yet.
  if (birthDate > today) return { ok: false, error: 'date', message: cprMessages.dateInFuture };

  const ddmmyy = `${m[1]}${m[2]}${m[3]}`;
  if (!serial) return { ok: true, normalized: ddmmyy, birthDate, checkDigitValid: null, warning: null };
  const checkDigitValid = isCprCheckDigitValid(ddmmyy + serial);
  return {
    ok: true,
    normalized: `${ddmmyy}-${serial}`,
    birthDate,
    checkDigitValid,
    warning: checkDigitValid ? null : cprMessages.checkDigit,
  };
}

/**
 * Shown everywhere except to the staff member typing it: DDMMYY-XXXX (DOMAIN.md). Anything
 * that is not a CPR number is fully masked rather than echoed, since it may still be one.
 */
export function maskCpr(value: string): string {
  const m = /^(\d{6})(?:[-\u2010\u2011\u2013]?\d{4})?$/.exec(value.replace(/\s+/g, ''));
  return m ? `${m[1]}-XXXX` : 'XXXXXX-XXXX';
}
