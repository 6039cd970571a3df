import { EXAM_TYPES, bookingListResponseSchema, bookingStatusLabel, formatBookingTime, type BookingView } from '@optik/shared';
import { api, type Api } from '../../../api';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { bm } from './messages';
import './bookings.css';

/** The booking's own page; the signed-in owner opens it without the e-mailed link. */
const manageHref = (id: string) => `/bestil-tid-til-synstest/${encodeURIComponent(id)}`;

function BookingCard({ b }: { b: BookingView }) {
  const title = bm.heading(EXAM_TYPES[b.examType].name, b.store.name);
  return (
    <li className="my-booking">
      <h3>{title}</h3>
      <p>{formatBookingTime(b.start, b.end)}</p>
      <p>
        <span className={`my-booking-status ${b.status}`}>{bookingStatusLabel[b.status]}</span>
        {b.friendsFreeVisit && ` · ${bm.free}`}
      </p>
      <p>
        <a href={manageHref(b.id)} aria-label={`${b.changeable ? bm.manage : bm.show}: ${title}, ${formatBookingTime(b.start, b.end)}`}>
          {b.changeable ? bm.manage : bm.show}
        </a>
      </p>
    </li>
  );
}

/**
 * The customer's bookings (SPEC §2 /min-konto/bestil-tid-til-synstest): coming times first,
 * soonest first; past and cancelled ones after, newest first.
 */
export function BookingList({ api }: { api: Pick<Api, 'get'> }) {
  const [list, reload] = useApi('my-bookings', () => api.get(bookingListResponseSchema, '/api/account/bookings'));
  if (list.state === 'loading') return <p role="status">{bm.loading}</p>;
  if (list.state === 'error') return <LoadError onRetry={reload} />;
  const all = list.data.data;
  const upcoming = all.filter((b) => b.changeable);
  const earlier = all.filter((b) => !b.changeable).reverse();
  return (
    <>
      <p>
        <a className="button" href="/bestil-tid-til-synstest">
          {bm.book}
        </a>
      </p>
      {all.length === 0 ? (
        <p>{bm.none}</p>
      ) : (
        <>
          <h2>{bm.upcoming}</h2>
          {upcoming.length === 0 ? (
            <p>{bm.noUpcoming}</p>
          ) : (
            <ul className="my-bookings">
              {upcoming.map((b) => (
                <BookingCard key={b.id} b={b} />
              ))}
            </ul>
          )}
          {earlier.length > 0 && (
            <>
              <h2>{bm.earlier}</h2>
              <ul className="my-bookings">
                {earlier.map((b) => (
                  <BookingCard key={b.id} b={b} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </>
  );
}

/** /min-konto/bestil-tid-til-synstest */
export function AccountBookingsPage() {
  return <AccountPage title={bm.title} description={bm.description}>{() => <BookingList api={api} />}</AccountPage>;
}
