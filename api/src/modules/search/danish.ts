/**
 * Danish-aware text processing for the site search: `foldDanish` (so "oejenpleje" finds
 * "øjenpleje") and a light suffix stemmer so "briller", "brillen" and "brillerne" meet.
 */
import { foldDanish } from '@optik/shared';

const SUFFIXES = ['erne', 'ene', 'ers', 'ens', 'er', 'en', 'et', 'es', 'e', 's'];

export function stemDanish(term: string): string {
  if (term.length < 5 || /\d/.test(term)) return term;
  for (const suffix of SUFFIXES) {
    if (term.endsWith(suffix) && term.length - suffix.length >= 4) return term.slice(0, -suffix.length);
  }
  return term;
}

/** Splits on white space and punctuation; a hyphenated word also yields its joined form (ray-ban → ray, ban, rayban). */
export function tokenizeDanish(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[\s,.;:!?()/"'’+&|]+/u)) {
    if (!raw) continue;
    const parts = raw.split('-').filter(Boolean);
    out.push(...parts);
    if (parts.length > 1) out.push(parts.join(''));
  }
  return out;
}

export function processDanishTerm(term: string): string | null {
  const folded = foldDanish(term);
  if (!folded) return null;
  return stemDanish(folded);
}
