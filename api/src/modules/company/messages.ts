import { contractStatusLabels, copenhagenIsoDate, da, formatDanishDate, formatDkk, type CompanyAgreement, type EyeHealthDay, type Requisition } from '@optik/shared';
import type { MailMessage } from '../../ports/mail';

/** The company flow's Danish answers and mails (SPEC §8 "organisation not found"). */
export const companyMessages = {
  organisationNotFound: da.errors.organisationNotFound,
  alreadyActive: 'Virksomheden har allerede en aktiv brilleaftale. Den skal opsiges, før en ny kan træde i kraft.',
  unknownLink: 'Linket er ugyldigt. Brug linket fra den seneste e-mail, eller kontakt erhverv@profil-optik.example.',
  /** 410: an unsigned agreement's signing link after 30 days. */
  signLinkExpired: 'Linket er udløbet – et link til at underskrive en brilleaftale gælder i 30 dage. Bed kontaktpersonen oprette aftalen igen, eller skriv til erhverv@profil-optik.example.',
  /** 410: any other link past its expiry (signed agreement, contact's copy). */
  linkExpired: 'Linket er udløbet. Skriv til erhverv@profil-optik.example eller ring på 70 20 30 40, så sender vi et nyt link til aftalens kontaktperson eller underskriver.',
  /** 410: the links of an unsigned agreement replaced by a newer one for the same company. */
  linkReplaced: 'Linket er erstattet af et nyere, fordi der er oprettet en ny brilleaftale for virksomheden. Brug linket i den seneste e-mail fra os.',
  viewerCannotAct: 'Linket giver kun adgang til at læse aftalen. Underskriveren har fået sit eget link.',
  nameMismatch: (name: string) => `Skriv dit fulde navn, som det står i aftalen: ${name}.`,
  noActiveAgreement: 'Vi fandt ingen aktiv brilleaftale for dette CVR-nummer. Kontrollér nummeret, eller spørg din arbejdsgiver.',
  physicalOnly: 'Jeres aftale bruger papirrekvisitioner. Få en rekvisition af din arbejdsgiver, og tag den med i butikken.',
  unknownEmployeeNumber: 'Medarbejdernummeret findes ikke i aftalen. Kontrollér det med din arbejdsgiver.',
  wrongReference: 'Referencen passer ikke til aftalen. Kontrollér den med din arbejdsgiver.',
  unknownStore: 'Vælg en af vores butikker.',
  duplicatePending: (kind: 'glasses' | 'exam') => `Du har allerede en rekvisition på ${kind === 'glasses' ? 'briller' : 'en synsprøve'}, der venter på svar fra butikken.`,
} as const;

const signOff = ['', 'Venlig hilsen', 'Profil Optik Erhverv', 'erhverv@profil-optik.example · 70 20 30 40'];
const day = (iso: string) => formatDanishDate(iso.slice(0, 10));
/** The line under a mailed link saying until when it works (the date in Copenhagen). */
const validUntil = (iso: string) => `Linket udløber ${formatDanishDate(copenhagenIsoDate(new Date(iso)))}.`;
const kindText = { glasses: 'briller', exam: 'en synsprøve' } as const;

function agreementSummary(c: CompanyAgreement): string[] {
  return [
    `Virksomhed: ${c.companyName} (CVR ${c.organisationNumber})`,
    `Pris pr. medarbejder: ${formatDkk(c.price.total)} inkl. moms`,
    ...c.price.lines.map((l) => `  ${l.label}: ${formatDkk(l.amount)}`),
  ];
}

