/**
 * SPEC §5: an e-mail must contain @ and a domain. The domain is dot-separated non-empty
 * labels ending in a top-level domain of at least two characters; no spaces anywhere.
 */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/.test(value.trim());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
