import { describe, expect, it } from 'vitest';
import { foldDanish, slugify } from './text';

describe('Danish text folding', () => {
  it('spells out æ ø å and drops other accents', () => {
    expect(foldDanish('Øjenpleje Æble Århus Café')).toBe('oejenpleje aeble aarhus cafe');
    expect(foldDanish('ÆØÅ æøå')).toBe('aeoeaa aeoeaa');
  });

  it('makes kebab-case slugs', () => {
    expect(slugify('Ørgreen Kimi – sort/guld')).toBe('oergreen-kimi-sort-guld');
    expect(slugify('  Face à Face  ')).toBe('face-a-face');
    expect(slugify('---')).toBe('');
  });
});
