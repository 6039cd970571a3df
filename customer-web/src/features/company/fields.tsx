import type { ReactNode } from 'react';
import { FieldError } from '../../text-field';

/** A group of radio buttons in a fieldset; the error is tied to the group and marks its buttons. */
export function ChoiceGroup<V extends string>({
  id,
  legend,
  hint,
  options,
  value,
  error,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  options: readonly (readonly [V, ReactNode])[];
  value: V | '';
  error?: string;
  onChange: (v: V) => void;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {options.map(([v, label], i) => (
        <label key={v} className="choice">
          <input type="radio" id={i === 0 ? id : undefined} name={id} value={v} checked={value === v} aria-invalid={error ? true : undefined} onChange={() => onChange(v)} />
          <span>{label}</span>
        </label>
      ))}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

/** One checkbox with its label and, when refused, the reason. */
export function CheckboxField({ id, label, checked, error, onChange }: { id: string; label: ReactNode; checked: boolean; error?: string; onChange: (checked: boolean) => void }) {
  return (
    <div className="field">
      <label className="choice">
        <input type="checkbox" id={id} checked={checked} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.checked)} />
        <span>{label}</span>
      </label>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

