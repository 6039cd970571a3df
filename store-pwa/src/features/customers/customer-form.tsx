import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { customerCreateRequestSchema, parseCpr, TEXT_MAX, validatePostcode } from '@optik/shared';
import { t } from '../../messages';

export interface CustomerFormValues {
  zip: string;
  city: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  cpr: string;
  cprCheckDigitConfirmed: boolean;
}

export const emptyCustomer: CustomerFormValues = { zip: '', city: '', firstName: '', lastName: '', email: '', phone: '', street: '', cpr: '', cprCheckDigitConfirmed: false };

type Field = keyof CustomerFormValues;
const ORDER: Field[] = ['zip', 'city', 'firstName', 'lastName', 'email', 'phone', 'street', 'cpr'];

/** What the form hands on: the parsed request (the shared schema's output) and the CPR alone. */
export interface CustomerFormResult {
  fields: Omit<CustomerFormValues, 'cpr' | 'cprCheckDigitConfirmed'>;
  cpr: { value: string; masked: string; confirmed: boolean } | null;
}

/**
 * Postcode first (SPEC §5 store ordering): a known Danish postcode fills the city. Every rule
 * comes from the shared schema and domain; a failed CPR check digit asks for confirmation
 * (DOMAIN.md) instead of blocking. Errors never clear what was typed.
 */
export function CustomerForm({
  initial = emptyCustomer,
  title,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  initial?: CustomerFormValues;
  title: string;
  serverErrors?: Partial<Record<Field, string>>;
  onSubmit: (r: CustomerFormResult) => Promise<void>;
  onCancel?: () => void;
}) {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(serverErrors ?? {});
  const [cprWarning, setCprWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function set<K extends Field>(k: K, value: CustomerFormValues[K]) {
    setV((old) => {
      const next = { ...old, [k]: value };
      if (k === 'zip') fillCity(next);
      if (k === 'cpr') next.cprCheckDigitConfirmed = false;
      return next;
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const pc = validatePostcode(v.zip);
    if (!pc.ok) found.zip = pc.message;
    const parsed = customerCreateRequestSchema.safeParse({ ...v, email: v.email.trim() || undefined, cpr: undefined, cprCheckDigitConfirmed: undefined });
    if (!parsed.success) for (const i of parsed.error.issues) found[i.path[0] as Field] ??= i.message;
    let cpr: CustomerFormResult['cpr'] = null;
    let warning: string | null = null;
    if (v.cpr.trim()) {
      const c = parseCpr(v.cpr);
      if (!c.ok) found.cpr = c.message;
      else {
        warning = c.warning;
        if (c.warning && !v.cprCheckDigitConfirmed) found.cpr = c.warning;
        cpr = { value: c.normalized, masked: `${c.normalized.slice(0, 6)}-XXXX`, confirmed: v.cprCheckDigitConfirmed };
      }
    }
    setCprWarning(warning);
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) {
      const first = ORDER.find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { zip, city, firstName, lastName, phone, street } = parsed.data;
      await onSubmit({ fields: { zip, city, firstName, lastName, phone, street, email: parsed.data.email ?? '' }, cpr });
    } finally {
      setBusy(false);
    }
  }

  const input = (k: Exclude<Field, 'cprCheckDigitConfirmed'>, label: string, extra: Record<string, unknown> = {}, hint?: string) => (
    <TextField id={`${id}-${k}`} name={k} label={label} value={v[k]} onChange={(value) => set(k, value)} error={errors[k]} hint={hint} extra={extra} />
  );

  return (
    <form onSubmit={submit} noValidate className="card wide" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      {input('zip', t.form.zip, { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4, autoFocus: true }, t.form.zipHint)}
      {input('city', t.form.city, { autoComplete: 'address-level2', maxLength: TEXT_MAX.city })}
      {input('firstName', t.form.firstName, { autoComplete: 'given-name', maxLength: TEXT_MAX.name })}
      {input('lastName', t.form.lastName, { autoComplete: 'family-name', maxLength: TEXT_MAX.name })}
      {input('email', t.form.email, { type: 'email', autoComplete: 'email', maxLength: TEXT_MAX.email })}
      {input('phone', t.form.phone, { type: 'tel', autoComplete: 'tel', maxLength: TEXT_MAX.phone })}
      {input('street', t.form.street, { autoComplete: 'street-address', maxLength: TEXT_MAX.street })}
      {input('cpr', t.form.cpr, { autoComplete: 'off', inputMode: 'numeric', spellCheck: false }, t.form.cprHint)}
      {cprWarning && (
        <div className="checkbox">
          <input id={`${id}-confirm`} type="checkbox" checked={v.cprCheckDigitConfirmed} onChange={(e) => setV({ ...v, cprCheckDigitConfirmed: e.target.checked })} />
          <label htmlFor={`${id}-confirm`}>{t.form.cprConfirm}</label>
        </div>
      )}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t.form.save}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t.form.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** A known Danish postcode fills the city (SPEC §5 store ordering); any other leaves it as typed. */
export function fillCity<T extends { zip: string; city: string }>(values: T): T {
  const pc = validatePostcode(values.zip);
  if (pc.ok) values.city = pc.city;
  return values;
}

/**
 * One labelled field of a customer form: its hint and its error tied to it for screen readers
 * (`<id>-hint`, `<id>-error`), the error never clearing what was typed. `multiline`: a text area.
 */
export function TextField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  extra = {},
  multiline = false,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  extra?: Record<string, unknown>;
  multiline?: boolean;
}) {
  const props = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
    ...extra,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {multiline ? <textarea {...props} onChange={(e) => onChange(e.target.value)} /> : <input {...props} onChange={(e) => onChange(e.target.value)} />}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
