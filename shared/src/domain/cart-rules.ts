import type { CartItem } from '../schemas/cart';

/** SPEC §9: at most 12 of one line; the header badge shows at most 9. */
export const MAX_LINE_QUANTITY = 12;
export const BADGE_CAP = 9;

/** Header cart badge text: empty for an empty cart, then 1–9, then '9+' (SPEC §9 display cap). */
export function badgeLabel(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** SPEC §5: a line can be increased only when it is editable and below 12 (the plus button hides at 12). */
export function canIncreaseQuantity(item: Pick<CartItem, 'isEditAble' | 'quantity'>): boolean {
  return item.isEditAble && item.quantity < MAX_LINE_QUANTITY;
}

/** Sum of amount × quantity in øre (prices include VAT). */
export function cartTotal(items: readonly Pick<CartItem, 'price' | 'quantity'>[]): number {
  return items.reduce((sum, i) => sum + i.price.amount * i.quantity, 0);
}

export function cartCount(items: readonly Pick<CartItem, 'quantity'>[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}
