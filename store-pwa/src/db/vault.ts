import type { Sealed, StoreDb } from './db';

export interface Vault {
  seal(value: unknown): Promise<Sealed>;
  open<T>(sealed: Sealed): Promise<T>;
}

const KEY = 'device-key';

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/**
 * CPR and other personal data on the tablet are stored encrypted with a non-extractable
 * WebCrypto key. IndexedDB keeps the CryptoKey object itself, so the key's bytes can never
 * be read out by script — not even ours — and a copied database file is useless elsewhere.
 */
export async function openVault(db: StoreDb): Promise<Vault> {
  let key = (await db.meta.get(KEY))?.value as CryptoKey | undefined;
  if (!key) {
    key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await db.meta.put({ key: KEY, value: key });
  }
  const k = key;
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
