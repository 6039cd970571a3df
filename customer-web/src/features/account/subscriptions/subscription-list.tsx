import { useMemo } from 'react';
import { formatCopenhagenDate, formatDkk, intervalLabels, statusLabels, subscriptionStatus, type Subscription } from '@optik/shared';
import { api } from '../../../api';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { subscriptionTitle } from './lens-subscription';
import { st } from './messages';
import { lensHref, subscriptionCalls, type SubscriptionApi } from './subscription-api';
import './subscriptions.css';

/** Lens subscriptions have their page here; Lifestyle agreements have theirs under /briller. */
const hrefOf = (s: Subscription) => (s.kind === 'lens' ? lensHref(s.id) : `/min-konto/abonnement/briller/${encodeURIComponent(s.id)}`);

/** /min-konto/abonnement: every subscription of the customer, both kinds. */
export function SubscriptionListPage() {
  return (
    <AccountPage title={st.listTitle} description={st.listDescription}>
      {() => <SubscriptionListView api={api} />}
    </AccountPage>
  );
}

export function SubscriptionListView({ api: client }: { api: SubscriptionApi }) {
  const calls = useMemo(() => subscriptionCalls(client), [client]);
  const [loaded, reload] = useApi('subscriptions', calls.list);
  if (loaded.state === 'loading') return <p role="status">{st.loading}</p>;
  if (loaded.state === 'error') return <LoadError onRetry={reload} />;
  const subs = loaded.data.data;
  // A Lifestyle agreement signed in a store shows here once connected to the account (SPEC §2).
  const connect = (
    <p className="subscription-connect">
      {st.connectLead} <a href="/min-konto/abonnement/forbind-til-lifestyle">{st.connectLink}</a>
    </p>
  );
  if (subs.length === 0) {
    return (
      <>
        <p>{st.none}</p>
        <a className="button" href="/linseabonnement">
          {st.shopLenses}
        </a>
        {connect}
      </>
    );
  }
  return (
    <>
    <ul className="subscription-list">
      {subs.map((s) => {
        const status = subscriptionStatus(s.statusCode);
        const title = subscriptionTitle(s);
        return (
          <li key={s.id} className="subscription-card">
            <h2>
              <a href={hrefOf(s)}>{title}</a>
            </h2>
            <p>
              <span className={`subscription-status subscription-status-${status}`}>{statusLabels[status]}</span>
            </p>
            {s.items.length > 0 ? <p>{s.items.map((i) => i.description ?? i.articleId).join(' · ')}</p> : null}
            <dl className="subscription-facts">
              <dt>{st.startDate}</dt>
              <dd>{formatCopenhagenDate(s.startDate)}</dd>
              {s.kind === 'lens' ? (
                <>
                  <dt>{st.nextDelivery}</dt>
                  <dd>{status === 'active' && s.nextDelivery ? formatCopenhagenDate(s.nextDelivery) : status === 'paused' ? st.noDeliveryPaused : st.noDeliveryCancelled}</dd>
                  <dt>{st.interval}</dt>
                  <dd>{s.deliveryInterval ? intervalLabels[s.deliveryInterval] : '–'}</dd>
                </>
              ) : null}
              <dt>{st.monthlyPrice}</dt>
              <dd>{formatDkk(s.monthlyPrice)}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
    {connect}
    </>
  );
}
