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
    next: 'Kunder, recepter, ordrer og synkronisering kommer her.',
    checking: 'Tjekker login …',
  },
  error: { generic: 'Noget gik galt. Prøv igen.', retry: 'Prøv igen' },
} as const;
