import { useState } from 'react';
import type { AuthClient } from './auth-client';
import { au } from './messages';

/** Where the MitID callback page sends the customer afterwards; the tab's own storage survives the trip to the broker. */
export const EID_RETURN_KEY = 'optik_eid_retur';

type Props = {
  client: Pick<AuthClient, 'eidStart'>;
  /** The shop path to come back to after the login. */
  returnTo: string;
  /** Ask MitID for the CPR (only flows that need it, e.g. a credit check; DOMAIN.md). */
  requestCpr?: boolean;
  onError: (message: string) => void;
  /** Leaves the shop for the broker (a test passes a fake). */
  go?: (url: string) => void;
  /** The button's text (default "Log ind med MitID"). */
  label?: string;
};

/** "Log ind med MitID": the API starts the OIDC login (state, nonce, PKCE), then the browser goes to the broker. */
export function EidButton({ client, returnTo, requestCpr = false, onError, go = (url) => window.location.assign(url), label = au.eid.button }: Props) {
  const [busy, setBusy] = useState(false);
  async function start() {
    if (busy) return;
    setBusy(true);
    const r = await client.eidStart(requestCpr);
    if (!r.ok) {
      setBusy(false);
      return onError(r.error.message);
    }
    try {
      sessionStorage.setItem(EID_RETURN_KEY, returnTo);
    } catch {
      // Storage blocked: the callback page falls back to My Pages.
    }
    go(r.data.url);
  }
  return (
    <button type="button" className="secondary eid-button" onClick={() => void start()} aria-disabled={busy || undefined}>
      {busy ? au.eid.starting : label}
    </button>
  );
}
