import { useId, useRef, useState, type FormEvent } from 'react';
import {
  copenhagenIsoDate,
  eyeHealthDayDateErrors,
  eyeHealthDayRequestSchema,
  eyeHealthDayResponseSchema,
  firstEyeHealthDay,
  formatDanishDate,
  lookupPostcode,
  type EyeHealthDay,
  type EyeHealthDayRequest,
} from '@optik/shared';
import { usePageMeta } from '../../page-meta';
import { TextAreaField, TextField } from '../../text-field';
import { schemaErrors } from '../../form';
import { FormEnd, SentPage, useFormValues, useSubmit } from './form';
import type { CompanyApi } from './company-wizard';
import { ct } from './messages';
import './company.css';

const t = ct.eyeHealth;
const w = ct.wizard;

const empty = {
  cvr: '',
  dateFrom: '',
  dateTo: '',
  employees: '',
  location: { street: '', zip: '', city: '' },
  contact: { name: '', email: '', phone: '' },
  note: '',
};

/** The request as the shared schema reads it; a head count that is not a whole number is left for the schema to refuse. */
function toRequest(f: typeof empty): EyeHealthDayRequest {
  const employees = /^\d+$/.test(f.employees.trim()) ? Number(f.employees.trim()) : Number.NaN;
  return { organisationNumber: f.cvr, dateFrom: f.dateFrom, dateTo: f.dateTo, employees, location: f.location, contact: f.contact, note: f.note };
}

/** SPEC §2 /b2b/øjehelsedag: a company asks for an eye-health day at its workplace; the contact gets a confirmation mail. */
export function EyeHealthDayPage({ api, today = copenhagenIsoDate(new Date()) }: { api: CompanyApi; today?: string }) {
  usePageMeta(t.title, t.description);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useSubmit(formRef);
  const { errors } = submitting;
  const { form, set, setIn, reset } = useFormValues(empty);
  const [done, setDone] = useState<EyeHealthDay | null>(null);
  const first = firstEyeHealthDay(today);

  const fid = (path: string) => `${id}-${path.replace(/\./g, '-')}`;
  const text = (path: string, label: string, value: string, onChange: (v: string) => void, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField id={fid(path)} label={label} error={errors[path]} value={value} onChange={(e) => onChange(e.target.value)} {...extra} />
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const request = toRequest(form);
    const found = { ...schemaErrors(eyeHealthDayRequestSchema.safeParse(request)) };
    for (const [k, v] of Object.entries(eyeHealthDayDateErrors(form.dateFrom, form.dateTo, today))) found[k] ??= v;
    void submitting.submit(found, () => api.post(eyeHealthDayResponseSchema, '/api/company/eye-health-days', request), (r) => setDone(r.data));
  }

  if (done) {
    return (
      <SentPage
        title={t.title}
        message={t.done(done.companyName, done.contact.email)}
        againLabel={t.again}
        onAgain={() => {
          setDone(null);
          reset();
          submitting.reset();
        }}
      />
    );
  }

  return (
    <div className="page narrow company-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.intro}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="stack company-form">
        <fieldset>
          <legend>{t.companyLegend}</legend>
          {text('organisationNumber', w.cvr, form.cvr, (cvr) => set({ cvr }), { hint: w.cvrHint, inputMode: 'numeric', autoComplete: 'off', maxLength: 16 })}
        </fieldset>
        <fieldset aria-describedby={`${id}-dates-hint`}>
          <legend>{t.datesLegend}</legend>
          <p id={`${id}-dates-hint`} className="hint">
            {t.datesHint(formatDanishDate(first))}
          </p>
          {text('dateFrom', t.dateFrom, form.dateFrom, (dateFrom) => set({ dateFrom }), { type: 'date', min: first })}
          {text('dateTo', t.dateTo, form.dateTo, (dateTo) => set({ dateTo }), { type: 'date', min: form.dateFrom || first })}
          {text('employees', t.employees, form.employees, (employees) => set({ employees }), { hint: t.employeesHint, inputMode: 'numeric', maxLength: 5 })}
        </fieldset>
        <fieldset>
          <legend>{t.locationLegend}</legend>
          {text('location.street', w.street, form.location.street, (street) => setIn('location', { street }), { autoComplete: 'street-address' })}
          {text('location.zip', w.zip, form.location.zip, (zip) => setIn('location', { zip, city: lookupPostcode(zip)?.city ?? form.location.city }), { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4 })}
          {text('location.city', w.city, form.location.city, (city) => setIn('location', { city }), { autoComplete: 'address-level2' })}
        </fieldset>
        <fieldset>
          <legend>{t.contactLegend}</legend>
          {text('contact.name', w.name, form.contact.name, (name) => setIn('contact', { name }), { autoComplete: 'name' })}
          {text('contact.email', w.email, form.contact.email, (email) => setIn('contact', { email }), { type: 'email', autoComplete: 'email' })}
          {text('contact.phone', w.phone, form.contact.phone, (phone) => setIn('contact', { phone }), { type: 'tel', autoComplete: 'tel' })}
        </fieldset>
        <TextAreaField id={fid('note')} label={t.note} hint={t.noteHint} error={errors.note} rows={3} maxLength={1000} value={form.note} onChange={(e) => set({ note: e.target.value })} />
        <FormEnd alert={submitting.alert} busy={submitting.busy} label={t.submit} busyLabel={t.sending} />
      </form>
    </div>
  );
}
