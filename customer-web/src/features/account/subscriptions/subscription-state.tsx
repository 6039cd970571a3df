import type { ReactNode } from 'react';
import { LoadError } from '../../../load-error';
import type { Loadable } from '../../../use-api';
import { st } from './messages';
import { lensHref } from './subscription-api';

/** A subscription that does not exist — or is another customer's: the API says "not found" for both. */
export function SubscriptionNotFound() {
  return (
    <div role="alert">
      <p>{st.notFound}</p>
      <a href="/min-konto/abonnement">{st.backToList}</a>
    </div>
  );
}

/** A sub-page that cannot be used for this subscription, with the way back to it. */
export function Refused({ text, id }: { text: string; id: string }) {
  return (
    <div role="alert">
      <p>{text}</p>
      <a href={lensHref(id)}>{st.backToSubscription}</a>
    </div>
  );
}

/** What a page shows while its data loads or when it could not be loaded; null once it is there. */
export function loadingOrFailed(loaded: Loadable<unknown>, reload: () => void, loadingText: string = st.loadingOne): ReactNode {
  if (loaded.state === 'loading') return <p role="status">{loadingText}</p>;
  if (loaded.state === 'error') return loaded.status === 404 ? <SubscriptionNotFound /> : <LoadError onRetry={reload} />;
  return null;
}
