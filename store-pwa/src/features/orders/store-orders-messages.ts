import type { OrderLifecycle } from '@optik/shared';

/** SPEC §4 states as the counter names them; click and collect (119) reads as production → ready → handed over. */
const COLLECT_STATUS: Record<OrderLifecycle, string> = { handled: 'I produktion', controlled: 'Klar til afhentning', delivered: 'Udleveret', stopped: 'Stoppet', cancelled: 'Annulleret' };
const SHIPPED_STATUS: Record<OrderLifecycle, string> = { ...COLLECT_STATUS, controlled: 'Kontrolleret', delivered: 'Leveret' };

/** The store's orders screen (/ordrer): its Danish texts. */
export const so = {
  title: 'Ordrer',
  intro: 'Butikkens ordrer og webordrer, kunden henter her. Ændringer gemmes på enheden og sendes, så snart der er forbindelse.',
  search: 'Find ordrenummer',
  searchHint: 'Fx O2600001 eller blot tallene.',
  filter: 'Status',
  all: 'Alle ordrer',
  filterOrder: ['handled', 'controlled', 'delivered', 'stopped', 'cancelled'] as const satisfies readonly OrderLifecycle[],
  filterNames: COLLECT_STATUS,
  statusOf: (status: OrderLifecycle, deliveryMethodId: number) => (deliveryMethodId === 119 ? COLLECT_STATUS : SHIPPED_STATUS)[status],
  shown: (n: number) => (n === 0 ? 'Ingen ordrer passer til søgningen.' : `Viser ${n} ${n === 1 ? 'ordre' : 'ordrer'}.`),
  loading: 'Henter ordrer fra enheden …',
  awaitingNumber: 'Ordrenummer tildeles ved synkronisering',
  web: 'Webordre',
  store: 'Butiksordre',
  collect: 'Hentes i butikken',
  shipped: 'Sendes til kunden',
  ordered: (date: string) => `Bestilt ${date}`,
  unknownCustomer: 'Kunde uden navn på enheden',
  paid: 'Betalt',
  awaitingPayment: 'Afventer betaling',
  refunded: 'Refunderet',
  status: 'Status',
  lines: 'Varer',
  total: 'I alt',
  ready: 'Klar til afhentning',
  readyFor: (order: string) => `Meld ${order} klar til afhentning`,
  handOver: 'Udlevér',
  handOverFor: (order: string) => `Udlevér ${order} til kunden`,
  savedReady: (order: string) => `${order} er meldt klar til afhentning. Kunden får én SMS eller e-mail, når ændringen er sendt.`,
  savedHandedOver: (order: string) => `${order} er udleveret. Ændringen sendes, så snart der er forbindelse.`,
  pending: 'Venter på synkronisering',
  refused: (reason: string) => `Afvist af serveren: ${reason}`,
  undo: 'Fortryd ændringen',
  undoFor: (order: string) => `Fortryd ændringen af ${order}`,
  undone: (order: string) => `Ændringen af ${order} er fortrudt.`,
} as const;
