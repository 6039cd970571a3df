import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SessionResponse } from '@optik/shared';
import { LoadError } from '../../../load-error';
import { FieldError } from '../../../text-field';
import { useApi } from '../../../use-api';
import type { AuthClient } from './auth-client';
import { au } from './messages';

type Props = {
  client: Pick<AuthClient, 'terms' | 'acceptTerms'>;
  onSignedIn: (session: SessionResponse) => void;
  /** The login step ran out: back to where the customer logs in. */
  onStartOver: () => void;
};

/**
 * SPEC §3 "terms not accepted": the latest account terms, and accepting them completes the
 * login the customer just made (the API remembers it for this browser for 15 minutes).
 */
export function TermsStep({ client, onSignedIn, onStartOver }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [terms, reload] = useApi('account-terms', () => client.terms());
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ message: string; expired: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const checkboxRef = useRef<HTMLInputElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (terms.state !== 'ready' || busy) return;
    if (!accepted) {
      setError(au.terms.mustAccept);
      checkboxRef.current?.focus();
      return;
    }
    setBusy(true);
    const r = await client.acceptTerms(terms.data.version);
    setBusy(false);
    if (r.ok) return onSignedIn(r.data);
    // 409: newer terms were published meanwhile; show those.
    if (r.status === 409) {
      setAccepted(false);
      reload();
    }
    setAlert({ message: r.error.message, expired: r.status === 410 });
  }

  return (
    <section className="auth-terms" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {au.terms.heading}
      </h2>
      {alert && (
        <div role="alert" className="error">
          <p>{alert.message}</p>
          {alert.expired && (
            <button type="button" className="secondary" onClick={onStartOver}>
              {au.terms.startOver}
            </button>
          )}
        </div>
      )}
      {terms.state === 'loading' && <p role="status">{au.terms.loading}</p>}
      {terms.state === 'error' && <LoadError onRetry={reload} />}
      {terms.state === 'ready' && (
        <form onSubmit={submit} noValidate className="stack">
          <p>{au.terms.intro(terms.data.version)}</p>
          <div className="auth-terms-text">
            <h3>{terms.data.title}</h3>
            <p>{terms.data.summary}</p>
            {terms.data.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <p>
              <a href={terms.data.url} target="_blank" rel="noopener">
                {au.terms.readAll} <span className="visually-hidden">{au.newWindow}</span>
              </a>
            </p>
          </div>
          <label className="choice" htmlFor={`${id}-accept`}>
            <input
              ref={checkboxRef}
              id={`${id}-accept`}
              type="checkbox"
              checked={accepted}
              onChange={(e) => {
                setAccepted(e.target.checked);
                if (e.target.checked) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-accept-error` : undefined}
            />
            <span>{au.terms.accept(terms.data.version)}</span>
          </label>
          {error && <FieldError id={`${id}-accept-error`}>{error}</FieldError>}
          <button type="submit" disabled={busy}>
            {au.terms.submit}
          </button>
        </form>
      )}
    </section>
  );
}
