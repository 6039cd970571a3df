import { formatDkk } from '@optik/shared';

/** Danish texts of what is booked: the wizard's summary and completion, and the booking's facts on the manage page. */
export const bs = {
  summary: {
    status: 'Status',
    edit: (what: string) => `Ret ${what.toLowerCase()}`,
    exam: 'Undersøgelse',
    age: 'Aldersgruppe',
    store: 'Butik',
    time: 'Tid',
    price: 'Pris',
    priceValue: (ore: number) => (ore === 0 ? 'Gratis' : `${formatDkk(ore)} (betales i butikken, momsfri)`),
    friendsFree: (ordinary: number) => `Gratis som Friends-medlem (normalpris ${formatDkk(ordinary)})`,
    name: 'Navn',
    email: 'E-mail',
    phone: 'Telefon',
    birthDate: 'Fødselsdato',
    note: 'Besked til butikken',
    company: 'Arbejdsgiver',
    requisition: 'Rekvisition',
    distances: 'Arbejdsafstande',
    tools: 'Værktøjer',
    other: 'Andet',
    friendsNote: 'Er du Friends-medlem og logget ind, er besøget gratis inden for et år efter dit seneste besøg – det trækker vi fra automatisk.',
    privacy: 'Vi bruger dine oplysninger til at håndtere din booking og sender dem kun til butikken.',
    privacyLink: 'Læs om privatliv',
  },
  done: {
    heading: 'Tak for din booking',
    confirmed: 'Din tid er bekræftet.',
    requested: 'Din anmodning er sendt til butikken. Du får en e-mail, når butikken har bekræftet tiden.',
    mailed: (email: string) => `Vi har sendt en e-mail til ${email} med et link, hvor du kan se, flytte eller aflyse din tid.`,
    manage: 'Se eller ret din booking',
    another: 'Book en tid mere',
  },
  requisition: {
    'e-requisition': 'E-rekvisition',
    physical: 'Fysisk rekvisition',
  },
} as const;
