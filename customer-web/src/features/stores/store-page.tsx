import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { formatPhone, normalizePhone, type StoreDetail } from '@optik/shared';
import { LoadError } from '../../load-error';
import { usePageMeta } from '../../page-meta';
import { NotFound } from '../../routes/not-found';
import { useApi } from '../../use-api';
import { sm } from './messages';
import { OpenStatus } from './open-status';
import type { StoreApi } from './store-finder-page';
import { specialDays, todayWeekday, weeklyRows } from './store-format';
import './stores.css';

/** The booking wizard's store preselection (`?butik=`). */
export const bookExamHref = (storeId: string) => `/bestil-tid-til-synstest?${new URLSearchParams({ butik: storeId }).toString()}`;

/** A Danish number as +45…, others as stored, for `tel:`. */
function telHref(phone: string): string {
  const n = normalizePhone(phone) ?? phone.replace(/\s/g, '');
  return `tel:${/^\d{8}$/.test(n) ? `+45${n}` : n}`;
}

/** /find-butik/$slug: one store with address, phone, weekly hours, closing days ahead, open now and its exams. */
export function StorePage({ api, slug }: { api: StoreApi; slug: string }) {
  const [store, reload] = useApi(`store:${slug}`, () => api.getStore(slug));
  const s = store.state === 'ready' ? store.data.data : null;
  usePageMeta(s ? s.name : null, s ? sm.storePageDescription(s.name, s.city) : undefined);
  if (store.state === 'loading') {
    return (
      <p role="status" className="page">
        {sm.loadingStore}
      </p>
    );
  }
  if (store.state === 'error') return store.status === 404 ? <NotFound /> : <LoadError className="page error" onRetry={reload} />;
  return <StoreView store={store.data.data} />;
}

function StoreView({ store }: { store: StoreDetail }) {
  const ids = useId();
  const special = specialDays(store.openingHours, store.days);
  const today = todayWeekday(store.today);
  return (
    <article className="page store-page">
      <p className="store-back">
        <Link to="/find-butik">{sm.backToFinder}</Link>
      </p>
      <h1>{store.name}</h1>
      <OpenStatus status={store} />
      {store.examTypes.length > 0 ? (
        <p>
          <a className="button" href={bookExamHref(store.id)}>
            {sm.bookExam}
          </a>
        </p>
      ) : null}

      <div className="store-columns">
        <section aria-labelledby={`${ids}contact`}>
          <h2 id={`${ids}contact`}>{sm.contactHeading}</h2>
          <dl className="store-contact">
            <dt>{sm.address}</dt>
            <dd>
              <address>
                {store.street}
                <br />
                {store.postcode} {store.city}
              </address>
            </dd>
            <dt>{sm.phone}</dt>
            <dd>
              <a href={telHref(store.phone)}>{formatPhone(store.phone)}</a>
            </dd>
            <dt>{sm.email}</dt>
            <dd>
              <a href={`mailto:${store.email}`}>{store.email}</a>
            </dd>
          </dl>
        </section>

        <section aria-labelledby={`${ids}hours`}>
          <h2 id={`${ids}hours`}>{sm.hoursHeading}</h2>
          <table className="store-hours">
            <caption>{sm.hoursCaption(store.name)}</caption>
            <thead>
              <tr>
                <th scope="col">{sm.dayColumn}</th>
                <th scope="col">{sm.hoursColumn}</th>
              </tr>
            </thead>
            <tbody>
              {weeklyRows(store.openingHours).map((row) => (
                <tr key={row.day} className={row.day === today ? 'is-today' : undefined} aria-current={row.day === today ? 'date' : undefined}>
                  <th scope="row">
                    {row.name}
                    {row.day === today ? <span className="store-today"> {sm.todayMark}</span> : null}
                  </th>
                  <td>{row.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{sm.specialHeading}</h3>
          {special.length > 0 ? (
            <>
              <p>{sm.specialIntro(store.days.length)}</p>
              <ul className="store-special">
                {special.map((d) => (
                  <li key={d.date}>
                    <strong>{d.day}:</strong> {d.text}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{sm.specialNone(store.days.length)}</p>
          )}
        </section>

        <section aria-labelledby={`${ids}exams`}>
          <h2 id={`${ids}exams`}>{sm.examsHeading}</h2>
          {store.examTypes.length > 0 ? (
            <ul className="store-exams">
              {store.examTypes.map((e) => (
                <li key={e.type}>
                  {e.name} <span className="muted">({sm.examMinutes(e.minutes)})</span>
                </li>
              ))}
            </ul>
          ) : (
            <p>{sm.noExams}</p>
          )}
        </section>
      </div>
    </article>
  );
}
