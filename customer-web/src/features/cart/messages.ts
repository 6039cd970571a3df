import type { SubscriptionInterval } from '@optik/shared';

/** The cart's Danish texts (CONVENTIONS.md: user-visible text lives in a messages module). */
export const cartText = {
  toggle: 'Kurv',
  /** The toggle's name starts with its visible text ("Kurv 9+"), then the exact count: "Kurv 9+, 12 varer". */
  toggleLabel: (badge: string, n: number) => (n === 0 ? 'Kurv, tom' : `Kurv ${badge}, ${n} ${n === 1 ? 'vare' : 'varer'}`),
  title: 'Din kurv',
  count: (n: number) => `${n} ${n === 1 ? 'vare' : 'varer'}`,
  close: 'Luk kurven',
  empty: 'Kurven er tom',
  loading: 'Henter kurven …',
  itemsLabel: 'Varer i kurven',
  ref: 'Varenr.',
  quantity: 'Antal',
  increase: (name: string) => `Én mere af ${name}`,
  decrease: (name: string) => `Én mindre af ${name}`,
  remove: (name: string) => `Fjern ${name}`,
  maxReached: 'Du kan højst købe 12 stk. pr. linje.',
  subscription: (interval: SubscriptionInterval) => (interval === 'm1' ? 'Abonnement hver måned' : `Abonnement hver ${interval.slice(1)}. måned`),
  priceNow: 'Pris',
  priceBefore: 'Før',
  recommendations: 'Du kan også lide',
  total: 'I alt',
  checkout: 'Gå til kassen',
  emptyCart: 'Tøm kurven',
  updating: 'Opdaterer kurven …',
  updated: 'Kurven er opdateret.',
  updateFailed: 'Kurven kunne ikke opdateres. Prøv igen.',
} as const;
