import type { Requisition } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { requisitionsCollection } from './records';

/** The only code reading and writing the `requisitions` collection. */
export class RequisitionRepository {
  constructor(private readonly storage: Storage) {}

  private get requisitions() {
    return this.storage.collection(requisitionsCollection);
  }

  get(id: string): Promise<Requisition | undefined> {
    return this.requisitions.get(id);
  }

  insert(requisition: Requisition): Promise<Requisition> {
    return this.requisitions.insert(requisition);
  }

  /** Atomic read-modify-write; undefined when absent. */
  update(id: string, mutate: (current: Requisition) => Requisition): Promise<Requisition | undefined> {
    return this.requisitions.update(id, mutate);
  }

  /** One store's requisitions, newest request first. */
  forStore(storeId: string): Promise<Requisition[]> {
    return this.requisitions.list('byStore', storeId, { desc: true });
  }
}
