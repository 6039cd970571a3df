import { api } from '../../api';
import { AccountPage } from './account-page';
import { DataAccessSection } from './data-access/data-access-section';
import { StoreLinkSection } from './store-link/store-link-section';
import { authClient } from './auth/auth-client';
import { at } from './messages';

const CARDS: [string, string, string][] = [
  ['/min-konto/ordrer', at.sections.orders, 'Se dine ordrer, følg leveringen og returnér varer.'],
  ['/min-konto/abonnement', at.sections.subscriptions, 'Linseabonnement og Lifestyle-aftale på briller.'],
  ['/min-konto/betaling-fakturaer', at.sections.invoices, 'Fakturaer, betalinger og betalingsmetode.'],
  ['/min-konto/bestil-tid-til-synstest', at.sections.bookings, 'Dine bookinger af synstest.'],
  ['/min-konto/friends', at.sections.friends, 'Vores gratis kundeklub og dine fordele.'],
  ['/min-konto/opgaver', at.sections.details, 'Navn, kontaktoplysninger og adresse.'],
];

/** /min-konto: the signed-in customer's starting point. */
export function AccountOverview() {
  return (
    <AccountPage title={at.myPages}>
      {(user) => (
        <>
          <p className="lead">{`Hej ${user.name}`}</p>
          <ul className="account-cards">
            {CARDS.map(([href, title, text]) => (
              <li key={href}>
                <a href={href}>
                  <strong>{title}</strong>
                  <span>{text}</span>
                </a>
              </li>
            ))}
          </ul>
          <StoreLinkSection api={api} eid={authClient} />
          <DataAccessSection api={api} />
        </>
      )}
    </AccountPage>
  );
}
