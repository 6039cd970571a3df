/**
 * Lower case with æ/ø/å spelled out as Danes type them without a Danish keyboard
 * (ae/oe/aa) and other accents dropped: "Øjenpleje Café" → "oejenpleje cafe".
 * Used for search terms and URL slugs alike.
 */
export function foldDanish(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/** kebab-case slug: "Ørgreen Kimi sort" → "oergreen-kimi-sort". */
export function slugify(text: string): string {
  return foldDanish(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Text made safe inside HTML or XML markup, as element content or a quoted attribute value. */
export function escapeMarkup(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
