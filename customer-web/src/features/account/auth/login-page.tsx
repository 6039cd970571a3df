import { useId, useState, type FormEvent } from 'react';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { SessionResponse } from '@optik/shared';
import { t } from '../../../messages';
import { usePageMeta } from '../../../page-meta';
import { TextField } from '../../../text-field';
import { RETURN_PARAM, safeReturnPath, useSession } from '../session';
import { authClient, loadAuthChecks, type AuthClient } from './auth-client';
import { EidButton } from './eid-button';
import { apiFieldErrors, FormAlert, useFormState, useLoadOnSubmit } from '../../../form';
import { useSignedIn } from '../session';
import { au } from './messages';
import { ResendLink } from './resend-link';
import { TermsStep } from './terms-step';
import './auth.css';

type LoginClient = Pick<AuthClient, 'login' | 'resendVerification' | 'terms' | 'acceptTerms'>;

/**
 * E-mail and password login with the SPEC §3 login problems: "e-mail not verified" offers a new
 * link, "terms not accepted" shows the latest terms to accept. What was typed stays on any error.
 */
export function LoginForm({ client, onSignedIn }: { client: LoginClient; onSignedIn: (session: SessionResponse) => void }) {
  const id = useId();
  const { formRef, errors, alert, setAlert, busy, refuse, send } = useFormState();
  const checks = useLoadOnSubmit(loadAuthChecks, () => setAlert(t.error.generic));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [resend, setResend] = useState(false);
  const [step, setStep] = useState<'form' | 'terms'>('form');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const m = await checks();
    if (!m) return;
    const found = m.loginErrors({ email, password });
    if (Object.keys(found).length > 0) return refuse(found, au.fixFields);
    const r = await send(() => client.login({ email, password }));
    if (r.ok) return onSignedIn(r.data);
    if (r.error.code === 'terms_not_accepted') return setStep('terms');
    setResend(r.error.code === 'email_not_verified');
    refuse(apiFieldErrors(r.error), r.error.message);
  }

  if (step === 'terms') return <TermsStep client={client} onSignedIn={onSignedIn} onStartOver={() => setStep('form')} />;

  return (
    <>
      <FormAlert message={alert} />
      {alert && resend && <ResendLink client={client} initialEmail={email} />}
      <form ref={formRef} onSubmit={submit} noValidate className="stack auth-form">
        <TextField id={`${id}-email`} label={au.login.email} type="email" autoComplete="username" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
        <TextField id={`${id}-password`} label={au.login.password} type="password" autoComplete="current-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" disabled={busy}>
          {au.login.submit}
        </button>
      </form>
      <p>
        <a href="/min-konto/glemt-løsen">{au.login.forgot}</a>
      </p>
    </>
  );
}

type PageProps = {
  client: LoginClient & Pick<AuthClient, 'me' | 'eidStart'>;
  returnTo: string;
  onSignedIn: (session: SessionResponse) => void;
  goToBroker?: (url: string) => void;
};

/** /min-konto/log-ind (SPEC §2, §6): e-mail and password, or MitID. */
export function LoginPage({ client, returnTo, onSignedIn, goToBroker }: PageProps) {
  usePageMeta(au.login.title, au.login.description);
  const [session] = useSession(client);
  const [eidError, setEidError] = useState<string | null>(null);
  const signedIn = session.state === 'signed-in' && session.user.role === 'customer' ? session.user : null;
  return (
    <div className="page narrow auth-page">
      <h1>{au.login.title}</h1>
      {signedIn ? (
        <>
          <p role="status">{au.login.already(signedIn.name)}</p>
          <p className="auth-links">
            <a className="button" href={returnTo}>
              {au.login.continue}
            </a>{' '}
            <a href="/min-konto/log-ud">{au.login.logout}</a>
          </p>
        </>
      ) : (
        <>
          <LoginForm client={client} onSignedIn={onSignedIn} />
          <p className="auth-or">{au.login.or}</p>
          <FormAlert message={eidError} />
          <EidButton client={client} returnTo={returnTo} onError={setEidError} go={goToBroker} />
          <p>
            {au.login.noAccount} <a href="/min-konto/registrere">{au.login.register}</a>
          </p>
        </>
      )}
    </div>
  );
}

/** The route: back to `?retur=` (this shop's own paths only) once signed in. */
export function LoginRoute() {
  const router = useRouter();
  const { searchStr } = useLocation();
  const returnTo = safeReturnPath(new URLSearchParams(searchStr).get(RETURN_PARAM));
  const signedIn = useSignedIn();
  return (
    <LoginPage
      client={authClient}
      returnTo={returnTo}
      onSignedIn={(session) => {
        signedIn(session);
        void router.navigate({ href: returnTo });
      }}
    />
  );
}
