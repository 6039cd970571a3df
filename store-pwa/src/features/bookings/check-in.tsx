import { useId, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SessionResponse } from '@optik/shared';
import type { LocalBooking, LocalCustomer } from '../../db/db';
import { db, syncServices } from '../../services';
import { CustomerForm, emptyCustomer } from '../customers/customer-form';
import { createCustomer } from '../customers/create-customer';
import { checkIn, CounterRefused } from './counter-actions';
import { bk } from './messages';

/** Customers on the device with the booking's phone number or e-mail (both kept normalised by the shared schema). */
async function sameContact(b: LocalBooking): Promise<LocalCustomer[]> {
  const byPhone = b.contact?.phone ? await db.customers.where('phone').equals(b.contact.phone).toArray() : [];
  const byEmail = b.contact?.email ? await db.customers.where('email').equalsIgnoreCase(b.contact.email).toArray() : [];
  return [...new Map([...byPhone, ...byEmail].map((c) => [c.id, c])).values()];
}

/**
 * "Tjek ind" for a booking not linked to a customer: one of the device's customers with the same
 * phone or e-mail, or a new customer made with the booking's contact data in the customer form.
 * Each is written with its command (a new customer's first, the check-in depending on it).
 */
export function CheckIn({
  booking,
  session,
  onCancel,
  onCheckedIn,
  now,
}: {
  booking: LocalBooking;
  session: SessionResponse;
  onCancel: () => void;
  onCheckedIn: (customer: LocalCustomer) => void;
  now: () => Date;
}) {
  const id = useId();
  const matches = useLiveQuery(() => sameContact(booking), [booking.id]);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = booking.contact ? `${booking.contact.firstName} ${booking.contact.lastName}` : '';

  async function checkInAs(customer: LocalCustomer, created: boolean) {
    const { engine, trigger } = await syncServices();
    try {
      await checkIn(engine, booking.id, customer.id, now());
    } catch (err) {
      if (!(err instanceof CounterRefused)) throw err;
      // A customer just created stays (it is a customer of the store either way).
      setCreating(false);
      setError(err.message);
      if (created) void trigger();
      return;
    }
    void trigger();
    onCheckedIn(customer);
  }

  const alert = error && (
    <p role="alert" className="error">
      {error}
    </p>
  );

  if (matches === undefined) return null;

  if (matches.length === 0 || creating) {
    const c = booking.contact;
    return (
      <>
        {alert}
        <CustomerForm
          title={bk.createTitle(name)}
          initial={{ ...emptyCustomer, firstName: c?.firstName ?? '', lastName: c?.lastName ?? '', email: c?.email ?? '', phone: c?.phone ?? '' }}
          onCancel={matches.length === 0 ? onCancel : () => setCreating(false)}
          onSubmit={async (r) => {
            const { engine } = await syncServices();
            await checkInAs(await createCustomer(engine, session, r, now()), true);
          }}
        />
      </>
    );
  }

  return (
    <div className="card wide" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{bk.checkInTitle(name)}</h1>
      {alert}
      <section aria-labelledby={`${id}-matches`}>
        <h2 id={`${id}-matches`}>{bk.matchesTitle}</h2>
        <p>{bk.matchesIntro}</p>
        <ul className="customer-list">
          {matches.map((m) => (
            <li key={m.id}>
              <button type="button" onClick={() => void checkInAs(m, false)}>
                {bk.checkInAs(`${m.firstName} ${m.lastName}`, m.customerNumber)}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => setCreating(true)}>
          {bk.createNew}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {bk.cancel}
        </button>
      </div>
    </div>
  );
}
