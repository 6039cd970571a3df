import { formatDkk } from '@optik/shared';

/**
 * Danish texts of eye-exam booking the first screens need: the wizard's frame and first steps, the
 * leave warning. The later steps' texts are in later-messages.ts, the manage page's in
 * manage-messages.ts: they load with those parts (first-load JS, issue 5).
 */
export const bt = {
  title: 'Book tid til synstest',
  description: 'Book en synstest, kontaktlinsekontrol, synsattest til kørekort eller høretest i en af vores butikker.',
  progressLabel: 'Trin i bookingen',
  progress: (n: number, of: number) => `Trin ${n} af ${of}`,
  steps: {
    exam: 'Undersøgelse',
    age: 'Alder',
    store: 'Butik',
    time: 'Tid',
    details: 'Dine oplysninger',
    summary: 'Opsummering',
  },
  next: 'Næste',
  back: 'Tilbage',
  loading: 'Henter …',

  exam: {
    heading: 'Hvilken undersøgelse vil du booke?',
    required: 'Vælg en undersøgelse.',
    minutes: (n: number) => `${n} min.`,
    price: (ore: number) => (ore === 0 ? 'Gratis' : formatDkk(ore)),
    hearingNote: 'Kun i butikker med hørekonsulent.',
  },
  age: {
    heading: 'Hvor gammel er den, der skal undersøges?',
    legend: 'Aldersgruppe',
    required: 'Vælg en aldersgruppe.',
    hint: 'Børn under 8 år undersøges hos en øjenlæge.',
    notOffered: (exam: string, group: string) => `${exam} kan ikke bookes for aldersgruppen ${group}.`,
    switchTo: (exam: string) => `Vælg ${exam} i stedet`,
  },
  store: {
    heading: 'Hvilken butik vil du besøge?',
    label: 'Butik',
    choose: 'Vælg butik',
    hint: (exam: string) => `Butikker, der tilbyder ${exam.toLowerCase()}.`,
    required: 'Vælg en butik.',
    loading: 'Henter butikker …',
    preselectedNotOffered: (store: string, exam: string) => `${store} tilbyder ikke ${exam.toLowerCase()}. Vælg en anden butik.`,
    phone: 'Telefon',
  },
  time: {
    heading: 'Hvornår passer det dig?',
    required: 'Vælg en tid.',
  },
  details: {
    heading: 'Dine oplysninger',
    errorSummary: 'Ret de markerede felter, og prøv igen.',
  },
  summary: {
    heading: 'Tjek din booking',
    confirm: 'Bekræft booking',
    sending: 'Sender din booking …',
  },
  leave: {
    title: 'Vil du forlade bookingen?',
    text: 'Din booking er ikke gemt. Forlader du siden, mister du dine valg.',
    stay: 'Bliv og gør bookingen færdig',
    leave: 'Forlad siden',
  },
} as const;
