/** Discount codes: 4–20 letters A–Z, digits or hyphens, case-insensitive, kept upper case. */
export function normalizeDiscountCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isValidDiscountCodeFormat(input: string): boolean {
  return /^[A-Z0-9](?:[A-Z0-9-]{2,18})[A-Z0-9]$/.test(normalizeDiscountCode(input));
}
