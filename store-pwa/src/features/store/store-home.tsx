import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from '@tanstack/react-router';
import { addDays, copenhagenParts, EXAM_TYPES, fromCopenhagen, type SessionResponse, type Store } from '@optik/shared';
import type { Api } from '../../api';
import { formatTime } from '../../dates';
import { t } from '../../messages';
import { db } from '../../services';
import { InstallApp } from '../device/install';
import { hm } from './messages';
import './store-home.css';

const STORE_KEY = 'store';

const DAYS = ['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag', 'Søndag'];
const SHOWN = 5;

/** Screens of the counter day built beside this one (issue 17): linked by path, typed once they are in the route tree. */
const dayRoute = (path: '/aftaler' | '/ordrer') => path as never;

/** Today's bookings not yet over, not cancelled and not yet dealt with at the counter, soonest first (the device copy). */
async function nextBookings(now: Date) {
  const today = copenhagenParts(now);
  const endOfDay = fromCopenhagen({ ...addDays(today, 1), minutes: 0 }).toISOString();
  const nowIso = now.toISOString();
  const rows = await db.bookings
    .where('start')
    .between(fromCopenhagen({ ...today, minutes: 0 }).toISOString(), endOfDay, true, false)
    .filter((b) => b.end > nowIso && b.status !== 'cancelled' && !b.attendance)
    .toArray();
  return rows;
}

/** Click-and-collect orders the store has controlled: "Klar til afhentning" until handed over. */
async function readyForPickup() {
  const orders = await db.orders
    .where('status')
    .equals('controlled')
    .filter((o) => o.deliveryMethodId === 119)
    .toArray();
  const customers = new Map((await db.customers.bulkGet(orders.map((o) => o.customerId))).flatMap((c) => (c ? [[c.id, c] as const] : [])));
  return orders.sort((a, b) => (a.updatedAt ?? a.createdAt).localeCompare(b.updatedAt ?? b.createdAt)).map((o) => ({ order: o, customer: customers.get(o.customerId) }));
}

/** The signed-in staff member's start screen: the day's shortcuts, then their store's address, phone and opening hours. */
export function StoreHome({ api, session, now = new Date() }: { api: Pick<Api, 'getStores'>; session: SessionResponse; now?: Date }) {
  const [store, setStore] = useState<Store | null | 'error'>(null);
  const minute = Math.floor(now.getTime() / 60_000);
  const bookings = useLiveQuery(() => nextBookings(new Date(minute * 60_000)), [minute]);
  const pickup = useLiveQuery(readyForPickup, []);
  const waiting = useLiveQuery(async () => ({ pending: await db.outbox.where('status').equals('pending').count(), rejected: await db.outbox.where('status').equals('rejected').count() }), []);

  useEffect(() => {
    let live = true;
    void api.getStores().then(async (r) => {
      // Online: keep a copy of this store on the device; offline: show that copy.
      const found = r.ok ? r.data.data.find((s) => s.id === session.user.storeId) : undefined;
      if (found) await db.meta.put({ key: STORE_KEY, value: found });
      const shown = found ?? ((await db.meta.get(STORE_KEY))?.value as Store | undefined);
      if (live) setStore(shown && shown.id === session.user.storeId ? shown : 'error');
    });
    return () => {
      live = false;
    };
  }, [api, session.user.storeId]);

  return (
    <div className="card wide home">
      <h1>{t.session.welcome(session.user.name)}</h1>
      <div className="shortcuts">
        <section aria-labelledby="hjem-aftaler" className="shortcut">
          <h2 id="hjem-aftaler">{hm.bookings.title}</h2>
          {bookings && bookings.length === 0 && <p>{hm.bookings.none}</p>}
          {bookings && bookings.length > 0 && (
            <ul>
              {bookings.slice(0, SHOWN).map((b) => (
                <li key={b.id}>
                  <time dateTime={b.start}>
                    {formatTime(b.start)}–{formatTime(b.end)}
                  </time>{' '}
                  {EXAM_TYPES[b.examType].name}
                  {b.status === 'requested' && <span className="shortcut-flag"> · {hm.bookings.requested}</span>}
                </li>
              ))}
            </ul>
          )}
          {bookings && bookings.length > SHOWN && <p>{hm.bookings.more(bookings.length - SHOWN)}</p>}
          <Link to={dayRoute('/aftaler')}>{hm.bookings.all}</Link>
        </section>
        <section aria-labelledby="hjem-afhentning" className="shortcut">
          <h2 id="hjem-afhentning">{hm.pickup.title}</h2>
          {pickup && pickup.length === 0 && <p>{hm.pickup.none}</p>}
          {pickup && pickup.length > 0 && (
            <>
              <p>{hm.pickup.count(pickup.length)}</p>
              <ul>
                {pickup.slice(0, SHOWN).map(({ order, customer }) => (
                  <li key={order.id}>
                    {order.orderNumber ?? hm.pickup.noNumber}
                    {customer && ` – ${customer.firstName} ${customer.lastName}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          <Link to={dayRoute('/ordrer')}>{hm.pickup.all}</Link>
        </section>
        <section aria-labelledby="hjem-venter" className="shortcut">
          <h2 id="hjem-venter">{hm.waiting.title}</h2>
          {waiting && waiting.pending + waiting.rejected === 0 && <p>{hm.waiting.none}</p>}
          {waiting && waiting.pending > 0 && <p>{hm.waiting.pending(waiting.pending)}</p>}
          {waiting && waiting.rejected > 0 && <p className="error">{hm.waiting.rejected(waiting.rejected)}</p>}
          <Link to="/synkronisering">{hm.waiting.open}</Link>
        </section>
      </div>
      {store === null && <p role="status">{t.store.loading}</p>}
      {store === 'error' && <p role="alert">{t.error.generic}</p>}
      {store && store !== 'error' && (
        <section aria-labelledby="butik-titel">
          <h2 id="butik-titel">{store.name}</h2>
          <p>
            {store.street}, {store.postcode} {store.city}
            <br />
            {t.store.phone} {store.phone.replace(/(\d{2})(?=\d)/g, '$1 ')}
          </p>
          <table className="hours">
            <caption>{t.store.openingHours}</caption>
            <tbody>
              {store.openingHours.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{DAYS[d.day - 1]}</th>
                  <td>{d.open && d.close ? `${formatTime(d.open)}–${formatTime(d.close)}` : t.store.closed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <InstallApp />
    </div>
  );
}
