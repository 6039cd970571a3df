import type { ReactNode } from 'react';
import { EXAM_TYPES, ageGroupLabel, bookingStatusLabel, formatBookingTime, formatDanishDate, formatPhone, type BookingView } from '@optik/shared';
import { bs } from './facts-messages';
import { bt } from './messages';
import { storeLine } from './store-line';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Shows a "Ret …" button that goes back to where the value was chosen. */
  onEdit?: () => void;
}

/** A booking's details as a description list, optionally with edit buttons (the wizard's summary). */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="booking-facts">
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>
            <span>{f.value}</span>
            {f.onEdit && (
              <button type="button" className="link-button" onClick={f.onEdit}>
                {bs.summary.edit(f.label)}
              </button>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function priceText(b: Pick<BookingView, 'price' | 'ordinaryPrice' | 'friendsFreeVisit'>): string {
  return b.friendsFreeVisit ? bs.summary.friendsFree(b.ordinaryPrice) : bs.summary.priceValue(b.price);
}

/** Birth date 'YYYY-MM-DD' as customers write it: '7. juli 1961'. */
const birthDateText = (iso: string) => formatDanishDate(iso).replace(/^\S+ /, '');

/** What the customer booked, as the completion page, the manage page and My Pages show it. */
export function bookingFacts(b: BookingView, opts: { status?: boolean } = {}): Fact[] {
  const s = bs.summary;
  const facts: (Fact | false)[] = [
    opts.status === true && { label: bs.summary.status, value: bookingStatusLabel[b.status] },
    { label: s.exam, value: EXAM_TYPES[b.examType].name },
    { label: s.age, value: ageGroupLabel(b.ageGroup) },
    { label: s.time, value: formatBookingTime(b.start, b.end) },
    { label: s.store, value: `${storeLine(b.store)} · ${bt.store.phone} ${formatPhone(b.store.phone)}` },
    { label: s.price, value: priceText(b) },
    { label: s.name, value: `${b.contact.firstName} ${b.contact.lastName}` },
    { label: s.email, value: b.contact.email },
    { label: s.phone, value: formatPhone(b.contact.phone) },
    b.birthDate !== null && { label: s.birthDate, value: birthDateText(b.birthDate) },
    b.noteToStore !== null && { label: s.note, value: b.noteToStore },
    b.companyName !== null && { label: s.company, value: b.reference ? `${b.companyName} (${b.reference})` : b.companyName },
    b.requisitionType !== null && { label: s.requisition, value: bs.requisition[b.requisitionType] },
    (b.workingDistances?.length ?? 0) > 0 && { label: s.distances, value: b.workingDistances!.map((x) => `${x} cm`).join(', ') },
    b.tools !== null && { label: s.tools, value: b.tools },
    b.other !== null && { label: s.other, value: b.other },
  ];
  return facts.filter((f): f is Fact => f !== false);
}
