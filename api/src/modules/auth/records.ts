import { z } from 'zod';
import { accountSchema, roleSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/**
 * Records of the account features kept by the storage port (reached only through repository.ts).
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
  /** The return address the login was started with (the shop's host it was opened on); absent in logins started before issue 16. */
  redirectUri: z.string().max(600).optional(),
});
export type EidLoginRecord = z.infer<typeof eidLoginRecordSchema>;

/** Server-side session; `id` is the SHA-256 of the cookie value, so a stolen file holds no live token. */
export const sessionRecordSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  role: roleSchema,
  storeId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** A pending e-mail verification; `id` is the SHA-256 of the token sent in the mail. */
export const verificationRecordSchema = z.object({ id: z.string(), accountId: z.string(), expiresAt: z.string() });
export type VerificationRecord = z.infer<typeof verificationRecordSchema>;

/** An e-mail address as the unique key compares it: case-folded, so A@x.dk and a@x.dk are one account. */
export const foldEmail = (email: string) => email.trim().toLowerCase();

export const accountsCollection = defineCollection({
  name: 'accounts',
  schema: accountSchema,
  file: { group: 'accounts', durable: true },
  unique: {
    email: (a) => (a.email ? foldEmail(a.email) : null),
    username: (a) => a.username,
  },
  indexes: { byCompany: { key: (a) => a.companyId } },
});
export const verificationsCollection = defineCollection({
  name: 'verifications',
  schema: verificationRecordSchema,
  file: { group: 'accounts', durable: true },
  indexes: { byAccount: { key: (v) => v.accountId } },
});
export const sessionsCollection = defineCollection({
  name: 'sessions',
  schema: sessionRecordSchema,
  file: { group: 'sessions', durable: false, shards: 16 },
  indexes: { byAccount: { key: (s) => s.accountId, order: (s) => s.createdAt } },
});
export const accountProfilesCollection = defineCollection({ name: 'accountProfiles', schema: accountProfileRecordSchema, file: { group: 'accounts', durable: true } });
export const eidLinksCollection = defineCollection({
  name: 'eidLinks',
  schema: eidLinkRecordSchema,
  file: { group: 'accounts', durable: true },
  indexes: { byAccount: { key: (l) => l.accountId } },
});
export const passwordResetsCollection = defineCollection({
  name: 'passwordResets',
  schema: passwordResetRecordSchema,
  file: { group: 'accounts', durable: true },
  indexes: { byAccount: { key: (r) => r.accountId } },
});
export const pendingLoginsCollection = defineCollection({ name: 'pendingLogins', schema: pendingLoginRecordSchema, file: { group: 'logins', durable: false } });
export const eidLoginsCollection = defineCollection({ name: 'eidLogins', schema: eidLoginRecordSchema, file: { group: 'logins', durable: false } });
