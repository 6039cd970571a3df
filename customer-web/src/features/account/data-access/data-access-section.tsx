import { useId } from 'react';
import { dataAccessResponseSchema, type DataAccessEntry } from '@optik/shared';
import type { Api } from '../../../api';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import { dm } from './messages';
import './data-access.css';

interface Row {
  key: string;
  storeName: string;
  day: string;
  at: string;
  what: string;
  times: number;
}

/** One row per store, day and kind of access (a store that opened the same thing five times that day is one row). */
function rows(entries: readonly DataAccessEntry[]): Row[] {
  const byKey = new Map<string, Row>();
  for (const e of entries) {
    const day = dm.date(e.at);
    const what = dm.what(e.kind, e.write);
    const key = `${e.storeId}|${day}|${what}`;
    const row = byKey.get(key);
    if (row) row.times += 1;
    else byKey.set(key, { key, storeName: e.storeName, day, at: e.at, what, times: 1 });
  }
  return [...byKey.values()];
}

/**
 * My Pages (decision 009): which stores opened the customer's data and when — the access log as
 * the customer may see it, without staff names.
 */
export function DataAccessSection({ api }: { api: Pick<Api, 'get'> }) {
  const id = useId();
  const [list, reload] = useApi('my-data-access', () => api.get(dataAccessResponseSchema, '/api/my/data-access'));
  return (
    <section className="data-access" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{dm.title}</h2>
      <p>{dm.intro}</p>
      {list.state === 'loading' && <p role="status">{dm.loading}</p>}
      {list.state === 'error' && <LoadError onRetry={reload} />}
      {list.state === 'ready' &&
        (list.data.data.length === 0 ? (
          <p>{dm.none}</p>
        ) : (
          <ul className="data-access-list">
            {rows(list.data.data).map((r) => (
              <li key={r.key}>
                <strong>{r.storeName}</strong>
                <span>
                  {r.what}
                  {dm.times(r.times)}
                </span>
                <time dateTime={r.at}>{r.day}</time>
              </li>
            ))}
          </ul>
        ))}
      <p className="data-access-note">{dm.linkNote}</p>
    </section>
  );
}
