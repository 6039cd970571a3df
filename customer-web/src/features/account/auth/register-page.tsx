import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useLocation } from '@tanstack/react-router';
import { TEXT_MAX, type RegisterRequest } from '@optik/shared';
import { t } from '../../../messages';
import { usePageMeta } from '../../../page-meta';
import { FieldError, TextField } from '../../../text-field';
import { AFTER_VERIFY_KEY, LOGIN_PATH, loginHref, RETURN_PARAM, safeReturnPath } from '../session';
import { authClient, loadAuthChecks, type AuthClient } from './auth-client';
import { EidButton } from './eid-button';
import { apiFieldErrors, FormAlert, useFormState, useLoadOnSubmit } from '../../../form';
import { au } from './messages';
import './auth.css';

type Fields = Omit<RegisterRequest, 'acceptTerms'>;
const EMPTY: Fields = { firstName: '', lastName: '', email: '', phone: '', password: '', passwordRepeat: '' };
const TEXT_FIELDS: [keyof Fields, string, InputHTMLAttributes<HTMLInputElement>][] = [
  ['firstName', au.register.firstName, { autoComplete: 'given-name', maxLength: TEXT_MAX.name }],
  ['lastName', au.register.lastName, { autoComplete: 'family-name', maxLength: TEXT_MAX.name }],
  ['email', au.register.email, { type: 'email', autoComplete: 'email', maxLength: TEXT_MAX.email }],
  ['phone', au.register.phone, { type: 'tel', autoComplete: 'tel', maxLength: TEXT_MAX.phone }],
  ['password', au.register.password, { type: 'password', autoComplete: 'new-password', maxLength: TEXT_MAX.password }],
  ['passwordRepeat', au.register.passwordRepeat, { type: 'password', autoComplete: 'new-password', maxLength: TEXT_MAX.password }],
];
const HINTS: Partial<Record<keyof Fields, string>> = { email: au.register.emailHint, password: au.register.passwordHint };

type Client = Pick<AuthClient, 'register' | 'resendVerification' | 'eidStart'>;

/**
 * /min-konto/registrere (SPEC §2, §5): the shared schema checks the form before sending and the
 * API's field errors land on the same fields; then "check your mail" with a way to resend.
 */
export function RegisterPage({ client, goToBroker, returnTo = '/min-konto' }: { client: Client; goToBroker?: (url: string) => void; returnTo?: string }) {
  usePageMeta(au.register.title, au.register.description);
  const id = useId();
  const { formRef, errors, alert, setAlert, busy, refuse, send } = useFormState();
  const checks = useLoadOnSubmit(loadAuthChecks, () => setAlert(t.error.generic));
  const [values, setValues] = useState<Fields>(EMPTY);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const m = await checks();
    if (!m) return;
    // The schema wants the literal true; false goes to it so it gives its Danish message.
    const body = { ...values, acceptTerms: acceptTerms as true };
    const found = m.registerErrors(body);
    if (Object.keys(found).length > 0) return refuse(found, au.fixFields);
    const r = await send(() => client.register(body));
    if (r.ok) {
      // Back to where the customer came from (the cart) once the e-mail is verified.
      try {
        if (returnTo !== '/min-konto') localStorage.setItem(AFTER_VERIFY_KEY, returnTo);
      } catch {
        // No storage (private mode): the verification page offers My Pages instead.
      }
      return setSentTo(r.data.email);
    }
    refuse(apiFieldErrors(r.error), r.error.message);
  }

  if (sentTo) return <CheckYourMail client={client} email={sentTo} />;

  return (
    <div className="page narrow auth-page">
      <h1>{au.register.title}</h1>
      <FormAlert message={alert} />
      <form ref={formRef} onSubmit={submit} noValidate className="stack auth-form">
        {TEXT_FIELDS.map(([key, label, props]) => (
          <TextField
            key={key}
            id={`${id}-${key}`}
            label={label}
            hint={HINTS[key]}
            value={values[key]}
            error={errors[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            {...props}
          />
        ))}
        <label className="choice" htmlFor={`${id}-terms`}>
          <input
            id={`${id}-terms`}
            type="checkbox"
            checked={acceptTerms}
            onChange={(e) => setAcceptTerms(e.target.checked)}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? `${id}-terms-error` : undefined}
          />
          <span>
            {au.register.acceptTerms}{' '}
            <a href="/kontovilkaar" target="_blank" rel="noopener">
              {au.register.termsLink} <span className="visually-hidden">{au.newWindow}</span>
            </a>
          </span>
        </label>
        {errors.acceptTerms && <FieldError id={`${id}-terms-error`}>{errors.acceptTerms}</FieldError>}
        <button type="submit" disabled={busy}>
          {au.register.submit}
        </button>
      </form>
      <p>
        {au.register.haveAccount} <a href={loginHref(returnTo)}>{au.register.login}</a>
      </p>
      <p className="auth-or">{au.login.or}</p>
      <p className="hint">{au.eid.registerHint}</p>
      <EidButton client={client} returnTo={returnTo} onError={setAlert} go={goToBroker} />
    </div>
  );
}

/** After registering: the link is on its way; the customer can ask for it again. */
function CheckYourMail({ client, email }: { client: Pick<AuthClient, 'resendVerification'>; email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [resent, setResent] = useState<string>('');
  const [busy, setBusy] = useState(false);
  useEffect(() => headingRef.current?.focus(), []);
  async function resend() {
    setBusy(true);
    const r = await client.resendVerification(email);
    setBusy(false);
    setResent(r.ok ? au.register.resent : r.error.message);
  }
  return (
    <div className="page narrow auth-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {au.register.checkMail}
      </h1>
      <p>{au.register.sentTo(email)}</p>
      <p>{au.register.noMail}</p>
      <button type="button" className="secondary" onClick={() => void resend()} disabled={busy}>
        {au.register.resend}
      </button>
      <p role="status">{resent}</p>
      <p>
        <a href={LOGIN_PATH}>{au.register.login}</a>
      </p>
    </div>
  );
}

export function RegisterRoute() {
  const { searchStr } = useLocation();
  return <RegisterPage client={authClient} returnTo={safeReturnPath(new URLSearchParams(searchStr).get(RETURN_PARAM))} />;
}
