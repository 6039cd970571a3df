import { examDateErrors, prescriptionEntrySchema, validateContactLensPair, validateGlassesPrescription, type Prescription, type PrescriptionCreate } from '@optik/shared';
import type { Clock } from '../../deps';
import type { FieldCrypto } from '../../crypto/field-crypto';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/port';
import type { PrescriptionRecord } from './records';
import { C } from '../../collections';

/** Prescriptions entered in the store, checked with the SPEC §5 rules and stored encrypted. */
export class PrescriptionService {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly crypto: FieldCrypto,
  ) {}

  private toPublic(r: PrescriptionRecord): Prescription {
    const entry = prescriptionEntrySchema.parse(JSON.parse(this.crypto.decrypt(r.sealed, r.id)));
    return { id: r.id, customerId: r.customerId, storeId: r.storeId, examDate: r.examDate, entry, createdAt: r.createdAt };
  }

  async create(input: PrescriptionCreate, storeId: string): Promise<Prescription> {
    const existing = await this.storage.collection(C.prescriptions).get(input.prescriptionId);
    if (existing) return this.toPublic(existing);
    if (!(await this.storage.collection(C.customers).get(input.customerId))) {
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
    await this.storage.collection(C.prescriptions).put(record);
    return this.toPublic(record);
  }

  async forCustomer(customerId: string): Promise<Prescription[]> {
    return (await this.storage.collection(C.prescriptions).find((p) => p.customerId === customerId)).map((p) => this.toPublic(p));
  }
}
