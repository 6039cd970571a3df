import type { LensEye } from '../schemas/cart';

/** Which eye a contact-lens line is for, in the words the shop and the store use (H/V, issue 16). No other imports: the cart drawer shows it. */
const EYE_TEXTS = { right: 'Højre øje (H)', left: 'Venstre øje (V)', both: 'Begge øjne (H+V)' } as const satisfies Record<LensEye, string>;

export const LENS_EYE_LABEL = 'Øje';

export function lensEyeText(eye: LensEye): string {
  return EYE_TEXTS[eye];
}

/** A line bought for one eye and then for the other is for both. */
export function mergedEye(a: LensEye | null | undefined, b: LensEye | null | undefined): LensEye | null {
  if (!a || !b) return a ?? b ?? null;
  return a === b ? a : 'both';
}
