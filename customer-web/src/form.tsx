import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ApiError } from '@optik/shared';

export type FieldErrors = Record<string, string>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first Danish message per field of a failed parse with the shared schema (the same keys the API uses). */
export function schemaErrors(result: { success: true } | { success: false; error: { issues: readonly Issue[] } }): FieldErrors {
  const out: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return out;
}

/** The API's per-field messages (400 validation, 409 e-mail taken …). */
export const apiFieldErrors = (error: ApiError['error']): FieldErrors => ({ ...error.fields });

/**
 * After a refused submit, focus goes to the first invalid field of `form` (WCAG 3.3.1); call the
 * returned function once the errors are set.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, form]);
  return useCallback(() => setAttempt((n) => n + 1), []);
}

/**
 * The state every account form has: field errors, a form-level alert, and busy while the API
 * answers. `refuse` shows refused input (the shared schema's or the API's messages) and moves
 * focus to the first invalid field; `send` runs a call with the form busy and old messages gone.
 */
export function useFormState() {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refuse = useCallback(
    (fields: FieldErrors, message: string) => {
      setErrors(fields);
      setAlert(message);
      if (Object.keys(fields).length > 0) focusFirstError();
    },
    [focusFirstError],
  );
  const send = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    setBusy(true);
    setAlert(null);
    setErrors({});
    try {
      return await call();
    } finally {
      setBusy(false);
    }
  }, []);
  return { formRef, errors, alert, setAlert, busy, refuse, send };
}

/**
 * What a form needs only once it is submitted (its schema check, which brings zod), loaded then
 * from a small local module (`loadOnce`) instead of with the page (first-load JS ≤ 130 KB gzip,
 * issue 5). The returned function resolves to the module, or to null while an earlier submit's
 * load is still under way (a second click) or when it could not be loaded (offline): then
 * `onFail` shows the page's generic error, and nothing typed is lost.
 */
export function useLoadOnSubmit<M>(load: () => Promise<M>, onFail: () => void): () => Promise<M | null> {
  const loading = useRef(false);
  return async () => {
    if (loading.current) return null;
    loading.current = true;
    try {
      return await load();
    } catch {
      onFail();
      return null;
    } finally {
      loading.current = false;
    }
  };
}

/** The form-level message (SPEC §8 texts, "correct the errors"), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="error">
      {message}
    </p>
  ) : null;
}

/** The parameters of a URL fragment (`#token=…`, `#code=…&state=…`), with or without the `#`. */
export const readFragment = (hash: string) => new URLSearchParams(hash.replace(/^#/, ''));

/**
 * Takes a one-time value the API put in the URL fragment (reset token, e-ID code) out of the
 * address bar once read, so it is not left in the history or shared by copying the address.
 */
export function useClearFragment(): void {
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);
}
