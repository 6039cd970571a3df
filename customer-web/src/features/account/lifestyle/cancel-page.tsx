import { useEffect, useRef, useState } from 'react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { copenhagenIsoDate, terminationDateFor, type LifestyleAgreementView, type LifestyleCancellation } from '@optik/shared';
import { api } from '../../../api';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { LifestyleLoad } from './answer';
import { lifestyleApi, lifestyleHref, type LifestyleApi } from './lifestyle-api';
import { lm } from './messages';
import './lifestyle.css';

type Step = { kind: 'intro' } | { kind: 'answer'; cancellation: LifestyleCancellation } | { kind: 'kept'; agreement: LifestyleAgreementView };

/** Moves focus to a step's heading when the step changes, so screen readers hear where they are. */
function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}

interface FlowProps {
  api: LifestyleApi;
  agreement: LifestyleAgreementView;
  /** Called after notice was given (the page then shows the confirmation). */
  onNoticeGiven: (id: string) => void;
  /** Today's date in Copenhagen (tests pass one). */
  today?: string;
}

/**
 * SPEC /fortrodmig: starting the cancellation shows the winback offer (3 free months) while it
 * has not been answered; accepting keeps the agreement, declining gives 30 days' notice.
 */
export function CancelFlow({ api, agreement, onNoticeGiven, today = copenhagenIsoDate(new Date()) }: FlowProps) {
  const [step, setStep] = useState<Step>({ kind: 'intro' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(step.kind);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function run<T>(call: () => Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>, then: (data: T) => void) {
    setBusy(true);
    setError(null);
    const r = await call();
    setBusy(false);
    if (r.ok) then(r.data);
    else setError(r.error.message);
  }
  const start = () => run(() => lifestyleApi.startCancellation(api, agreement.id), (d) => setStep({ kind: 'answer', cancellation: d.data }));
  const accept = () => run(() => lifestyleApi.acceptWinback(api, agreement.id), (d) => setStep({ kind: 'kept', agreement: d.data }));
  const confirm = () => run(() => lifestyleApi.confirmNotice(api, agreement.id), () => onNoticeGiven(agreement.id));

  const errorBox = error && (
    <div role="alert" className="error" tabIndex={-1} ref={errorRef}>
      <p>{error}</p>
    </div>
  );
  const summary = <p className="lead">{lm.agreementOption(`${agreement.product.name} (${agreement.product.brand})`, agreement.agreementNumber)}</p>;

  if (step.kind === 'kept') {
    const a = step.agreement;
    return (
      <section aria-labelledby="winback-kept" className="lifestyle-winback kept">
        <h2 id="winback-kept" tabIndex={-1} ref={headingRef}>
          {lm.keptHeading}
        </h2>
        <p role="status">{lm.kept(a.freeMonths.filter((g) => g.reason === 'winback').reduce((s, g) => s + g.months, 0), a.nextInvoice?.free === 'winback' ? a.nextInvoice.date : null)}</p>
        <p>{lm.freeMonths(a.freeMonthsLeft)}</p>
        <p>
          <a className="button" href={lifestyleHref.agreement(a.id)}>
            {lm.backToAgreement}
          </a>
        </p>
      </section>
    );
  }

  if (step.kind === 'answer') {
    const { winbackOffer, terminationDate } = step.cancellation;
    return (
      <>
        {summary}
        {errorBox}
        {winbackOffer ? (
          <section aria-labelledby="winback-offer" className="lifestyle-winback">
            <h2 id="winback-offer" tabIndex={-1} ref={headingRef}>
              {lm.winbackHeading(winbackOffer.freeMonths)}
            </h2>
            <p>{lm.winbackText(winbackOffer.freeMonths, winbackOffer.value)}</p>
            <p className="lifestyle-buttons">
              <button type="button" onClick={() => void accept()} disabled={busy}>
                {lm.acceptWinback}
              </button>
              <button type="button" className="secondary" onClick={() => void confirm()} disabled={busy}>
                {lm.declineWinback}
              </button>
            </p>
            <p className="muted">{lm.confirmText(terminationDate)}</p>
          </section>
        ) : (
          <section aria-labelledby="notice-confirm">
            <h2 id="notice-confirm" tabIndex={-1} ref={headingRef}>
              {lm.confirmHeading}
            </h2>
            <p>{lm.confirmText(terminationDate)}</p>
            <p className="lifestyle-buttons">
              <button type="button" onClick={() => void confirm()} disabled={busy}>
                {busy ? lm.sending : lm.confirmCancel}
              </button>
              <a href={lifestyleHref.agreement(agreement.id)}>{lm.regret}</a>
            </p>
          </section>
        )}
      </>
    );
  }

  return (
    <>
      {summary}
      {errorBox}
      <p>{lm.noticeIntro(terminationDateFor(today))}</p>
      <p className="lifestyle-buttons">
        <button type="button" onClick={() => void start()} disabled={busy}>
          {busy ? lm.starting : lm.continueCancel}
        </button>
        <a href={lifestyleHref.agreement(agreement.id)}>{lm.regret}</a>
      </p>
    </>
  );
}

/** Which agreement: the one in `?aftale=`, else the only cancellable one, else the customer picks. */
export function CancelChooser({ api, agreementId, onNoticeGiven }: { api: LifestyleApi; agreementId: string | null; onNoticeGiven: (id: string) => void }) {
  const [state, reload] = useApi('lifestyle-agreements', () => lifestyleApi.agreements(api));
  return (
    <LifestyleLoad state={state} reload={reload} loading={lm.loading}>
      {(list) => {
        const chosen = agreementId ? list.find((a) => a.id === agreementId) : undefined;
        if (agreementId && !chosen) {
          return (
            <div role="alert" className="error">
              <p>{lm.notFound}</p>
              <a href={lifestyleHref.subscriptions}>{lm.backToSubscriptions}</a>
            </div>
          );
        }
        if (chosen && !chosen.cancellable) {
          return (
            <div role="status">
              <p>{`${lm.agreementOption(chosen.product.name, chosen.agreementNumber)}: ${lm.statusText(chosen.status, chosen)}.`}</p>
              <a href={lifestyleHref.agreement(chosen.id)}>{lm.backToAgreement}</a>
            </div>
          );
        }
        if (chosen) return <CancelFlow api={api} agreement={chosen} onNoticeGiven={onNoticeGiven} />;
        const open = list.filter((a) => a.cancellable);
        if (open.length === 0) {
          return (
            <p>
              {lm.noCancellable} <a href={lifestyleHref.subscriptions}>{lm.backToSubscriptions}</a> · <a href={lifestyleHref.connect}>{lm.connectTitle}</a>
            </p>
          );
        }
        if (open.length === 1) return <CancelFlow api={api} agreement={open[0]!} onNoticeGiven={onNoticeGiven} />;
        return (
          <section aria-labelledby="lifestyle-choose">
            <h2 id="lifestyle-choose">{lm.chooseAgreement}</h2>
            <ul className="lifestyle-actions">
              {open.map((a) => (
                <li key={a.id}>
                  <a href={lifestyleHref.cancel(a.id)}>{lm.agreementOption(`${a.product.name} (${a.product.brand})`, a.agreementNumber)}</a>
                </li>
              ))}
            </ul>
          </section>
        );
      }}
    </LifestyleLoad>
  );
}

/** The agreement id of `?aftale=` (an id, never personal data). */
function useAgreementParam(): string | null {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const v = search.aftale;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}

/** /fortrodmig */
export function CancelPage() {
  const agreementId = useAgreementParam();
  const router = useRouter();
  return (
    <AccountPage title={lm.cancelTitle}>
      {() => <CancelChooser api={api} agreementId={agreementId} onNoticeGiven={(id) => void router.navigate({ href: lifestyleHref.confirmation(id) })} />}
    </AccountPage>
  );
}

/** What /fortrodmig/bekræftelse shows for the agreement: the notice, its end date and the confirmation document. */
export function CancelConfirmation({ api, agreementId }: { api: LifestyleApi; agreementId: string }) {
  const [state, reload] = useApi(`lifestyle:${agreementId}`, () => lifestyleApi.agreement(api, agreementId));
  const [docs] = useApi(`lifestyle-docs:${agreementId}`, () => lifestyleApi.documents(api, agreementId));
  const notice = docs.state === 'ready' && docs.data.service === 'ok' ? (docs.data.data.filter((d) => d.kind === 'notice').at(-1) ?? null) : null;
  return (
    <LifestyleLoad state={state} reload={reload} loading={lm.loading}>
      {(a) =>
        a.noticeGivenOn && a.terminationDate ? (
          <div className="lifestyle-confirmation">
            <p role="status" className="lead">
              {lm.confirmationLead(a.agreementNumber, a.noticeGivenOn)}
            </p>
            <p>{lm.confirmationEnds(a.terminationDate)}</p>
            <p>{lm.confirmationMail}</p>
            <ul className="lifestyle-actions">
              {notice && (
                <li>
                  <a href={lifestyleHref.document(a.id, notice.id)}>{lm.noticeDocument}</a>
                </li>
              )}
              <li>
                <a href={lifestyleHref.agreement(a.id)}>{lm.backToAgreement}</a>
              </li>
            </ul>
          </div>
        ) : (
          <div role="status">
            <p>{lm.notCancelled}</p>
            <a href={lifestyleHref.cancel(a.id)}>{lm.toCancel}</a>
          </div>
        )
      }
    </LifestyleLoad>
  );
}

/** /fortrodmig/bekræftelse */
export function CancelConfirmationPage() {
  const agreementId = useAgreementParam();
  return (
    <AccountPage title={lm.confirmationTitle}>
      {() =>
        agreementId ? (
          <CancelConfirmation api={api} agreementId={agreementId} />
        ) : (
          <p>
            <a href={lifestyleHref.subscriptions}>{lm.backToSubscriptions}</a>
          </p>
        )
      }
    </AccountPage>
  );
}
