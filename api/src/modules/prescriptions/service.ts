import { examDateErrors, prescriptionEntrySchema, validateContactLensPair, validateGlassesPrescription, type Prescription, type PrescriptionCreate } from '@optik/shared';
import type { Clock } from '../../deps';
import type { FieldCrypto } from '../../crypto/field-crypto';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/port';
import type { CustomerService } from '../customers/service';
import type { PrescriptionRecord } from './records';
import { PrescriptionRepository } from './repository';

/** Prescriptions entered in the store, checked with the SPEC §5 rules and stored encrypted. */
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

  async create(input: PrescriptionCreate, storeId: string): Promise<Prescription> {
    const existing = await this.repo.get(input.prescriptionId);
    if (existing) return this.toPublic(existing);
    if (!(await this.customers.get(input.customerId))) {
      throw badRequest({ customerId: 'Kunden findes ikke. Opret kunden først.' });
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
      storeId,
      examDate: input.examDate,
      sealed: this.crypto.encrypt(JSON.stringify(input.entry), input.prescriptionId),
      createdAt: today.toISOString(),
    };
    await this.repo.put(record);
    return this.toPublic(record);
  }

  /** Whether a prescription is stored, for the modules that refer to one (an order's prescription). */
  async exists(id: string): Promise<boolean> {
    return (await this.repo.get(id)) !== undefined;
  }

  async forCustomer(customerId: string): Promise<Prescription[]> {
    return (await this.repo.forCustomer(customerId)).map((p) => this.toPublic(p));
  }
}
