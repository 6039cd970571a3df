import { FieldError, TextAreaField, TextField } from '../../text-field';
import { fieldId, type DetailErrors, type DetailsField, type DetailsForm } from './booking-form';
import { bl } from './later-messages';

const d = bl.details;

/**
 * Customer info, note to store and company info (SPEC §3 booking, §5 validation): shared by the
 * wizard's details step and the manage page's edit form.
 */
export function DetailsFields({ prefix, form, errors, onChange }: { prefix: string; form: DetailsForm; errors: DetailErrors; onChange: (next: DetailsForm) => void }) {
  const id = (f: DetailsField) => fieldId(prefix, f);
  const text = (f: Exclude<DetailsField, 'requisitionType' | 'distance0' | 'distance1' | 'distance2'>) => ({
    id: id(f),
    value: form[f],
    error: errors[f],
    onChange: (e: { target: { value: string } }) => onChange({ ...form, [f]: e.target.value }),
  });
  const setDistance = (i: number, value: string) => {
    const distances = [...form.distances] as DetailsForm['distances'];
    distances[i] = value;
    onChange({ ...form, distances });
  };
  return (
    <div className="booking-details">
      <div className="booking-pair">
        <TextField label={d.firstName} autoComplete="given-name" required {...text('firstName')} />
        <TextField label={d.lastName} autoComplete="family-name" required {...text('lastName')} />
      </div>
      <TextField label={d.email} type="email" autoComplete="email" required hint={d.emailHint} {...text('email')} />
      <TextField label={d.phone} type="tel" autoComplete="tel" required {...text('phone')} />
      <TextField label={d.birthDate} inputMode="numeric" autoComplete="bday" hint={d.birthDateHint} {...text('birthDate')} />
      <TextAreaField rows={3} label={d.note} hint={d.noteHint} maxLength={600} {...text('noteToStore')} />

      <label className="choice booking-employer">
        <input type="checkbox" checked={form.viaEmployer} onChange={(e) => onChange({ ...form, viaEmployer: e.target.checked })} />
        {d.viaEmployer}
      </label>
      {form.viaEmployer && (
        <fieldset className="booking-company">
          <legend>{d.companyLegend}</legend>
          <TextField label={d.companyName} autoComplete="organization" required {...text('companyName')} />
          <TextField label={d.reference} {...text('reference')} />
          <fieldset aria-describedby={errors.requisitionType ? `${id('requisitionType')}-error` : undefined}>
            <legend>{d.requisitionLegend}</legend>
            {(['e-requisition', 'physical'] as const).map((kind, i) => (
              <label key={kind} className="choice">
                <input
                  type="radio"
                  id={i === 0 ? id('requisitionType') : undefined}
                  name={`${prefix}-requisition`}
                  value={kind}
                  checked={form.requisitionType === kind}
                  aria-invalid={errors.requisitionType ? true : undefined}
                  onChange={() => onChange({ ...form, requisitionType: kind })}
                />
                {kind === 'e-requisition' ? d.eRequisition : d.physical}
              </label>
            ))}
            {errors.requisitionType && <FieldError id={`${id('requisitionType')}-error`}>{errors.requisitionType}</FieldError>}
          </fieldset>
          <fieldset>
            <legend>{d.distancesLegend}</legend>
            <p className="hint">{d.distancesHint}</p>
            <div className="booking-distances">
              {form.distances.map((value, i) => {
                const f = `distance${i}` as DetailsField;
                return <TextField key={f} id={id(f)} label={d.distance(i + 1)} inputMode="numeric" value={value} error={errors[f]} onChange={(e) => setDistance(i, e.target.value)} />;
              })}
            </div>
          </fieldset>
          <TextField label={d.tools} {...text('tools')} />
          <TextAreaField rows={3} label={d.other} maxLength={600} {...text('other')} />
        </fieldset>
      )}
    </div>
  );
}
