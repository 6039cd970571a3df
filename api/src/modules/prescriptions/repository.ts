import type { Storage } from '../../storage/port';
import { prescriptionsCollection, type PrescriptionRecord } from './records';

/** The only code reading and writing the `prescriptions` collection. */
export class PrescriptionRepository {
  constructor(private readonly storage: Storage) {}

  private get prescriptions() {
    return this.storage.collection(prescriptionsCollection);
  }

  get(id: string): Promise<PrescriptionRecord | undefined> {
    return this.prescriptions.get(id);
  }

  put(record: PrescriptionRecord): Promise<PrescriptionRecord> {
    return this.prescriptions.put(record);
  }

  /** A customer's prescriptions, oldest first. */
  forCustomer(customerId: string): Promise<PrescriptionRecord[]> {
    return this.prescriptions.list('byCustomer', customerId);
  }
}
