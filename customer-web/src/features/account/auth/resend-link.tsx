import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../text-field';
import type { AuthClient } from './auth-client';
import { useFormState } from '../../../form';
import { au } from './messages';

/** SPEC §8 "e-mail must be verified, request a new link": a new verification link to the given e-mail. */
export function ResendLink({ client, initialEmail = '' }: { client: Pick<AuthClient, 'resendVerification'>; initialEmail?: string }) {
  const id = useId();
  const { formRef, errors, busy, refuse, send } = useFormState();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const r = await send(() => client.resendVerification(email));
    setSent(r.ok);
    // One field: any refusal is shown on it.
    if (!r.ok) refuse({ email: r.error.fields?.email ?? r.error.message }, r.error.message);
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="stack auth-resend">
      <TextField id={`${id}-email`} label={au.resend.email} type="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" disabled={busy}>
        {au.resend.submit}
      </button>
      <p role="status">{sent ? au.resend.sent : ''}</p>
    </form>
  );
}
