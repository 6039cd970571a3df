import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '@optik/shared/client';
import type { SyncCommandEnvelope, SyncResult } from '@optik/shared';
import { StoreDb, type LocalCustomer, type LocalRequisition } from '../db/db';
import { openVault } from '../db/vault';
import { createSyncEngine } from './engine';

/** A server with the real protocol's semantics: results stored by command id, applied once. */
function fakeServer() {
  const log = new Map<string, SyncResult>();
  const effects: string[] = [];
  let failNext = 0;
  let loseAnswer = false;
  const rejectIf: ((c: SyncCommandEnvelope) => string | null)[] = [];
  return {
    effects,
    received: [] as string[][],
    failTimes(n: number) {
      failNext = n;
    },
    loseNextAnswer() {
      loseAnswer = true;
    },
    reject(fn: (c: SyncCommandEnvelope) => string | null) {
      rejectIf.push(fn);
    },
    async send(commands: SyncCommandEnvelope[]): Promise<ApiResult<{ results: SyncResult[] }>> {
      this.received.push(commands.map((c) => c.id));
      if (failNext > 0) {
        failNext -= 1;
        return { ok: false, status: 503, error: { code: 'internal', message: 'down' } };
      }
      const results = commands.map((c): SyncResult => {
        const stored = log.get(c.id);
        if (stored) return { ...stored, status: 'duplicate' };
        const why = rejectIf.map((f) => f(c)).find(Boolean);
        const r: SyncResult = why
          ? { id: c.id, status: 'rejected', result: null, error: { code: 'validation_failed', message: why, fields: { zip: why } } }
          : { id: c.id, status: 'applied', result: { customerNumber: `K${100000 + effects.length + 1}` }, error: null };
        if (r.status === 'applied') effects.push(c.id);
        log.set(c.id, r);
        return r;
      });
      if (loseAnswer) {
        loseAnswer = false;
        return { ok: false, status: 0, error: { code: 'internal', message: 'network' } };
      }
      return { ok: true, status: 200, data: { results } };
    },
  };
}

