/**
 * DKK as the shop shows it: `1.234,50 kr.` — dot thousands, comma decimals, two decimals,
 * a no-break space before `kr.` (what Intl da-DK gives, formatted by hand so it does not
 * depend on the runtime's ICU data). Money is always integer øre.
 */
export const NBSP = '\u00a0';

export function formatDkk(ore: number): string {
  if (!Number.isFinite(ore)) return '';
  const neg = ore < 0;
  const abs = Math.round(Math.abs(ore));
  const kroner = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const grouped = String(kroner).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${grouped},${cents}${NBSP}kr.`;
}

/** Parses `1.234,50`, `1234,5`, `1234 kr.` → øre; null when it is not an amount. */
export function parseDkk(text: string): number | null {
  const v = text.trim().replace(/\s*kr\.?$/i, '').replace(/[\s\u00a0]/g, '');
  const m = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(v);
  if (!m) return null;
  const kroner = Number(m[2]!.replace(/\./g, ''));
  const cents = m[3] ? Number(m[3].padEnd(2, '0')) : 0;
  const ore = kroner * 100 + cents;
  return m[1] ? -ore : ore;
}

/** VAT part of a gross (VAT-inclusive) price: 25 % VAT is 20 % of the gross. */
export function vatOfGross(ore: number, rate = 0.25): number {
  return Math.round((ore * rate) / (1 + rate));
}
