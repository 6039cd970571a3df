import { accountDetailsResponseSchema, type AccountDetails } from '@optik/shared';
import type { Api } from '../../../api';

/** The signed-in customer's details for the checkout, or null for a visitor, a store user or a failed call. */
export async function loadAccountPrefill(get: Api['get']): Promise<AccountDetails | null> {
  const r = await get(accountDetailsResponseSchema, '/api/account/details');
  return r.ok ? r.data.data : null;
}

type Contact = { firstName: string; lastName: string; email: string; phone: string };
type Address = { zip: string; city: string; street: string };

/** Fills the contact fields the shopper left blank; anything typed stays. */
export function prefillContact(current: Contact, d: AccountDetails): Contact {
  const pick = (typed: string, saved: string | null) => (typed.trim() ? typed : (saved ?? ''));
  return { firstName: pick(current.firstName, d.firstName), lastName: pick(current.lastName, d.lastName), email: pick(current.email, d.email), phone: pick(current.phone, d.phone) };
}

/** The saved address as a whole, only while the shopper has typed no part of one (a mixed address would be wrong). */
export function prefillAddress(current: Address, d: AccountDetails): Address {
  const untouched = !current.zip.trim() && !current.city.trim() && !current.street.trim();
  return untouched && d.zip && d.street ? { zip: d.zip, city: d.city, street: d.street } : current;
}
