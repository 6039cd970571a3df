/**
 * Contact data in the list is shown masked (personal data on a screen others can see); the
 * full values are on the device only to fill in the customer form at check-in.
 */

/** '21436587' → '•• •• •• 87': only the last two digits. */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '••';
  return `${'•• '.repeat(Math.ceil((digits.length - 2) / 2)).trim()} ${digits.slice(-2)}`;
}

/** 'lars.boegh@example.dk' → 'l•••@example.dk'. */
export function maskEmail(email: string | null | undefined): string {
  const at = (email ?? '').lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email![0]}•••${email!.slice(at)}`;
}
