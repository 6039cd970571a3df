import { useEffect } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, Outlet } from '@tanstack/react-router';
import type { SessionResponse } from '@optik/shared';
import type { Api } from './api';
import { al } from './features/access-log/messages';
import { bk } from './features/bookings/messages';
import { StoreLogin } from './features/login/store-login';
import { ConnectionBanner } from './features/device/connection-banner';
import { DemoMarker } from './demo-marker';
import { t } from './messages';
import { db, offlineSession, rememberSession, syncServices } from './services';
import { sessionAtom, updateReadyAtom } from './session';

const isStaff = (s: SessionResponse) => s.user.role === 'store-staff' || s.user.role === 'manager';

export function App({ api }: { api: Pick<Api, 'me' | 'getStores' | 'storeLogin' | 'logout'> }) {
  const [session, setSession] = useAtom(sessionAtom);
  const activateUpdate = useAtomValue(updateReadyAtom);
  const pending = useLiveQuery(() => db.outbox.where('status').anyOf('pending', 'rejected').count(), [], 0);

  useEffect(() => {
    void api.me().then(async (r) => {
      // Status 0: no network. Keep working on the session this device saw online.
      if (r.ok) setSession(r.data.user && isStaff(r.data) ? r.data : null);
      else setSession(r.status === 0 ? await offlineSession() : null);
    });
  }, [api, setSession]);

  // Signed in (online or from the device's session): the outbox starts syncing.
  useEffect(() => {
    if (session) void syncServices();
  }, [session]);

  async function onLoggedIn(s: SessionResponse) {
    await rememberSession(s);
    setSession(s);
  }

  async function logout() {
    await api.logout();
    await rememberSession(null);
    setSession(null);
  }

  return (
    <>
      <a className="skip-link" href="#indhold">
        {t.skipToContent}
      </a>
      <DemoMarker />
      <header className="app-header">
        <span className="logo">{t.appName}</span>
        {session && (
          <nav aria-label={t.nav.label} className="app-nav">
            <Link to="/">{t.nav.home}</Link>
            <Link to="/kunder">{t.nav.customers}</Link>
            <Link to="/aftaler">{bk.nav}</Link>
            <Link to="/ordrer">{t.nav.orders}</Link>
            <Link to="/returer">{t.nav.returns}</Link>
            {session.user.role === 'manager' && <Link to="/rekvisitioner">{t.nav.requisitions}</Link>}
            {session.user.role === 'manager' && <Link to="/adgangslog">{al.nav}</Link>}
            <Link to="/synkronisering">
              {t.nav.sync} <span className="badge" aria-label={t.sync.pendingLabel(pending)}>{pending}</span>
            </Link>
          </nav>
        )}
        {session && (
          <div className="who">
            <span>{t.session.staff(session.user.name)}</span>
            <button type="button" onClick={() => void logout()}>
              {t.session.logout}
            </button>
          </div>
        )}
      </header>
      {session && (
        <p className="status-bar" role="status">
          {t.session.loggedInAs(session.user.storeName ?? session.user.storeId ?? '')}
        </p>
      )}
      {session && <ConnectionBanner />}
      {activateUpdate && (
        <div className="update" role="status">
          {t.update.ready}{' '}
          <button type="button" onClick={activateUpdate}>
            {t.update.activate}
          </button>
        </div>
      )}
      <main id="indhold" tabIndex={-1}>
        {session === undefined && <p role="status">{t.session.checking}</p>}
        {session === null && <StoreLogin api={api} onLoggedIn={(s) => void onLoggedIn(s)} />}
        {session && <Outlet />}
      </main>
    </>
  );
}
