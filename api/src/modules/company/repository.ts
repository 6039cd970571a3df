import type { EyeHealthDay } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { companyContractsCollection, companyRequisitionsCollection, eyeHealthDaysCollection, type CompanyContractRecord, type CompanyRequisitionRecord } from './records';

/** The company module's collections: agreements, eye-health-day requests and what e-requisitions add to the store's requisitions. */
export class CompanyRepository {
  constructor(private readonly storage: Storage) {}

  private get contracts() {
    return this.storage.collection(companyContractsCollection);
  }
  private get requisitions() {
    return this.storage.collection(companyRequisitionsCollection);
  }

  contract(id: string): Promise<CompanyContractRecord | undefined> {
    return this.contracts.get(id);
  }

  /** The agreement one of its links opens: the signing party's link or the contact's (both hashes are unique keys). */
  async contractByTokenHash(hash: string): Promise<CompanyContractRecord | undefined> {
    return (await this.contracts.getBy('signTokenHash', hash)) ?? (await this.contracts.getBy('viewTokenHash', hash));
  }

  /** The company's active agreement (at most one: a unique key). */
  activeContractOf(organisationNumber: string): Promise<CompanyContractRecord | undefined> {
    return this.contracts.getBy('activeOrganisation', organisationNumber);
  }

  /** The company's unsigned agreements whose links still stand, oldest first (an index). */
  pendingContractsOf(organisationNumber: string): Promise<CompanyContractRecord[]> {
    return this.contracts.list('pendingByOrganisation', organisationNumber);
  }

  insertContract(record: CompanyContractRecord): Promise<CompanyContractRecord> {
    return this.contracts.insert(record);
  }

  /** Atomic read-modify-write; DuplicateKeyError (`activeOrganisation`) when it would make a second active agreement of a company. */
  updateContract(id: string, mutate: (cur: CompanyContractRecord) => CompanyContractRecord): Promise<CompanyContractRecord | undefined> {
    return this.contracts.update(id, mutate);
  }

  insertEyeHealthDay(day: EyeHealthDay): Promise<EyeHealthDay> {
    return this.storage.collection(eyeHealthDaysCollection).insert(day);
  }

  requisitionExtra(id: string): Promise<CompanyRequisitionRecord | undefined> {
    return this.requisitions.get(id);
  }

  /** The e-requisitions made under one agreement, oldest first. */
  requisitionExtrasOf(contractId: string): Promise<CompanyRequisitionRecord[]> {
    return this.requisitions.list('byContract', contractId);
  }

  insertRequisitionExtra(extra: CompanyRequisitionRecord): Promise<CompanyRequisitionRecord> {
    return this.requisitions.insert(extra);
  }
}
