import { formatDiopter, type ContactLensPrescription, type LensParameters } from '@optik/shared';
import { formatMm } from './decimal';
import { pt } from './messages';

export type LensField = keyof ContactLensPrescription;
export type Eye = 'right' | 'left';
/** Select values as strings ('' = not chosen), per eye. */
export type LensEyeValues = Record<LensField, string>;
export type LensValues = Record<Eye, LensEyeValues>;

export const emptyLensEye = (): LensEyeValues => ({ power: '', baseCurve: '', diameter: '', cylinder: '', axis: '', addition: '' });

export function toLensPrescription(v: LensEyeValues): ContactLensPrescription {
  const n = (s: string) => (s === '' ? null : Number(s));
  return { power: n(v.power), baseCurve: n(v.baseCurve), diameter: n(v.diameter), cylinder: n(v.cylinder), axis: n(v.axis), addition: n(v.addition) };
}

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

const EYES: [Eye, string][] = [
  ['right', pt.rightEye],
  ['left', pt.leftEye],
];

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
      <legend>{pt.lensPrescription}</legend>
      <p className="hint" id={`${idPrefix}-lens-hint`}>
        {pt.lensPrescriptionHint}
      </p>
      <div className="product-eyes">
        {EYES.map(([eye, legend]) => (
          <fieldset key={eye} className="product-eye">
            <legend>{legend}</legend>
            {fields.map(([field, options, format]) => {
              const id = `${idPrefix}-${eye}-${field}`;
              const error = errors[`${eye}.${field}`];
              return (
                <div key={field} className="product-field">
                  <label htmlFor={id}>{pt.lensFields[field]}</label>
                  <select
                    id={id}
                    value={values[eye][field]}
                    onChange={(e) => onChange(eye, field, e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  >
                    <option value="">{pt.choose}</option>
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
