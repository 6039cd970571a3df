import { formatCopenhagenDate as date, formatDkk } from '@optik/shared';

/** Danish texts of /gavekort (SPEC §2 gift-card lookup, §8 mismatch message). */
export const gm = {
  title: 'Gavekort',
  description: 'Se saldoen på dit Profil Optik-gavekort med kortnummer og PIN-kode.',
  intro: 'Skriv gavekortets nummer og PIN-kode for at se, hvor meget der er tilbage. Du finder begge dele på bagsiden af kortet eller i den e-mail, du fik gavekortet i.',
  usage: 'Gavekortet kan bruges til betaling både på profil-optik.dk og i alle vores butikker.',
  number: 'Gavekortnummer',
  numberHint: 'Cifrene på kortet – mellemrum gør ikke noget.',
  pin: 'PIN-kode',
  pinHint: '4–8 cifre.',
  submit: 'Se saldo',
  checking: 'Henter saldo …',
  resultHeading: 'Saldo på gavekortet',
  cardEnding: (n: string) => `Gavekort, der slutter på ${n.slice(-4)}`,
  balance: (ore: number) => `Saldo: ${formatDkk(ore)}`,
  empty: 'Gavekortet er brugt op.',
  expires: (at: string) => `Kan bruges til og med ${date(at)}.`,
  noExpiry: 'Gavekortet udløber ikke.',
  shop: 'Find noget at bruge det på',
} as const;
