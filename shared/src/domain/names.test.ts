import { describe, expect, it } from 'vitest';
import { isValidName } from './names';

describe('isValidName (SPEC §5: letters and digits)', () => {
  it('accepts Danish letters and other scripts', () => {
    for (const v of ['Søren', 'Ågård', 'Æbeltoft', 'Bjørn', 'Zoë', 'José', 'Łukasz', 'Дмитрий', 'Nguyễn']) expect(isValidName(v), v).toBe(true);
  });

  it('accepts digits, and parts joined by a space, hyphen or apostrophe', () => {
    for (const v of ['Frederik 2', 'Anne-Marie', "O'Neill", 'D’Angelo', 'Lund Hansen', 'Hans  Lund', ' Søren ', 'Mads3']) expect(isValidName(v), v).toBe(true);
  });

  it('accepts an accent typed as a combining mark (NFD, e.g. pasted from macOS)', () => {
    expect(isValidName('Jose\u0301')).toBe(true);
    expect(isValidName('A\u030agård')).toBe(true);
  });

  it('refuses symbols and punctuation', () => {
    for (const v of ['A$', 'Hans!', 'Mette@', 'Jens_Hansen', 'Hans J.', 'Ole/Bent', '<script>', 'Lars😀', 'Anne, Marie']) {
      expect(isValidName(v), v).toBe(false);
    }
  });

  it('refuses empty input and separators at the ends or doubled', () => {
    for (const v of ['', '   ', '-Anne', 'Anne-', "'Neill", 'Anne--Marie', "O''Neill", 'Anne -Marie']) expect(isValidName(v), v).toBe(false);
  });
});
