/** Every Danish text the store app shows, in one place (CONVENTIONS.md). */
export const t = {
  appName: 'Profil Optik Butik',
  skipToContent: 'Gå til indhold',
  login: {
    title: 'Log ind som butik',
    intro: 'Vælg butikken, og log ind med dit eget brugernavn.',
    store: 'Butik',
    chooseStore: 'Vælg butik',
    username: 'Brugernavn',
    password: 'Adgangskode',
    submit: 'Log ind',
    submitting: 'Logger ind …',
    storesLoading: 'Henter butikker …',
  },
  session: {
    loggedInAs: (store: string) => `Logget ind som butik ${store}`,
    staff: (name: string) => `Medarbejder: ${name}`,
    logout: 'Log ud',
    welcome: (name: string) => `Velkommen, ${name}`,
    checking: 'Tjekker login …',
  },
  store: { loading: 'Henter butikkens oplysninger …', phone: 'Telefon', openingHours: 'Åbningstider', closed: 'Lukket' },
  error: { generic: 'Noget gik galt. Prøv igen.', retry: 'Prøv igen' },
} as const;
