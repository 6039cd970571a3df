import { useId, useState, type FormEvent } from 'react';
import { temporaryAddressErrors, temporaryAddressRequestSchema, validatePostcode, type TemporaryAddressRequest } from '@optik/shared';
import { TextField } from '../../../text-field';
import { st } from './messages';

export type FieldErrors = Record<string, string>;

interface Props {
  today: string;
  busy: boolean;
  /** Sends the address; resolves null when saved, else with the API's field errors (maybe none). */
  onSave: (body: TemporaryAddressRequest) => Promise<FieldErrors | null>;
}

const EMPTY: TemporaryAddressRequest = { street: '', zip: '', city: '', from: '', to: '' };

/**
 * A temporary delivery address with its window (SPEC §3). Checked here with the same shared rules
 * the API uses; the postcode fills in the city; nothing typed is lost when something is wrong.
 */
export function TemporaryAddressForm({ today, busy, onSave }: Props) {
  const id = useId();
  const [values, setValues] = useState<TemporaryAddressRequest>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  function set(field: keyof TemporaryAddressRequest, value: string) {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === 'zip') {
        const pc = validatePostcode(value);
        if (pc.ok) next.city = pc.city;
      }
      return next;
    });
  }

  function check(body: TemporaryAddressRequest): FieldErrors {
    const out: FieldErrors = {};
    const parsed = temporaryAddressRequestSchema.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
    const pc = validatePostcode(body.zip);
    if (!out.zip && !pc.ok) out.zip = pc.message;
    if (!out.from && !out.to) Object.assign(out, temporaryAddressErrors(body, today));
    return out;
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const found = check(values);
    const next = Object.keys(found).length > 0 ? found : await onSave(values);
    if (next === null) {
      setErrors({});
      setValues(EMPTY);
      return;
    }
    // Refused: what was typed stays, and the first field in error takes the focus once marked.
    setErrors(next);
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  const field = (name: keyof TemporaryAddressRequest, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField id={`${id}-${name}`} label={label} error={errors[name]} value={values[name]} onChange={(e) => set(name, e.target.value)} {...extra} />
  );

  return (
    <form className="stack subscription-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      <fieldset>
        <legend>{st.temporaryHeading}</legend>
        <p className="hint">{st.temporaryIntro}</p>
        {field('street', st.street, { autoComplete: 'street-address' })}
        {field('zip', st.zip, { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4 })}
        {field('city', st.city, { autoComplete: 'address-level2' })}
        {field('from', st.from, { type: 'date', min: today })}
        {field('to', st.to, { type: 'date', min: values.from || today })}
        <button type="submit" disabled={busy}>
          {busy ? st.working : st.saveTemporary}
        </button>
      </fieldset>
    </form>
  );
}
