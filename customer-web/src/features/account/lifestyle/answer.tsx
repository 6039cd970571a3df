import type { ReactNode } from 'react';
import { LoadError } from '../../../load-error';
import type { Loadable } from '../../../use-api';
import { lifestyleHref } from './lifestyle-api';
import { lm } from './messages';

/** A Lifestyle read: the data, or SPEC §8's "platform under maintenance" while the platform is down. */
export type LifestyleAnswer<T> = { service: 'ok'; data: T } | { service: 'maintenance'; message: string };

interface Props<T> {
  state: Loadable<LifestyleAnswer<T>>;
  reload: () => void;
  loading: string;
  notFound?: string;
  children: (data: T) => ReactNode;
}

/** Loading, not found, failure and maintenance of one Lifestyle read, each said in Danish. */
export function LifestyleLoad<T>({ state, reload, loading, notFound = lm.notFound, children }: Props<T>) {
  if (state.state === 'loading') return <p role="status">{loading}</p>;
  if (state.state === 'error') {
    if (state.status !== 404) return <LoadError onRetry={reload} />;
    return (
      <div role="alert" className="error">
        <p>{notFound}</p>
        <p>
          <a href={lifestyleHref.subscriptions}>{lm.backToSubscriptions}</a> · <a href={lifestyleHref.connect}>{lm.connectTitle}</a>
        </p>
      </div>
    );
  }
  if (state.data.service === 'maintenance') {
    return (
      <div role="alert" className="lifestyle-maintenance">
        <p>{state.data.message}</p>
        <button type="button" onClick={reload}>
          {lm.maintenanceRetry}
        </button>
      </div>
    );
  }
  return <>{children(state.data.data)}</>;
}
