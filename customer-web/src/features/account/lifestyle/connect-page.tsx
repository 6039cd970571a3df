import { useEffect, useRef, useState, type FormEvent } from 'react';
import { lifestyleConnectRequestSchema, type LifestyleAgreementView } from '@optik/shared';
import { api } from '../../../api';
import { TextField } from '../../../text-field';
import { AccountPage } from '../account-page';
import { schemaErrors } from '../../../form';
import { useFormFields } from './form-fields';
import { lifestyleApi, lifestyleHref, type LifestyleApi } from './lifestyle-api';
import { lm } from './messages';
import './lifestyle.css';

type Values = { agreementNumber: string; birthDate: string; referralCode: string };

function Connected({ agreement, referralApplied }: { agreement: LifestyleAgreementView; referralApplied: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section aria-labelledby="lifestyle-connected">
      <h2 id="lifestyle-connected" tabIndex={-1} ref={ref}>
        {lm.connectedHeading}
      </h2>
      <p role="status">
        {lm.connected(agreement.agreementNumber)}
        {referralApplied ? ` ${lm.connectedReferral}` : ''}
      </p>
      <p>
        <a className="button" href={lifestyleHref.agreement(agreement.id)}>
          {lm.openAgreement}
        </a>
      </p>
    </section>
  );
}

/**
 * /forbind-til-lifestyle: the agreement number, the holder's birth date (SPEC §5 DDMMYY; sent in
 * the body, never in a URL) and optionally a friend's code. The SPEC §8 "connection failed"
 * message comes from the API; what was typed is kept.
 */
export function ConnectForm({ api }: { api: LifestyleApi }) {
  const form = useRef<HTMLFormElement>(null);
  const { values, field, showErrors, setAlert, alertBox } = useFormFields<keyof Values>('connect', { agreementNumber: '', birthDate: '', referralCode: '' }, form);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ agreement: LifestyleAgreementView; referralApplied: boolean } | null>(null);

  if (done) return <Connected {...done} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    const body = { agreementNumber: values.agreementNumber, birthDate: values.birthDate, ...(values.referralCode.trim() ? { referralCode: values.referralCode } : {}) };
    if (showErrors(schemaErrors(lifestyleConnectRequestSchema.safeParse(body)))) return;
    setBusy(true);
    const r = await lifestyleApi.connect(api, body);
    setBusy(false);
    if (r.ok) setDone(r.data.data);
    else if (!showErrors(r.error.fields ?? {})) setAlert(r.error.message);
  };

  return (
    <form ref={form} className="stack lifestyle-connect" onSubmit={(e) => void submit(e)} noValidate>
      <p>{lm.connectIntro}</p>
      {alertBox}
      <TextField {...field('agreementNumber')} label={lm.connectFieldAgreement} hint={lm.connectHintAgreement} inputMode="numeric" autoComplete="off" required />
      <TextField {...field('birthDate')} label={lm.connectFieldBirthDate} hint={lm.connectHintBirthDate} inputMode="numeric" autoComplete="off" required />
      <TextField {...field('referralCode')} label={lm.connectFieldCode} hint={lm.connectHintCode} autoComplete="off" autoCapitalize="characters" />
      <button type="submit" disabled={busy}>
        {busy ? lm.connecting : lm.connectSubmit}
      </button>
    </form>
  );
}

/** /min-konto/abonnement/forbind-til-lifestyle */
export function ConnectPage() {
  return <AccountPage title={lm.connectTitle}>{() => <ConnectForm api={api} />}</AccountPage>;
}
