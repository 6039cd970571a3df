/**
 * SPEC §5: first and last names contain only letters and digits. Letters are any script's
 * (æøå, é, ü …); a space, hyphen or apostrophe may join parts ("Anne-Marie", "O'Neill", "Lund Hansen").
 * Text is NFC-normalised first: a name pasted from macOS may spell "é" as e + a combining accent.
 */
export function isValidName(value: string): boolean {
  const v = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  return /^[\p{L}\p{M}\p{N}]+(?:[ '\-’][\p{L}\p{M}\p{N}]+)*$/u.test(v);
}
