/** SPEC §5 / §9: passwords are at least 8 characters and the repeat must match. */
export const PASSWORD_MIN_LENGTH = 8;

/** Counts characters (code points), not UTF-16 units, so an emoji is one character. */
export function isValidPassword(value: string): boolean {
  return [...value].length >= PASSWORD_MIN_LENGTH;
}

export function passwordsMatch(password: string, repeat: string): boolean {
  return password === repeat;
}