export const companyMails = {
  signRequest: (c: CompanyAgreement, link: string, expiresAt: string): MailMessage => ({
    to: c.signingParty.email,
    subject: `Underskriv brilleaftalen for ${c.companyName}`,
    text: [
      `Hej ${c.signingParty.name}`,
      '',
      `${c.contactPerson.name} har oprettet en brilleaftale for ${c.companyName} hos Profil Optik og angivet dig som den, der underskriver.`,
      '',
      ...agreementSummary(c),
      '',
      'Læs hele aftalen, og underskriv den her:',
      link,
      validUntil(expiresAt),
      '',
      'Aftalen træder i kraft, når du har underskrevet den. Linket er personligt – send det ikke videre.',
      ...signOff,
    ].join('\n'),
  }),
  created: (c: CompanyAgreement, link: string, expiresAt: string): MailMessage => ({
    to: c.contactPerson.email,
    subject: `Brilleaftalen for ${c.companyName} er oprettet`,
    text: [
      `Hej ${c.contactPerson.name}`,
      '',
      `Tak for jeres brilleaftale. Vi har sendt den til underskrift hos ${c.signingParty.name} (${c.signingParty.email}).`,
      '',
      ...agreementSummary(c),
      '',
      'Du kan følge aftalen og læse kontrakten her:',
      link,
      validUntil(expiresAt),
      ...signOff,
    ].join('\n'),
  }),
  signed: (c: CompanyAgreement, to: string, link: string, expiresAt: string, requisitionLink: string): MailMessage => ({
    to,
    subject: `Brilleaftalen for ${c.companyName} er underskrevet og aktiv`,
    text: [
      'Hej',
      '',
      `${c.signedBy ?? c.signingParty.name} har underskrevet brilleaftalen for ${c.companyName} ${c.signedAt ? day(c.signedAt) : ''}. Aftalen er nu aktiv.`,
      '',
      ...agreementSummary(c),
      '',
      'Medarbejderne kan nu bestille briller og synsprøver med en e-rekvisition her:',
      requisitionLink,
      'Kontrakten kan læses og udskrives her:',
      link,
      validUntil(expiresAt),
      ...signOff,
    ].join('\n'),
  }),
  terminated: (c: CompanyAgreement, to: string): MailMessage => ({
    to,
    subject: `Brilleaftalen for ${c.companyName} er opsagt`,
    text: [
      'Hej',
      '',
      `Brilleaftalen for ${c.companyName} (CVR ${c.organisationNumber}) er opsagt ${c.terminatedAt ? day(c.terminatedAt) : ''}. Status: ${contractStatusLabels.Terminated}.`,
      'Rekvisitioner, butikkerne allerede har godkendt, bliver gennemført. Nye rekvisitioner kan ikke oprettes.',
      ...signOff,
    ].join('\n'),
  }),
  eyeHealthDay: (d: EyeHealthDay): MailMessage => ({
    to: d.contact.email,
    subject: `Vi har modtaget jeres ønske om en øjensundhedsdag`,
    text: [
      `Hej ${d.contact.name}`,
      '',
      `Tak for jeres ønske om en øjensundhedsdag hos ${d.companyName}.`,
      `Periode: ${day(d.dateFrom)} – ${day(d.dateTo)}`,
      `Antal medarbejdere: ${d.employees}`,
      `Sted: ${d.location.street}, ${d.location.zip} ${d.location.city}`,
      ...(d.note ? [`Jeres bemærkning: ${d.note}`] : []),
      '',
      'En af vores optikere ringer til dig inden for tre hverdage og aftaler dato og det praktiske.',
      ...signOff,
    ].join('\n'),
  }),
  requisitionReceived: (r: Requisition, kind: 'glasses' | 'exam', to: string, storeName: string): MailMessage => ({
    to,
    subject: `Din rekvisition på ${kindText[kind]} er sendt til ${storeName}`,
    text: [
      `Hej ${r.employeeName}`,
      '',
      `Din rekvisition på ${kindText[kind]} via brilleaftalen med ${r.companyName} er sendt til ${storeName}.`,
      `Aftalen dækker op til ${formatDkk(r.maxAmount)}`,
      'Butikschefen godkender den, og du får svar på e-mail.',
      ...signOff,
    ].join('\n'),
  }),
  requisitionDecided: (r: Requisition, kind: 'glasses' | 'exam' | null, to: string, storeName: string): MailMessage => {
    const what = kind ? `på ${kindText[kind]} ` : '';
    const approved = r.status === 'approved';
    return {
      to,
      subject: `Rekvisition ${what}for ${r.employeeName} er ${approved ? 'godkendt' : 'afvist'}`,
      text: [
        'Hej',
        '',
        `${storeName} har ${approved ? 'godkendt' : 'afvist'} rekvisitionen ${what}for ${r.employeeName}${r.employeeNumber ? ` (medarbejdernr. ${r.employeeNumber})` : ''} under brilleaftalen med ${r.companyName}.`,
        ...(approved ? [`Aftalen dækker op til ${formatDkk(r.maxAmount)} Medarbejderen kan nu komme i butikken.`] : []),
        ...(r.note ? [`Butikkens note: ${r.note}`] : []),
        ...(r.decidedBy ? [`Besluttet af: ${r.decidedBy}`] : []),
        ...signOff,
      ].join('\n'),
    };
  },
};
