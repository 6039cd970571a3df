import { useId, useState, type FormEvent } from 'react';
import { useLocation } from '@tanstack/react-router';
import { api } from '../../../api';
import { FormAlert, readFragment, useClearFragment } from '../../../form';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { sl } from './messages';
import { storeLinkApi, type StoreLinkApi } from './store-link-api';
import './store-link.css';

/** The tab keeps the mailed token while the customer signs in or creates an account, and comes back here. */
export const STORE_LINK_TOKEN_KEY = 'optik_butiksprofil';

function rememberedToken(hash: string): string | null {
  const fromLink = readFragment(hash).get('token');
  try {
    if (fromLink) sessionStorage.setItem(STORE_LINK_TOKEN_KEY, fromLink);
    return fromLink ?? sessionStorage.getItem(STORE_LINK_TOKEN_KEY);
  } catch {
    // Storage blocked: the link works while the page is open.
    return fromLink;
  }
}

function forgetToken() {
  try {
    sessionStorage.removeItem(STORE_LINK_TOKEN_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The signed-in customer sees which store sent the link, may allow the store's prescriptions, and confirms. */
export function ConfirmStoreLink({ api, token }: { api: StoreLinkApi; token: string }) {
  const id = useId();
  const [preview, reload] = useApi(`store-link-preview`, () => storeLinkApi.preview(api, token));
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setAlert(null);
    const r = await storeLinkApi.confirm(api, { token, prescriptionsConsent: consent });
    setBusy(false);
    if (!r.ok) return setAlert(r.error.message);
    forgetToken();
    setDone(true);
  }

  if (done) {
    return (
      <>
        <p role="status">
          <strong>{sl.linked}</strong>
        </p>
        <p className="actions">
          <a className="button" href="/min-konto/ordrer">
            {sl.toOrders}
          </a>{' '}
          <a href="/min-konto">{sl.toMyPages}</a>
        </p>
      </>
    );
  }
  if (preview.state === 'loading') return <p role="status">{sl.checkingLink}</p>;
  if (preview.state === 'error') {
    // A used, expired or replaced link (410) cannot be retried; anything else can.
    return preview.status === 410 || preview.status === 400 ? <p role="alert">{preview.message}</p> : <LoadError onRetry={reload} />;
  }
  const { storeName, expiresAt } = preview.data.data;
  return (
    <form onSubmit={submit} noValidate className="stack store-link">
      <p>{sl.confirmIntro(storeName)}</p>
      <p>{sl.confirmWhat}</p>
      <p className="hint">{sl.expires(expiresAt)}</p>
      <div className="store-link-consent">
        <input id={`${id}-consent`} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} aria-describedby={`${id}-consent-hint`} />
        <label htmlFor={`${id}-consent`}>{sl.consent}</label>
        <p id={`${id}-consent-hint`} className="hint">
          {sl.consentHint}
        </p>
      </div>
      <FormAlert message={alert} />
      <button type="submit" disabled={busy}>
        {sl.confirmButton}
      </button>
    </form>
  );
}

/** /min-konto/butiksprofil#token=… — the link from the store's e-mail (issue 17). */
export function StoreLinkConfirmPage({ api, hash }: { api: StoreLinkApi; hash: string }) {
  useClearFragment();
  const [token] = useState(() => rememberedToken(hash));
  return (
    <AccountPage title={sl.confirmTitle} description={sl.confirmDescription}>
      {() => (token ? <ConfirmStoreLink api={api} token={token} /> : <p role="alert">{sl.noToken}</p>)}
    </AccountPage>
  );
}

export function StoreLinkConfirmRoute() {
  const { hash } = useLocation();
  return <StoreLinkConfirmPage api={api} hash={hash || window.location.hash} />;
}
