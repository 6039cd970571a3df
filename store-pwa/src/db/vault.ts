import type { Sealed, StoreDb } from './db';

export interface Vault {
  seal(value: unknown): Promise<Sealed>;
  open<T>(sealed: Sealed): Promise<T>;
}

const KEY = 'device-key';

/**
 * A non-extractable device key kept in `meta` under `name`, made on first use. Made outside the
 * transaction (IndexedDB ends a transaction at an await on anything else) and stored only if
 * no other caller stored one meanwhile, so two first uses never end with data keyed twice.
 */
export async function deviceKey(db: StoreDb, name: string, generate: () => Promise<CryptoKey>): Promise<CryptoKey> {
  const found = (await db.meta.get(name))?.value as CryptoKey | undefined;
  if (found) return found;
  const fresh = await generate();
  return db.transaction('rw', db.meta, async () => {
    const stored = (await db.meta.get(name))?.value as CryptoKey | undefined;
    if (stored) return stored;
    await db.meta.put({ key: name, value: fresh });
    return fresh;
  });
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/**
 * CPR and other personal data on the tablet are stored encrypted with a non-extractable
 * WebCrypto key. IndexedDB keeps the CryptoKey object itself, so the key's bytes can never
 * be read out by script — not even ours — and a copied database file is useless elsewhere.
 */
export async function openVault(db: StoreDb): Promise<Vault> {
  const k = await deviceKey(db, KEY, () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']));
  return {
    async seal(value) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, k, new TextEncoder().encode(JSON.stringify(value))));
      return { iv: toB64(iv), data: toB64(data) };
    },
    async open<T>(sealed: Sealed) {
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(sealed.iv) }, k, fromB64(sealed.data));
      return JSON.parse(new TextDecoder().decode(plain)) as T;
    },
  };
}
