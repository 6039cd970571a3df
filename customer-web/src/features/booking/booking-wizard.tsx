import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  AGE_GROUPS,
  EXAM_TYPES,
  EXAM_TYPE_ORDER,
  ageGroupLabel,
  examAllowsAge,
  examTypeForAge,
  formatPhone,
  offersExam,
  type ExamType,
  type Slot,
  type Store,
} from '@optik/shared';
import type { Api } from '../../api';
import { LoadError } from '../../load-error';
import { FieldError } from '../../text-field';
import { useApi, type Loadable } from '../../use-api';
import { DETAILS_FIELD_ORDER, detailsRequest, emptyDetails, fieldErrors, fieldId, type DetailErrors, type DetailsField, type DetailsForm } from './booking-form';
import { useParts } from './later';
import { bt } from './messages';
import { storeLine } from './store-line';
import { STEPS, type Answers, type Done, type Step } from './wizard-answers';
import './booking.css';

export type BookingWizardApi = Pick<Api, 'get' | 'getStores' | 'createBooking'>;

const STEP_TITLES: Record<Step, string> = { exam: bt.exam.heading, age: bt.age.heading, store: bt.store.heading, time: bt.time.heading, details: bt.details.heading, summary: bt.summary.heading };

export interface BookingWizardProps {
  api: BookingWizardApi;
  /** `?butik=`: a store's slug or id to start with. */
  preselectStore: string | null;
  /** Today in Copenhagen, 'YYYY-MM-DD'. */
  today: string;
  /** The signed-in customer's name and e-mail, to start the details with. */
  prefill: DetailsForm | null;
  /** Told whether leaving now would lose answers (the route's leave warning). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The booking wizard (SPEC §2 /bestil-tid-til-synstest, §3 booking steps): exam type, age group,
 * store, time, customer and company info, summary — one step per screen, each announced by
 * moving focus to its heading. Going back keeps every answer. A time taken meanwhile brings the
 * customer back to the times with SPEC §8's message; nothing else is lost.
 */
export function BookingWizard({ api, preselectStore, today, prefill, onDirtyChange }: BookingWizardProps) {
  const id = useId();
  const start = prefill ?? emptyDetails;
  const [step, setStep] = useState<Step>('exam');
  const [answers, setAnswers] = useState<Answers>({ examType: null, ageGroup: null, storeId: null, slot: null, details: start });
  const [error, setError] = useState<string | null>(null);
  const [detailErrors, setDetailErrors] = useState<DetailErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [timesKey, setTimesKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [focus, setFocus] = useState<{ target: 'heading' | DetailsField | 'first'; n: number } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The time picker, details form and summary load once the customer leaves the first step.
  const { parts, pending } = useParts(step !== 'exam');

  const [storesLoad, reloadStores] = useApi('stores', () => api.getStores());
  const stores: Store[] = storesLoad.state === 'ready' ? storesLoad.data.data : [];
  const preselected = preselectStore ? stores.find((s) => s.slug === preselectStore || s.id === preselectStore) : undefined;
  const storeId = answers.storeId ?? preselected?.id ?? null;
  const store = stores.find((s) => s.id === storeId);
  const storeOk = store !== undefined && answers.examType !== null && offersExam(store, answers.examType);

  const dirty = done === null && (answers.examType !== null || answers.ageGroup !== null || answers.storeId !== null || answers.slot !== null || JSON.stringify(answers.details) !== JSON.stringify(start));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  useEffect(() => {
    if (!focus) return;
    if (focus.target === 'heading') headingRef.current?.focus();
    else if (focus.target === 'first') formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    else document.getElementById(fieldId(id, focus.target))?.focus();
  }, [focus, id]);
  const focusOn = (target: 'heading' | DetailsField | 'first') => setFocus((f) => ({ target, n: (f?.n ?? 0) + 1 }));

  function goTo(next: Step) {
    setStep(next);
    setError(null);
    focusOn('heading');
  }
  const update = (patch: Partial<Answers>) => setAnswers((a) => ({ ...a, ...patch }));

  function chooseExam(examType: ExamType, slot: Slot | null = null) {
    // Another exam has another length: a time chosen for the old one no longer fits.
    setAnswers((a) => ({ ...a, examType, slot: a.examType === examType && !slot ? a.slot : slot }));
    setError(null);
  }
  function chooseStore(id: string, slot: Slot | null = null) {
    setAnswers((a) => ({ ...a, storeId: id, slot: a.storeId === id && !slot ? a.slot : slot }));
    setError(null);
  }

  function next(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const fail = (message: string) => {
      setError(message);
      focusOn('first');
    };
    switch (step) {
      case 'exam':
        if (!answers.examType) return fail(bt.exam.required);
        return goTo('age');
      case 'age':
        if (!answers.ageGroup) return fail(bt.age.required);
        if (!examAllowsAge(answers.examType!, answers.ageGroup)) return fail(bt.age.notOffered(EXAM_TYPES[answers.examType!].name, ageGroupLabel(answers.ageGroup)));
        return goTo('store');
      case 'store':
        if (!storeOk) return fail(bt.store.required);
        if (answers.storeId === null) update({ storeId });
        return goTo('time');
      case 'time':
        if (!parts) return;
        if (!answers.slot) return fail(bt.time.required);
        return goTo('details');
      case 'details': {
        if (!parts) return;
        const errors = parts.validateDetails(answers.details);
        setDetailErrors(errors);
        const first = DETAILS_FIELD_ORDER.find((f) => errors[f]);
        if (first) {
          setError(bt.details.errorSummary);
          return focusOn(first);
        }
        return goTo('summary');
      }
      case 'summary':
        return void submit();
    }
  }

  async function submit() {
    if (sending || !answers.examType || !answers.ageGroup || !storeId || !answers.slot) return;
    setSending(true);
    const r = await api.createBooking({
      storeId,
      examType: answers.examType,
      ageGroup: answers.ageGroup,
      start: answers.slot.start,
      ...detailsRequest(answers.details),
    });
    setSending(false);
    if (r.ok) {
      setDone({ booking: r.data.data, token: r.data.manageToken });
      focusOn('heading');
      return;
    }
    const fields = r.error.fields ?? {};
    if (r.status === 409 || fields.start) {
      // SPEC §8: the time was taken meanwhile — pick another; everything else is kept.
      update({ slot: null });
      setTimesKey((k) => k + 1);
      goTo('time');
      setAlert(fields.start ?? r.error.message);
      return;
    }
    const detailFieldErrors = fieldErrors(answers.details, fields);
    if (Object.keys(detailFieldErrors).length > 0) {
      setDetailErrors(detailFieldErrors);
      goTo('details');
      setError(bt.details.errorSummary);
      return;
    }
    if (fields.storeId || fields.examType || fields.ageGroup) {
      goTo(fields.storeId ? 'store' : fields.examType ? 'exam' : 'age');
      setError(fields.storeId ?? fields.examType ?? fields.ageGroup ?? null);
      return;
    }
    setAlert(r.error.message);
  }

  if (done && parts) {
    return (
      <parts.Completion
        done={done}
        headingRef={headingRef}
        onAnother={() => {
          setDone(null);
          setAnswers({ examType: null, ageGroup: null, storeId: null, slot: null, details: start });
          goTo('exam');
        }}
      />
    );
  }

  const index = STEPS.indexOf(step);
  const errorId = `${id}-step-error`;
  const stepError = error ? <FieldError id={errorId}>{error}</FieldError> : null;

  return (
    <div className="booking-wizard">
      <nav aria-label={bt.progressLabel} className="booking-progress">
        <p>{bt.progress(index + 1, STEPS.length)}</p>
        <ol>
          {STEPS.map((s, i) => (
            <li key={s} aria-current={s === step ? 'step' : undefined} className={i < index ? 'done' : undefined}>
              {bt.steps[s]}
            </li>
          ))}
        </ol>
      </nav>
      <form ref={formRef} onSubmit={next} noValidate className="stack booking-step">
        <h2 ref={headingRef} tabIndex={-1}>
          {STEP_TITLES[step]}
        </h2>
        {alert && (
          <p role="alert" className="error">
            {alert}
          </p>
        )}

        {step === 'exam' && (
          <Choices legend={STEP_TITLES.exam} hideLegend error={stepError} errorId={error ? errorId : undefined}>
            {EXAM_TYPE_ORDER.map((type) => {
              const info = EXAM_TYPES[type];
              return (
                <label key={type} className="choice booking-option">
                  <input type="radio" name={`${id}-exam`} value={type} checked={answers.examType === type} aria-invalid={error ? true : undefined} onChange={() => chooseExam(type)} />
                  <span>
                    <strong>{info.name}</strong>
                    <span className="booking-option-meta">
                      {bt.exam.minutes(info.minutes)} · {bt.exam.price(info.price)}
                    </span>
                    <span className="booking-option-text">
                      {info.description}
                      {type === 'høretest' ? ` ${bt.exam.hearingNote}` : ''}
                    </span>
                  </span>
                </label>
              );
            })}
          </Choices>
        )}

        {step === 'age' && (
          <Choices legend={bt.age.legend} hint={bt.age.hint} hintId={`${id}-age-hint`} error={stepError} errorId={error ? errorId : undefined}>
            {AGE_GROUPS.map((g) => (
              <label key={g.group} className="choice">
                <input type="radio" name={`${id}-age`} value={g.group} checked={answers.ageGroup === g.group} aria-invalid={error ? true : undefined} onChange={() => {
                    update({ ageGroup: g.group });
                    setError(null);
                  }}
                />
                {g.label}
              </label>
            ))}
            {error && answers.examType && answers.ageGroup && !examAllowsAge(answers.examType, answers.ageGroup) && examTypeForAge(answers.examType, answers.ageGroup) && (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  chooseExam(examTypeForAge(answers.examType!, answers.ageGroup!)!);
                  focusOn('heading');
                }}
              >
                {bt.age.switchTo(EXAM_TYPES[examTypeForAge(answers.examType, answers.ageGroup)!].name)}
              </button>
            )}
          </Choices>
        )}

        {step === 'store' && (
          <StoreStep
            id={id}
            examType={answers.examType!}
            stores={storesLoad}
            reload={reloadStores}
            value={storeOk ? storeId : null}
            preselectedNotOffered={answers.storeId === null && preselected !== undefined && !offersExam(preselected, answers.examType!) ? preselected : undefined}
            error={stepError}
            errorId={error ? errorId : undefined}
            onChange={(v) => chooseStore(v)}
          />
        )}

        {step === 'time' && store && (
          <>
            <p className="muted">
              {EXAM_TYPES[answers.examType!].name} · {store.name}
            </p>
            {parts ? (
              <parts.TimePicker
                api={api}
                storeId={store.id}
                examType={answers.examType!}
                ageGroup={answers.ageGroup ?? undefined}
                today={today}
                selected={answers.slot}
                reloadKey={timesKey}
                error={error ?? undefined}
                onSelect={(slot) => {
                  update({ slot });
                  setError(null);
                }}
                onChooseStore={(s, slot) => chooseStore(s, slot)}
                onChooseExam={(type, slot) => chooseExam(type, slot)}
              />
            ) : (
              pending
            )}
          </>
        )}

        {step === 'details' && (
          <>
            {error && (
              <p role="alert" className="error">
                {error}
              </p>
            )}
            {parts ? (
              <parts.DetailsFields
                prefix={id}
                form={answers.details}
                errors={detailErrors}
                onChange={(details) => {
                  update({ details });
                  setDetailErrors({});
                  setError(null);
                }}
              />
            ) : (
              pending
            )}
          </>
        )}

        {step === 'summary' && store && answers.examType && answers.ageGroup && answers.slot && (parts ? <parts.Summary answers={answers} store={store} onEdit={goTo} /> : pending)}

        <div className="booking-actions">
          {index > 0 && (
            <button type="button" className="secondary" onClick={() => goTo(STEPS[index - 1]!)}>
              {bt.back}
            </button>
          )}
          <button type="submit" disabled={sending}>
            {step === 'summary' ? (sending ? bt.summary.sending : bt.summary.confirm) : bt.next}
          </button>
        </div>
      </form>
    </div>
  );
}

