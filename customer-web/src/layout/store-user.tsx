import { useEffect, useRef, useState } from 'react';
import type { Api } from '../api';
import { layoutText as l } from './messages';

const RELOAD_GUARD_KEY = 'optik_store_reload';
/** One function for every render: the check below runs again when it changes (a new arrow each render asked the API in a loop). */
const reloadPage = () => window.location.reload();

/**
 * The store user's name while the visitor is logged in as a store (SPEC §6), else null.
 * Checked again on every route change: SPEC §4 — when the held user was a store user and the
 * answer now says otherwise, the page reloads so no store-only data stays on screen.
 * A fresh page holds no user, so a reload cannot lead to another; the session flag also
 * stops a second reload should the answer keep flapping.
 */
export function useStoreUser(api: Pick<Api, 'getUser'>, pathname: string, reload: () => void = reloadPage): string | null {
  const [name, setName] = useState<string | null>(null);
  const held = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    void api.getUser().then((r) => {
      if (!live || !r.ok) return;
      const user = r.data.user;
      const storeName = r.data.success && user?.isStore ? user.name : null;
      if (held.current !== null && storeName === null) {
        if (sessionStorage.getItem(RELOAD_GUARD_KEY) === null) {
          sessionStorage.setItem(RELOAD_GUARD_KEY, '1');
          reload();
          return;
        }
      } else sessionStorage.removeItem(RELOAD_GUARD_KEY);
      held.current = storeName;
      setName(storeName);
    });
    return () => {
      live = false;
    };
  }, [api, pathname, reload]);
  return name;
}

/** SPEC §2: store users see a status bar with the logged-in-as-store message. */
export function StoreStatusBar({ name }: { name: string | null }) {
  if (name === null) return null;
  return (
    <div className="store-status" role="status">
      {l.storeStatus(name)}
    </div>
  );
}
