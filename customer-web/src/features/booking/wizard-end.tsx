import type { RefObject } from 'react';
import { EXAM_TYPES, ageGroupLabel, formatBookingTime, formatPhone, type Store } from '@optik/shared';
import { Facts, bookingFacts, type Fact } from './booking-facts';
import type { Answers, Done, Step } from './wizard-answers';
import { bs } from './facts-messages';
import { storeLine } from './store-line';

/** The wizard's last screen: the answers to confirm, each with a button back to where it was given. */
export function Summary({ answers, store, onEdit }: { answers: Answers; store: Store; onEdit: (step: Step) => void }) {
  const s = bs.summary;
  const exam = EXAM_TYPES[answers.examType!];
  const d = answers.details;
  const company = d.viaEmployer;
  const distances = d.distances.map((x) => x.trim()).filter(Boolean);
  const facts: (Fact | false)[] = [
    { label: s.exam, value: exam.name, onEdit: () => onEdit('exam') },
    { label: s.age, value: ageGroupLabel(answers.ageGroup!), onEdit: () => onEdit('age') },
    { label: s.store, value: storeLine(store), onEdit: () => onEdit('store') },
    { label: s.time, value: formatBookingTime(answers.slot!.start, answers.slot!.end), onEdit: () => onEdit('time') },
    { label: s.price, value: s.priceValue(exam.price) },
    { label: s.name, value: `${d.firstName.trim()} ${d.lastName.trim()}`, onEdit: () => onEdit('details') },
    { label: s.email, value: d.email.trim() },
    { label: s.phone, value: formatPhone(d.phone) },
    d.birthDate.trim() !== '' && { label: s.birthDate, value: d.birthDate.trim() },
    d.noteToStore.trim() !== '' && { label: s.note, value: d.noteToStore.trim() },
    company && { label: s.company, value: d.reference.trim() ? `${d.companyName.trim()} (${d.reference.trim()})` : d.companyName.trim() },
    company && d.requisitionType !== '' && { label: s.requisition, value: bs.requisition[d.requisitionType] },
    company && distances.length > 0 && { label: s.distances, value: distances.map((x) => `${x} cm`).join(', ') },
    company && d.tools.trim() !== '' && { label: s.tools, value: d.tools.trim() },
    company && d.other.trim() !== '' && { label: s.other, value: d.other.trim() },
  ];
  return (
    <>
      <Facts facts={facts.filter((f): f is Fact => f !== false)} />
      {exam.price > 0 && <p className="hint">{bs.summary.friendsNote}</p>}
      <p className="hint">
        {s.privacy} <a href="/privatlivspolitik">{s.privacyLink}</a>
      </p>
    </>
  );
}

/** After booking: the status, what was booked and the manage link of the e-mail. */
export function Completion({ done, headingRef, onAnother }: { done: Done; headingRef: RefObject<HTMLHeadingElement | null>; onAnother: () => void }) {
  const b = done.booking;
  const manage = `/bestil-tid-til-synstest/${encodeURIComponent(b.id)}#token=${done.token}`;
  return (
    <div className="booking-done">
      <h2 ref={headingRef} tabIndex={-1}>
        {bs.done.heading}
      </h2>
      <p role="status" className="booking-status">
        {b.status === 'confirmed' ? bs.done.confirmed : bs.done.requested}
      </p>
      <Facts facts={bookingFacts(b)} />
      <p>{bs.done.mailed(b.contact.email)}</p>
      <p className="booking-actions">
        <a className="button" href={manage}>
          {bs.done.manage}
        </a>
        <button type="button" className="secondary" onClick={onAnother}>
          {bs.done.another}
        </button>
      </p>
    </div>
  );
}
