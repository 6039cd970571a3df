import { parseCpr } from '@optik/shared';
import type { StoreDb } from '../../db/db';
import { deviceKey } from '../../db/vault';

const KEY = 'cpr-index-key';

/** The ten digits of a full CPR typed with or without its dash; null for anything else (a birth date alone, a name …). */
export function cprDigits(input: string): string | null {
  const parsed = parseCpr(input);
  return parsed.ok && parsed.normalized.length === 11 ? parsed.normalized.replace('-', '') : null;
}

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The keyed blind index of a CPR on this device (decision 009): HMAC-SHA-256 of the ten digits
 * under a non-extractable key of this device, kept like the vault's key. The device finds a
 * customer by exact CPR offline with it and never stores the CPR itself; without the key (a
 * copied database) the index tells nothing. Returns a function, so a batch reads the key once.
 */
export async function cprIndexer(db: StoreDb): Promise<(cpr: string | null | undefined) => Promise<string | null>> {
  const key = await deviceKey(db, KEY, () => crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']));
  return async (cpr) => {
    const digits = cpr ? cprDigits(cpr) : null;
    return digits ? hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(digits))) : null;
  };
}

/** The blind index of one CPR (null when `cpr` is not a full CPR). */
export async function cprIndexOf(db: StoreDb, cpr: string | null | undefined): Promise<string | null> {
  return cprDigits(cpr ?? '') ? (await cprIndexer(db))(cpr) : null;
}
