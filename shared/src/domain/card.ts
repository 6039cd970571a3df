/** Luhn (mod 10) check of a payment card number, digits only. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card's expiry "MM/ÅÅ" (or "MMÅÅ") is valid through the end of that month. */
export function isCardExpired(expiry: string, today: Date): boolean {
  const m = /^(\d{2})\/?(\d{2})$/.exec(expiry.trim());
  if (!m) return true;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  return year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
}
