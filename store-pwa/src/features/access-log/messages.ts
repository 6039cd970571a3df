import { formatDateTime } from '../../dates';

/** The access log screen's Danish texts (the nav entry's too). */
export const al = {
  nav: 'Adgangslog',
  title: 'Adgangslog',
  intro: 'Hvem i butikken har set eller ændret kunders oplysninger og recepter. Nyeste først.',
  managersOnly: 'Kun butikschefer kan se adgangsloggen.',
  loading: 'Henter adgangsloggen …',
  offline: 'Adgangsloggen kan kun ses med forbindelse til serveren.',
  retry: 'Prøv igen',
  none: 'Ingen adgange endnu.',
  more: 'Vis flere',
  loadingMore: 'Henter flere …',
  shown: (n: number) => `Viser ${n} ${n === 1 ? 'adgang' : 'adgange'}.`,
  staff: 'Medarbejder',
  customer: 'Kunde',
  unknownCustomer: 'Ukendt kunde',
  otherStore: 'Kunde fra en anden butik',
  at: formatDateTime,
} as const;
