import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useSetAtom } from 'jotai';
import { accountDetailsUpdateSchema, da, passwordChangeSchema, TEXT_MAX, validatePostcode, type AccountDetails, type AccountDetailsUpdate } from '@optik/shared';
import { LoadError } from '../../../load-error';
import { TextField } from '../../../text-field';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { sessionAtom } from '../session';
import { authClient, type AuthClient } from './auth-client';
import { apiFieldErrors, FormAlert, schemaErrors, useFormState } from '../../../form';
import { au } from './messages';
import { EidButton } from './eid-button';
import './auth.css';

type Editable = Required<Omit<AccountDetailsUpdate, 'city'>>;
const editable = (d: AccountDetails): Editable => ({ firstName: d.firstName, lastName: d.lastName, phone: d.phone ?? '', street: d.street, zip: d.zip });

/** Name, phone and address; the city follows the postcode (DOMAIN.md list), the e-mail is the login and read-only. */
export function DetailsForm({ client, initial, onSaved }: { client: Pick<AuthClient, 'updateDetails'>; initial: AccountDetails; onSaved: (d: AccountDetails) => void }) {
  const id = useId();
  const { formRef, errors, alert, busy, refuse, send } = useFormState();
  const [values, setValues] = useState<Editable>(() => editable(initial));
  const [saved, setSaved] = useState(false);
  const postcode = validatePostcode(values.zip);
  const city = postcode.ok ? postcode.city : '';

  const set = (key: keyof Editable) => (e: { target: { value: string } }) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: e.target.value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body: AccountDetailsUpdate = { ...values, city };
    const found = schemaErrors(accountDetailsUpdateSchema.safeParse(body));
    if (Object.keys(found).length > 0) return refuse(found, au.fixFields);
    const r = await send(() => client.updateDetails(body));
    if (!r.ok) return refuse(apiFieldErrors(r.error), r.error.message);
    setValues(editable(r.data.data));
    setSaved(true);
    onSaved(r.data.data);
  }

  const field = (key: keyof Editable, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField id={`${id}-${key}`} label={label} value={values[key]} error={errors[key]} onChange={set(key)} {...props} />
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="stack auth-form">
      <FormAlert message={alert} />
      <fieldset>
        <legend>{au.details.contactLegend}</legend>
        {field('firstName', au.details.firstName, { autoComplete: 'given-name', maxLength: TEXT_MAX.name })}
        {field('lastName', au.details.lastName, { autoComplete: 'family-name', maxLength: TEXT_MAX.name })}
        {initial.email ? (
          <TextField id={`${id}-email`} label={au.details.email} hint={au.details.emailHint} type="email" value={initial.email} readOnly />
        ) : (
          <p className="hint">{au.details.noEmail}</p>
        )}
        {field('phone', au.details.phone, { type: 'tel', autoComplete: 'tel', maxLength: TEXT_MAX.phone })}
      </fieldset>
      <fieldset>
        <legend>{au.details.addressLegend}</legend>
        <p className="hint">{au.details.addressHint}</p>
        {field('street', au.details.street, { autoComplete: 'street-address', maxLength: TEXT_MAX.street })}
        {field('zip', au.details.zip, { inputMode: 'numeric', autoComplete: 'postal-code' })}
        <TextField id={`${id}-city`} label={au.details.city} hint={au.details.cityHint} value={city} readOnly />
      </fieldset>
      <button type="submit" disabled={busy}>
        {au.details.save}
      </button>
      <p role="status">{saved ? au.details.saved : ''}</p>
    </form>
  );
}

