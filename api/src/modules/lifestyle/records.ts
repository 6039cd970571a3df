import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { lifestyleAgreementSchema } from '@optik/shared';
import { lifestyleDocumentSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/**
 * A Lifestyle agreement as the local platform adapter keeps it: the shared shape plus the
 * keyed hash (HMAC) that proves the holder's birth date when an account connects to it —
 * the birth date itself is not stored.
 */
export const lifestyleAgreementRecordSchema = zm.extend(lifestyleAgreementSchema, { holderVerifier: z.string() });
export type LifestyleAgreementRecord = z.infer<typeof lifestyleAgreementRecordSchema>;

/** Lifestyle glasses agreements as the local platform adapter keeps them (ports/lifestyle.ts). */
export const lifestyleAgreementsCollection = defineCollection({
  name: 'lifestyleAgreements',
  schema: lifestyleAgreementRecordSchema,
  file: { group: 'lifestyle', durable: true },
  unique: { agreementNumber: (a) => a.agreementNumber, referralCode: (a) => a.referralCode },
  indexes: { byCustomer: { key: (a) => a.customerId, order: (a) => a.id } },
});
/** Lifestyle agreement documents: written once, never changed. */
export const lifestyleDocumentsCollection = defineCollection({
  name: 'lifestyleDocuments',
  schema: lifestyleDocumentSchema,
  file: { group: 'lifestyle', durable: true },
  indexes: { byAgreement: { key: (d) => d.agreementId } },
});
