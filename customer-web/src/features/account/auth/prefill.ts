import { accountDetailsResponseSchema, type AccountDetails } from '@optik/shared';
import type { Api } from '../../../api';

/** The signed-in customer's details for the checkout (which fills its blank fields with them), or null for a visitor, a store user or a failed call. */
export async function loadAccountPrefill(get: Api['get']): Promise<AccountDetails | null> {
  const r = await get(accountDetailsResponseSchema, '/api/account/details');
  return r.ok ? r.data.data : null;
}
