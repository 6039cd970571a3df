import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { lifestyleAgreementSchema, type LifestyleDocument } from '@optik/shared';

/**
 * A Lifestyle agreement as the platform keeps it: the shared shape plus the keyed hash (HMAC)
 * that proves the holder's birth date when an account connects to it — the birth date itself
 * is not stored.
 */
export const lifestyleAgreementRecordSchema = zm.extend(lifestyleAgreementSchema, { holderVerifier: z.string() });
export type LifestyleAgreementRecord = z.infer<typeof lifestyleAgreementRecordSchema>;

/**
 * The Lifestyle agreement platform (SPEC §1, §8) as a port. Agreements are signed in a store
 * and kept by the platform; the shop reads and changes them through this interface. The local
 * adapter (modules/lifestyle/local-platform.ts: the default, and in tests) keeps them in the
 * storage port. Every call fails with `LifestyleUnavailableError` while the platform is down or
 * under maintenance, so the shop can show SPEC §8's "under maintenance" message instead of an error.
 */
export interface LifestylePlatform {
  agreementsOf(customerId: string): Promise<LifestyleAgreementRecord[]>;
  agreement(id: string): Promise<LifestyleAgreementRecord | undefined>;
  byReferralCode(code: string): Promise<LifestyleAgreementRecord | undefined>;
  /** The agreement with this number whose holder has this birth date (DDMMYY); undefined otherwise. */
  verifyHolder(agreementNumber: string, birthDate: string): Promise<LifestyleAgreementRecord | undefined>;
  /** Every agreement, a page at a time, for the monthly run: pass the previous page's `next` as `after` (null: the first page). */
  page(after: string | null, limit: number): Promise<{ items: LifestyleAgreementRecord[]; next: string | null }>;
  /** Atomic read-modify-write; `mutate` may throw to leave the agreement unchanged. */
  update(id: string, mutate: (current: LifestyleAgreementRecord) => LifestyleAgreementRecord): Promise<LifestyleAgreementRecord | undefined>;
  documents(agreementId: string): Promise<LifestyleDocument[]>;
  document(id: string): Promise<LifestyleDocument | undefined>;
  addDocument(doc: LifestyleDocument): Promise<void>;
}

export class LifestyleUnavailableError extends Error {
  constructor() {
    super('Lifestyle platform unavailable (maintenance)');
    this.name = 'LifestyleUnavailableError';
  }
}

/** The holder's proof for connecting an account: an HMAC of agreement number and birth date, never the date itself. */
export function holderVerifier(secret: string, agreementNumber: string, birthDate: string): string {
  return createHmac('sha256', secret).update(`lifestyle-holder:${agreementNumber}:${birthDate}`).digest('base64url');
}

/**
 * `LIFESTYLE_MAINTENANCE=true` (or 1) makes the local platform answer as if it were down for
 * maintenance, so the SPEC §8 message can be seen and tested. Read by the composition root
 * (server.ts), never by the app itself.
 */
export function lifestyleMaintenanceFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(true|1|yes)$/i.test(env.LIFESTYLE_MAINTENANCE ?? '');
}
