/** The home page's Danish texts: the day's shortcuts. */
export const hm = {
  bookings: {
    title: 'Dagens næste aftaler',
    none: 'Ingen flere aftaler i dag.',
    all: 'Alle aftaler',
    requested: 'Anmodning – skal bekræftes',
    confirmed: 'Bekræftet',
    more: (n: number) => `og ${n} mere i dag`,
  },
  pickup: {
    title: 'Klar til afhentning',
    none: 'Ingen ordrer venter på at blive hentet.',
    all: 'Alle ordrer',
    noNumber: 'Ordrenummer tildeles ved synkronisering',
    count: (n: number) => `${n} ${n === 1 ? 'ordre' : 'ordrer'} klar til afhentning`,
  },
  waiting: {
    title: 'Handlinger, der venter',
    none: 'Ingen handlinger venter – alt er sendt.',
    pending: (n: number) => `${n} ${n === 1 ? 'handling venter' : 'handlinger venter'} på at blive sendt`,
    rejected: (n: number) => `${n} afvist – skal rettes eller kasseres`,
    open: 'Se ventende handlinger',
  },
  store: 'Butikken',
} as const;
