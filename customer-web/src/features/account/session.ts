import { atom, useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { SessionResponse, SessionUser } from '@optik/shared';
import type { Api } from '../../api';

export type CustomerSession = { state: 'loading' } | { state: 'anonymous' } | { state: 'signed-in'; user: SessionUser; expiresAt: string } | { state: 'error' };

/** Who is signed in to the shop, shared by every My Pages screen (and the checkout's prefill). */
export const sessionAtom = atom<CustomerSession>({ state: 'loading' });

/**
 * The shop's session: loaded from /api/auth/me once per page load (and again on `refresh`,
 * after a login or logout). `{ user: null }` (or a 401) is "anonymous"; other failures are "error" (retry with refresh).
 */
export function useSession(api: Pick<Api, 'me'>): [CustomerSession, () => Promise<void>, (s: CustomerSession) => void] {
  const [session, setSession] = useAtom(sessionAtom);
  const refresh = useCallback(async () => {
    const r = await api.me();
    if (r.ok) setSession(r.data.user ? { state: 'signed-in', user: r.data.user, expiresAt: r.data.expiresAt } : { state: 'anonymous' });
    else setSession(r.status === 401 ? { state: 'anonymous' } : { state: 'error' });
  }, [api, setSession]);
  useEffect(() => {
    if (session.state === 'loading') void refresh();
  }, [session.state, refresh]);
  return [session, refresh, setSession];
}

/** The path a sign-in page returns to: only this shop's own paths (no open redirect). */
export function safeReturnPath(value: string | null | undefined, fallback = '/min-konto'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}

export const LOGIN_PATH = '/min-konto/log-ind';
export const RETURN_PARAM = 'retur';

/** The login page's URL that comes back to `path` afterwards. */
export function loginHref(path: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

export const REGISTER_PATH = '/min-konto/registrere';

/** The registration page's URL that leads back to `path` (through the e-mail verification, see AFTER_VERIFY_KEY). */
export function registerHref(path: string): string {
  return `${REGISTER_PATH}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

/**
 * Where the verification page offers to continue after a registration that came from a page
 * (the cart): kept in this browser's localStorage, as the mailed link often opens in a new tab.
 */
export const AFTER_VERIFY_KEY = 'optik_after_verify';

/** Puts a fresh login into the shop's session (My Pages and the checkout read it). */
export function useSignedIn(): (session: SessionResponse) => void {
  const setSession = useSetAtom(sessionAtom);
  return useCallback((s: SessionResponse) => setSession({ state: 'signed-in', user: s.user, expiresAt: s.expiresAt }), [setSession]);
}
