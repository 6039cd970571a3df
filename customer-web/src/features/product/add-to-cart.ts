import { da, MAX_LINE_QUANTITY, type CartHead, type CartUpdateRequest, type ContactLensPrescription, type GlassesPrescription, type LensEye, type SubscriptionInterval } from '@optik/shared';
import type { Api } from '../../api';
import { toLensPrescription, type LensValues } from './prescription-values';

/** What the purchase form needs of the API (the calls are made here, loaded on the first submit). */
export type PurchaseApi = Pick<Api, 'cartUpdate' | 'getShopper' | 'me'>;

/** What "Læg i kurv" adds, its prescription already checked. Loaded on the first submit. */
export interface Order {
  skuId: string;
  quantity: number;
  subscriptionInterval: SubscriptionInterval | null;
  /** A contact lens's values per eye; null for anything else. */
  lens: LensValues | null;
  prescriptionGlasses: GlassesPrescription | null;
}

export interface AddResult {
  error: { message: string; details: string[] } | null;
  /** The cart after the last line that was added, for the header badge and cart drawer. */
  cartHead: CartHead | null;
}

const isBlank = (p: ContactLensPrescription) => Object.values(p).every((v) => v === null);
const samePrescription = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The cart lines a lens prescription makes: one for a single eye or two equal eyes (then
 * boxes for both), one per eye when they differ (the cart keeps a line per prescription).
 */
function lensLines(values: LensValues, quantity: number): { prescription: ContactLensPrescription; quantity: number; eye: LensEye }[] {
  const right = toLensPrescription(values.right);
  const left = toLensPrescription(values.left);
  if (isBlank(right)) return [{ prescription: left, quantity, eye: 'left' }];
  if (isBlank(left)) return [{ prescription: right, quantity, eye: 'right' }];
  if (samePrescription(right, left)) return [{ prescription: right, quantity: Math.min(MAX_LINE_QUANTITY, quantity * 2), eye: 'both' }];
  return [
    { prescription: right, quantity, eye: 'right' },
    { prescription: left, quantity, eye: 'left' },
  ];
}

/** "Læg i kurv" adds to a line already in the cart with the same prescription (the API sets a line's quantity), SPEC §9 at most 12. */
export async function addToCart(api: PurchaseApi, order: Order): Promise<AddResult> {
  const { skuId, subscriptionInterval, prescriptionGlasses } = order;
  const lines: { prescription: ContactLensPrescription | null; quantity: number; eye?: LensEye }[] = order.lens ? lensLines(order.lens, order.quantity) : [{ prescription: null, quantity: order.quantity }];
  const shopper = await api.getShopper();
  const inCart = shopper.ok ? shopper.data.cartHead.cart.items : [];
  const bodies: CartUpdateRequest[] = [];
  for (const l of lines) {
    const existing = inCart.find(
      (i) => i.skuId === skuId && i.subscriptionInterval === subscriptionInterval && samePrescription(i.prescription, l.prescription) && samePrescription(i.prescriptionGlasses, prescriptionGlasses),
    );
    const total = (existing?.quantity ?? 0) + l.quantity;
    if (total > MAX_LINE_QUANTITY) return { error: { message: da.validation.quantityMax, details: [] }, cartHead: null };
    bodies.push({
      skuId,
      quantity: total,
      noCheckoutInfo: false,
      ...(subscriptionInterval ? { subscriptionInterval } : {}),
      ...(l.prescription ? { prescription: l.prescription, eye: l.eye ?? null } : {}),
      ...(prescriptionGlasses ? { prescriptionGlasses } : {}),
    });
  }
  let cartHead: CartHead | null = null;
  for (const body of bodies) {
    const r = await api.cartUpdate(body);
    if (!r.ok) {
      // SPEC §8 texts come from the API in Danish (422 sold out / store only, 400 per field); the form keeps its input.
      const details = Object.values(r.error.fields ?? {}).filter((m) => m !== r.error.message);
      return { error: { message: r.error.message, details }, cartHead };
    }
    cartHead = r.data.cartHead;
  }
  return { error: null, cartHead };
}
