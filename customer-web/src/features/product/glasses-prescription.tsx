import { validateGlassesPrescription, type GlassesPrescription, type RuleResult } from '@optik/shared';
import { parseDecimal } from './decimal';
import { ptPrescription } from './prescription-messages';
import { EYES, GLASSES_FIELDS, GLASSES_KEYS, type GlassesKey, type GlassesValues } from './prescription-values';

/**
 * Parses the typed values (decimal comma accepted) and checks them with the shared SPEC §5 rule.
 * A value that is not a number is an error of its own and is handed to the rule as missing.
 */
export function checkGlasses(values: GlassesValues, confirmed: boolean, today: Date): RuleResult & { prescription: GlassesPrescription } {
  const parseErrors: Record<string, string> = {};
  const prescription = {} as GlassesPrescription;
  for (const k of GLASSES_KEYS) {
    const v = parseDecimal(values[k]);
    if (v !== null && Number.isNaN(v)) parseErrors[k] = ptPrescription.notANumber;
    prescription[k] = v === null || Number.isNaN(v) ? null : v;
  }
  const rule = validateGlassesPrescription(prescription, { examDate: null, today, confirmedNotOlderThanYear: confirmed });
  // Online the customer confirms the prescription's age (SPEC §5); no exam date is asked for or
  // carried on the cart line, so the rule's exam-date requirement does not apply here.
  const { examDate: _examDate, ...errors } = rule.errors;
  return { errors: { ...errors, ...parseErrors }, warnings: rule.warnings, prescription };
}

interface Props {
  values: GlassesValues;
  onChange: (key: GlassesKey, value: string) => void;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  errors: Record<string, string>;
  warnings: Record<string, string>;
  idPrefix: string;
}

/** The optional "Med styrke" inputs: H (right) first, then V (left), SPEC §3. */
export function GlassesPrescriptionFields({ values, onChange, confirmed, onConfirmedChange, errors, warnings, idPrefix }: Props) {
  const notes = Object.values(warnings);
  const confirmId = `${idPrefix}-confirmed`;
  return (
    <>
      <div className="product-eyes">
        {EYES.map((side) => (
          <fieldset key={side} className="product-eye">
            <legend>{ptPrescription.eyes[side]}</legend>
            {GLASSES_FIELDS.map((field) => {
              const key = `${side}${field}` as GlassesKey;
              const id = `${idPrefix}-${key}`;
              const error = errors[key];
              return (
                <div key={field} className="product-field">
                  <label htmlFor={id}>{ptPrescription.glassesFields[field]}</label>
                  <input
                    id={id}
                    type="text"
                    inputMode={field === 'Axis' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    value={values[key]}
                    onChange={(e) => onChange(key, e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  />
                  {error ? (
                    <p className="field-error" id={`${id}-error`}>
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      <div className="product-field">
        <label className="choice" htmlFor={confirmId}>
          <input
            id={confirmId}
            type="checkbox"
            checked={confirmed}
            onChange={(e) => onConfirmedChange(e.target.checked)}
            aria-invalid={errors.confirmed ? true : undefined}
            aria-describedby={errors.confirmed ? `${confirmId}-error` : undefined}
          />
          {ptPrescription.confirmPrescription}
        </label>
        {errors.confirmed ? (
          <p className="field-error" id={`${confirmId}-error`}>
            {errors.confirmed}
          </p>
        ) : null}
      </div>
      {/* SPEC §5 / §1 warnings (reading glasses, premium glass) are notes, read out as they appear. */}
      <div className="product-notes" aria-live="polite">
        {notes.length > 0 ? (
          <>
            <p className="product-notes-title">{ptPrescription.notes}</p>
            <ul>
              {notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </>
  );
}
