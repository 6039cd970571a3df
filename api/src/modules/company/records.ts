import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { companyAgreementSchema, eyeHealthDaySchema, requisitionKindSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/**
 * Records of the company flow, owned by this module (repository.ts), listed in api/src/collections.ts.
 * Links are stored only as hashes of their tokens, so a data file holds no usable link.
 */

/**
 * An agreement as stored: the signing party's link and the contact's read-only link, hashed, each
 * with its expiry (links.ts), and the newer agreement that revoked both links, if any. Records
 * stored before links expired have no expiry fields: theirs follow from the agreement's dates
 * (`linkExpiry` in links.ts) by the same rules.
 */
export const companyContractRecordSchema = zm.extend(companyAgreementSchema, {
  signTokenHash: z.string(),
  viewTokenHash: z.string(),
  signLinkExpiresAt: z.string().optional(),
  viewLinkExpiresAt: z.string().optional(),
  /** The id of the newer agreement for the same company that replaced this unsigned one: its links answer 410. */
  replacedBy: z.string().nullable().optional(),
});
export type CompanyContractRecord = z.infer<typeof companyContractRecordSchema>;

export const eyeHealthDayRecordSchema = eyeHealthDaySchema;

/**
 * What an e-requisition has beyond the store app's requisition (same `id`): what it is for and
 * where the employee gets the manager's decision. Seeded requisitions have none.
 */
export const companyRequisitionRecordSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: requisitionKindSchema,
  employeeEmail: z.string(),
  createdAt: z.string(),
});
export type CompanyRequisitionRecord = z.infer<typeof companyRequisitionRecordSchema>;

export const companyContractsCollection = defineCollection({
  name: 'companyContracts',
  schema: companyContractRecordSchema,
  file: { group: 'company', durable: true },
  unique: {
    signTokenHash: (c) => c.signTokenHash,
    viewTokenHash: (c) => c.viewTokenHash,
    /**
     * One active agreement per company, enforced by the storage (two signed at once: one wins);
     * requisitions find a company's agreement by it.
     */
    activeOrganisation: (c) => (c.status === 'Active' ? c.organisationNumber : null),
  },
  indexes: {
    /** A company's unsigned agreements whose links still stand: a new agreement for the company revokes them. */
    pendingByOrganisation: { key: (c) => (c.status === 'Created' && !c.replacedBy ? c.organisationNumber : null), order: (c) => c.createdAt },
  },
});
export const eyeHealthDaysCollection = defineCollection({ name: 'eyeHealthDays', schema: eyeHealthDayRecordSchema, file: { group: 'company', durable: true } });
export const companyRequisitionsCollection = defineCollection({
  name: 'companyRequisitions',
  schema: companyRequisitionRecordSchema,
  file: { group: 'company', durable: true },
  indexes: { byContract: { key: (x) => x.contractId, order: (x) => x.createdAt } },
});
