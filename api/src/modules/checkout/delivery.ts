import type { Category, DeliveryOption } from '@optik/shared';

/** SPEC §3 delivery method ids, as this shop offers them (prices in øre). 117 (workplace) is for company agreements only. */
export const DELIVERY_OPTIONS: readonly (DeliveryOption & { onlyFor?: readonly Category[]; companyOnly?: boolean })[] = [
  { id: 101, title: 'Levering til døren', description: 'PostNord, 1–3 hverdage', price: 4_900, freeFrom: 49_900, needs: 'address' },
  { id: 79, title: 'Afhentning i pakkeshop', description: 'PostNord, 1–3 hverdage', price: 3_900, freeFrom: 49_900, needs: 'collection-point' },
  { id: 127, title: 'GLS pakkeshop', description: 'GLS, 1–2 hverdage', price: 3_500, freeFrom: 49_900, needs: 'collection-point' },
  { id: 112, title: 'Ekspreslevering', description: 'Næste hverdag ved bestilling før kl. 14', price: 9_900, freeFrom: null, needs: 'address' },
  { id: 128, title: 'Aftenlevering', description: 'Bring, kl. 17–22', price: 5_900, freeFrom: null, needs: 'address' },
  { id: 125, title: 'Brevpost', description: 'Kun kontaktlinser og plejemidler, 2–4 hverdage', price: 2_900, freeFrom: 29_900, needs: 'address', onlyFor: ['kontaktlinser', 'tilbehør-kontaktlinser', 'oejenpleje'] },
  { id: 119, title: 'Click and collect i butik', description: 'Hent i en Profil Optik-butik, klar inden for 2 hverdage', price: 0, freeFrom: 0, needs: 'store' },
  { id: 117, title: 'Levering på arbejdspladsen', description: 'For medarbejdere med firmaaftale', price: 0, freeFrom: 0, needs: 'address', companyOnly: true },
];

/** The options a cart of these categories can use (the company option never in the web checkout). */
export function deliveryOptionsFor(categories: readonly Category[]): DeliveryOption[] {
  return DELIVERY_OPTIONS.filter((o) => !o.companyOnly && (!o.onlyFor || (categories.length > 0 && categories.every((c) => o.onlyFor!.includes(c))))).map(
    ({ onlyFor: _o, companyOnly: _c, ...o }) => o,
  );
}

export function shippingFor(option: DeliveryOption, goods: number): number {
  return option.freeFrom !== null && goods >= option.freeFrom ? 0 : option.price;
}
