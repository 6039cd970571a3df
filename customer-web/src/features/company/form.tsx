import { useState, type RefObject } from 'react';
import type { ApiResult } from '@optik/shared/client';
import { useFocusFirstError } from '../../form';

type Errors = Record<string, string>;

/**
 * The submit of a company form: problems found here (with the shared schema) stop it before
 * anything is sent; the API's field errors land on the same fields; either way focus goes to the
 * first invalid field and nothing typed is lost. Other refusals become the form's alert.
 */
export function useSubmit(form: RefObject<HTMLFormElement | null>) {
  const focusFirstError = useFocusFirstError(form);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function refuse(found: Errors) {
    setErrors(found);
    focusFirstError();
  }

  async function submit<T>(found: Errors, send: () => Promise<ApiResult<T>>, onDone: (data: T) => void) {
    if (busy) return;
    setAlert(null);
    if (Object.keys(found).length) return refuse(found);
    setBusy(true);
    const r = await send();
    setBusy(false);
    if (r.ok) {
      setErrors({});
      return onDone(r.data);
    }
    if (r.error.fields) return refuse(r.error.fields);
    setErrors({});
    setAlert(r.error.message);
  }

  return { errors, alert, busy, submit, reset: () => setErrors({}) };
}

/** The end of a company form: the refusal that belongs to no field, and the submit button. */
export function FormEnd({ alert, busy, label, busyLabel, secondary = false }: { alert: string | null; busy: boolean; label: string; busyLabel?: string; secondary?: boolean }) {
  return (
    <>
      {alert && (
        <p role="alert" className="error">
          {alert}
        </p>
      )}
      <button type="submit" disabled={busy} className={secondary ? 'secondary' : undefined}>
        {busy && busyLabel ? busyLabel : label}
      </button>
    </>
  );
}
