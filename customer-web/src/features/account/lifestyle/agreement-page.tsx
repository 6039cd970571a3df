import { useParams } from '@tanstack/react-router';
import { formatCopenhagenDate, formatDkk, type LifestyleAgreementView } from '@optik/shared';
import { api } from '../../../api';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { LifestyleLoad } from './answer';
import { lifestyleApi, lifestyleHref, type LifestyleApi } from './lifestyle-api';
import { lm } from './messages';
import './lifestyle.css';

/** The exchange status in words: available until when, used and when the next is possible, or closed. */
export function exchangeText(a: LifestyleAgreementView): string {
  if (a.exchange.available) return lm.exchangeAvailable(a.exchange.yearTo);
  if (a.exchange.usedOn && a.exchange.nextAvailableOn && a.status === 'Active' && !a.noticeGivenOn) return lm.exchangeUsed(a.exchange.usedOn, a.exchange.nextAvailableOn);
  return lm.exchangeClosed;
}

/** The agreement's facts (SPEC §3 subscription fields of a Lifestyle agreement) and what can be done with it. */
export function AgreementOverview({ agreement: a }: { agreement: LifestyleAgreementView }) {
  return (
    <>
      <p className="lead">{`${a.product.name} (${a.product.brand})`}</p>
      {a.noticeGivenOn && a.terminationDate && a.status !== 'Terminated' && (
        <p role="status" className="lifestyle-notice">
          {lm.noticeGiven(a.noticeGivenOn, a.terminationDate)}
        </p>
      )}
      <section aria-labelledby="lifestyle-facts">
        <h2 id="lifestyle-facts">{lm.facts}</h2>
        <dl className="lifestyle-facts">
          <dt>{lm.agreementNumber}</dt>
          <dd>{a.agreementNumber}</dd>
          <dt>{lm.status}</dt>
          <dd>{lm.statusText(a.status, a)}</dd>
          <dt>{lm.glasses}</dt>
          <dd>{`${a.product.name} (${a.product.brand}) med ${a.product.lenses}`}</dd>
          <dt>{lm.monthlyPrice}</dt>
          <dd>{formatDkk(a.monthlyPrice)}</dd>
          <dt>{lm.started}</dt>
          <dd>{formatCopenhagenDate(a.startDate)}</dd>
          <dt>{lm.signed}</dt>
          <dd>{lm.signedAt(a.signedOn, a.storeName)}</dd>
          <dt>{lm.payment}</dt>
          <dd>{lm.paymentMethod[a.paymentMethod]}</dd>
          {a.freeMonthsLeft > 0 && (
            <>
              <dt>{lm.freeMonthsLeft}</dt>
              <dd>{a.freeMonthsLeft}</dd>
            </>
          )}
          <dt>{lm.nextInvoice}</dt>
          <dd>{a.nextInvoice ? lm.nextInvoiceText(a.nextInvoice.date, a.nextInvoice.amount, a.nextInvoice.free) : lm.noNextInvoice}</dd>
          <dt>{lm.exchange}</dt>
          <dd>{exchangeText(a)}</dd>
        </dl>
      </section>
      <nav aria-labelledby="lifestyle-actions">
        <h2 id="lifestyle-actions">{lm.actions}</h2>
        <ul className="lifestyle-actions">
          <li>
            <a href={lifestyleHref.documents(a.id)}>{lm.documentsLink}</a>
          </li>
          <li>
            <a href={lifestyleHref.perks(a.id)}>{lm.perksLink}</a>
          </li>
          <li>
            <a href={lifestyleHref.invoices}>{lm.invoicesLink}</a>
          </li>
          {a.cancellable && (
            <li>
              <a href={lifestyleHref.cancel(a.id)}>{lm.cancelLink}</a>
            </li>
          )}
        </ul>
      </nav>
    </>
  );
}

export function AgreementView({ api, id }: { api: LifestyleApi; id: string }) {
  const [state, reload] = useApi(`lifestyle:${id}`, () => lifestyleApi.agreement(api, id));
  return (
    <LifestyleLoad state={state} reload={reload} loading={lm.loading}>
      {(a) => <AgreementOverview agreement={a} />}
    </LifestyleLoad>
  );
}

/** /min-konto/abonnement/briller/{subscriptionId} */
export function AgreementPage() {
  const { subscriptionId } = useParams({ from: '/min-konto/abonnement/briller/$subscriptionId' });
  return <AccountPage title={lm.agreementTitle}>{() => <AgreementView api={api} id={subscriptionId} />}</AccountPage>;
}
