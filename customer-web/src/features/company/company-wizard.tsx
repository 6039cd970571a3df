import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import {
  COMPANY_PRICES,
  companyAgreementResponseSchema,
  companyContractRequestSchema,
  companyLookupResponseSchema,
  companyPrice,
  formatDkk,
  levelDescriptions,
  levelLabels,
  LEVELS,
  lookupPostcode,
  parseOrgNumber,
  splitEmployeeNumbers,
  type CompanyAgreement,
  type CompanyRegistryEntry,
} from '@optik/shared';
import type { Api } from '../../api';
import { usePageMeta } from '../../page-meta';
import { TextField } from '../../text-field';
import { schemaErrors, useFocusFirstError } from '../../form';
import { AgreementSummary, type AgreementFacts } from './agreement-summary';
import { TextAreaField } from '../../text-field';
import { CheckboxField, ChoiceGroup } from './fields';
import { ct } from './messages';
import { emptyDraft, forStep, STEP_COUNT, stepOf, toRequest, wizardDraftAtom, wizardStepAtom, type PersonDraft, type WizardDraft } from './wizard-state';
import './company.css';

export type CompanyApi = Pick<Api, 'get' | 'post'>;
type Errors = Record<string, string>;

const w = ct.wizard;

/** The wizard's answers as the agreement would read, or the errors that stop it. */
function facts(draft: WizardDraft): { ok: true; facts: AgreementFacts } | { ok: false; errors: Errors } {
  const parsed = companyContractRequestSchema.safeParse(toRequest(draft));
  if (!parsed.success || !draft.company) return { ok: false, errors: { ...schemaErrors(parsed), ...(draft.company ? {} : { organisationNumber: w.cvrHint }) } };
  const c = draft.company;
  return { ok: true, facts: { ...parsed.data, companyName: c.name, companyAddress: { street: c.street, zip: c.zip, city: c.city }, price: companyPrice(parsed.data) } };
}

const address = (c: CompanyRegistryEntry) => `${c.street}, ${c.zip} ${c.city}`;

/**
 * SPEC §2 company wizard (SPEC §1 company flow, §3 company contract): organisation number lookup,
 * contact and signing parties, invoice details, reference, glass and frame levels with options,
 * and a summary with the price per employee. One step per screen, focus on the step's heading,
 * answers kept when going back (and when leaving the page) until the agreement is created.
 */
