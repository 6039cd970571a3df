import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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

/**
 * A company form's values: `set` changes top-level fields, `setIn` fields of a nested group (the
 * location, the contact); both update from the latest values, so nothing typed is lost.
 */
export function useFormValues<T extends object>(empty: T) {
  const [form, setForm] = useState(empty);
  const set = (change: Partial<T>) => setForm((f) => ({ ...f, ...change }));
  const setIn = <K extends keyof T>(key: K, change: Partial<T[K]>) => setForm((f) => ({ ...f, [key]: { ...f[key], ...change } }));
  return { form, set, setIn, reset: () => setForm(empty) };
}

/**
 * The page after a company form is sent: the result is announced and takes the focus, with any
 * details below it; then the links onward (as list items) and the button to send another.
 */
export function SentPage({ title, message, details, links, againLabel, onAgain }: { title: string; message: string; details?: ReactNode; links?: ReactNode; againLabel: string; onAgain: () => void }) {
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    messageRef.current?.focus();
  }, []);
  return (
    <div className="page narrow company-page">
      <h1>{title}</h1>
      <div className="company-notice">
        <p ref={messageRef} tabIndex={-1} role="status">
          {message}
        </p>
        {details}
      </div>
      <ul className="company-links">
        {links}
        <li>
          <button type="button" className="link-button" onClick={onAgain}>
            {againLabel}
          </button>
        </li>
      </ul>
    </div>
  );
}
