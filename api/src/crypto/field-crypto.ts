import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for single fields of personal data (CPR). AES-256-GCM with a key
 * derived from the app secret per purpose, a fresh 96-bit IV per value, and the field's
 * owner id as associated data, so a ciphertext copied onto another record fails to open.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export interface FieldCrypto {
  encrypt(plain: string, owner: string): string;
  decrypt(sealed: string, owner: string): string;
}

export function createFieldCrypto(secret: string, purpose: string): FieldCrypto {
  const key = Buffer.from(hkdfSync('sha256', secret, 'optik-field-crypto', purpose, 32));
  return {
    encrypt(plain, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    decrypt(sealed, owner) {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || !data) throw new Error('not an encrypted field');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