export function CompanyWizard({ api }: { api: CompanyApi }) {
  usePageMeta(w.title, w.description);
  const id = useId();
  const [draft, setDraft] = useAtom(wizardDraftAtom);
  const [step, setStep] = useAtom(wizardStepAtom);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CompanyAgreement | null>(null);
  const [moves, setMoves] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  // A new step (or the receipt) is announced by moving focus to its heading.
  useEffect(() => {
    if (moves) headingRef.current?.focus();
  }, [moves]);

  function go(n: number, withErrors: Errors = {}) {
    setStep(n);
    setErrors(withErrors);
    setAlert(null);
    setMoves((m) => m + 1);
  }

  function refuse(found: Errors) {
    setErrors(found);
    focusFirstError();
  }

  const update = (change: Partial<WizardDraft>) => setDraft((d) => ({ ...d, ...change }));
  const err = (path: string) => errors[path];
  const fid = (path: string) => `${id}-${path.replace(/\./g, '-')}`;

  async function lookUp() {
    const cvr = parseOrgNumber(draft.cvr);
    if (!cvr.ok) return refuse({ organisationNumber: cvr.message });
    setBusy(true);
    const r = await api.get(companyLookupResponseSchema, `/api/company/lookup?cvr=${cvr.digits}`);
    setBusy(false);
    // SPEC §8: "organisation not found" on the field, the number kept for correcting.
    if (!r.ok) return refuse({ organisationNumber: r.error.fields?.cvr ?? r.error.message });
    const company = r.data.data;
    setDraft((d) => {
      // The registered address is the invoice address unless another was typed for this company.
      const keep = d.company?.organisationNumber === company.organisationNumber && d.invoiceAddress.street !== '';
      return { ...d, company, cvr: company.organisationNumber, invoiceAddress: keep ? d.invoiceAddress : { street: company.street, zip: company.zip, city: company.city } };
    });
    go(1);
  }

  async function create() {
    const checked = facts(draft);
    if (!checked.ok) {
      const first = Math.min(...Object.keys(checked.errors).map(stepOf));
      return go(first, forStep(first, checked.errors, draft.signerIsContact));
    }
    setBusy(true);
    const r = await api.post(companyAgreementResponseSchema, '/api/company/contracts', toRequest(draft));
    setBusy(false);
    if (r.ok) {
      setCreated(r.data.data);
      setDraft(emptyDraft);
      setStep(0);
      setMoves((m) => m + 1);
      return;
    }
    const fields = r.error.fields ?? {};
    if (Object.keys(fields).length) {
      const first = Math.min(...Object.keys(fields).map(stepOf));
      return go(first, forStep(first, fields, draft.signerIsContact));
    }
    setAlert(r.error.message);
  }

  async function next(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (step === 0) return lookUp();
    if (step === STEP_COUNT - 1) return create();
    const found = forStep(step, schemaErrors(companyContractRequestSchema.safeParse(toRequest(draft))), draft.signerIsContact);
    if (Object.keys(found).length) return refuse(found);
    go(step + 1);
  }

  if (created) {
    return (
      <div className="page narrow company-page">
        <h1>{w.title}</h1>
        <div className="company-done">
          <h2 ref={headingRef} tabIndex={-1}>
            {w.doneTitle}
          </h2>
          <p role="status">{w.done(created.signingParty.name, created.signingParty.email)}</p>
          <p>{w.doneContact(created.contactPerson.email)}</p>
          <ul className="company-links">
            <li>
              <a href="/b2b/øjehelsedag">{w.eyeHealthLink}</a>
            </li>
            <li>
              <button type="button" className="link-button" onClick={() => setCreated(null)}>
                {w.newAgreement}
              </button>
            </li>
          </ul>
        </div>
      </div>
    );
  }

  const text = (path: string, label: string, value: string, onChange: (v: string) => void, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField id={fid(path)} label={label} error={err(path)} value={value} onChange={(e) => onChange(e.target.value)} {...extra} />
  );
  const personFields = (path: 'contactPerson' | 'signingParty', p: PersonDraft, set: (p: PersonDraft) => void) => (
    <>
      {text(`${path}.name`, w.name, p.name, (name) => set({ ...p, name }), { autoComplete: 'name' })}
      {text(`${path}.email`, w.email, p.email, (email) => set({ ...p, email }), { type: 'email', autoComplete: 'email' })}
      {text(`${path}.phone`, w.phone, p.phone, (phone) => set({ ...p, phone }), { type: 'tel', autoComplete: 'tel' })}
    </>
  );
  const levelOptions = (kind: 'glass' | 'frame') =>
    LEVELS.map(
      (l) =>
        [
          l,
          <>
            <strong>{levelLabels[l]}</strong> – {formatDkk(COMPANY_PRICES[kind][l])}
            <span className="line-note">{levelDescriptions[kind][l]}</span>
          </>,
        ] as const,
    );

  const steps: ReactNode[] = [
    // 1. Organisation number lookup
    <>
      {text('organisationNumber', w.cvr, draft.cvr, (cvr) => update({ cvr }), { hint: w.cvrHint, inputMode: 'numeric', autoComplete: 'off', maxLength: 16 })}
      {busy && <p role="status">{w.lookingUp}</p>}
    </>,
    // 2. Contact and signing party
    <>
      <fieldset>
        <legend>{w.contactLegend}</legend>
        <p className="hint">{w.contactHint}</p>
        {personFields('contactPerson', draft.contact, (contact) => update({ contact }))}
      </fieldset>
      <CheckboxField id={fid('signerIsContact')} label={w.signerIsContact} checked={draft.signerIsContact} onChange={(signerIsContact) => update({ signerIsContact })} />
      {!draft.signerIsContact && (
        <fieldset>
          <legend>{w.signerLegend}</legend>
          <p className="hint">{w.signerHint}</p>
          {personFields('signingParty', draft.signer, (signer) => update({ signer }))}
        </fieldset>
      )}
    </>,
    // 3. Invoice address and format
    <>
      <fieldset>
        <legend>{w.invoiceAddressLegend}</legend>
        {text('invoiceAddress.street', w.street, draft.invoiceAddress.street, (street) => update({ invoiceAddress: { ...draft.invoiceAddress, street } }), { autoComplete: 'street-address' })}
        {text(
          'invoiceAddress.zip',
          w.zip,
          draft.invoiceAddress.zip,
          (zip) => update({ invoiceAddress: { ...draft.invoiceAddress, zip, city: lookupPostcode(zip)?.city ?? draft.invoiceAddress.city } }),
          { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4 },
        )}
        {text('invoiceAddress.city', w.city, draft.invoiceAddress.city, (city) => update({ invoiceAddress: { ...draft.invoiceAddress, city } }), { autoComplete: 'address-level2' })}
      </fieldset>
      <ChoiceGroup
        id={fid('invoiceFormat')}
        legend={w.invoiceFormatLegend}
        options={Object.entries(w.invoiceFormats) as [keyof typeof w.invoiceFormats, string][]}
        value={draft.invoiceFormat}
        error={err('invoiceFormat')}
        onChange={(invoiceFormat) => update({ invoiceFormat })}
      />
      {draft.invoiceFormat === 'e-invoice' && text('ean', w.ean, draft.ean, (ean) => update({ ean }), { hint: w.eanHint, inputMode: 'numeric', autoComplete: 'off', maxLength: 20 })}
      {draft.invoiceFormat === 'pdf' && text('invoiceEmail', w.invoiceEmail, draft.invoiceEmail, (invoiceEmail) => update({ invoiceEmail }), { type: 'email', autoComplete: 'email' })}
    </>,
    // 4. Reference type and employee numbers
    <>
      <ChoiceGroup
        id={fid('referenceType')}
        legend={w.referenceLegend}
        options={Object.entries(w.referenceTypes) as [keyof typeof w.referenceTypes, string][]}
        value={draft.referenceType}
        error={err('referenceType')}
        onChange={(referenceType) => update({ referenceType })}
      />
      {draft.referenceType === 'employee-number' && (
        <TextAreaField
          id={fid('employeeNumbers')}
          label={w.employeeNumbers}
          hint={`${w.employeeNumbersHint} ${w.employeeCount(splitEmployeeNumbers(draft.employeeNumbers).length)}.`}
          error={err('employeeNumbers')}
          rows={6}
          value={draft.employeeNumbers}
          onChange={(e) => update({ employeeNumbers: e.target.value })}
        />
      )}
      {draft.referenceType === 'reference' && text('reference', w.reference, draft.reference, (reference) => update({ reference }), { hint: w.referenceHint, maxLength: 60 })}
    </>,
    // 5. Glass level, frame level and options, with the price per employee
    <>
      <ChoiceGroup id={fid('glassLevel')} legend={w.glassLegend} options={levelOptions('glass')} value={draft.glassLevel} error={err('glassLevel')} onChange={(glassLevel) => update({ glassLevel })} />
      <ChoiceGroup id={fid('frameLevel')} legend={w.frameLegend} options={levelOptions('frame')} value={draft.frameLevel} error={err('frameLevel')} onChange={(frameLevel) => update({ frameLevel })} />
      <fieldset>
        <legend>{w.optionsLegend}</legend>
        <CheckboxField
          id={fid('protectiveGlasses')}
          label={`${w.protective} ${w.optionPrice(formatDkk(COMPANY_PRICES.protectiveGlasses))}`}
          checked={draft.protectiveGlasses}
          onChange={(protectiveGlasses) => update({ protectiveGlasses })}
        />
        <CheckboxField id={fid('photochromic')} label={`${w.photochromic} ${w.optionPrice(formatDkk(COMPANY_PRICES.photochromic))}`} checked={draft.photochromic} onChange={(photochromic) => update({ photochromic })} />
      </fieldset>
      <p className="company-price-live" aria-live="polite">
        {draft.glassLevel && draft.frameLevel ? (
          <>
            {w.pricePerEmployee}: <strong>{formatDkk(companyPrice({ glassLevel: draft.glassLevel, frameLevel: draft.frameLevel, protectiveGlasses: draft.protectiveGlasses, photochromic: draft.photochromic }).total)}</strong>
          </>
        ) : (
          w.priceChooseLevels
        )}
      </p>
    </>,
    // 6. Summary
    (() => {
      const checked = facts(draft);
      return checked.ok ? (
        <>
          <p>{w.summaryIntro}</p>
          <AgreementSummary facts={checked.facts} onEdit={(n) => go(n)} level={3} />
        </>
      ) : (
        <p role="alert" className="error">
          {w.fixStep}
        </p>
      );
    })(),
  ];

  const last = step === STEP_COUNT - 1;
  return (
    <div className="page narrow company-page">
      <h1>{w.title}</h1>
      <p className="lead">{w.intro}</p>
      <ol className="wizard-steps" aria-label={w.stepsLabel}>
        {w.steps.map((name, i) => (
          <li key={name} aria-current={i === step ? 'step' : undefined} className={i < step ? 'done' : undefined}>
            {name}
          </li>
        ))}
      </ol>
      <form ref={formRef} noValidate onSubmit={next} className="stack company-form" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          <span className="step-progress">{w.progress(step + 1, STEP_COUNT)}</span> {w.steps[step]}
        </h2>
        {step > 0 && draft.company && (
          <p className="company-chosen">
            {w.companyLabel}: <strong>{draft.company.name}</strong> (CVR {draft.company.organisationNumber}), {address(draft.company)}
          </p>
        )}
        {Object.keys(errors).length > 0 && step > 0 && (
          <p role="alert" className="error">
            {w.fixStep}
          </p>
        )}
        {steps[step]}
        {alert && (
          <p role="alert" className="error">
            {alert}
          </p>
        )}
        <div className="wizard-actions">
          {step > 0 && (
            <button type="button" className="secondary" onClick={() => go(step - 1)}>
              {w.back}
            </button>
          )}
          <button type="submit" disabled={busy}>
            {last ? (busy ? w.creating : w.create) : w.next}
          </button>
        </div>
      </form>
    </div>
  );
}
