import type { Storage } from '../storage/port';
import { C } from '../collections';

/** The demo customer's address, so /min-konto/opgaver and the checkout's prefill show something after a fresh start. */
export async function seedAccountDetails(storage: Storage): Promise<void> {
  await storage.collection(C.accountProfiles).put({ id: 'u-kunde', street: 'Søndergade 12, 2. tv.', zip: '8000', city: 'Aarhus C', cprSealed: null, updatedAt: '2026-01-05T09:00:00.000Z' });
}
