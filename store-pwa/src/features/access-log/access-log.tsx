import { useCallback, useEffect, useState } from 'react';
import { accessActionLabel, accessLogResponseSchema, type AccessLogEntry, type SessionResponse } from '@optik/shared';
import type { Api } from '../../api';
import { al } from './messages';
import './access-log.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; entries: AccessLogEntry[]; next: string | null; more: boolean };

/**
 * A manager's access log (decision 009): who in this store read or changed which customer's
 * data, newest first, 50 at a time. Online only: the log is the server's, never kept on the device.
 */
export function AccessLog({ api, session }: { api: Pick<Api, 'get'>; session: SessionResponse }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const manager = session.user.role === 'manager';

  const fetchPage = useCallback(async (cursor: string | null, before: AccessLogEntry[]): Promise<Load> => {
    const r = await api.get(accessLogResponseSchema, `/api/staff/access-log${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (r.ok) return { state: 'ready', entries: [...before, ...r.data.data], next: r.data.next, more: false };
    // A failed "more" keeps what is shown and offers the button again.
    return before.length ? { state: 'ready', entries: before, next: cursor, more: false } : { state: 'error', message: r.status === 0 ? al.offline : r.error.message };
  }, [api]);

  useEffect(() => {
    if (!manager) return;
    let live = true;
    void fetchPage(null, []).then((next) => live && setLoad(next));
    return () => {
      live = false;
    };
  }, [manager, fetchPage, attempt]);

  async function more(current: Extract<Load, { state: 'ready' }>) {
    setLoad({ ...current, more: true });
    setLoad(await fetchPage(current.next, current.entries));
  }

  if (!manager) {
    return (
      <div className="card wide">
        <h1>{al.title}</h1>
        <p role="alert">{al.managersOnly}</p>
      </div>
    );
  }

  return (
    <div className="card wide access-log">
      <h1>{al.title}</h1>
      <p>{al.intro}</p>
      {load.state === 'loading' && <p role="status">{al.loading}</p>}
      {load.state === 'error' && (
        <>
          <p role="alert">{load.message}</p>
          <button type="button" onClick={() => (setLoad({ state: 'loading' }), setAttempt((n) => n + 1))}>
            {al.retry}
          </button>
        </>
      )}
      {load.state === 'ready' && (
        <>
          {load.entries.length === 0 ? (
            <p>{al.none}</p>
          ) : (
            <ol className="access-entries" aria-label={al.title}>
              {load.entries.map((e) => (
                <li key={e.id}>
                  <p className="access-what">
                    <strong>{accessActionLabel[e.action]}</strong> <time dateTime={e.at}>{al.at(e.at)}</time>
                  </p>
                  <dl>
                    <dt>{al.staff}</dt>
                    <dd>{e.staffName}</dd>
                    <dt>{al.customer}</dt>
                    <dd>
                      {e.customerName ? `${e.customerName}${e.customerNumber ? ` (${e.customerNumber})` : ''}` : al.unknownCustomer}
                      {e.customerStoreId && e.customerStoreId !== e.storeId && <span className="access-other"> · {al.otherStore}</span>}
                    </dd>
                  </dl>
                </li>
              ))}
            </ol>
          )}
          <p role="status" className="access-count">
            {load.entries.length > 0 && al.shown(load.entries.length)}
          </p>
          {load.next && (
            <button
              type="button"
              className="secondary"
              disabled={load.more}
              onClick={() => void more(load)}
            >
              {load.more ? al.loadingMore : al.more}
            </button>
          )}
        </>
      )}
    </div>
  );
}
