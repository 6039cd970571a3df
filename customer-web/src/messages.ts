/** Every Danish text the shop shows, in one place (CONVENTIONS.md). */
export const t = {
  shopName: 'Profil Optik',
  skipToContent: 'Gå til indhold',
  homeLink: 'til forsiden',
  mainNav: 'Hovedmenu',
  nav: {
    briller: 'Briller',
    solbriller: 'Solbriller',
    sportsbriller: 'Sportsbriller',
    kontaktlinser: 'Kontaktlinser',
    oejenpleje: 'Øjenpleje',
    findStore: 'Find butik',
    bookExam: 'Book synstest',
    myPages: 'Min konto',
  },
  home: {
    title: 'Briller, solbriller og kontaktlinser',
    intro: 'Gratis synstest, fri levering og 30 dages fortrydelsesret. Find dit næste par online eller i en af vores butikker.',
    categoriesHeading: 'Kategorier',
    loading: 'Henter kategorier …',
    articles: (n: number) => `${n.toLocaleString('da-DK')} ${n === 1 ? 'vare' : 'varer'}`,
    seeAll: (title: string) => `Se alle ${title.toLowerCase()}`,
  },
  error: { generic: 'Noget gik galt. Prøv igen.', retry: 'Prøv igen' },
  page: { loading: 'Henter siden …' },
  notFound: { title: 'Siden blev ikke fundet', body: 'Siden findes ikke, eller den er flyttet.', back: 'Gå til forsiden' },
  footer: {
    heading: 'Sidefod',
    sections: {
      kundeservice: 'Kundeservice',
      handel: 'Handel',
      'om-os': 'Om os',
      juridisk: 'Betingelser',
    },
    payments: 'Betal med Klarna, Visa/Dankort, Visa, Mastercard og MobilePay',
    copyright: '© Profil Optik',
  },
} as const;
