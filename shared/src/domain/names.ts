/**
 * SPEC §5: first and last names contain only letters and digits. Letters are any script's
 * (æøå, é, ü …); a space, hyphen or apostrophe may join parts ("Anne-Marie", "O'Neill", "Lund Hansen").
 */
export function isValidName(value: string): boolean {
  return /^[\p{L}\p{N}]+(?:[ '\-’][\p{L}\p{N}]+)*$/u.test(value.trim());
}
