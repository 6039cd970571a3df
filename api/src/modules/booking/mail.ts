import { EXAM_TYPES, ageGroupLabel, formatBookingTime, formatDkk, formatPhone, type Store } from '@optik/shared';
import type { MailMessage } from '../../ports/mail';
import type { BookingRecord } from './records';

export type BookingMailKind = 'requested' | 'confirmed' | 'rescheduled' | 'updated' | 'cancelled';

const SUBJECTS: Record<BookingMailKind, string> = {
  requested: 'Vi har modtaget din booking',
  confirmed: 'Din tid er bekræftet',
  rescheduled: 'Din tid er flyttet',
  updated: 'Din booking er opdateret',
  cancelled: 'Din booking er aflyst',
};

const OPENING: Record<BookingMailKind, string> = {
  requested: 'Tak for din booking. Vi har sendt den til butikken, som bekræfter tiden hurtigst muligt – du får en e-mail, når det sker.',
  confirmed: 'Din tid er bekræftet. Vi glæder os til at se dig.',
  rescheduled: 'Din booking er flyttet til en ny tid.',
  updated: 'Vi har opdateret oplysningerne på din booking.',
  cancelled: 'Din booking er aflyst. Du kan booke en ny tid via linket herunder.',
};

function priceLine(b: BookingRecord): string {
  if (b.friendsFreeVisit) return `Pris: 0,00 kr. (gratis besøg som Friends-medlem, normalpris ${formatDkk(b.ordinaryPrice)})`;
  return b.price === 0 ? 'Pris: Gratis' : `Pris: ${formatDkk(b.price)} (betales i butikken, momsfri)`;
}

/**
 * The confirmation and change e-mails (SPEC §4). Each carries the manage link, which opens the
 * booking without a login; its token sits in the link's fragment, so it never reaches a server
 * log. No CPR or other confidential data goes in a mail.
 */
export function bookingMail(kind: BookingMailKind, b: BookingRecord, store: Pick<Store, 'name' | 'street' | 'postcode' | 'city' | 'phone'>, manageLink: string): MailMessage {
  const exam = EXAM_TYPES[b.examType];
  const lines = [
    `Hej ${b.contact.firstName}`,
    OPENING[kind],
    [
      `Undersøgelse: ${exam.name} (${exam.minutes} minutter)`,
      `Aldersgruppe: ${ageGroupLabel(b.ageGroup)}`,
      `Tid: ${formatBookingTime(b.start, b.end)}`,
      `Butik: ${store.name}, ${store.street}, ${store.postcode} ${store.city}`,
      `Butikkens telefon: ${formatPhone(store.phone)}`,
      priceLine(b),
      ...(b.companyName ? [`Arbejdsgiver: ${b.companyName}${b.requisitionType === 'e-requisition' ? ' (e-rekvisition)' : ' (tag den fysiske rekvisition med)'}`] : []),
    ].join('\n'),
    kind === 'cancelled' ? `Book en ny tid: ${manageLink}` : `Se, flyt eller aflys din booking: ${manageLink}`,
    'Linket er personligt – del det ikke med andre.',
    'Venlig hilsen\nProfil Optik',
  ];
  return { to: b.contact.email, subject: `${SUBJECTS[kind]}: ${exam.name} i ${store.name}`, text: lines.join('\n\n') };
}
