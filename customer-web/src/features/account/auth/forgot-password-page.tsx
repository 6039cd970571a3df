import { useId, useState, type FormEvent } from 'react';
import { useLocation } from '@tanstack/react-router';
import type { SessionResponse } from '@optik/shared';
import { t } from '../../../messages';
import { usePageMeta } from '../../../page-meta';
import { TextField } from '../../../text-field';
import { LOGIN_PATH } from '../session';
import { authClient, loadAuthChecks, type AuthClient } from './auth-client';
import { apiFieldErrors, FormAlert, readFragment, useClearFragment, useFormState, useLoadOnSubmit } from '../../../form';
import { useSignedIn } from '../session';
import { au } from './messages';
import { TermsStep } from './terms-step';
import './auth.css';

type Client = Pick<AuthClient, 'requestPasswordReset' | 'resetPassword' | 'terms' | 'acceptTerms'>;

/** Ask for a reset link. The answer is the same whether or not the e-mail has an account. */
function RequestLink({ client }: { client: Pick<AuthClient, 'requestPasswordReset'> }) {
  const id = useId();
  const { formRef, errors, alert, setAlert, busy, refuse, send } = useFormState();
  const checks = useLoadOnSubmit(loadAuthChecks, () => setAlert(t.error.generic));
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setSent(false);
    const m = await checks();
    if (!m) return;
    const found = m.resetRequestErrors({ email });
    if (found.email) return refuse(found, au.fixFields);
    const r = await send(() => client.requestPasswordReset(email));
    setSent(r.ok);
    if (!r.ok) refuse(apiFieldErrors(r.error), r.error.message);
  }

  return (
    <>
      <FormAlert message={alert} />
      <p>{au.forgot.intro}</p>
      <form ref={formRef} onSubmit={submit} noValidate className="stack auth-form">
        <TextField id={`${id}-email`} label={au.forgot.email} type="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" disabled={busy}>
          {au.forgot.submit}
        </button>
      </form>
      <p role="status">{sent ? au.forgot.sent : ''}</p>
    </>
  );
}

/** The form the mailed one-time link opens: a new password, then the customer is signed in. */
function ResetForm({ client, token, onSignedIn }: { client: Client; token: string; onSignedIn: (s: SessionResponse) => void }) {
  const id = useId();
  const { formRef, errors, alert, setAlert, busy, refuse, send } = useFormState();
  const checks = useLoadOnSubmit(loadAuthChecks, () => setAlert(t.error.generic));
  const [values, setValues] = useState({ password: '', passwordRepeat: '' });
  const [step, setStep] = useState<'form' | 'terms' | 'done' | 'expired'>('form');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const m = await checks();
    if (!m) return;
    const body = { token, ...values };
    // The token is checked by the API, which answers for it with "link expired".
    const { token: _token, ...found } = m.resetErrors(body);
    if (Object.keys(found).length > 0) return refuse(found, au.fixFields);
    const r = await send(() => client.resetPassword(body));
    if (r.ok) {
      setStep('done');
      return onSignedIn(r.data);
    }
    if (r.error.code === 'terms_not_accepted') return setStep('terms');
    const fields = apiFieldErrors(r.error);
    refuse(fields, r.error.message);
    // The link is spent or too old: only a new one helps.
    if (r.status === 422 || fields.token) setStep('expired');
  }

  if (step === 'terms') {
    const accepted = (s: SessionResponse) => {
      setStep('done');
      onSignedIn(s);
    };
    return <TermsStep client={client} onSignedIn={accepted} onStartOver={() => window.location.assign(LOGIN_PATH)} />;
  }
  if (step === 'done') {
    return (
      <>
        <p role="status">{au.forgot.done}</p>
        <p className="auth-links">
          <a className="button" href="/min-konto">
            {au.login.continue}
          </a>
        </p>
      </>
    );
  }
  if (step === 'expired') {
    return (
      <>
        <FormAlert message={alert} />
        <h2>{au.forgot.newLink}</h2>
        <RequestLink client={client} />
      </>
    );
  }
  const field = (key: keyof typeof values, label: string, hint?: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      hint={hint}
      type="password"
      autoComplete="new-password"
      value={values[key]}
      error={errors[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
    />
  );
  return (
    <>
      <FormAlert message={alert} />
      <form ref={formRef} onSubmit={submit} noValidate className="stack auth-form">
        {field('password', au.forgot.newPassword, au.register.passwordHint)}
        {field('passwordRepeat', au.forgot.newPasswordRepeat)}
        <button type="submit" disabled={busy}>
          {au.forgot.save}
        </button>
      </form>
    </>
  );
}

/**
 * /min-konto/glemt-løsen (SPEC §2): without a token, ask for a link; the mailed link opens this
 * page with its one-time token in the URL fragment (never in a path or query that reaches logs).
 */
export function ForgotPasswordPage({ client, hash, onSignedIn }: { client: Client; hash: string; onSignedIn: (s: SessionResponse) => void }) {
  useClearFragment();
  const [token] = useState(() => readFragment(hash).get('token'));
  usePageMeta(token ? au.forgot.resetTitle : au.forgot.title, au.forgot.description);
  return (
    <div className="page narrow auth-page">
      <h1>{token ? au.forgot.resetTitle : au.forgot.title}</h1>
      {token ? <ResetForm client={client} token={token} onSignedIn={onSignedIn} /> : <RequestLink client={client} />}
      <p>
        <a href={LOGIN_PATH}>{au.forgot.backToLogin}</a>
      </p>
    </div>
  );
}

export function ForgotPasswordRoute() {
  const { hash } = useLocation();
  return <ForgotPasswordPage client={authClient} hash={hash || window.location.hash} onSignedIn={useSignedIn()} />;
}
