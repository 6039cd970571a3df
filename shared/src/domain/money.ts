/**
 * DKK as the shop shows it: `1.234,50 kr.` — dot thousands, comma decimals, two decimals,
 * a no-break space before `kr.` (what Intl da-DK gives, formatted by hand so it does not
 * depend on the runtime's ICU data). Money is always integer øre (DOMAIN.md).
 */
export const NBSP = '\u00a0';

/** Danish VAT on glasses and lenses (DOMAIN.md); eye exams and lens fitting are exempt. */
export const VAT_RATE = 0.25;

export function formatDkk(ore: number): string {
  if (!Number.isFinite(ore)) return '';
  const rounded = Math.round(Math.abs(ore));
  // Sign after rounding, so -0.4 øre is "0,00 kr." and not "-0,00 kr.".
  const sign = ore < 0 && rounded > 0 ? '-' : '';
  const kroner = Math.floor(rounded / 100);
  const cents = String(rounded % 100).padStart(2, '0');
  const grouped = String(kroner).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped},${cents}${NBSP}kr.`;
}

/**
 * Parses `1.234,50`, `1234,5`, `1234 kr.`, `1.234,-` → øre; null when it is not an amount.
 * A dot is only ever a thousands separator (as Danes write it): `12.50` is refused, not guessed.
 */
export function parseDkk(text: string): number | null {
  const v = text
    .trim()
    .replace(/\s*(?:kr\.?|dkk)$/i, '')
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/\u2212/g, '-');
  const m = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}|-))?$/.exec(v);
  if (!m) return null;
  const kroner = Number(m[2]!.replace(/\./g, ''));
  const cents = m[3] && m[3] !== '-' ? Number(m[3].padEnd(2, '0')) : 0;
  const ore = kroner * 100 + cents;
  if (!Number.isSafeInteger(ore)) return null;
  return m[1] && ore !== 0 ? -ore : ore;
}

/** VAT part of a gross (VAT-inclusive) price, rounded to whole øre: at 25 % it is 20 % of the gross. */
export function vatOfGross(ore: number, rate = VAT_RATE): number {
  return Math.round((ore * rate) / (1 + rate));
}
