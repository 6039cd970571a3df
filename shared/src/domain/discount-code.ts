/**
 * Discount codes (SPEC §5 "discount code must be valid"): 4–20 of A–Z, digits and hyphens,
 * case-insensitive and kept upper case. A hyphen only joins parts, never starts or ends a code,
 * so a stray one from copy-paste is caught before the server is asked.
 */
export function normalizeDiscountCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isValidDiscountCodeFormat(input: string): boolean {
  return /^[A-Z0-9][A-Z0-9-]{2,18}[A-Z0-9]$/.test(normalizeDiscountCode(input));
}
