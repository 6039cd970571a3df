import type { AccessKind } from '@optik/shared';

/** My Pages' "who has seen your data" section (decision 009). */
export const dm = {
  title: 'Hvem har set dine data',
  intro: 'Butikker, der har åbnet eller registreret dine oplysninger, recepter eller ordrer, nyeste først. Vi viser butikken og datoen – ikke hvilken medarbejder.',
  linkNote: 'Listen gælder din kundeprofil i butikkerne, som vi finder ud fra det CPR-nummer, du har givet os ved login med MitID.',
  loading: 'Henter, hvem der har set dine data …',
  none: 'Ingen butik har åbnet dine data.',
  what: (kind: AccessKind, write: boolean): string =>
    ({
      'personal-data': write ? 'Registrerede dine personoplysninger' : 'Så dine personoplysninger',
      prescriptions: write ? 'Registrerede en recept' : 'Så dine recepter',
      orders: write ? 'Oprettede en ordre' : 'Så dine ordrer',
    })[kind],
  times: (n: number) => (n > 1 ? ` (${n} gange)` : ''),
  date: (iso: string) => new Date(iso).toLocaleDateString('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' }),
} as const;
