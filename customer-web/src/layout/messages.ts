/**
 * Danish texts of the global layout (header, fold menu, bottom bar, footer additions, store
 * status, notifications) and the home hero video. The older layout texts stay in ../messages.ts.
 */
export const layoutText = {
  menuButton: 'Menu',
  menuDialog: 'Menu',
  closeMenu: 'Luk menu',
  back: 'Tilbage',
  backHint: 'til menuen',
  assortment: 'Sortiment',
  menuMore: 'Mere',
  seeAll: (title: string) => `Se alle ${title.toLowerCase()}`,
  menuLoading: 'Henter menuen …',
  /** SPEC §9: the free eye-test campaign is labelled '0,-' in the glasses menu. */
  freeExam: 'Gratis synstest',
  freeExamPrice: '0,-',
  freeExamPriceSpoken: '0 kr.',
  sections: {
    glasses: 'Briller',
    sunglasses: 'Solbriller',
    sportsglasses: 'Sportsbriller',
    lenses: 'Kontaktlinser',
    careproducts: 'Øjenpleje',
  },
  topMenu: 'Topmenu',
  top: { lifestyle: 'Lifestyle', company: 'Erhverv', hearing: 'Hørelse' },
  subMenu: 'Undermenu',
  sub: { subscription: 'Abonnement', customerService: 'Kundeservice' },
  bottomBar: 'Butik og synstest',
  storeStatus: (name: string) => `Du er logget ind som butik: ${name}`,
  progress: 'Henter siden',
  oldBrowser: 'Siden understøtter ikke din browser. Brug en nyere browser.',
  notifications: 'Beskeder',
  footer: {
    payments: 'Betalingsmuligheder',
    klarnaHint: '(køb nu, betal senere)',
    smallLinks: 'Mere om Profil Optik',
    contact: 'Kontakt os',
    press: 'Presse',
    about: 'Om virksomheden',
    jobs: 'Job',
    vision: 'Vision',
    newWindow: '(åbner i et nyt vindue)',
  },
  video: {
    label: 'Video: briller og solbriller fra Profil Optik',
    play: 'Afspil video',
    pause: 'Sæt video på pause',
  },
} as const;
