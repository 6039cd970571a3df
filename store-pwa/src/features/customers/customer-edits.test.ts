import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer, SyncCommandEnvelope, SyncResult } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { StoreDb, type LocalCustomer } from '../../db/db';
import { openVault } from '../../db/vault';
import { createSyncEngine } from '../../sync/engine';
import { customerUpdateCommand, mergeRefreshed, storeConflicts, dismissConflict, writeCustomerEdit, type CustomerChanges } from './customer-edits';

/**
 * The device side of decision 011: an edit is on the device at once, a refreshed copy never
 * clobbers it, the server's answer confirms it, and a discarded one is undone — the customer stays.
 */

let db: StoreDb;
let n = 0;
beforeEach(() => {
  db = new StoreDb(`edits-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

const SERVER: Customer = {
  id: 'c1', customerNumber: 'K100001', firstName: 'Mette', lastName: 'Jensen', email: null, phone: '20304050', street: 'Søndergade 1', zip: '8000', city: 'Aarhus C',
  cpr: null, birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', notes: null, createdAt: '2026-11-22T09:00:00.000Z', updatedAt: '2026-11-22T09:00:00.000Z', version: 1,
};
const local = (patch: Partial<LocalCustomer> = {}): LocalCustomer => {
  const { cpr, ...rest } = SERVER;
  return { ...rest, cprMasked: cpr, syncState: 'synced', ...patch };
};

/** A server that applies customer.update field by field (the decision's rule, enough for the device's side), or rejects when told. */
async function setup() {
  let server: Customer = { ...SERVER };
  let reject: string | null = null;
  let ids = 0;
  const send = async (commands: SyncCommandEnvelope[]): Promise<ApiResult<{ results: SyncResult[] }>> => ({
    ok: true,
    status: 200,
    data: {
      results: commands.map((c): SyncResult => {
        if (reject) return { id: c.id, status: 'rejected', result: null, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { phone: reject } } };
        const { changes } = c.payload as { changes: CustomerChanges };
        const fields = Object.entries(changes).map(([field, ch]) => {
          const outcome = (server as Record<string, unknown>)[field] === ch!.base ? 'applied' : 'overwrote';
          server = { ...server, [field]: ch!.value, version: server.version + 1 };
          return { field, outcome };
        });
        const { notes: _notes, ...withoutNotes } = server;
        return { id: c.id, status: 'applied', result: { customer: withoutNotes, fields }, error: null };
      }),
    },
  });
  const engine = createSyncEngine({ db, vault: await openVault(db), send, newId: () => `cmd-${++ids}` });
  const edit = async (changes: CustomerChanges) => (await engine.record(await customerUpdateCommand(db, 'c1', changes), () => writeCustomerEdit(db, 'c1', changes))).commandId;
  return {
    engine,
    edit,
    otherDevice: (patch: Partial<Customer>) => (server = { ...server, ...patch, version: server.version + 1 }),
    rejectWith: (why: string | null) => (reject = why),
    server: () => server,
  };
}

describe('customer edits on the device', () => {
  it('changes the customer at once, with a command carrying only the changed fields and their base', async () => {
    await db.customers.add(local());
    const { edit } = await setup();
    await edit({ phone: { value: '40414243', base: '20304050' } });
    expect(await db.customers.get('c1')).toMatchObject({ phone: '40414243', street: 'Søndergade 1', syncState: 'pending', localEdits: { phone: { base: '20304050' } } });
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ type: 'customer.update', payload: { customerId: 'c1', changes: { phone: { value: '40414243', base: '20304050' } } }, entity: { table: 'customers', id: 'c1' }, status: 'pending' });
  });

  it("keeps an unsynced edit through a refreshed copy and takes the other device's change to another field", async () => {
    await db.customers.add(local());
    const { edit } = await setup();
    await edit({ phone: { value: '40414243', base: '20304050' } });
    const refreshed = mergeRefreshed(await db.customers.get('c1'), local({ phone: '50515253', street: 'Vestergade 2', version: 2 }));
    expect(refreshed).toMatchObject({ phone: '40414243', street: 'Vestergade 2', syncState: 'pending', localEdits: { phone: { base: '20304050' } } });
    // Without local edits the server's copy is taken whole; a customer whose creation is not confirmed is left alone.
    expect(mergeRefreshed(local(), local({ phone: '50515253' }))!.phone).toBe('50515253');
    expect(mergeRefreshed(local({ syncState: 'pending' }), local({ phone: '50515253' }))).toBeNull();
  });

  it("confirms an applied edit, takes the server's other fields, and keeps a field edited again since", async () => {
    await db.customers.add(local());
    const { engine, edit, otherDevice } = await setup();
    await edit({ phone: { value: '40414243', base: '20304050' } });
    otherDevice({ street: 'Vestergade 2' });
    await engine.drain();
    expect(await db.customers.get('c1')).toMatchObject({ phone: '40414243', street: 'Vestergade 2', syncState: 'synced', version: 3 });
    expect((await db.customers.get('c1'))!.localEdits).toBeUndefined();

    // Two edits of one field; the first is answered while the device already shows the second.
    await edit({ email: { value: 'a@example.dk', base: null } });
    const sent = await db.outbox.where('status').equals('pending').toArray();
    await edit({ email: { value: 'b@example.dk', base: 'a@example.dk' } });
    expect((await db.outbox.where('status').equals('pending').last())!.dependsOn).toEqual(sent.map((r) => r.id));
    // The second waits for the first to be applied: the first's answer makes its value the field's base.
    await engine.syncOnce();
    expect(await db.customers.get('c1')).toMatchObject({ email: 'b@example.dk', syncState: 'pending', localEdits: { email: { base: 'a@example.dk' } } });
    await engine.syncOnce();
    expect(await db.customers.get('c1')).toMatchObject({ email: 'b@example.dk', syncState: 'synced' });
    expect((await db.customers.get('c1'))!.localEdits).toBeUndefined();
  });

  it('a rejected edit stays on the device, marked failed; discarded, its fields go back and the customer stays', async () => {
    await db.customers.add(local());
    const { engine, edit, rejectWith } = await setup();
    rejectWith('Ugyldigt telefonnummer.');
    const first = await edit({ phone: { value: '40414243', base: '20304050' }, notes: { value: 'Tørre øjne', base: null } });
    await edit({ street: { value: 'Vestergade 2', base: 'Søndergade 1' } });
    await engine.drain();
    expect(await db.customers.get('c1')).toMatchObject({ phone: '40414243', syncState: 'failed' });
    await engine.discard(first);
    // The later edit waited for the rejected one and goes with it.
    expect(await db.outbox.where('status').equals('discarded').count()).toBe(2);
    expect(await db.customers.get('c1')).toMatchObject({ phone: '20304050', notes: null, street: 'Søndergade 1', syncState: 'synced' });
    expect((await db.customers.get('c1'))!.localEdits).toBeUndefined();
  });

  it('a fixed edit is sent again with the corrected value; a field the fix leaves out goes back', async () => {
    await db.customers.add(local());
    const { engine, edit, rejectWith, server } = await setup();
    rejectWith('Ugyldigt telefonnummer.');
    const rejected = await edit({ phone: { value: '4041', base: '20304050' }, city: { value: 'Aarhus', base: 'Aarhus C' } });
    await engine.drain();
    rejectWith(null);
    const fixed = { phone: { value: '40414243', base: '20304050' } };
    const row = (await db.outbox.where('id').equals(rejected).first())!;
    await engine.fixAndResend(rejected, { payload: { customerId: 'c1', changes: fixed } }, () => writeCustomerEdit(db, 'c1', fixed, (row.payload as { changes: CustomerChanges }).changes));
    expect(await db.customers.get('c1')).toMatchObject({ phone: '40414243', city: 'Aarhus C', syncState: 'pending' });
    await engine.drain();
    expect(server()).toMatchObject({ phone: '40414243', city: 'Aarhus C' });
    expect(await db.customers.get('c1')).toMatchObject({ phone: '40414243', syncState: 'synced' });
  });

  it('keeps a conflict the device already has (dismissed or not) when a later pull brings it again; OK drops its values', async () => {
    const conflict = { id: 'cmd-9:phone', customerId: 'c1', field: 'phone' as const, mine: '40414243', winner: '50515253', at: '2026-11-22T10:00:00.000Z' };
    await storeConflicts(db, [conflict]);
    await dismissConflict(db, conflict.id, new Date('2026-11-22T11:00:00.000Z'));
    await storeConflicts(db, [conflict]);
    expect(await db.customerConflicts.toArray()).toEqual([{ ...conflict, mine: null, winner: null, dismissedAt: '2026-11-22T11:00:00.000Z' }]);
  });
});
