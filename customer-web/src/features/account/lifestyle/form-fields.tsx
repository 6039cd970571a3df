import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useFocusFirstError, type FieldErrors } from '../../../form';

/**
 * A small form's text values, its per-field errors (focus goes to the first invalid field) and
 * one form-level alert that takes focus when it appears (WCAG 3.3.1). `field(name)` gives a
 * TextField its id, value, error and change handler; nothing typed is lost on an error.
 */
export function useFormFields<K extends string>(prefix: string, initial: Record<K, string>, form: RefObject<HTMLFormElement | null>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focusFirstError = useFocusFirstError(form);
  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  const field = (name: K) => ({
    id: `${prefix}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  /** Shows field errors (and focuses the first); true when there were any. */
  const showErrors = (fields: FieldErrors) => {
    setErrors(fields);
    if (Object.keys(fields).length === 0) return false;
    focusFirstError();
    return true;
  };
  const alertBox = alert ? (
    <div role="alert" className="error" tabIndex={-1} ref={alertRef}>
      <p>{alert}</p>
    </div>
  ) : null;
  return { values, field, showErrors, setAlert, alertBox };
}
