import { useId, useRef, useState, type FormEvent } from 'react';
import { employeeRequisitionRequestSchema, employeeRequisitionResponseSchema, formatDkk, type EmployeeRequisition, type EmployeeRequisitionRequest, type RequisitionKind } from '@optik/shared';
import type { Api } from '../../api';
import { LoadError } from '../../load-error';
import { usePageMeta } from '../../page-meta';
import { FieldError, TextField } from '../../text-field';
import { useApi } from '../../use-api';
import { schemaErrors } from '../../form';
import { ChoiceGroup } from './fields';
import { FormEnd, SentPage, useFormValues, useSubmit } from './form';
import { ct } from './messages';
import './company.css';

const t = ct.requisition;
export type RequisitionApi = Pick<Api, 'post' | 'getStores'>;

const empty = { organisationNumber: '', employeeReference: '', employeeName: '', employeeEmail: '', kind: '' as RequisitionKind | '', storeId: '' };

/**
 * An employee's e-requisition (SPEC §4 requisitions): identified by the employer's CVR and the
 * employee number (or the agreement's reference), for glasses or an exam in a chosen store. It
 * appears for that store's manager in the store app; the decision comes by e-mail.
 */
export function RequisitionPage({ api }: { api: RequisitionApi }) {
  usePageMeta(t.title, t.description);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useSubmit(formRef);
  const { errors } = submitting;
  const [stores, reloadStores] = useApi('stores', () => api.getStores());
  const { form, set } = useFormValues(empty);
  const [done, setDone] = useState<EmployeeRequisition | null>(null);

  const fid = (name: string) => `${id}-${name}`;
  const text = (name: keyof typeof empty, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField id={fid(name)} label={label} error={errors[name]} value={form[name]} onChange={(e) => set({ [name]: e.target.value })} {...extra} />
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    // Not chosen yet: left out, so the schema says "choose one".
    const request = { ...form, kind: form.kind || undefined } as EmployeeRequisitionRequest;
    const found = schemaErrors(employeeRequisitionRequestSchema.safeParse(request));
    void submitting.submit(found, () => api.post(employeeRequisitionResponseSchema, '/api/company/requisitions', request), (r) => setDone(r.data));
  }

  if (done) {
    return (
      <SentPage
        title={t.title}
        message={t.done(done.storeName)}
        details={<p>{t.covers(formatDkk(done.maxAmount))}</p>}
        links={
          done.kind === 'exam' && (
            <li>
              <a href="/bestil-tid-til-synstest">{t.bookExam}</a>
            </li>
          )
        }
        againLabel={t.again}
        onAgain={() => {
          setDone(null);
          set({ kind: '' });
        }}
      />
    );
  }

  const storeError = errors.storeId;
  return (
    <div className="page narrow company-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.intro}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="stack company-form">
        <fieldset>
          <legend>{t.employerLegend}</legend>
          {text('organisationNumber', t.cvr, { hint: ct.wizard.cvrHint, inputMode: 'numeric', autoComplete: 'off', maxLength: 16 })}
          {text('employeeReference', t.employeeReference, { hint: t.employeeReferenceHint, autoComplete: 'off', maxLength: 60 })}
        </fieldset>
        <fieldset>
          <legend>{t.youLegend}</legend>
          {text('employeeName', t.name, { autoComplete: 'name' })}
          {text('employeeEmail', t.email, { type: 'email', autoComplete: 'email' })}
        </fieldset>
        <ChoiceGroup id={fid('kind')} legend={t.kindLegend} options={Object.entries(t.kinds) as [RequisitionKind, string][]} value={form.kind} error={errors.kind} onChange={(kind) => set({ kind })} />
        <div className="field">
          <label htmlFor={fid('storeId')}>{t.store}</label>
          {stores.state === 'loading' && <p role="status">{t.storesLoading}</p>}
          {stores.state === 'error' && <LoadError onRetry={reloadStores} />}
          <select
            id={fid('storeId')}
            value={form.storeId}
            onChange={(e) => set({ storeId: e.target.value })}
            aria-invalid={storeError ? true : undefined}
            aria-describedby={storeError ? `${fid('storeId')}-error` : undefined}
          >
            <option value="">{t.chooseStore}</option>
            {stores.state === 'ready' &&
              [...stores.data.data]
                .sort((a, b) => a.name.localeCompare(b.name, 'da'))
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} – {s.street}, {s.postcode} {s.city}
                  </option>
                ))}
          </select>
          {storeError && <FieldError id={`${fid('storeId')}-error`}>{storeError}</FieldError>}
        </div>
        <FormEnd alert={submitting.alert} busy={submitting.busy} label={t.submit} busyLabel={t.sending} />
      </form>
    </div>
  );
}
