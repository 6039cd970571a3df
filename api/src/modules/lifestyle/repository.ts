import type { LifestyleDocument } from '@optik/shared';
import type { Page, Storage } from '../../storage/port';
import { lifestyleAgreementsCollection, lifestyleDocumentsCollection, type LifestyleAgreementRecord } from './records';

/** The local Lifestyle platform's collections (local-platform.ts): agreements and their documents. */
export class LifestyleRepository {
  constructor(private readonly storage: Storage) {}

  private get agreements() {
    return this.storage.collection(lifestyleAgreementsCollection);
  }
  private get docs() {
    return this.storage.collection(lifestyleDocumentsCollection);
  }

  agreement(id: string): Promise<LifestyleAgreementRecord | undefined> {
    return this.agreements.get(id);
  }

  agreementsOf(customerId: string): Promise<LifestyleAgreementRecord[]> {
    return this.agreements.list('byCustomer', customerId);
  }

  byNumber(agreementNumber: string): Promise<LifestyleAgreementRecord | undefined> {
    return this.agreements.getBy('agreementNumber', agreementNumber);
  }

  byReferralCode(code: string): Promise<LifestyleAgreementRecord | undefined> {
    return this.agreements.getBy('referralCode', code);
  }

  /** Every agreement by id, a page at a time. */
  page(after: string | null, limit: number): Promise<Page<LifestyleAgreementRecord>> {
    return this.agreements.page('all', 'all', after === null ? { limit } : { limit, after });
  }

  update(id: string, mutate: (current: LifestyleAgreementRecord) => LifestyleAgreementRecord): Promise<LifestyleAgreementRecord | undefined> {
    return this.agreements.update(id, mutate);
  }

  /** An agreement's documents, oldest first. */
  documents(agreementId: string): Promise<LifestyleDocument[]> {
    return this.docs.list('byAgreement', agreementId);
  }

  document(id: string): Promise<LifestyleDocument | undefined> {
    return this.docs.get(id);
  }

  async addDocument(doc: LifestyleDocument): Promise<void> {
    await this.docs.insert(doc);
  }
}
