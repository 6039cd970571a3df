import type { Storage } from '../../storage/port';
import { discountCodesCollection, type DiscountCodeRecord } from './records';

/** The only code reading the `discountCodes` collection (the id is the code, upper case). */
export class DiscountCodeRepository {
  constructor(private readonly storage: Storage) {}

  get(code: string): Promise<DiscountCodeRecord | undefined> {
    return this.storage.collection(discountCodesCollection).get(code);
  }
}
