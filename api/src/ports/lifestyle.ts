import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LifestyleDocument } from '@optik/shared';
import type { LifestyleAgreementRecord } from '../modules/lifestyle/records';
import type { Storage } from '../storage/port';
import { C } from '../collections';

/**
 * The Lifestyle agreement platform (SPEC §1, §8) as a port. Agreements are signed in a store
 * and kept by the platform; the shop reads and changes them through this interface. The local
 * adapter (default, and in tests) keeps them in the storage port. Every call fails with
 * `LifestyleUnavailableError` while the platform is down or under maintenance, so the shop can
 * show SPEC §8's "under maintenance" message instead of an error.
 */
export interface LifestylePlatform {
  agreementsOf(customerId: string): Promise<LifestyleAgreementRecord[]>;
  agreement(id: string): Promise<LifestyleAgreementRecord | undefined>;
  byReferralCode(code: string): Promise<LifestyleAgreementRecord | undefined>;
  /** The agreement with this number whose holder has this birth date (DDMMYY); undefined otherwise. */
  verifyHolder(agreementNumber: string, birthDate: string): Promise<LifestyleAgreementRecord | undefined>;
  /** Every agreement, for the monthly run. */
  all(): Promise<LifestyleAgreementRecord[]>;
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
 * maintenance, so the SPEC §8 message can be seen and tested.
 */
export function lifestyleMaintenanceFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(true|1|yes)$/i.test(env.LIFESTYLE_MAINTENANCE ?? '');
}

export function createLocalLifestylePlatform(storage: Storage, opts: { secret: string; maintenance?: boolean }): LifestylePlatform {
  const agreements = storage.collection(C.lifestyleAgreements);
  const docs = storage.collection(C.lifestyleDocuments);
  const up = () => {
    if (opts.maintenance) throw new LifestyleUnavailableError();
  };
  return {
    async agreementsOf(customerId) {
      up();
      return agreements.find((a) => a.customerId === customerId);
    },
    async agreement(id) {
      up();
      return agreements.get(id);
    },
    async byReferralCode(code) {
      up();
      return agreements.findOne((a) => a.referralCode === code);
    },
    async verifyHolder(agreementNumber, birthDate) {
      up();
      const a = await agreements.findOne((x) => x.agreementNumber === agreementNumber);
      const expected = Buffer.from(holderVerifier(opts.secret, agreementNumber, birthDate));
      // Compared in constant time, and computed even when the number is unknown, so timing tells nothing.
      const stored = Buffer.from(a?.holderVerifier ?? '');
      return a && stored.length === expected.length && timingSafeEqual(stored, expected) ? a : undefined;
    },
    async all() {
      up();
      return agreements.all();
    },
    async update(id, mutate) {
      up();
      return agreements.update(id, mutate);
    },
    async documents(agreementId) {
      up();
      const list = await docs.find((d) => d.agreementId === agreementId);
      return list.sort((a, b) => (a.createdOn < b.createdOn ? -1 : a.createdOn > b.createdOn ? 1 : a.id.localeCompare(b.id)));
    },
    async document(id) {
      up();
      return docs.get(id);
    },
    async addDocument(doc) {
      up();
      await docs.insert(doc);
    },
  };
}
