import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { companyAgreementSchema, eyeHealthDaySchema, requisitionKindSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/**
 * Records of the company flow, owned by this module (repository.ts), listed in api/src/collections.ts.
 * Links are stored only as hashes of their tokens, so a data file holds no usable link.
 */

/** An agreement as stored: the signing party's link and the contact's read-only link, hashed. */
export const companyContractRecordSchema = zm.extend(companyAgreementSchema, {
  signTokenHash: z.string(),
  viewTokenHash: z.string(),
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
});
export const eyeHealthDaysCollection = defineCollection({ name: 'eyeHealthDays', schema: eyeHealthDayRecordSchema, file: { group: 'company', durable: true } });
export const companyRequisitionsCollection = defineCollection({
  name: 'companyRequisitions',
  schema: companyRequisitionRecordSchema,
  file: { group: 'company', durable: true },
  indexes: { byContract: { key: (x) => x.contractId, order: (x) => x.createdAt } },
});
