import { atom } from 'jotai';
import type { Order } from '@optik/shared';

/** The order just paid and the e-mail the confirmation went to: the confirmation page shows it. */
export interface PlacedOrder {
  order: Order;
  email: string;
}

/** Kept in memory only (it holds contact data): a reload of the confirmation page shows no order. */
export const placedOrderAtom = atom<PlacedOrder | null>(null);
