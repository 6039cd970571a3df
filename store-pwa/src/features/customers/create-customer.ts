import type { SessionResponse } from '@optik/shared';
import type { LocalCustomer } from '../../db/db';
import type { SyncEngine } from '../../sync/engine';
import type { CustomerFormResult } from './customer-form';
import { db } from '../../services';
import { cprIndexOf } from '../device/cpr-index';

/** Local customer + its customer.create command, in one transaction; the CPR goes only into the sealed part. */
export async function createCustomer(engine: SyncEngine, session: SessionResponse, r: CustomerFormResult, now = new Date()): Promise<LocalCustomer> {
  const id = crypto.randomUUID();
  const at = now.toISOString();
  // The device's blind index finds the customer by exact CPR offline; the CPR itself goes only into the sealed command.
  const cprIndex = await cprIndexOf(db, r.cpr?.value);
  const local: LocalCustomer = {
    id,
    customerNumber: null,
    ...r.fields,
    email: r.fields.email || null,
    cprMasked: r.cpr?.masked ?? null,
    cprIndex,
    birthDate: null,
    employeeNumber: null,
    reference: null,
    storeId: session.user.storeId,
    createdAt: at,
    updatedAt: at,
    version: 1,
    syncState: 'pending',
  };
  await engine.record(
    {
      type: 'customer.create',
      payload: { customerId: id, ...r.fields, email: r.fields.email || undefined },
      secret: r.cpr ? { cpr: r.cpr.value, cprCheckDigitConfirmed: r.cpr.confirmed } : undefined,
      entity: { table: 'customers', id },
    },
    () => db.customers.add(local),
  );
  return local;
}
