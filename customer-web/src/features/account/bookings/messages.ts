/** Danish texts of My Pages' bookings (SPEC §2 /min-konto/bestil-tid-til-synstest). */
export const bm = {
  title: 'Mine bookinger',
  description: 'Se, flyt eller aflys dine tider til synstest og andre undersøgelser.',
  loading: 'Henter dine bookinger …',
  none: 'Du har ingen bookinger endnu.',
  book: 'Book en ny tid',
  upcoming: 'Kommende tider',
  earlier: 'Tidligere og aflyste tider',
  noUpcoming: 'Du har ingen kommende tider.',
  heading: (exam: string, store: string) => `${exam} i ${store}`,
  manage: 'Se, flyt eller aflys',
  show: 'Se booking',
  free: 'Gratis som Friends-medlem',
} as const;
