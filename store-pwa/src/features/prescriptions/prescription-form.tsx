import { useId, useState, type FormEvent } from 'react';
import {
  examDateErrors,
  validateContactLensPair,
  validateGlassesPrescription,
  type ContactLensPrescription,
  type GlassesPrescription,
  type PrescriptionCreate,
} from '@optik/shared';
import { t } from '../../messages';

type Entry = PrescriptionCreate['entry'];
const GL = ['Sphere', 'Cylinder', 'Axis', 'Addition', 'PupillaryDistance'] as const;
const CL = ['power', 'baseCurve', 'diameter', 'cylinder', 'axis', 'addition'] as const;

/** "-1,25" / "+0.5" / "" → number | null; NaN marks text that is not a number. */
function num(text: string): number | null {
  const v = text.trim().replace(',', '.');
  return v === '' ? null : Number(v);
}

/** Form values ("-1,25") of a saved entry, keyed as the form's fields are. */
function valuesOf(entry: Entry): Record<string, string> {
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','));
  if (entry.kind === 'glasses') return Object.fromEntries(Object.entries(entry.glasses).map(([k, v]) => [k, text(v)]));
  return Object.fromEntries((['right', 'left'] as const).flatMap((side) => CL.map((f) => [`${side}.${f}`, text(entry[side][f])])));
}

export function PrescriptionForm({
  kind,
  today,
  onSubmit,
  onCancel,
  initial,
  serverErrors,
  title,
}: {
  kind: Entry['kind'];
  today: Date;
  onSubmit: (r: { entry: Entry; examDate: string }) => Promise<void>;
  onCancel: () => void;
  /** A rejected prescription being fixed: its values, and the server's field errors. */
  initial?: { entry: Entry; examDate: string };
  serverErrors?: Record<string, string>;
  title?: string;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() => (initial ? valuesOf(initial.entry) : {}));
  const [examDate, setExamDate] = useState(initial?.examDate ?? '');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  const [warnings, setWarnings] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    const read = (key: string) => {
      const n = num(values[key] ?? '');
      if (n !== null && Number.isNaN(n)) found[key] = t.prescriptions.notANumber;
      return n !== null && Number.isNaN(n) ? null : n;
    };
    let entry: Entry;
    let warn: Record<string, string> = {};
    const dated = { examDate: examDate || null, today, confirmedNotOlderThanYear: confirmed };
    if (kind === 'glasses') {
      const g = Object.fromEntries(['right', 'left'].flatMap((side) => GL.map((f) => [`${side}${f}`, read(`${side}${f}`)]))) as GlassesPrescription;
      const r = validateGlassesPrescription(g, dated);
      for (const [k, m] of Object.entries(r.errors)) found[k] ??= m;
      warn = r.warnings;
      entry = { kind, glasses: g };
    } else {
      const eye = (side: 'right' | 'left') => Object.fromEntries(CL.map((f) => [f, read(`${side}.${f}`)])) as ContactLensPrescription;
      const right = eye('right');
      const left = eye('left');
      Object.assign(found, examDateErrors(dated));
      for (const [k, m] of Object.entries(validateContactLensPair(right, left).errors)) found[k] ??= m;
      entry = { kind, right, left };
    }
    setErrors(found);
    // Warnings (reading glasses, premium glass) are shown once before saving; saving again accepts them.
    const unseen = Object.values(warn).some((w) => !Object.values(warnings).includes(w));
    setWarnings(warn);
    if (Object.keys(found).length || unseen) return;
    setBusy(true);
    try {
      await onSubmit({ entry, examDate });
    } finally {
      setBusy(false);
    }
  }

  const cell = (key: string, label: string) => (
    <td key={key}>
      <label htmlFor={`${id}-${key}`} className="visually-hidden">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        inputMode="decimal"
        value={values[key] ?? ''}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
      {errors[key] && (
        <span id={`${id}-${key}-error`} className="field-error">
          {errors[key]}
        </span>
      )}
    </td>
  );
  const sides = [
    ['right', t.prescriptions.right],
    ['left', t.prescriptions.left],
  ] as const;

  return (
    <form onSubmit={submit} noValidate className="card wide" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title ?? (kind === 'glasses' ? t.prescriptions.glassesTitle : t.prescriptions.lensesTitle)}</h1>
      <div className="field">
        <label htmlFor={`${id}-examDate`}>{t.prescriptions.examDate}</label>
        <input
          id={`${id}-examDate`}
          type="date"
          value={examDate}
          onChange={(e) => setExamDate(e.target.value)}
          aria-invalid={errors.examDate ? true : undefined}
          aria-describedby={errors.examDate ? `${id}-examDate-error` : undefined}
        />
        {errors.examDate && (
          <p id={`${id}-examDate-error`} className="field-error">
            {errors.examDate}
          </p>
        )}
      </div>
      <div className="table-scroll">
        <table className="rx">
          <thead>
            <tr>
              <td />
              {(kind === 'glasses' ? GL.map((f) => t.prescriptions.fields[f]) : CL.map((f) => t.prescriptions.clFields[f])).map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sides.map(([side, label]) => (
              <tr key={side}>
                <th scope="row">{label}</th>
                {kind === 'glasses'
                  ? GL.map((f) => cell(`${side}${f}`, `${label}: ${t.prescriptions.fields[f]}`))
                  : CL.map((f) => cell(`${side}.${f}`, `${label}: ${t.prescriptions.clFields[f]}`))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="checkbox">
        <input id={`${id}-confirmed`} type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} aria-describedby={errors.confirmed ? `${id}-confirmed-error` : undefined} />
        <label htmlFor={`${id}-confirmed`}>{t.prescriptions.confirmed}</label>
      </div>
      {errors.confirmed && (
        <p id={`${id}-confirmed-error`} className="field-error">
          {errors.confirmed}
        </p>
      )}
      {Object.values(warnings).map((w) => (
        <p key={w} role="note" className="notice">
          {w}
        </p>
      ))}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t.prescriptions.save}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t.form.cancel}
        </button>
      </div>
    </form>
  );
}
