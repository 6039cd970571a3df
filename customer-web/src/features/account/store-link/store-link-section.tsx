import { useId, useState } from 'react';
import { prescriptionLines, type MyStoreLink, type Prescription } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { FormAlert } from '../../../form';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import type { AuthClient } from '../auth/auth-client';
import { EidButton } from '../auth/eid-button';
import { sl } from './messages';
import { storeLinkApi, type StoreLinkApi } from './store-link-api';
import './store-link.css';

type Props = {
  api: StoreLinkApi;
  /** Starts the MitID login that asks for the CPR ("Find min profil med MitID"). */
  eid: Pick<AuthClient, 'eidStart'>;
  /** Leaves the shop for the broker (a test passes a fake). */
  goToBroker?: (url: string) => void;
};

/** The linked store customer's prescriptions (shown only when the customer has turned them on). */
export function StorePrescriptions({ api }: { api: StoreLinkApi }) {
  const id = useId();
  const [list, reload] = useApi('my-store-prescriptions', () => storeLinkApi.prescriptions(api));
  return (
    <section className="store-prescriptions" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{sl.prescriptionsTitle}</h3>
      {list.state === 'loading' && <p role="status">{sl.prescriptionsLoading}</p>}
      {list.state === 'error' && <LoadError onRetry={reload} />}
      {list.state === 'ready' &&
        (list.data.data.length === 0 ? (
          <p>{sl.prescriptionsNone}</p>
        ) : (
          <ul className="store-prescription-list">
            {[...list.data.data].sort((a, b) => b.examDate.localeCompare(a.examDate)).map((p) => (
              <PrescriptionItem key={p.id} p={p} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function PrescriptionItem({ p }: { p: Prescription }) {
  const lines = prescriptionLines(p.entry);
  return (
    <li>
      <strong>{p.entry.kind === 'glasses' ? sl.glasses : sl.lenses}</strong> <span>{sl.examined(p.examDate)}</span>
      <dl>
        {lines.map((l) => (
          <div key={l.label}>
            <dt>{l.label}</dt>
            <dd>{l.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * My Pages (issue 17): the store-customer profile the account is linked to — "Din butikskunde-
 * profil er knyttet til kontoen", the consent toggle for the store's prescriptions, and unlinking;
 * or, not linked, how to link (MitID with the CPR, or the store's e-mail link).
 */
export function StoreLinkSection({ api, eid, goToBroker }: Props) {
  const id = useId();
  const [loaded, reload] = useApi('my-store-link', () => storeLinkApi.view(api));
  const [changed, setChanged] = useState<MyStoreLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [asking, setAsking] = useState(false);

  async function act(call: () => Promise<ApiResult<{ data: MyStoreLink }>>, done: (link: MyStoreLink) => string) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setStatus(sl.saving);
    const r = await call();
    setBusy(false);
    setAsking(false);
    if (!r.ok) {
      setStatus('');
      return setAlert(r.error.message);
    }
    setChanged(r.data.data);
    setStatus(done(r.data.data));
  }

  const view = changed ?? (loaded.state === 'ready' ? loaded.data.data : null);
  const link = view?.link ?? null;
  return (
    <section className="store-link" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{sl.title}</h2>
      {loaded.state === 'loading' && !view && <p role="status">{sl.loading}</p>}
      {loaded.state === 'error' && !view && <LoadError onRetry={reload} />}
      <FormAlert message={alert} />
      {view && link && (
        <>
          <p className="store-link-linked">
            <strong>{sl.linked}</strong>
          </p>
          <p>{sl.linkedDetails(link.storeName, link.customerNumber, link.linkedAt)}</p>
          <p>
            {link.source === 'cpr' ? sl.viaCpr : sl.viaLink} {sl.linkedWhat}
          </p>
          <div className="store-link-consent">
            <input
              id={`${id}-consent`}
              type="checkbox"
              checked={link.prescriptionsConsent}
              aria-describedby={`${id}-consent-hint`}
              disabled={busy}
              onChange={(e) => {
                const on = e.target.checked;
                void act(() => storeLinkApi.consent(api, on), () => (on ? sl.consentOn : sl.consentOff));
              }}
            />
            <label htmlFor={`${id}-consent`}>{sl.consent}</label>
            <p id={`${id}-consent-hint`} className="hint">
              {sl.consentHint}
            </p>
          </div>
          {link.prescriptionsConsent && <StorePrescriptions api={api} />}
          {asking ? (
            <div className="store-link-unlink" role="group" aria-labelledby={`${id}-unlink-q`}>
              <p id={`${id}-unlink-q`}>{sl.unlinkConfirm}</p>
              <button type="button" onClick={() => void act(() => storeLinkApi.unlink(api), () => sl.unlinked)} disabled={busy}>
                {sl.unlinkYes}
              </button>{' '}
              <button type="button" className="secondary" onClick={() => setAsking(false)}>
                {sl.unlinkNo}
              </button>
            </div>
          ) : (
            <button type="button" className="secondary" onClick={() => setAsking(true)}>
              {sl.unlink}
            </button>
          )}
        </>
      )}
      {view && !link && (
        <>
          <p>{sl.notLinked}</p>
          {view.canLinkByCpr ? (
            <>
              <p>{sl.canLinkByCpr}</p>
              <button type="button" onClick={() => void act(() => storeLinkApi.linkByCpr(api), () => sl.linked)} disabled={busy}>
                {sl.linkByCpr}
              </button>
            </>
          ) : (
            <>
              <p>{sl.howToLink}</p>
              <EidButton client={eid} returnTo="/min-konto" requestCpr onError={setAlert} go={goToBroker} label={sl.eidButton} />
            </>
          )}
        </>
      )}
      <p role="status" className="store-link-status">
        {status}
      </p>
    </section>
  );
}
