import { z } from 'zod';

/**
 * Records of the account features kept by the storage port (listed in storage/records.ts).
 * Every one-time token is stored only as its SHA-256 (`id`), so a data file holds no usable link.
 */

/** What an account has beyond the account record: the address and, when a flow asked MitID for it, the CPR (sealed). `id` is the account id. */
export const accountProfileRecordSchema = z.object({
  id: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  /** AES-GCM with the account id as associated data (crypto/field-crypto.ts); never plain text. */
  cprSealed: z.string().nullable(),
  updatedAt: z.string(),
});
export type AccountProfileRecord = z.infer<typeof accountProfileRecordSchema>;

/** An e-ID identity linked to an account; `id` is a keyed hash (HMAC) of the broker's stable subject id. */
export const eidLinkRecordSchema = z.object({ id: z.string(), accountId: z.string(), linkedAt: z.string() });
export type EidLinkRecord = z.infer<typeof eidLinkRecordSchema>;

/** A mailed password-reset link: single use, short-lived. */
export const passwordResetRecordSchema = z.object({ id: z.string(), accountId: z.string(), expiresAt: z.string() });
export type PasswordResetRecord = z.infer<typeof passwordResetRecordSchema>;

/**
 * A login that passed its credential check but must accept the latest terms first (SPEC §3).
 * `id` is the hash of the token kept in an httpOnly cookie of the same browser.
 */
export const pendingLoginRecordSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  via: z.enum(['password', 'eid']),
  expiresAt: z.string(),
});
export type PendingLoginRecord = z.infer<typeof pendingLoginRecordSchema>;

/**
 * An e-ID login under way: `id` is the hash of the OIDC `state`; bound to the shopper (browser)
 * that started it; holds the nonce and PKCE verifier until the broker sends the customer back.
 */
export const eidLoginRecordSchema = z.object({
  id: z.string(),
  shopperId: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  requestCpr: z.boolean(),
  expiresAt: z.string(),
});
export type EidLoginRecord = z.infer<typeof eidLoginRecordSchema>;