/** Change the password (the current one is asked for), or set the first one on an account made by MitID. */
export function PasswordForm({ client, hasPassword, onChanged }: { client: Pick<AuthClient, 'changePassword'>; hasPassword: boolean; onChanged: () => void }) {
  const id = useId();
  const { formRef, errors, alert, busy, refuse, send } = useFormState();
  const empty = { currentPassword: '', password: '', passwordRepeat: '' };
  const [values, setValues] = useState(empty);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = hasPassword ? values : { password: values.password, passwordRepeat: values.passwordRepeat };
    const found = schemaErrors(passwordChangeSchema.safeParse(body));
    if (hasPassword && !values.currentPassword) found.currentPassword ??= da.validation.required;
    setDone(false);
    if (Object.keys(found).length > 0) return refuse(found, au.fixFields);
    const r = await send(() => client.changePassword(body));
    if (!r.ok) return refuse(apiFieldErrors(r.error), r.error.message);
    setValues(empty);
    setDone(true);
    onChanged();
  }

  const field = (key: keyof typeof empty, label: string, hint?: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      hint={hint}
      type="password"
      autoComplete={key === 'currentPassword' ? 'current-password' : 'new-password'}
      value={values[key]}
      error={errors[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
    />
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="auth-section">
      <h2 id={`${id}-heading`}>{au.details.passwordHeading}</h2>
      {!hasPassword && <p>{au.details.setPasswordIntro}</p>}
      <FormAlert message={alert} />
      <form ref={formRef} onSubmit={submit} noValidate className="stack auth-form">
        {hasPassword && field('currentPassword', au.details.currentPassword)}
        {field('password', au.details.newPassword, au.details.newPasswordHint)}
        {field('passwordRepeat', au.details.newPasswordRepeat)}
        <button type="submit" disabled={busy}>
          {hasPassword ? au.details.changePassword : au.details.setPassword}
        </button>
        <p role="status">{done ? au.details.passwordChanged : ''}</p>
      </form>
    </section>
  );
}

/** MitID on the account: linked, or a button that links it — only from this signed-in session, never by an e-mail claim. */
export function EidSection({ client, linked, goToBroker }: { client: Pick<AuthClient, 'eidStart'>; linked: boolean; goToBroker?: (url: string) => void }) {
  const [eidError, setEidError] = useState<string | null>(null);
  return (
    <section className="auth-section" aria-labelledby="eid-heading">
      <h2 id="eid-heading">{au.details.eidHeading}</h2>
      <p>{linked ? au.details.eidLinked : au.details.eidNotLinked}</p>
      {!linked && (
        <>
          <FormAlert message={eidError} />
          <EidButton client={client} returnTo="/min-konto/opgaver" onError={setEidError} go={goToBroker} label={au.details.eidLink} />
        </>
      )}
    </section>
  );
}

type DetailsClient = Pick<AuthClient, 'details' | 'updateDetails' | 'changePassword' | 'eidStart'>;

function Details({ client, goToBroker }: { client: DetailsClient; goToBroker?: (url: string) => void }) {
  const [details, reload] = useApi('account-details', () => client.details());
  const setSession = useSetAtom(sessionAtom);
  const [hasPassword, setHasPassword] = useState<boolean | null>(null);
  if (details.state === 'loading') return <p role="status">{au.details.loading}</p>;
  if (details.state === 'error') return <LoadError onRetry={reload} />;
  const d = details.data.data;
  return (
    <>
      <DetailsForm
        client={client}
        initial={d}
        onSaved={(fresh) =>
          // The header and My Pages greet the customer by the new name at once.
          setSession((s) => (s.state === 'signed-in' ? { ...s, user: { ...s.user, name: `${fresh.firstName} ${fresh.lastName}` } } : s))
        }
      />
      <PasswordForm client={client} hasPassword={hasPassword ?? d.hasPassword} onChanged={() => setHasPassword(true)} />
      <EidSection client={client} linked={d.eidLinked} goToBroker={goToBroker} />
    </>
  );
}

/** /min-konto/opgaver (SPEC §2 account details) inside My Pages. */
export function AccountDetailsPage({ client, goToBroker }: { client: DetailsClient; goToBroker?: (url: string) => void }) {
  return <AccountPage title={au.details.title} description={au.details.description}>{() => <Details client={client} goToBroker={goToBroker} />}</AccountPage>;
}

export function AccountDetailsRoute() {
  return <AccountDetailsPage client={authClient} />;
}
