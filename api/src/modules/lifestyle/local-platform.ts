import { timingSafeEqual } from 'node:crypto';
import { holderVerifier, LifestyleUnavailableError, type LifestylePlatform } from '../../ports/lifestyle';
import type { Storage } from '../../storage/port';
import { LifestyleRepository } from './repository';

/**
 * The local Lifestyle platform (ports/lifestyle.ts), the default and the one tests use: agreements
 * and documents kept in this API's storage. `maintenance` makes every call answer as if the
 * platform were down for maintenance (the composition root reads it from the environment).
 */
export function createLocalLifestylePlatform(storage: Storage, opts: { secret: string; maintenance?: boolean }): LifestylePlatform {
  const repo = new LifestyleRepository(storage);
  const up = () => {
    if (opts.maintenance) throw new LifestyleUnavailableError();
  };
  return {
    async agreementsOf(customerId) {
      up();
      return repo.agreementsOf(customerId);
    },
    async agreement(id) {
      up();
      return repo.agreement(id);
    },
    async byReferralCode(code) {
      up();
      return repo.byReferralCode(code);
    },
    async verifyHolder(agreementNumber, birthDate) {
      up();
      const a = await repo.byNumber(agreementNumber);
      const expected = Buffer.from(holderVerifier(opts.secret, agreementNumber, birthDate));
      // Compared in constant time, and computed even when the number is unknown, so timing tells nothing.
      const stored = Buffer.from(a?.holderVerifier ?? '');
      return a && stored.length === expected.length && timingSafeEqual(stored, expected) ? a : undefined;
    },
    async page(after, limit) {
      up();
      return repo.page(after, limit);
    },
    async update(id, mutate) {
      up();
      return repo.update(id, mutate);
    },
    async documents(agreementId) {
      up();
      return repo.documents(agreementId);
    },
    async document(id) {
      up();
      return repo.document(id);
    },
    async addDocument(doc) {
      up();
      await repo.addDocument(doc);
    },
  };
}
