import type { CompanyAgreement } from '@optik/shared';
import type { CompanyContractRecord } from './records';

/**
 * How long the company flow's mailed links work (issue 15 finding 9). A link is a bearer secret
 * that sits in mailboxes, so none works forever:
 * - the signing party's link: 30 days from the mail while the agreement is unsigned; once signed,
 *   the signer keeps using it to read and terminate the agreement. Agreements run until
 *   terminated (no end date), so a signed link works for 3 years from the signature — long enough
 *   for an agreement's working life, short enough that a forgotten mail stops being a key. When
 *   the agreement is terminated (its end), the link works 90 more days to read and print it;
 * - the contact's read-only link: 90 days from the latest mail carrying it (the creation mail,
 *   and the confirmation mail when the agreement is signed).
 * An expired link answers 410 with whom to contact for a new one.
 */
export const LINK_DAYS = { unsigned: 30, signed: 3 * 365, afterEnd: 90, view: 90 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
export const addDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** The signing party's link's expiry for an agreement in its present state. */
export function signLinkExpiry(c: Pick<CompanyAgreement, 'status' | 'createdAt' | 'signedAt' | 'terminatedAt'>): string {
  if (c.terminatedAt) return addDays(c.terminatedAt, LINK_DAYS.afterEnd);
  if (c.signedAt) return addDays(c.signedAt, LINK_DAYS.signed);
  return addDays(c.createdAt, LINK_DAYS.unsigned);
}

/** The contact's link's expiry, counted from the latest mail that carried it. */
export const viewLinkExpiry = (mailedAt: string): string => addDays(mailedAt, LINK_DAYS.view);

/** A link's expiry as stored; for a record from before links expired, by the same rules from its dates. */
export function linkExpiry(record: CompanyContractRecord, role: 'signer' | 'viewer'): string {
  if (role === 'signer') return record.signLinkExpiresAt ?? signLinkExpiry(record);
  return record.viewLinkExpiresAt ?? viewLinkExpiry(record.signedAt ?? record.createdAt);
}
