import { useEffect, useId, useState, type FormEvent } from 'react';
import { EXAM_TYPES, canBookAgain, type BookingView, type ExamType, type Slot } from '@optik/shared';
import type { Api } from '../../api';
import { LoadError } from '../../load-error';
import { Facts, bookingFacts } from './booking-facts';
import { DETAILS_FIELD_ORDER, detailsFromBooking, detailsRequest, fieldErrors, fieldId, isDetailsDirty, type DetailErrors, type DetailsForm } from './booking-form';
import { useParts } from './later';
import { bm } from './manage-messages';
import { bt } from './messages';
import './booking.css';

export type ManageBookingApi = Pick<Api, 'get' | 'viewBooking' | 'updateBooking' | 'rescheduleBooking' | 'cancelBooking' | 'rebookBooking'>;

type Mode = 'view' | 'reschedule' | 'edit' | 'cancel' | 'rebook';
type Load = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ready'; booking: BookingView };

/**
 * The booking's own page (SPEC §2 /bestil-tid-til-synstest/{id}), opened from the link in the
 * confirmation e-mail — the token comes in the link's fragment and is sent in the body, so no
 * login is needed — or by the signed-in customer from My Pages. The customer can see the booking,
 * move it to another free time, correct the details, cancel it, and after a cancellation book a
 * new time (SPEC §4).
 */
