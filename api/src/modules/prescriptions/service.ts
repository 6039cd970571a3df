import { examDateErrors, prescriptionEntrySchema, validateContactLensPair, validateGlassesPrescription, type Prescription, type PrescriptionCreate, type SessionUser } from '@optik/shared';
import type { Clock } from '../../deps';
import type { FieldCrypto } from '../../crypto/field-crypto';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { Storage } from '../../storage/port';
import { customerMessages, type CustomerService } from '../customers/service';
import type { PrescriptionRecord } from './records';
import { PrescriptionRepository } from './repository';

export const prescriptionMessages = {
  unknownCustomer: 'Kunden findes ikke.',
  idTaken: 'Recept-id’et er allerede brugt til en anden kunde.',
} as const;

type Staff = Pick<SessionUser, 'id' | 'name' | 'storeId'>;

/**
 * Prescriptions entered in the store, checked with the SPEC §5 rules and stored encrypted.
 * A store reads and writes only the prescriptions of its own customers and of customers it has
 * opened by exact CPR or customer number (decision 009); every read and write is access-logged.
 */
export class PrescriptionService {
  private readonly repo: PrescriptionRepository;

  constructor(
    storage: Storage,
    private readonly clock: Clock,
    private readonly crypto: FieldCrypto,
    private readonly customers: CustomerService,
  ) {
    this.repo = new PrescriptionRepository(storage);
  }

  private toPublic(r: PrescriptionRecord): Prescription {
    const entry = prescriptionEntrySchema.parse(JSON.parse(this.crypto.decrypt(r.sealed, r.id)));
    return { id: r.id, customerId: r.customerId, storeId: r.storeId, examDate: r.examDate, entry, createdAt: r.createdAt };
  }

  async create(input: PrescriptionCreate, user: Staff): Promise<Prescription> {
    const access = await this.customers.accessFor(input.customerId, user.storeId);
    if (access === 'missing') throw badRequest({ customerId: 'Kunden findes ikke. Opret kunden først.' });
    if (access === 'other-store') throw new HttpError(403, 'forbidden', customerMessages.otherStore);
    const existing = await this.repo.get(input.prescriptionId);
    if (existing) {
      // A replayed command answers what it stored; an id used for another customer answers nothing of theirs.
      if (existing.customerId !== input.customerId) throw new HttpError(409, 'conflict', prescriptionMessages.idTaken);
      return this.toPublic(existing);
    }
    const today = this.clock.now();
    const dated = { examDate: input.examDate, today, confirmedNotOlderThanYear: input.confirmedNotOlderThanYear };
    let errors: Record<string, string>;
    if (input.entry.kind === 'glasses') {
      errors = validateGlassesPrescription(input.entry.glasses, dated).errors;
    } else {
      errors = { ...examDateErrors(dated), ...validateContactLensPair(input.entry.right, input.entry.left).errors };
    }
    if (Object.keys(errors).length) throw badRequest(errors);
    const record: PrescriptionRecord = {
      id: input.prescriptionId,
      customerId: input.customerId,
      storeId: user.storeId,
      examDate: input.examDate,
      sealed: this.crypto.encrypt(JSON.stringify(input.entry), input.prescriptionId),
      createdAt: today.toISOString(),
    };
    await this.repo.put(record);
    await this.customers.recordAccess(user, input.customerId, 'prescription.create');
    return this.toPublic(record);
  }

  /** Whether a prescription is stored, for the modules that refer to one (an order's prescription). */
  async exists(id: string): Promise<boolean> {
    return (await this.repo.get(id)) !== undefined;
  }

  /** Whether a prescription is stored for this customer (an order's prescription must be the ordering customer's). */
  async isOfCustomer(id: string, customerId: string): Promise<boolean> {
    return (await this.repo.get(id))?.customerId === customerId;
  }

  /** A store customer's prescriptions as the customer reads them on My Pages (account-links, with their consent; not staff access, so not logged). */
  async ofCustomer(customerId: string): Promise<Prescription[]> {
    return (await this.repo.forCustomer(customerId)).map((p) => this.toPublic(p));
  }

  /**
   * A customer's prescriptions as staff read them: 404 for a customer of another store this store
   * has not opened (as for one that does not exist: nothing tells it exists); each read logged.
   */
  async forCustomerAsStaff(customerId: string, user: Staff): Promise<Prescription[]> {
    const access = await this.customers.accessFor(customerId, user.storeId);
    if (access === 'missing' || access === 'other-store') throw notFound(prescriptionMessages.unknownCustomer);
    await this.customers.recordAccess(user, customerId, 'prescriptions.read');
    return (await this.repo.forCustomer(customerId)).map((p) => this.toPublic(p));
  }
}
