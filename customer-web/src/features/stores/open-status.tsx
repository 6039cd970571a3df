import type { StoreSearchHit } from '@optik/shared';
import { openStatus } from './store-format';

/** "Åben nu – lukker kl. 17.30" / "Lukket nu – åbner i morgen kl. 10.00"; colour is never the only cue. */
export function OpenStatus({ status }: { status: Pick<StoreSearchHit, 'openNow' | 'today' | 'nextOpening'> }) {
  const s = openStatus(status);
  return (
    <p className={`store-open ${s.open ? 'is-open' : 'is-closed'}`}>
      <strong>{s.label}</strong>
      {s.detail ? ` – ${s.detail}` : null}
    </p>
  );
}
