import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

type Props = { id: string; label: string; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>;

/** A label, optional hint, input and error, tied together for screen readers (no wrapper: the caller lays it out). */
export function LabelledInput({ id, label, hint, error, ...props }: Props) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </>
  );
}

/** The text-field layout of the shop's forms. */
export function TextField(props: Props) {
  return (
    <div className="field">
      <LabelledInput {...props} />
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field-error">
      {children}
    </p>
  );
}

/** A labelled textarea with an optional hint and error, tied together like `TextField`. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  ...props
}: { id: string; label: string; hint?: ReactNode; error?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
