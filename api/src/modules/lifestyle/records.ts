import { lifestyleDocumentSchema } from '@optik/shared';
import { lifestyleAgreementRecordSchema } from '../../ports/lifestyle';
import { defineCollection } from '../../storage/port';

export { lifestyleAgreementRecordSchema, type LifestyleAgreementRecord } from '../../ports/lifestyle';

/** Lifestyle glasses agreements as the local platform adapter keeps them (local-platform.ts). */
export const lifestyleAgreementsCollection = defineCollection({
  name: 'lifestyleAgreements',
  schema: lifestyleAgreementRecordSchema,
  file: { group: 'lifestyle', durable: true },
  unique: { agreementNumber: (a) => a.agreementNumber, referralCode: (a) => a.referralCode },
  indexes: {
    byCustomer: { key: (a) => a.customerId, order: (a) => a.id },
    /** Every agreement under one key, for the monthly run's pages. */
    all: { key: () => 'all' },
  },
});
/** Lifestyle agreement documents: written once, never changed. */
export const lifestyleDocumentsCollection = defineCollection({
  name: 'lifestyleDocuments',
  schema: lifestyleDocumentSchema,
  file: { group: 'lifestyle', durable: true },
  indexes: { byAgreement: { key: (d) => d.agreementId, order: (d) => d.createdOn } },
});
