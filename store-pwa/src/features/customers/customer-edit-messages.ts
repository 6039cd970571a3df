import type { CustomerEditField } from '@optik/shared';

/** The customer edit's and overwritten edits' Danish texts (decision 011). */
export const ce = {
  contact: 'Kontaktoplysninger',
  address: 'Adresse',
  phone: 'Telefon',
  email: 'E-mail',
  notes: 'Noter',
  notesHint: 'Kun for butikkens personale. Recepter registreres under recepter, ikke her.',
  notSet: 'Ikke angivet',
  edit: 'Redigér',
  editLabel: (name: string) => `Redigér kontaktoplysninger for ${name}`,
  title: (name: string) => `Redigér ${name}`,
  save: 'Gem ændringer',
  saved: 'Ændringen er gemt og sendes, så snart der er forbindelse.',
  noChanges: 'Der er ingen ændringer at gemme.',
  waiting: 'Ændringer venter på synkronisering.',
  failed: 'En ændring blev afvist. Ret den under Synkronisering.',
  conflictsTitle: 'Ændringer, der blev overskrevet',
  /** Lower-case field names as they stand in a sentence. */
  field: { street: 'adresse', zip: 'postnummer', city: 'by', phone: 'telefon', email: 'e-mail', notes: 'noter' } satisfies Record<CustomerEditField, string>,
  empty: 'tom',
  conflict: (field: string, mine: string, winner: string) => `Din ændring af ${field} (${mine}) blev overskrevet af en senere ændring (${winner}).`,
  ok: 'OK',
  okLabel: (field: string) => `OK, skjul beskeden om ${field}`,
} as const;
