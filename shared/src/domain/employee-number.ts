/** Employee numbers of a company glasses agreement (reference type "employee number"). Pure. */

export const EMPLOYEE_NUMBER = /^[\p{L}\p{N}][\p{L}\p{N}\-_/.]{0,19}$/u;
export const MAX_EMPLOYEE_NUMBERS = 2000;

/** Compared without case and surrounding space: 'm-1042 ' is 'M-1042'. */
export function normalizeEmployeeNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** A pasted list (one per line, or separated by commas, semicolons or tabs) → unique numbers in order. */
export function splitEmployeeNumbers(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\n\r,;\t]+/)) {
    const n = normalizeEmployeeNumber(part);
    if (n) seen.add(n);
  }
  return [...seen];
}
