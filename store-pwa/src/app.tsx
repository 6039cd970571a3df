import { useEffect } from 'react';
import { useAtom } from 'jotai';
import type { Api } from './api';
import { StoreLogin } from './features/login/store-login';
import { StoreHome } from './features/store/store-home';
import { t } from './messages';
import { sessionAtom } from './session';

export function App({ api }: { api: Pick<Api, 'me' | 'getStores' | 'storeLogin' | 'logout'> }) {
  const [session, setSession] = useAtom(sessionAtom);

  useEffect(() => {
    void api.me().then((r) => setSession(r.ok && (r.data.user.role === 'store-staff' || r.data.user.role === 'manager') ? r.data : null));
  }, [api, setSession]);

  async function logout() {
    await api.logout();
    setSession(null);
  }

  return (
    <>
      <a className="skip-link" href="#indhold">
        {t.skipToContent}
      </a>
      <header className="app-header">
        <span className="logo">{t.appName}</span>
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
      <main id="indhold" tabIndex={-1}>
        {session === undefined && <p role="status">{t.session.checking}</p>}
        {session === null && <StoreLogin api={api} onLoggedIn={setSession} />}
        {session && <StoreHome api={api} session={session} />}
      </main>
    </>
  );
}
