import { CUSTOMER_EDIT_FIELDS, customerUpdateResultSchema, type Customer, type CustomerConflict, type CustomerEditField } from '@optik/shared';
import type { LocalCustomer, LocalCustomerConflict, OutboxRow, StoreDb, SyncState } from '../../db/db';

/**
 * The device side of customer edits (docs/decisions/011). The customer row changes at once and
 * remembers, per changed field, the value the server is known to have (`localEdits`), until the
 * server confirms the field: a refreshed copy then leaves those fields alone, and a discarded
 * change puts them back. The command carries, per field, the value and the device's value before
 * the change (its base), so the server can tell a change this device had not seen.
 */

export type FieldChange = { value: string | null; base: string | null };
export type CustomerChanges = Partial<Record<CustomerEditField, FieldChange>>;

/** A customer.update payload as the outbox keeps it. */
interface UpdatePayload {
  customerId: string;
  changes: CustomerChanges;
}

const valueOf = (c: Pick<LocalCustomer, CustomerEditField>, f: CustomerEditField): string | null => c[f] ?? null;

/** `customer.update` for the engine: waits for every unsent command of the customer (its creation, earlier edits), so they apply in order and a discard takes the later ones along. */
export async function customerUpdateCommand(db: StoreDb, customerId: string, changes: CustomerChanges) {
  const unsent = await db.outbox.where('status').anyOf('pending', 'rejected').toArray();
  return {
    type: 'customer.update',
    payload: { customerId, changes },
    entity: { table: 'customers' as const, id: customerId },
    dependsOn: unsent.filter((r) => r.entity?.table === 'customers' && r.entity.id === customerId).map((r) => r.id),
  };
}

/**
 * The local half of an edit, inside the engine's transaction: new values, and the base of each
 * field not already waiting. `replaces`: the rejected change a fix sends again — its fields the fix
 * no longer changes go back to their base.
 */
export async function writeCustomerEdit(db: StoreDb, customerId: string, changes: CustomerChanges, replaces: CustomerChanges = {}): Promise<void> {
  const local = await db.customers.get(customerId);
  if (!local) throw new Error('Kunden findes ikke på enheden.');
  const localEdits = { ...local.localEdits };
  // The schema lets only e-mail and notes be emptied: the other values are text.
  const values: Partial<LocalCustomer> = {};
  for (const f of CUSTOMER_EDIT_FIELDS) {
    const change = changes[f];
    const edit = localEdits[f];
    if (change) {
      values[f] = change.value as never;
      localEdits[f] = { base: edit?.base ?? valueOf(local, f) };
    } else if (replaces[f] && edit) {
      values[f] = edit.base as never;
      delete localEdits[f];
    }
  }
  const waiting = Object.keys(localEdits).length > 0;
  // A rejected change before this one stays visible: this one waits for it.
  await db.customers.update(customerId, { ...values, localEdits: waiting ? localEdits : undefined, syncState: local.syncState === 'synced' && waiting ? 'pending' : local.syncState });
}

/**
 * The server answered a customer.update. Applied: a field the device still shows this command's
 * value for is confirmed; a field changed again here since gets this command's value as its new
 * base; the other fields take the server's (other devices' changes). Rejected: the change stays,
 * marked failed.
 */
export async function acknowledgeCustomerEdit(db: StoreDb, row: OutboxRow, syncState: SyncState, result: unknown): Promise<void> {
  const id = row.entity!.id;
  const local = await db.customers.get(id);
  if (!local) return;
  const answer = customerUpdateResultSchema.safeParse(result);
  if (syncState !== 'synced' || !answer.success) {
    await db.customers.update(id, { syncState });
    return;
  }
  const { changes } = row.payload as UpdatePayload;
  const localEdits = { ...local.localEdits };
  const server = answer.data.customer;
  const next: Partial<LocalCustomer> = { customerNumber: server.customerNumber, version: server.version, updatedAt: server.updatedAt };
  for (const f of CUSTOMER_EDIT_FIELDS) {
    const edit = localEdits[f];
    const mine = changes[f];
    if (edit && mine && valueOf(local, f) === mine.value) delete localEdits[f];
    else if (edit && mine) localEdits[f] = { ...edit, base: mine.value };
    // Notes are not in the answer (the sync log keeps answers); the next pull brings them.
    else if (!edit && f !== 'notes') next[f] = server[f] as never;
  }
  const waiting = Object.keys(localEdits).length > 0;
  await db.customers.update(id, { ...next, localEdits: waiting ? localEdits : undefined, syncState: waiting ? local.syncState : 'synced' });
}

/** A discarded customer.update: its fields go back to what the server is known to have (the later edits go with it: they depend on it). */
export async function undoCustomerEdit(db: StoreDb, row: OutboxRow): Promise<void> {
  const id = row.entity!.id;
  const local = await db.customers.get(id);
  if (!local?.localEdits) return;
  const { changes } = row.payload as UpdatePayload;
  const localEdits = { ...local.localEdits };
  const restored: Partial<LocalCustomer> = {};
  for (const f of CUSTOMER_EDIT_FIELDS) {
    const edit = localEdits[f];
    if (!changes[f] || !edit) continue;
    restored[f] = edit.base as never;
    delete localEdits[f];
  }
  const waiting = Object.keys(localEdits).length > 0;
  await db.customers.update(id, { ...restored, localEdits: waiting ? localEdits : undefined, syncState: waiting ? local.syncState : 'synced' });
}

/**
 * A customer from the server's copy, laid over the device's row: fields with an unconfirmed local
 * edit keep the device's value (and the row its sync state); null when the device's row must stay
 * as it is (a customer created here whose creation the server has not confirmed).
 */
export function mergeRefreshed(local: LocalCustomer | undefined, fresh: LocalCustomer): LocalCustomer | null {
  if (!local) return fresh;
  const edits = local.localEdits;
  if (!edits || !Object.keys(edits).length) return local.syncState === 'synced' ? fresh : null;
  const kept: Partial<Record<CustomerEditField, string | null>> = {};
  for (const f of CUSTOMER_EDIT_FIELDS) if (edits[f]) kept[f] = valueOf(local, f);
  return { ...fresh, ...kept, localEdits: edits, syncState: local.syncState } as LocalCustomer;
}

/** The staff member's overwritten edits as the device keeps them; one already here (perhaps dismissed) is never replaced. */
export async function storeConflicts(db: StoreDb, conflicts: readonly CustomerConflict[]): Promise<void> {
  for (const c of conflicts) {
    if (await db.customerConflicts.get(c.id)) continue;
    const row: LocalCustomerConflict = { id: c.id, customerId: c.customerId, field: c.field, mine: c.mine, winner: c.winner, at: c.at, dismissedAt: null };
    await db.customerConflicts.add(row);
  }
}

/** "OK": the conflict is dismissed on this device and its values (personal data) leave it. */
export async function dismissConflict(db: StoreDb, id: string, now = new Date()): Promise<void> {
  await db.customerConflicts.update(id, { dismissedAt: now.toISOString(), mine: null, winner: null });
}

/** The editable fields of a customer as the form shows them (empty text for none). */
export function editableOf(c: Pick<Customer, CustomerEditField>): Record<CustomerEditField, string> {
  return { street: c.street, zip: c.zip, city: c.city, phone: c.phone ?? '', email: c.email ?? '', notes: c.notes ?? '' };
}
