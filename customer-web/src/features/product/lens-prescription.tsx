import { formatDiopter, validateContactLensPair, type LensParameters, type RuleResult } from '@optik/shared';
import { formatMm } from './decimal';
import { ptPrescription } from './prescription-messages';
import { EYES, toLensPrescription, type Eye, type LensField, type LensValues } from './prescription-values';

/** The shared SPEC §5 rule for both eyes; errors keyed `right.power`, `left.axis` …. */
export const checkLenses = (values: LensValues): RuleResult => validateContactLensPair(toLensPrescription(values.right), toLensPrescription(values.left));

/** The fields this lens is made with, each with the values its lensParameters offer. */
export function lensFieldOptions(p: LensParameters): [LensField, readonly number[], (v: number) => string][] {
  const out: [LensField, readonly number[], (v: number) => string][] = [
    ['power', p.powers, formatDiopter],
    ['baseCurve', p.baseCurves, formatMm],
    ['diameter', p.diameters, formatMm],
  ];
  if (p.cylinders?.length) out.push(['cylinder', p.cylinders, formatDiopter]);
  if (p.axes?.length) out.push(['axis', p.axes, (v) => `${v}°`]);
  if (p.additions?.length) out.push(['addition', p.additions, formatDiopter]);
  return out;
}

interface Props {
  params: LensParameters;
  values: LensValues;
  onChange: (eye: Eye, field: LensField, value: string) => void;
  /** Keyed `right.power`, `left.axis` … as the shared validateContactLensPair gives them. */
  errors: Record<string, string>;
  idPrefix: string;
}

/** Per-eye selects filled from the article's lensParameters (SPEC §3 contact-lens prescription). */
export function LensPrescriptionFields({ params, values, onChange, errors, idPrefix }: Props) {
  const fields = lensFieldOptions(params);
  return (
    <fieldset className="product-fieldset">
      <legend>{ptPrescription.lensPrescription}</legend>
      <p className="hint" id={`${idPrefix}-lens-hint`}>
        {ptPrescription.lensPrescriptionHint}
      </p>
      <div className="product-eyes">
        {EYES.map((eye) => (
          <fieldset key={eye} className="product-eye">
            <legend>{ptPrescription.eyes[eye]}</legend>
            {fields.map(([field, options, format]) => {
              const id = `${idPrefix}-${eye}-${field}`;
              const error = errors[`${eye}.${field}`];
              return (
                <div key={field} className="product-field">
                  <label htmlFor={id}>{ptPrescription.lensFields[field]}</label>
                  <select
                    id={id}
                    value={values[eye][field]}
                    onChange={(e) => onChange(eye, field, e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  >
                    <option value="">{ptPrescription.choose}</option>
                    {options.map((v) => (
                      <option key={v} value={String(v)}>
                        {format(v)}
                      </option>
                    ))}
                  </select>
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
    </fieldset>
  );
}
