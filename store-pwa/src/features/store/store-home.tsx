import { useEffect, useState } from 'react';
import type { SessionResponse, Store } from '@optik/shared';
import type { Api } from '../../api';
import { t } from '../../messages';
import { db } from '../../services';

const STORE_KEY = 'store';

const DAYS = ['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag', 'Søndag'];

/** The signed-in staff member's start screen: their store's address, phone and opening hours. */
export function StoreHome({ api, session }: { api: Pick<Api, 'getStores'>; session: SessionResponse }) {
  const [store, setStore] = useState<Store | null | 'error'>(null);
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
    <div className="card">
      <h1>{t.session.welcome(session.user.name)}</h1>
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
                  <td>{d.open && d.close ? `${d.open}–${d.close}` : t.store.closed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