export function ManageBooking({ api, id, token, today, onDirtyChange }: { api: ManageBookingApi; id: string; token: string | null; today: string; onDirtyChange?: (dirty: boolean) => void }) {
  const formId = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [mode, setMode] = useState<Mode>('view');
  const [slot, setSlot] = useState<Slot | null>(null);
  const [choice, setChoice] = useState<{ storeId?: string; examType?: ExamType }>({});
  const [form, setForm] = useState<DetailsForm | null>(null);
  const [errors, setErrors] = useState<DetailErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [timesKey, setTimesKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [rebooked, setRebooked] = useState<{ booking: BookingView; token: string } | null>(null);
  const [focus, setFocus] = useState<{ target: string; n: number } | null>(null);
  const body = token ? { token } : {};
  // The time picker and the details form with its check load when a change is opened.
  const { parts, pending } = useParts(mode !== 'view' && mode !== 'cancel');

  useEffect(() => {
    let live = true;
    void api.viewBooking(id, token ? { token } : {}).then((r) => {
      if (live) setLoad(r.ok ? { state: 'ready', booking: r.data.data } : { state: 'error', status: r.status, message: r.error.message });
    });
    return () => {
      live = false;
    };
  }, [api, id, token, attempt]);

  const booking = load.state === 'ready' ? load.booking : null;
  const dirty = (mode === 'reschedule' || mode === 'rebook') && slot !== null ? true : mode === 'edit' && form !== null && booking !== null && isDetailsDirty(form, detailsFromBooking(booking));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  useEffect(() => {
    if (focus) document.getElementById(focus.target)?.focus();
  }, [focus]);
  const focusOn = (target: string) => setFocus((f) => ({ target, n: (f?.n ?? 0) + 1 }));

  function open(next: Mode) {
    setMode(next);
    setAlert(null);
    setNotice(null);
    setSlot(null);
    setChoice({});
    setErrors({});
    if (next === 'edit' && booking) setForm(detailsFromBooking(booking));
    focusOn(next === 'view' ? `${formId}-title` : `${formId}-${next}`);
  }

  /** Booking again after a cancellation may take an alternative: a nearby store or a similar exam. */
  function chooseInstead(patch: { storeId?: string; examType?: ExamType }, s: Slot) {
    setChoice((c) => ({ ...c, ...patch }));
    setSlot(s);
  }

  function finish(b: BookingView, message: string) {
    setLoad({ state: 'ready', booking: b });
    setMode('view');
    setSlot(null);
    setNotice(message);
    focusOn(`${formId}-title`);
  }

  async function reschedule(e: FormEvent) {
    e.preventDefault();
    if (!slot) return setAlert(bt.time.required);
    setBusy(true);
    const r = await api.rescheduleBooking(id, { ...body, start: slot.start });
    setBusy(false);
    if (r.ok) return finish(r.data.data, bm.moved);
    timeFailed(r.status, r.error.message);
  }

  async function rebook(e: FormEvent) {
    e.preventDefault();
    if (!slot) return setAlert(bt.time.required);
    setBusy(true);
    const r = await api.rebookBooking(id, { ...body, start: slot.start, ...choice });
    setBusy(false);
    if (r.ok) {
      setRebooked({ booking: r.data.data, token: r.data.manageToken });
      setLoad((l) => (l.state === 'ready' ? { state: 'ready', booking: { ...l.booking, rebookedTo: r.data.data.id } } : l));
      setMode('view');
      setSlot(null);
      setNotice(bm.rebooked);
      return focusOn(`${formId}-title`);
    }
    timeFailed(r.status, r.error.message);
  }

  /** SPEC §8: a time taken meanwhile — the times are fetched again and another can be picked. */
  function timeFailed(status: number, message: string) {
    setAlert(message);
    if (status === 409 || status === 400) {
      setSlot(null);
      setTimesKey((k) => k + 1);
    }
    focusOn(`${formId}-alert`);
  }

  async function saveDetails(e: FormEvent) {
    e.preventDefault();
    if (!form || !parts) return;
    const invalid = parts.validateDetails(form);
    const first = DETAILS_FIELD_ORDER.find((f) => invalid[f]);
    setErrors(invalid);
    if (first) {
      setAlert(bt.details.errorSummary);
      return focusOn(fieldId(formId, first));
    }
    setBusy(true);
    const r = await api.updateBooking(id, { ...body, ...detailsRequest(form) });
    setBusy(false);
    if (r.ok) return finish(r.data.data, bm.saved);
    const fields = fieldErrors(form, r.error.fields ?? {});
    setErrors(fields);
    setAlert(Object.keys(fields).length > 0 ? bt.details.errorSummary : r.error.message);
    const firstServer = DETAILS_FIELD_ORDER.find((f) => fields[f]);
    focusOn(firstServer ? fieldId(formId, firstServer) : `${formId}-alert`);
  }

  async function cancel() {
    setBusy(true);
    const r = await api.cancelBooking(id, body);
    setBusy(false);
    if (r.ok) return finish(r.data.data, bm.cancelled);
    setAlert(r.error.message);
    focusOn(`${formId}-alert`);
  }

  if (load.state === 'loading') return <p role="status">{bm.loading}</p>;
  if (load.state === 'error') {
    if (load.status === 404)
      return (
        <div role="alert" className="error">
          <p>{load.message}</p>
          {!token && <p>{bm.missingToken}</p>}
        </div>
      );
    return (
      <LoadError
        onRetry={() => {
          setLoad({ state: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  const b = load.booking;
  const alertBox = alert && (
    <p id={`${formId}-alert`} role="alert" className="error" tabIndex={-1}>
      {alert}
    </p>
  );

  return (
    <div className="booking-manage">
      <h2 id={`${formId}-title`} tabIndex={-1}>
        {bm.heading(EXAM_TYPES[b.examType].name, b.store.name)}
      </h2>
      {notice && (
        <p role="status" className="booking-status">
          {notice}
        </p>
      )}
      {mode === 'view' && alertBox}
      <Facts facts={bookingFacts(b, { status: true })} />

      {rebooked && (
        <section className="booking-rebooked" aria-labelledby={`${formId}-new`}>
          <h3 id={`${formId}-new`}>{bm.bookAgainHeading}</h3>
          <Facts facts={bookingFacts(rebooked.booking, { status: true })} />
          <p>
            <a className="button" href={`/bestil-tid-til-synstest/${encodeURIComponent(rebooked.booking.id)}#token=${rebooked.token}`}>
              {bm.seeNew}
            </a>
          </p>
        </section>
      )}

      {mode === 'view' && (
        <div className="booking-actions">
          {b.changeable && (
            <>
              <button type="button" onClick={() => open('reschedule')}>
                {bm.changeTime}
              </button>
              <button type="button" className="secondary" onClick={() => open('edit')}>
                {bm.editDetails}
              </button>
              <button type="button" className="secondary" onClick={() => open('cancel')}>
                {bm.cancel}
              </button>
            </>
          )}
          {!b.changeable && b.status !== 'cancelled' && <p>{bm.notChangeable}</p>}
          {b.status === 'cancelled' && canBookAgain(b) && (
            <button type="button" onClick={() => open('rebook')}>
              {bm.bookAgain}
            </button>
          )}
          {b.status === 'cancelled' && !canBookAgain(b) && !rebooked && <p>{bm.rebookedTo}</p>}
        </div>
      )}

      {mode === 'cancel' && (
        <section className="booking-confirm" aria-labelledby={`${formId}-cancel`}>
          <h3 id={`${formId}-cancel`} tabIndex={-1}>
            {bm.cancelConfirm}
          </h3>
          {alertBox}
          <div className="booking-actions">
            <button type="button" disabled={busy} onClick={() => void cancel()}>
              {bm.cancelYes}
            </button>
            <button type="button" className="secondary" onClick={() => open('view')}>
              {bm.cancelNo}
            </button>
          </div>
        </section>
      )}

      {(mode === 'reschedule' || mode === 'rebook') && (
        <form className="stack booking-step" noValidate onSubmit={mode === 'reschedule' ? reschedule : rebook} aria-labelledby={`${formId}-${mode}`}>
          <h3 id={`${formId}-${mode}`} tabIndex={-1}>
            {mode === 'reschedule' ? bm.rescheduleHeading : bm.bookAgainHeading}
          </h3>
          {alertBox}
          {parts ? (
            <parts.TimePicker
              api={api}
              storeId={choice.storeId ?? b.storeId}
              examType={choice.examType ?? b.examType}
              ageGroup={b.ageGroup}
              today={today}
              selected={slot}
              reloadKey={timesKey}
              onSelect={(s) => {
                setSlot(s);
                setAlert(null);
              }}
              onChooseStore={mode === 'rebook' ? (storeId, s) => chooseInstead({ storeId }, s) : undefined}
              onChooseExam={mode === 'rebook' ? (examType, s) => chooseInstead({ examType }, s) : undefined}
            />
          ) : (
            pending
          )}
          <FormActions label={mode === 'reschedule' ? bm.saveTime : bm.bookTime} busy={busy} onClose={() => open('view')} />
        </form>
      )}

      {mode === 'edit' && form && (
        <form className="stack booking-step" noValidate onSubmit={saveDetails} aria-labelledby={`${formId}-edit`}>
          <h3 id={`${formId}-edit`} tabIndex={-1}>
            {bm.editDetails}
          </h3>
          {alertBox}
          {parts ? (
            <parts.DetailsFields
              prefix={formId}
              form={form}
              errors={errors}
              onChange={(f) => {
                setForm(f);
                setErrors({});
                setAlert(null);
              }}
            />
          ) : (
            pending
          )}
          <FormActions label={bm.save} busy={busy} onClose={() => open('view')} />
        </form>
      )}

      {b.customerId !== null && (
        <p>
          <a href="/min-konto/bestil-tid-til-synstest">{bm.myBookings}</a>
        </p>
      )}
    </div>
  );
}

/** A form's submit button and the way back to the booking without saving. */
function FormActions({ label, busy, onClose }: { label: string; busy: boolean; onClose: () => void }) {
  return (
    <div className="booking-actions">
      <button type="submit" disabled={busy}>
        {label}
      </button>
      <button type="button" className="secondary" onClick={onClose}>
        {bm.close}
      </button>
    </div>
  );
}
