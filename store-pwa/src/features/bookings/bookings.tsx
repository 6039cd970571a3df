import { useEffect, useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from '@tanstack/react-router';
import { addDays, ageGroupLabel, copenhagenIsoDate, EXAM_TYPES, formatCounterDay, formatCounterTime, localTimeOf, parseIsoDate, toIsoDate, type SessionResponse } from '@optik/shared';
import type { LocalBooking, LocalCustomer } from '../../db/db';
import { t } from '../../messages';
import { BOOKING_DAYS, db, refreshBookings, syncServices } from '../../services';
import { sessionAtom } from '../../session';
import { CheckIn } from './check-in';
import { checkIn, confirmBooking, CounterRefused, counterRefusal, markNoShow } from './counter-actions';
import { maskEmail, maskPhone } from './mask';
import { bk } from './messages';
import './bookings.css';

/** The route (/aftaler): the signed-in store's bookings; "Åbn kunde" goes to the customer's page. */
export function BookingsPage() {
  const session = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  return session ? <Bookings session={session} openCustomer={(customerId) => void navigate({ to: '/kunder/$customerId', params: { customerId } })} /> : null;
}

const fullName = (b: LocalBooking) => (b.contact ? `${b.contact.firstName} ${b.contact.lastName}` : b.id);

/**
 * "Dagens aftaler" (issue 17): the store's eye-exam bookings of today and the coming week from
 * the device copy (refreshed from the server when it can be reached), grouped by day. Confirm,
 * check in and no-show are written on the device with their outbox command, so they work offline.
 */
export function Bookings({ session, openCustomer, now = () => new Date() }: { session: SessionResponse; openCustomer: (customerId: string) => void; now?: () => Date }) {
  const storeId = session.user.storeId;
  const rows = useLiveQuery(() => db.bookings.orderBy('start').toArray(), []);
  const [refresh, setRefresh] = useState<'loading' | 'done' | 'offline'>('loading');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checkingIn, setCheckingIn] = useState<LocalBooking | null>(null);
  const linked = useLiveQuery(async () => new Set((await db.customers.where('id').anyOf((rows ?? []).flatMap((b) => (b.customerId ? [b.customerId] : []))).primaryKeys()) as string[]), [rows], new Set<string>());

  useEffect(() => {
    void refreshBookings(copenhagenIsoDate(now())).then((ok) => setRefresh(ok ? 'done' : 'offline'));
    // Once per visit of the screen; the sync loop refreshes the copy after each sync as well.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const today = copenhagenIsoDate(now());
  const days = Array.from({ length: BOOKING_DAYS }, (_, i) => toIsoDate(addDays(parseIsoDate(today)!, i)));
  const mine = (rows ?? []).filter((b) => b.storeId === storeId);
  const onDay = (date: string) => mine.filter((b) => localTimeOf(b.start).date === date);
  const later = days.slice(1).filter((d) => onDay(d).length > 0);

  async function run(b: LocalBooking, action: (engine: Awaited<ReturnType<typeof syncServices>>['engine']) => Promise<unknown>, done: string) {
    setError(null);
    setNotice(null);
    try {
      const { engine, trigger } = await syncServices();
      await action(engine);
      setNotice(done);
      void trigger();
    } catch (err) {
      if (!(err instanceof CounterRefused)) throw err;
      setError(`${fullName(b)}: ${err.message}`);
    }
  }

  async function startCheckIn(b: LocalBooking) {
    // A booking linked to a customer: checked in on that customer, whose page opens.
    if (b.customerId) {
      const customerId = b.customerId;
      await run(b, (engine) => checkIn(engine, b.id, customerId, now()), bk.checkedIn(fullName(b)));
      openCustomer(customerId);
    } else {
      setCheckingIn(b);
    }
  }

  const handlers = {
    linked,
    now,
    onConfirm: (b: LocalBooking) => void run(b, (engine) => confirmBooking(engine, b.id, now()), bk.confirmed(fullName(b))),
    onCheckIn: (b: LocalBooking) => void startCheckIn(b),
    onNoShow: (b: LocalBooking) => void run(b, (engine) => markNoShow(engine, b.id, now()), bk.noShowSaved(fullName(b))),
    onOpen: openCustomer,
  };

  if (checkingIn) {
    return (
      <CheckIn
        booking={checkingIn}
        session={session}
        onCancel={() => setCheckingIn(null)}
        onCheckedIn={(customer: LocalCustomer) => {
          setCheckingIn(null);
          setNotice(bk.checkedIn(fullName(checkingIn)));
          openCustomer(customer.id);
        }}
        now={now}
      />
    );
  }

  return (
    <div className="card wide">
      <h1>{bk.title}</h1>
      <p>{bk.intro}</p>
      <p role="status" className={refresh === 'offline' ? 'offline-note' : 'hint'}>
        {refresh === 'loading' ? bk.loading : refresh === 'offline' ? bk.offline : bk.updated}
      </p>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <Day title={bk.today(formatCounterDay(today))} bookings={onDay(today)} empty={bk.noneToday} {...handlers} />
      {later.length === 0 && <p>{bk.noneWeek}</p>}
      {later.map((d) => (
        <Day key={d} title={formatCounterDay(d)} bookings={onDay(d)} empty="" {...handlers} />
      ))}
    </div>
  );
}

interface DayProps {
  title: string;
  bookings: LocalBooking[];
  empty: string;
  linked: Set<string>;
  now: () => Date;
  onConfirm: (b: LocalBooking) => void;
  onCheckIn: (b: LocalBooking) => void;
  onNoShow: (b: LocalBooking) => void;
  onOpen: (customerId: string) => void;
}

function Day({ title, bookings, empty, ...rest }: DayProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="booking-day">
      <h2 id={id}>{title}</h2>
      {bookings.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="bookings">
          {bookings.map((b) => (
            <BookingItem key={b.id} b={b} {...rest} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingItem({ b, linked, now, onConfirm, onCheckIn, onNoShow, onOpen }: Omit<DayProps, 'title' | 'bookings' | 'empty'> & { b: LocalBooking }) {
  const id = useId();
  const state = b.attendance ?? b.status;
  const allowed = (type: Parameters<typeof counterRefusal>[1]) => counterRefusal(b, type, now()) === null;
  return (
    <li className={`booking booking-${state}`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {bk.time(formatCounterTime(b.start), formatCounterTime(b.end))} · {fullName(b)}
      </h3>
      <p className="booking-what">
        <span>{EXAM_TYPES[b.examType].name}</span>
        <span>{ageGroupLabel(b.ageGroup)}</span>
        <span>
          {bk.statusLabel}: <strong className="booking-status">{bk.status[state]}</strong>
        </span>
        {b.syncState && <span className={`state state-${b.syncState}`}>{t.syncState[b.syncState]}</span>}
      </p>
      <dl>
        {b.contact && (
          <>
            <dt>{bk.phone}</dt>
            <dd>{maskPhone(b.contact.phone)}</dd>
            <dt>{bk.email}</dt>
            <dd>{maskEmail(b.contact.email)}</dd>
          </>
        )}
        {b.noteToStore && (
          <>
            <dt>{bk.note}</dt>
            <dd>{b.noteToStore}</dd>
          </>
        )}
        {b.requisitionType && (
          <>
            <dt>{bk.requisition}</dt>
            <dd>{[b.companyName, bk.requisitionType[b.requisitionType], b.reference && bk.reference(b.reference)].filter(Boolean).join(', ')}</dd>
          </>
        )}
        {b.workingDistances && b.workingDistances.length > 0 && (
          <>
            <dt>{bk.distances}</dt>
            <dd>{b.workingDistances.map(bk.distance).join(', ')}</dd>
          </>
        )}
        {b.tools && (
          <>
            <dt>{bk.tools}</dt>
            <dd>{b.tools}</dd>
          </>
        )}
        {b.other && (
          <>
            <dt>{bk.other}</dt>
            <dd>{b.other}</dd>
          </>
        )}
      </dl>
      <div className="actions">
        {allowed('booking.confirm') && (
          <button type="button" onClick={() => onConfirm(b)} aria-describedby={`${id}-title`}>
            {bk.confirm}
          </button>
        )}
        {allowed('booking.checkIn') && (
          <button type="button" onClick={() => onCheckIn(b)} aria-describedby={`${id}-title`}>
            {bk.checkIn}
          </button>
        )}
        {allowed('booking.noShow') && (
          <button type="button" className="secondary" onClick={() => onNoShow(b)} aria-describedby={`${id}-title`}>
            {bk.noShow}
          </button>
        )}
        {b.customerId && linked.has(b.customerId) && (
          <button type="button" className="secondary" onClick={() => onOpen(b.customerId!)} aria-describedby={`${id}-title`}>
            {bk.openCustomer}
          </button>
        )}
      </div>
    </li>
  );
}
