/** Danish texts of My Pages' shell: the sign-in requirement and the section navigation. */
export const at = {
  myPages: 'Min konto',
  checking: 'Henter din konto …',
  signInTitle: 'Log ind',
  signInNeeded: 'Du skal være logget ind for at se denne side.',
  signInLink: 'Log ind',
  registerLink: 'Opret en konto',
  sectionsLabel: 'Min konto',
  sections: {
    overview: 'Overblik',
    orders: 'Ordrer',
    subscriptions: 'Abonnementer',
    invoices: 'Betaling og fakturaer',
    bookings: 'Synstest',
    friends: 'Friends',
    details: 'Mine oplysninger',
  },
  logout: 'Log ud',
  loggedOut: 'Du er logget ud.',
} as const;
