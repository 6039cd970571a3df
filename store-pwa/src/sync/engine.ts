import Dexie from 'dexie';
import { backoffDelays, type ApiResult } from '@optik/shared/client';

/** At most this many pending commands are read per page when choosing the next batch. */
const MAX_PAGE = 200;
import { replayCounterCommands, type OrderReturn, type OrderStatusCommand, type StaffBooking, type SyncCommandEnvelope, type SyncResult } from '@optik/shared';
import type { LocalBooking, LocalOrder, LocalRequisition, LocalReturn, OutboxRow, StoreDb, SyncLogRow } from '../db/db';
import { t } from '../messages';
import type { Vault } from '../db/vault';
import { acknowledgeCustomerEdit, undoCustomerEdit } from '../features/customers/customer-edits';

export interface SyncEngineDeps {
  db: StoreDb;
  vault: Vault;
  send(commands: SyncCommandEnvelope[]): Promise<ApiResult<{ results: SyncResult[] }>>;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
  /** Commands per request (default 50). */
  batchSize?: number;
}

export interface NewCommand {
  type: string;
  payload: Record<string, unknown>;
  /** Personal data (CPR …): sealed with the device key, merged into the payload when sent. */
  secret?: Record<string, unknown>;
  entity: OutboxRow['entity'];
  dependsOn?: string[];
}

export type SyncOutcome =
  | { kind: 'idle' }
  | { kind: 'waiting'; until: number }
  | { kind: 'sent'; applied: number; rejected: number }
  | { kind: 'offline'; retryAt: number }
  | { kind: 'unauthenticated' };

const BACKOFF_KEY = 'sync-backoff';
export const LAST_SYNC_KEY = 'last-sync';

/**
 * The outbox engine. Every change staff make is written locally together with its command
 * in one Dexie transaction (`record`); `syncOnce` sends pending commands in order, in
 * batches, to POST /api/sync. The command id is the idempotency key, so a batch resent
 * after a lost answer has no second effect. Failures back off (100 ms × 2–3, cap ≈ 60 s);
 * a rejected command stays visible with the server's reason until it is fixed and resent
 * or discarded, and commands that depend on it wait with it.
 */
/** Commands per sync request the device sends (the app's own setting; tests and the chaos bench may set another). */
export const DEFAULT_BATCH_SIZE = 50;

