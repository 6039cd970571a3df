import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Api } from '../api';
import { authClient } from '../features/account/auth/auth-client';
import { TermsStep } from '../features/account/auth/terms-step';
import { AFTER_VERIFY_KEY, LOGIN_PATH, safeReturnPath } from '../features/account/session';

/** This page's texts (here, not in ../messages, so they load with the page). */
const vt = {
  title: 'Bekræft din e-mail',
  checking: 'Bekræfter din e-mail …',
  done: (name: string) => `Tak, ${name}. Din e-mail er bekræftet, og du er logget ind.`,
  missing: 'Linket mangler en kode. Bestil et nyt link.',
  email: 'Din e-mail',
  resend: 'Send nyt link',
  resent: 'Hvis e-mailen hører til en konto, der ikke er bekræftet, har vi sendt et nyt link.',
  continue: 'Fortsæt til kurven',
};

/** The page a registration started from (the cart), once: then forgotten. */
function takeAfterVerify(): string | null {
  try {
    const saved = localStorage.getItem(AFTER_VERIFY_KEY);
    localStorage.removeItem(AFTER_VERIFY_KEY);
    return saved ? safeReturnPath(saved.slice(0, 500), '') || null : null;
  } catch {
    return null;
  }
}


type State = { step: 'checking' } | { step: 'done'; name: string } | { step: 'failed'; message: string } | { step: 'resent' } | { step: 'terms' };

/**
 * Target of the verification link. The token travels in the URL fragment, so it never
 * reaches a server log or a referrer; the page posts it to the API, which signs the customer in.
 */
export function VerifyEmail({ api, hash }: { api: Pick<Api, 'verifyEmail' | 'resendVerification'>; hash: string }) {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  const [state, setState] = useState<State>(token ? { step: 'checking' } : { step: 'failed', message: vt.missing });
  const [email, setEmail] = useState('');
  const [continueTo] = useState(takeAfterVerify);
  const [emailError, setEmailError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    if (!token) return;
    let live = true;
    void api.verifyEmail(token).then((r) => {
      if (!live) return;
      // SPEC §3: an account without the latest terms (e.g. made by MitID) accepts them before it is signed in.
      if (!r.ok && r.error.code === 'terms_not_accepted') return setState({ step: 'terms' });
      setState(r.ok ? { step: 'done', name: r.data.user.name } : { step: 'failed', message: r.error.message });
    });
    return () => {
      live = false;
    };
  }, [api, token]);

  async function resend(e: FormEvent) {
    e.preventDefault();
    const r = await api.resendVerification(email);
    if (r.ok) setState({ step: 'resent' });
    else setEmailError(r.error.fields?.email ?? r.error.message);
  }

  return (
    <div className="page narrow">
      <h1>{vt.title}</h1>
      {state.step === 'checking' && <p role="status">{vt.checking}</p>}
      {state.step === 'done' && <p role="status">{vt.done(state.name)}</p>}
      {state.step === 'done' && continueTo && (
        <p>
          <a className="button" href={continueTo}>
            {vt.continue}
          </a>
        </p>
      )}
      {state.step === 'resent' && <p role="status">{vt.resent}</p>}
      {state.step === 'terms' && <TermsStep client={authClient} onSignedIn={(s) => setState({ step: 'done', name: s.user.name })} onStartOver={() => window.location.assign(LOGIN_PATH)} />}
      {state.step === 'failed' && (
        <>
          <p role="alert" className="error">
            {state.message}
          </p>
          <form onSubmit={resend} noValidate className="stack">
            <label htmlFor={`${id}-email`}>{vt.email}</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
            />
            {emailError && (
              <p id={`${id}-email-error`} className="field-error">
                {emailError}
              </p>
            )}
            <button type="submit">{vt.resend}</button>
          </form>
        </>
      )}
    </div>
  );
}
