import { useEffect, useRef, useState } from 'react';
import { useLocation, useRouter } from '@tanstack/react-router';
import { da, type EidCallbackRequest, type SessionResponse } from '@optik/shared';
import { usePageMeta } from '../../../page-meta';
import { loginHref, safeReturnPath } from '../session';
import { authClient, type AuthClient } from './auth-client';
import { EID_RETURN_KEY } from './eid-button';
import { readFragment, useClearFragment } from '../../../form';
import { useSignedIn } from '../session';
import { au } from './messages';
import { ResendLink } from './resend-link';
import { TermsStep } from './terms-step';
import './auth.css';

type State = { step: 'checking' } | { step: 'done' } | { step: 'terms' } | { step: 'failed'; message: string; resend: boolean };
type Props = {
  client: Pick<AuthClient, 'eidCallback' | 'terms' | 'acceptTerms' | 'resendVerification'>;
  /** The URL fragment the broker sent back: `code` and `state`, or an OIDC `error`. */
  hash: string;
  returnTo: string;
  onSignedIn: (session: SessionResponse) => void;
};

/**
 * /min-konto/log-ind/mitid, where MitID sends the customer back. The code travels in the URL
 * fragment (never to a server log); the page posts it with the state to the API, which checks
 * state, nonce and PKCE, and signs the customer in — or answers with a SPEC §8 e-ID message.
 */
export function EidCallback({ client, hash, returnTo, onSignedIn }: Props) {
  usePageMeta(au.eid.title);
  useClearFragment();
  /** What the broker sent: a code or an OIDC error, with the state; null when the fragment has neither. */
  const [answer] = useState((): EidCallbackRequest | null => {
    const params = readFragment(hash);
    const oidcState = params.get('state');
    const code = params.get('code');
    const error = params.get('error');
    // An OpenID Connect broker names itself in its answer (RFC 9207); the API checks it.
    const iss = params.get('iss');
    if (!oidcState || (!code && !error)) return null;
    return { state: oidcState, ...(code ? { code } : { error: error! }), ...(iss ? { iss } : {}) };
  });
  const [state, setState] = useState<State>(answer ? { step: 'checking' } : { step: 'failed', message: da.errors.loginCancelled, resend: false });
  const posted = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Once per page: a state is single-use, a second post would only be refused.
    if (!answer || posted.current) return;
    posted.current = true;
    void client.eidCallback(answer).then((r) => {
      if (r.ok) {
        setState({ step: 'done' });
        return onSignedIn(r.data);
      }
      if (r.error.code === 'terms_not_accepted') return setState({ step: 'terms' });
      setState({ step: 'failed', message: r.error.message, resend: r.error.code === 'eid_email_not_verified' });
    });
  }, [client, answer, onSignedIn]);

  useEffect(() => {
    if (state.step === 'failed') alertRef.current?.focus();
  }, [state.step]);

  return (
    <div className="page narrow auth-page">
      <h1>{au.eid.title}</h1>
      {state.step === 'checking' && <p role="status">{au.eid.checking}</p>}
      {state.step === 'done' && <p role="status">{au.eid.done}</p>}
      {state.step === 'terms' && <TermsStep client={client} onSignedIn={onSignedIn} onStartOver={() => window.location.assign(loginHref(returnTo))} />}
      {state.step === 'failed' && (
        <>
          <div role="alert" className="error" ref={alertRef} tabIndex={-1}>
            <p>{state.message}</p>
          </div>
          {state.resend && <ResendLink client={client} />}
          <p className="auth-links">
            <a className="button" href={loginHref(returnTo)}>
              {au.eid.tryAgain}
            </a>
          </p>
        </>
      )}
    </div>
  );
}

export function EidCallbackRoute() {
  const router = useRouter();
  const { hash } = useLocation();
  const signedIn = useSignedIn();
  const [returnTo] = useState(() => {
    try {
      return safeReturnPath(sessionStorage.getItem(EID_RETURN_KEY));
    } catch {
      return safeReturnPath(null);
    }
  });
  const onSignedIn = (session: SessionResponse) => {
    signedIn(session);
    sessionStorage.removeItem(EID_RETURN_KEY);
    void router.navigate({ href: returnTo, replace: true });
  };
  return <EidCallback client={authClient} hash={hash || window.location.hash} returnTo={returnTo} onSignedIn={onSignedIn} />;
}