export function createSyncEngine(deps: SyncEngineDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const log = (row: Omit<SyncLogRow, 'seq' | 'at'>) => db.syncLog.add({ at: new Date(now()).toISOString(), ...row });

  /** Local write + outbox row in one transaction: both happen or neither does. */
  async function record<T>(command: NewCommand, write: () => Promise<T>): Promise<{ commandId: string; value: T }> {
    const commandId = newId();
    // Sealed before the transaction: IndexedDB transactions end at an await on anything else.
    const sealed = command.secret ? await deps.vault.seal(command.secret) : null;
    const value = await db.transaction('rw', [...db.entityTables, db.outbox], async () => {
      const v = await write();
      await db.outbox.add({
        id: commandId,
        type: command.type,
        createdAt: new Date(now()).toISOString(),
        payload: command.payload,
        sealed,
        entity: command.entity,
        dependsOn: command.dependsOn ?? [],
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        error: null,
        sentAt: null,
      });
      return v;
    });
    return { commandId, value };
  }

  /**
   * Pending commands in order. A command goes only once everything it depends on is applied
   * (not merely in the same batch): the server does not know the dependency, so a dependent
   * sent beside a command that then gets rejected would be applied on its own.
   */
  async function nextBatch(): Promise<OutboxRow[]> {
    // Rejected commands are few; pending ones are read in order a page at a time, so a long
    // queue costs a round only the rows it looks at (the whole outbox was read every round).
    const blocked = new Set((await db.outbox.where('status').equals('rejected').toArray()).map((r) => r.id));
    const waiting = new Set<string>();
    /** A dependency not met among the rows read so far: ask the outbox (a command fixed and resent comes later). */
    const stateOf = async (id: string): Promise<'blocked' | 'waiting' | 'done'> => {
      if (blocked.has(id)) return 'blocked';
      if (waiting.has(id)) return 'waiting';
      const row = await db.outbox.where('id').equals(id).first();
      return row?.status === 'rejected' ? 'blocked' : row?.status === 'pending' ? 'waiting' : 'done';
    };
    const batch: OutboxRow[] = [];
    let after = 0;
    // Most rounds find their batch among the first rows; pages grow when commands wait for others.
    for (let size = batchSize + 1; ; size = Math.min(size * 2, MAX_PAGE)) {
      const page = await db.outbox.where('[status+seq]').between(['pending', after], ['pending', Dexie.maxKey], false, true).limit(size).toArray();
      for (const r of page) {
        after = r.seq!;
        const states = await Promise.all(r.dependsOn.map(stateOf));
        if (states.includes('blocked')) blocked.add(r.id);
        else if (!states.includes('waiting')) batch.push(r);
        waiting.add(r.id);
        if (batch.length === batchSize) return batch;
      }
      if (page.length < size) return batch;
    }
  }

  async function backoff(): Promise<{ attempts: number; nextAttemptAt: number }> {
    return ((await db.meta.get(BACKOFF_KEY))?.value as { attempts: number; nextAttemptAt: number } | undefined) ?? { attempts: 0, nextAttemptAt: 0 };
  }

  async function syncOnce(): Promise<SyncOutcome> {
    const state = await backoff();
    if (state.nextAttemptAt > now()) return { kind: 'waiting', until: state.nextAttemptAt };
    const batch = await nextBatch();
    if (batch.length === 0) return { kind: 'idle' };
    const commands = await Promise.all(
      batch.map(async (r) => ({
        id: r.id,
        type: r.type,
        createdAt: r.createdAt,
        payload: r.sealed ? { ...(r.payload as object), ...(await deps.vault.open<object>(r.sealed)) } : r.payload,
      })),
    );
    const res = await deps.send(commands);
    if (!res.ok) {
      if (res.status === 401 || res.status === 403) return { kind: 'unauthenticated' };
      const attempts = state.attempts + 1;
      const delays = backoffDelays(random, attempts);
      const retryAt = now() + delays[delays.length - 1]!;
      await db.meta.put({ key: BACKOFF_KEY, value: { attempts, nextAttemptAt: retryAt } });
      await log({ commandId: null, kind: 'retry', message: `Synkronisering mislykkedes (${res.status || 'ingen forbindelse'}); prøver igen.` });
      return { kind: 'offline', retryAt };
    }
    let applied = 0;
    let rejected = 0;
    const at = new Date(now()).toISOString();
    await db.transaction('rw', [...db.entityTables, db.outbox, db.syncLog, db.meta], async () => {
      for (const result of res.data.results) {
        const row = batch.find((r) => r.id === result.id);
        if (!row) continue;
        if (result.status === 'rejected') {
          rejected += 1;
          await db.outbox.update(row.seq!, { status: 'rejected', error: result.error });
          await setEntityState(row, 'failed');
          await log({ commandId: row.id, kind: 'rejected', message: result.error?.message ?? 'Afvist' });
        } else {
          applied += 1;
          await db.outbox.update(row.seq!, { status: 'sent', sentAt: at, error: null });
          await setEntityState(row, 'synced', result.result);
          await log({ commandId: row.id, kind: 'sent', message: describe(row) });
        }
      }
      await db.meta.put({ key: BACKOFF_KEY, value: { attempts: 0, nextAttemptAt: 0 } });
      await db.meta.put({ key: LAST_SYNC_KEY, value: at });
    });
    return { kind: 'sent', applied, rejected };
  }

  async function setEntityState(row: OutboxRow, syncState: 'synced' | 'failed' | 'pending', result?: unknown) {
    if (!row.entity) return;
    const server = (result ?? {}) as { customerNumber?: string; orderNumber?: string; totalPrice?: number; paymentStatus?: LocalOrder['paymentStatus']; sentTo?: string; status?: LocalOrder['status']; updatedAt?: string };
    if (row.entity.table === 'paymentRequests') {
      await db.paymentRequests.update(row.entity.id, server.sentTo ? { syncState, sentTo: server.sentTo } : { syncState });
    } else if (row.entity.table === 'requisitions') {
      // Applied: the server's record (who decided, when) replaces the device's.
      const decided = result && typeof result === 'object' && 'status' in result ? (result as Partial<LocalRequisition>) : {};
      await db.requisitions.update(row.entity.id, { ...decided, syncState: syncState === 'synced' ? null : syncState });
    } else if (row.entity.table === 'customers' && row.type === 'customer.update') {
      await acknowledgeCustomerEdit(db, row, syncState, result);
    } else if (row.entity.table === 'bookings') {
      // Applied: the server's counter fields are the new baseline; a rejection keeps what staff did, marked failed.
      if (syncState === 'failed') await db.bookings.update(row.entity.id, { syncState });
      else await rebaseBooking(row.entity.id, syncState === 'synced' && result ? serverCounterFields(result as StaffBooking) : undefined);
    } else if (row.entity.table === 'customers') {
      await db.customers.update(row.entity.id, server.customerNumber ? { syncState, customerNumber: server.customerNumber } : { syncState });
    } else if (row.entity.table === 'orders') {
      // The server's order number, price and payment state replace the device's estimate.
      const { orderNumber, totalPrice, paymentStatus, status, updatedAt } = server;
      // A status change answers the order as the server has it now.
      const stepped = row.type === 'order.status' && status ? { status, updatedAt } : {};
      await db.orders.update(row.entity.id, orderNumber ? { syncState, orderNumber, totalPrice, paymentStatus, ...stepped } : { syncState });
    } else if (row.entity.table === 'returns') {
      await db.returns.update(row.entity.id, result && typeof result === 'object' && 'returnNumber' in result ? { ...fromServerReturn(result as OrderReturn), syncState } : { syncState });
    } else {
      await db.prescriptions.update(row.entity.id, { syncState });
    }
  }

  /** Sends until nothing more can go now (everything sent, blocked, or waiting for backoff). */
  async function drain(maxRounds = 1000): Promise<{ applied: number; rejected: number; stoppedBy: SyncOutcome }> {
    let applied = 0;
    let rejected = 0;
    for (let i = 0; i < maxRounds; i++) {
      const outcome = await syncOnce();
      if (outcome.kind !== 'sent') return { applied, rejected, stoppedBy: outcome };
      applied += outcome.applied;
      rejected += outcome.rejected;
    }
    return { applied, rejected, stoppedBy: { kind: 'idle' } };
  }

  /** Replaces a rejected command by a corrected one under a new id; its dependents follow it. */
  async function fixAndResend(commandId: string, fixed: Pick<NewCommand, 'payload' | 'secret'>, write?: () => Promise<void>): Promise<string> {
    const fixedId = newId();
    const sealed = fixed.secret ? await deps.vault.seal(fixed.secret) : null;
    const payload = fixed.payload;
    await db.transaction('rw', [...db.entityTables, db.outbox, db.syncLog], async () => {
      const row = await db.outbox.where('id').equals(commandId).first();
      if (!row || row.status !== 'rejected') throw new Error('Kun en afvist ændring kan rettes og sendes igen.');
      await write?.();
      await db.outbox.update(row.seq!, { status: 'discarded' });
      await db.outbox.add({ ...row, seq: undefined, id: fixedId, payload, sealed, status: 'pending', error: null, attempts: 0, nextAttemptAt: 0, sentAt: null });
      await db.outbox
        .where('dependsOn')
        .equals(commandId)
        .modify((d) => {
          d.dependsOn = d.dependsOn.map((x) => (x === commandId ? fixedId : x));
        });
      await setEntityState(row, 'pending');
      await log({ commandId: fixedId, kind: 'resent', message: `${describe(row)} rettet og sendt igen` });
    });
    return fixedId;
  }

  /** Drops a rejected command, the local record it made, and every command waiting on it — logged, never silent. */
  async function discard(commandId: string): Promise<void> {
    await db.transaction('rw', [...db.entityTables, db.outbox, db.syncLog], async () => {
      const all = await db.outbox.where('status').anyOf('pending', 'rejected').sortBy('seq');
      const gone = new Set([commandId]);
      for (const r of all) if (r.dependsOn.some((d) => gone.has(d))) gone.add(r.id);
      // Newest first: a record's later changes are undone before its earlier ones (and before its creation).
      for (const r of all.filter((x) => gone.has(x.id)).reverse()) {
        await db.outbox.update(r.seq!, { status: 'discarded' });
        await undoLocal(r);
        await log({ commandId: r.id, kind: 'discarded', message: `${describe(r)} kasseret` });
      }
    });
  }

  /** A discarded change leaves nothing on the device: a created record goes, a decision or a step is undone. */
  async function undoLocal(row: OutboxRow) {
    const entity = row.entity;
    if (!entity) return;
    if (row.type === 'customer.update') {
      // An edit of a customer the server has: its fields go back, the customer stays.
      await undoCustomerEdit(db, row);
    } else if (row.type === 'order.status') {
      // Back to the state the device showed before the step (the command carries it).
      const { from } = row.payload as Partial<OrderStatusCommand>;
      await db.orders.update(entity.id, { status: from, syncState: (await stateLeft(entity.id)) ?? 'synced' });
    } else if (row.type === 'return.confirm') {
      await db.returns.update(entity.id, { status: 'received', syncState: (await stateLeft(entity.id)) ?? null });
    } else if (entity.table === 'requisitions') {
      await db.requisitions.update(entity.id, { status: 'pending', note: null, decidedBy: null, decidedAt: null, syncState: null });
    } else if (entity.table === 'bookings') {
      // A booking comes from the server: undone to what the server last said, never deleted.
      await rebaseBooking(entity.id);
    } else {
      await db.table(entity.table).delete(entity.id);
    }
  }

  /**
   * Shows a booking as the server last said (`server`, or the baseline kept on it) with the
   * counter commands still unsent for it applied on top, in order; its sync state follows them.
   */
  async function rebaseBooking(id: string, server?: NonNullable<LocalBooking['server']>) {
    const b = await db.bookings.get(id);
    if (!b) return;
    const base = server ?? b.server;
    const unsent = (await db.outbox.where('status').anyOf('pending', 'rejected').sortBy('seq')).filter((r) => r.entity?.table === 'bookings' && r.entity.id === id);
    const syncState = unsent.length === 0 ? null : unsent.some((r) => r.status === 'rejected') ? 'failed' : 'pending';
    if (!base) return void (await db.bookings.update(id, { syncState }));
    const shown = replayCounterCommands({ ...b, ...base, attendance: base.attendance, attendanceAt: base.attendanceAt }, unsent);
    await db.bookings.put({ ...shown, server: base, syncState });
  }

  /** The sync state a record keeps from its other unsent commands (its creation …); null when none is left. */
  async function stateLeft(entityId: string): Promise<'pending' | 'failed' | null> {
    const left = (await db.outbox.where('status').anyOf('pending', 'rejected').toArray()).filter((r) => r.entity?.id === entityId);
    return left.some((r) => r.status === 'rejected') ? 'failed' : left.length ? 'pending' : null;
  }

  /** The unsent (pending or rejected) command that creates `entityId`, for commands that depend on it. */
  async function pendingCommandFor(entityId: string): Promise<string | null> {
    const rows = await db.outbox.where('status').anyOf('pending', 'rejected').toArray();
    return rows.find((r) => r.entity?.id === entityId)?.id ?? null;
  }

  /** The network is back: the next attempt goes now, not when the last backoff delay ends. */
  async function resetBackoff(): Promise<void> {
    await db.meta.put({ key: BACKOFF_KEY, value: { attempts: 0, nextAttemptAt: 0 } });
  }

  return { record, syncOnce, drain, fixAndResend, discard, resetBackoff, pendingCommandFor };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;

/** The counter fields of a booking as the server answered it: the device's baseline for it. */
export function serverCounterFields(b: Pick<StaffBooking, 'status' | 'confirmationState' | 'customerId' | 'attendance' | 'attendanceAt'>): NonNullable<LocalBooking['server']> {
  return { status: b.status, confirmationState: b.confirmationState, customerId: b.customerId, attendance: b.attendance, attendanceAt: b.attendanceAt };
}

function describe(row: OutboxRow): string {
  return t.sync.types[row.type] ?? row.type;
}

/** A return as the server answers it, in the device's terms: received (waiting for approval), confirmed, or refunded. */
export function fromServerReturn(r: OrderReturn): Pick<LocalReturn, 'returnNumber' | 'status' | 'refundAmount'> {
  return { returnNumber: r.returnNumber, status: r.status === 'pending' ? 'received' : r.refundedAt ? 'refunded' : 'confirmed', refundAmount: r.refundTotal };
}