/** A radio group with its legend, hint and error tied to it. */
function Choices({ legend, hideLegend, hint, hintId, error, errorId, children }: { legend: string; hideLegend?: boolean; hint?: string; hintId?: string; error: ReactNode; errorId: string | undefined; children: ReactNode }) {
  const describedBy = [hint ? hintId : undefined, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="booking-choices" aria-describedby={describedBy}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {error}
      {children}
    </fieldset>
  );
}

function StoreStep({
  id,
  examType,
  stores,
  reload,
  value,
  preselectedNotOffered,
  error,
  errorId,
  onChange,
}: {
  id: string;
  examType: ExamType;
  stores: Loadable<{ data: Store[] }>;
  reload: () => void;
  value: string | null;
  preselectedNotOffered: Store | undefined;
  error: ReactNode;
  errorId: string | undefined;
  onChange: (storeId: string) => void;
}) {
  if (stores.state === 'loading') return <p role="status">{bt.store.loading}</p>;
  if (stores.state === 'error') return <LoadError onRetry={reload} />;
  const offering = stores.data.data.filter((s) => offersExam(s, examType));
  const regions = [...new Set(offering.map((s) => s.region))].sort((a, b) => a.localeCompare(b, 'da'));
  const chosen = offering.find((s) => s.id === value);
  const hintId = `${id}-store-hint`;
  return (
    <div className="field">
      {preselectedNotOffered && (
        <p role="status" className="error">
          {bt.store.preselectedNotOffered(preselectedNotOffered.name, EXAM_TYPES[examType].name)}
        </p>
      )}
      <label htmlFor={`${id}-store`}>{bt.store.label}</label>
      <p id={hintId} className="hint">
        {bt.store.hint(EXAM_TYPES[examType].name)}
      </p>
      <select id={`${id}-store`} value={value ?? ''} aria-invalid={error ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ')} onChange={(e) => e.target.value && onChange(e.target.value)}>
        <option value="">{bt.store.choose}</option>
        {regions.map((region) => (
          <optgroup key={region} label={region}>
            {offering
              .filter((s) => s.region === region)
              .sort((a, b) => a.name.localeCompare(b.name, 'da'))
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      {error}
      {chosen && (
        <p className="booking-store-info">
          {storeLine(chosen)}
          <br />
          {bt.store.phone} {formatPhone(chosen.phone)}
        </p>
      )}
    </div>
  );
}
