import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { LoadError } from '../../../load-error';
import { usePageMeta } from '../../../page-meta';
import { LOGIN_PATH, sessionAtom } from '../session';
import { authClient, type AuthClient } from './auth-client';
import { au } from './messages';
import './auth.css';

/** /min-konto/log-ud (SPEC §2): ends the session on the server, says so, and offers the way home. */
export function LogoutPage({ client }: { client: Pick<AuthClient, 'logout'> }) {
  usePageMeta(au.logout.title);
  const setSession = useSetAtom(sessionAtom);
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const logout = useCallback(async () => {
    setState('working');
    const r = await client.logout();
    if (r.ok) setSession({ state: 'anonymous' });
    setState(r.ok ? 'done' : 'failed');
  }, [client, setSession]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout();
  }, [logout]);
  useEffect(() => {
    if (state === 'done') headingRef.current?.focus();
  }, [state]);

  return (
    <div className="page narrow auth-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {au.logout.title}
      </h1>
      <p role="status">{state === 'working' ? au.logout.working : state === 'done' ? au.logout.done : ''}</p>
      {state === 'failed' && <LoadError onRetry={() => void logout()} />}
      {state === 'done' && (
        <p className="auth-links">
          <a className="button" href="/">
            {au.logout.home}
          </a>{' '}
          <a href={LOGIN_PATH}>{au.logout.loginAgain}</a>
        </p>
      )}
    </div>
  );
}

export function LogoutRoute() {
  return <LogoutPage client={authClient} />;
}