let db: StoreDb;
let n = 0;
beforeEach(() => {
  db = new StoreDb(`test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

function customer(id: string, patch: Partial<LocalCustomer> = {}): LocalCustomer {
  return {
    id, customerNumber: null, firstName: 'Mette', lastName: 'Jensen', email: null, phone: '20304050', street: 'Vej 1', zip: '8000', city: 'Aarhus C',
    cprMasked: '070761-XXXX', birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: '', updatedAt: '', version: 1, syncState: 'pending', ...patch,
  };
}

async function setup() {
  const server = fakeServer();
  let t = 1_000_000;
  let ids = 0;
  const vault = await openVault(db);
  const engine = createSyncEngine({ db, vault, send: (c) => server.send(c), now: () => t, random: () => 0.5, newId: () => `cmd-${++ids}` });
  const addCustomer = (id: string, zip = '8000', dependsOn?: string[]) =>
    engine.record({ type: 'customer.create', payload: { customerId: id, zip }, entity: { table: 'customers', id }, dependsOn }, () => db.customers.add(customer(id, { zip })));
  return { server, engine, addCustomer, advance: (ms: number) => (t += ms), now: () => t };
}

describe('outbox engine', () => {
  it('writes the local record and its command in one transaction', async () => {
    const { engine, addCustomer } = await setup();
    await addCustomer('c1');
    expect(await db.customers.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    await expect(
      engine.record({ type: 'customer.create', payload: {}, entity: null }, async () => {
        await db.customers.add(customer('c2'));
        throw new Error('validation failed locally');
      }),
    ).rejects.toThrow();
    expect(await db.customers.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('sends commands in the order they were made, batched, and marks records synced', async () => {
    const { server, engine, addCustomer } = await setup();
    for (let i = 0; i < 120; i++) await addCustomer(`c${i}`);
    const r = await engine.drain();
    expect(r).toMatchObject({ applied: 120, rejected: 0 });
    expect(server.received.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(server.received.flat()).toEqual(Array.from({ length: 120 }, (_, i) => `cmd-${i + 1}`));
    expect(await db.customers.where('syncState').equals('synced').count()).toBe(120);
    expect((await db.customers.get('c0'))?.customerNumber).toBe('K100001');
    expect((await db.meta.get('last-sync'))?.value).toEqual(expect.any(String));
  });

  it('backs off 100 ms × 2–3 per failure, waits, and resets after a success', async () => {
    const { server, engine, addCustomer, advance, now } = await setup();
    await addCustomer('c1');
    server.failTimes(2);
    const first = await engine.syncOnce();
    expect(first).toEqual({ kind: 'offline', retryAt: now() + 250 });
    expect(await engine.syncOnce()).toEqual({ kind: 'waiting', until: now() + 250 });
    advance(250);
    const second = await engine.syncOnce();
    expect(second).toEqual({ kind: 'offline', retryAt: now() + 625 });
    advance(625);
    expect(await engine.syncOnce()).toEqual({ kind: 'sent', applied: 1, rejected: 0 });
    expect((await db.meta.get('sync-backoff'))?.value).toEqual({ attempts: 0, nextAttemptAt: 0 });
    expect(await db.syncLog.where('kind').equals('retry').count()).toBe(2);
  });

  it('replays a batch whose answer was lost without a second effect', async () => {
    const { server, engine, addCustomer, advance } = await setup();
    await addCustomer('c1');
    await addCustomer('c2');
    server.loseNextAnswer();
    expect((await engine.syncOnce()).kind).toBe('offline');
    expect(server.effects).toEqual(['cmd-1', 'cmd-2']);
    advance(60_000);
    expect(await engine.syncOnce()).toEqual({ kind: 'sent', applied: 2, rejected: 0 });
    expect(server.effects).toEqual(['cmd-1', 'cmd-2']);
    expect(await db.outbox.where('status').equals('sent').count()).toBe(2);
  });

  it('keeps a rejected command visible with the reason; its dependents wait; fix and resend carries them', async () => {
    const { server, engine, addCustomer } = await setup();
    server.reject((c) => ((c.payload as { zip: string }).zip === '0000' ? 'Ugyldigt postnummer.' : null));
    const bad = await addCustomer('c1', '0000');
    const dependent = await addCustomer('c2', '8000', [bad.commandId]);
    await addCustomer('c3');
    const r = await engine.drain();
    expect(r).toMatchObject({ applied: 1, rejected: 1 });
    const rejected = await db.outbox.where('id').equals(bad.commandId).first();
    expect(rejected).toMatchObject({ status: 'rejected', error: { message: 'Ugyldigt postnummer.' } });
    expect((await db.customers.get('c1'))?.syncState).toBe('failed');
    expect((await db.outbox.where('id').equals(dependent.commandId).first())?.status).toBe('pending');
    expect(server.received.flat()).not.toContain(dependent.commandId);

    const fixedId = await engine.fixAndResend(bad.commandId, { payload: { customerId: 'c1', zip: '8000' } }, () => db.customers.update('c1', { zip: '8000' }).then(() => undefined));
    expect((await db.customers.get('c1'))?.syncState).toBe('pending');
    await engine.drain();
    const order = server.received.flat();
    expect(order.indexOf(fixedId)).toBeLessThan(order.indexOf(dependent.commandId));
    expect(await db.customers.where('syncState').equals('synced').count()).toBe(3);
    expect(await db.syncLog.where('kind').equals('resent').count()).toBe(1);
  });

  it('discards a rejected command with its local record and dependents, and logs it', async () => {
    const { server, engine, addCustomer } = await setup();
    server.reject((c) => ((c.payload as { zip: string }).zip === '0000' ? 'Ugyldigt postnummer.' : null));
    const bad = await addCustomer('c1', '0000');
    await addCustomer('c2', '8000', [bad.commandId]);
    await engine.drain();
    await engine.discard(bad.commandId);
    expect(await db.customers.count()).toBe(0);
    expect(await db.outbox.where('status').anyOf('pending', 'rejected').count()).toBe(0);
    expect(await db.syncLog.where('kind').equals('discarded').count()).toBe(2);
    await expect(engine.fixAndResend(bad.commandId, { payload: {} })).rejects.toThrow(/afvist/);
  });

  it('stores the CPR only sealed with the device key and sends it in the payload', async () => {
    const { server, engine } = await setup();
    const sent: SyncCommandEnvelope[] = [];
    const original = server.send.bind(server);
    server.send = async (c) => {
      sent.push(...c);
      return original(c);
    };
    await engine.record(
      { type: 'customer.create', payload: { customerId: 'c9', zip: '8000' }, secret: { cpr: '070761-4285' }, entity: { table: 'customers', id: 'c9' } },
      () => db.customers.add(customer('c9')),
    );
    const row = await db.outbox.where('id').equals('cmd-1').first();
    expect(JSON.stringify(row)).not.toMatch(/070761|4285/);
    expect(JSON.stringify(await db.customers.get('c9'))).not.toMatch(/4285/);
    await engine.drain();
    expect(sent[0]!.payload).toEqual({ customerId: 'c9', zip: '8000', cpr: '070761-4285' });
  });

  it('keeps queued commands through the upgrade from the first database version', async () => {
    const name = db.name;
    await db.delete();
    const v1 = new Dexie(name);
    v1.version(1).stores({ catalogue: 'id, slug, category, *routes', customers: 'id, customerNumber, lastName, phone, email, syncState', outbox: '++seq, &id, status', syncLog: '++seq, at', meta: 'key' });
    await v1.table('customers').add(customer('old'));
    await v1.table('outbox').add({ id: 'old-cmd', type: 'customer.create', createdAt: '2026-11-01T10:00:00.000Z', payload: { customerId: 'old', zip: '8000' }, entity: { table: 'customers', id: 'old' }, status: 'pending', error: null, sentAt: null });
    v1.close();

    db = new StoreDb(name);
    const row = await db.outbox.where('id').equals('old-cmd').first();
    expect(row).toMatchObject({ status: 'pending', dependsOn: [], attempts: 0, nextAttemptAt: 0 });
    const { server, engine } = await setup();
    await engine.drain();
    expect(server.effects).toEqual(['old-cmd']);
    expect((await db.customers.get('old'))?.syncState).toBe('synced');
    // Every later table exists after the step-by-step upgrade.
    expect(db.verno).toBe(7);
    expect(db.tables.map((t) => t.name).sort()).toEqual(['bookings', 'catalogue', 'customerConflicts', 'customers', 'meta', 'orders', 'outbox', 'paymentRequests', 'prescriptions', 'requisitions', 'returns', 'syncLog']);
  });

  it("a payment request waits for its order's command and takes the server's masked recipient", async () => {
    const { server, engine, addCustomer } = await setup();
    const original = server.send.bind(server);
    server.send = async (c) => {
      const r = await original(c);
      if (r.ok) for (const x of r.data.results) if (c.find((y) => y.id === x.id)?.type === 'paymentRequest.send') x.result = { sentTo: '+45 •• •• 28 29' };
      return r;
    };
    const rejectedCustomer = await addCustomer('c1', '0000');
    server.reject((c) => ((c.payload as { zip?: string }).zip === '0000' ? 'Ugyldigt postnummer.' : null));
    await engine.record(
      { type: 'paymentRequest.send', payload: { requestId: 'p1', orderId: 'o1', channel: 'sms' }, entity: { table: 'paymentRequests', id: 'p1' }, dependsOn: [rejectedCustomer.commandId] },
      () => db.paymentRequests.add({ id: 'p1', orderId: 'o1', channel: 'sms', sentTo: null, createdAt: '', syncState: 'pending' }),
    );
    await engine.drain();
    expect(server.received.flat()).toEqual([rejectedCustomer.commandId]);
    expect(await db.paymentRequests.get('p1')).toMatchObject({ syncState: 'pending', sentTo: null });
    await engine.fixAndResend(rejectedCustomer.commandId, { payload: { customerId: 'c1', zip: '8000' } });
    await engine.drain();
    expect(await db.paymentRequests.get('p1')).toMatchObject({ syncState: 'synced', sentTo: '+45 •• •• 28 29' });
  });

  it('discarding a rejected requisition decision undoes it on the device instead of deleting the requisition', async () => {
    const { server, engine } = await setup();
    const requisition: LocalRequisition = {
      id: 'rq-1', storeId: 'st-001', contractId: 'co-001', companyName: 'Firma A/S', employeeName: 'Lars', employeeNumber: null, glassLevel: 'plus', frameLevel: 'basis',
      protectiveGlasses: false, photochromic: false, maxAmount: 150000, requestedAt: '2026-11-10T09:00:00.000Z', status: 'pending', note: null, decidedBy: null, decidedAt: null, syncState: null,
    };
    await db.requisitions.add(requisition);
    server.reject((c) => (c.type === 'requisition.decide' ? 'Rekvisitionen er allerede godkendt.' : null));
    const { commandId } = await engine.record({ type: 'requisition.decide', payload: { requisitionId: 'rq-1', decision: 'rejected', note: 'Nej' }, entity: { table: 'requisitions', id: 'rq-1' } }, () =>
      db.requisitions.update('rq-1', { status: 'rejected', note: 'Nej', decidedBy: 'Henrik', decidedAt: '2026-11-22T10:00:00.000Z', syncState: 'pending' }),
    );
    await engine.drain();
    expect(await db.requisitions.get('rq-1')).toMatchObject({ status: 'rejected', syncState: 'failed' });
    await engine.discard(commandId);
    expect(await db.requisitions.get('rq-1')).toEqual(requisition);
  });
});
