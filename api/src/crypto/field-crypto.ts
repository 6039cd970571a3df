import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { KEY_ID, ringKey, type DataKeyRing, type FieldKeys } from './keys';

/**
 * Encryption at rest for single fields of personal data (CPR, prescriptions). AES-256-GCM with
 * a key derived per purpose, a fresh 96-bit IV per value, and the field's owner id as
 * associated data, so a ciphertext copied onto another record fails to open.
 *
 * - `v2.<kid>.<iv>.<tag>.<ciphertext>` (base64url): sealed under the data-key ring's key `kid`
 *   (keys.ts); the key id and version are bound into the associated data too. Every new value
 *   is sealed this way when a ring is configured.
 * - `v1.<iv>.<tag>.<ciphertext>`: sealed before the ring, with a key derived from the legacy
 *   secret (the app secret, or the former DATA_ENCRYPTION_KEY); still opened, and re-sealed as
 *   v2 by `rotate-keys`. Without a ring (tests, old configurations) new values are v1 too.
 */
export interface FieldCrypto {
  encrypt(plain: string, owner: string): string;
  decrypt(sealed: string, owner: string): string;
  /** True when the value is sealed under the key new values get (nothing for rotate-keys to do). */
  isCurrent(sealed: string): boolean;
}

/** A sealed value names a key id the ring does not hold: the key was removed too early or never configured. */
export class UnknownKeyIdError extends Error {
  constructor(readonly keyId: string) {
    super(`Feltet er krypteret med nøgle-id "${keyId}", som ikke er konfigureret: sæt nøglen i DATA_ENCRYPTION_OLD_KEYS (id:hex), eller kør rotate-keys, før den fjernes`);
    this.name = 'UnknownKeyIdError';
  }
}

const SALT = 'optik-field-crypto';

function v1Key(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, purpose, 32));
}

function v2Key(key: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, SALT, `v2:${purpose}`, 32));
}

function seal(key: Buffer, aad: string, plain: string): [string, string, string] {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')];
}

function open(key: Buffer, aad: string, iv: string, tag: string, data: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * `keys`: the ring and the legacy secret, or just a secret (legacy only: v1, as before the ring).
 * Keys are derived once per purpose here, not per value.
 */
export function createFieldCrypto(keys: string | FieldKeys, purpose: string): FieldCrypto {
  const { legacy, ring } = typeof keys === 'string' ? { legacy: keys, ring: undefined as DataKeyRing | undefined } : keys;
  const legacyKey = v1Key(legacy, purpose);
  const derived = new Map<string, Buffer>();
  const keyFor = (kid: string): Buffer => {
    let k = derived.get(kid);
    if (!k) {
      const raw = ring ? ringKey(ring, kid) : undefined;
      if (!raw) throw new UnknownKeyIdError(kid);
      k = v2Key(raw.key, purpose);
      derived.set(kid, k);
    }
    return k;
  };
  return {
    encrypt(plain, owner) {
      if (!ring) return ['v1', ...seal(legacyKey, owner, plain)].join('.');
      const kid = ring.current.id;
      return ['v2', kid, ...seal(keyFor(kid), `v2.${kid}.${owner}`, plain)].join('.');
    },
    decrypt(sealed, owner) {
      const parts = sealed.split('.');
      if (parts[0] === 'v1' && parts.length === 4 && parts.every(Boolean)) {
        const [, iv, tag, data] = parts as [string, string, string, string];
        return open(legacyKey, owner, iv, tag, data);
      }
      if (parts[0] === 'v2' && parts.length === 5 && parts.every(Boolean)) {
        const [, kid, iv, tag, data] = parts as [string, string, string, string, string];
        if (!KEY_ID.test(kid)) throw new Error('ikke et krypteret felt (ugyldigt nøgle-id)');
        return open(keyFor(kid), `v2.${kid}.${owner}`, iv, tag, data);
      }
      throw new Error('ikke et krypteret felt');
    },
    isCurrent(sealed) {
      return ring ? sealed.startsWith(`v2.${ring.current.id}.`) : sealed.startsWith('v1.');
    },
  };
}
