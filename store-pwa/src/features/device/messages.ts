/** The device features' Danish texts: connection banner, "Synkronisér nu", install, CPR lookup. */
const actions = (n: number) => `${n} ${n === 1 ? 'handling' : 'handlinger'}`;

export const dm = {
  banner: {
    label: 'Forbindelse og synkronisering',
    offline: (waiting: number) => `Ingen forbindelse – ${waiting ? `${actions(waiting)} venter` : 'intet venter'}`,
    online: (waiting: number) => (waiting ? `${actions(waiting)} venter` : 'Alt er sendt'),
  },
  syncNow: {
    button: 'Synkronisér nu',
    busy: 'Synkroniserer …',
    done: (applied: number, rejected: number) => `${applied} sendt${rejected ? `, ${rejected} afvist – se Synkronisering` : ''}`,
    restWaits: ' – resten venter på forbindelse',
    offline: 'Ingen forbindelse – prøv igen, når nettet er tilbage',
    loggedOut: 'Serveren kræver et nyt login – log ud og ind igen, så sendes ændringerne',
    blocked: (n: number) => `Intet sendt – ${actions(n)} venter på en afvist ændring – se Synkronisering`,
    nothing: 'Intet at sende',
  },
  install: {
    title: 'Installér appen',
    button: 'Installér appen på denne enhed',
    installed: 'Appen er installeret. Åbn den fra hjemmeskærmen.',
    intro: 'Appen virker også uden net, når den er føjet til hjemmeskærmen.',
    safari: 'På iPad og iPhone (Safari): tryk på Del-knappen, og vælg Føj til hjemmeskærm.',
    other: 'I andre browsere: åbn browserens menu, og vælg Installér app eller Føj til startskærm.',
  },
} as const;
