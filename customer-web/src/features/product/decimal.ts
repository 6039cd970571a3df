/**
 * A number as Danes type it: decimal comma or point, optional sign (also the typographic minus),
 * spaces ignored. '' is null (not given); anything else that is not a number is NaN.
 */
export function parseDecimal(text: string): number | null {
  const v = text.replace(/\s/g, '').replace(/\u2212/g, '-').replace(',', '.');
  if (v === '') return null;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v) ? Number(v) : Number.NaN;
}

/** Millimetres with a decimal comma: 8,6 / 14,2. */
export const formatMm = (v: number) => String(v).replace('.', ',');
