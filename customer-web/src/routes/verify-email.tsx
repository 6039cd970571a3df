import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Api } from '../api';
import { t } from '../messages';

type State = { step: 'checking' } | { step: 'done'; name: string } | { step: 'failed'; message: string } | { step: 'resent' };

/**
 * Target of the verification link. The token travels in the URL fragment, so it never
 * reaches a server log or a referrer; the page posts it to the API, which signs the customer in.
 */
export function VerifyEmail({ api, hash }: { api: Pick<Api, 'verifyEmail' | 'resendVerification'>; hash: string }) {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  const [state, setState] = useState<State>(token ? { step: 'checking' } : { step: 'failed', message: t.verify.missing });
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    if (!token) return;
    let live = true;
    void api.verifyEmail(token).then((r) => {
      if (!live) return;
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
      <h1>{t.verify.title}</h1>
      {state.step === 'checking' && <p role="status">{t.verify.checking}</p>}
      {state.step === 'done' && <p role="status">{t.verify.done(state.name)}</p>}
      {state.step === 'resent' && <p role="status">{t.verify.resent}</p>}
      {state.step === 'failed' && (
        <>
          <p role="alert" className="error">
            {state.message}
          </p>
          <form onSubmit={resend} noValidate className="stack">
            <label htmlFor={`${id}-email`}>{t.verify.email}</label>
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
            <button type="submit">{t.verify.resend}</button>
          </form>
        </>
      )}
    </div>
  );
}
