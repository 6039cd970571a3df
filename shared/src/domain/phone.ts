/**
 * Phone numbers (SPEC §5, DOMAIN.md): Danish numbers are 8 digits starting 2–9, optionally
 * prefixed +45 or 0045, spaces allowed. Other countries: digits with a +/00 country code
 * (E.164: at most 15 digits). A number without a country code is read as Danish.
 */
const DANISH = /^(?:\+45|0045)?([2-9]\d{7})$/;
// +45 is excluded here: a Danish number that fails DANISH must not pass as "foreign".
const FOREIGN = /^(?:\+|00)(?!45)[1-9]\d{6,14}$/;

function compact(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function isValidPhone(value: string): boolean {
  const v = compact(value);
  return DANISH.test(v) || FOREIGN.test(v);
}

/** Normalised storage form: Danish numbers as 8 digits, others as +CC…; null when invalid. */
export function normalizePhone(value: string): string | null {
  const v = compact(value);
  const dk = DANISH.exec(v);
  if (dk) return dk[1]!;
  if (FOREIGN.test(v)) return v.startsWith('00') ? `+${v.slice(2)}` : v;
  return null;
}

/** The number an SMS goes to (E.164: Danish numbers get +45); null when invalid. */
export function smsNumber(value: string): string | null {
  const n = normalizePhone(value);
  return n && /^\d{8}$/.test(n) ? `+45${n}` : n;
}

/** Display form: "12 34 56 78" for Danish numbers, +CC… for others, the input when invalid. */
export function formatPhone(value: string): string {
  const n = normalizePhone(value);
  if (n && /^\d{8}$/.test(n)) return n.replace(/(\d{2})(?=\d)/g, '$1 ');
  return n ?? value;
}
