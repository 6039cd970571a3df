import { syncPayloadSchemas, type SessionUser, type SyncCommandEnvelope, type SyncCommandType, type SyncResult } from '@optik/shared';
import type { Clock } from '../../deps';
import { fieldErrors, HttpError } from '../../http/errors';
import type { Storage } from '../../storage/port';
import type { SyncLogRecord } from './records';
import type { CustomerService } from '../customers/service';
import type { PrescriptionService } from '../prescriptions/service';
import type { OrderService } from '../orders/service';
import type { PaymentService } from '../payments/service';
import type { RequisitionService } from '../requisitions/service';
import { C } from '../../collections';

type Handler = (payload: unknown, user: SessionUser) => Promise<unknown>;

/**
 * POST /api/sync intake, after rocicorp's push protocol:
 *  1. commands are processed in the order sent;
 *  2. a command id already in the sync log answers its stored result ("duplicate") — no second effect;
 *  3. a command id being processed right now (the same batch sent twice at once) waits for
 *     that run and then answers its stored result;
 *  4. a bad payload or a refused rule is recorded as "rejected" with field errors and does not
 *     stop the commands after it.
 */
export class SyncService {
  private readonly inFlight = new Map<string, Promise<SyncResult>>();
  private readonly handlers: Record<SyncCommandType, Handler>;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    s: { customers: CustomerService; prescriptions: PrescriptionService; orders: OrderService; payments: PaymentService; requisitions: RequisitionService },
  ) {
    this.handlers = {
      'customer.create': (payload, user) => s.customers.create(syncPayloadSchemas['customer.create'].parse(payload), user.storeId!),
      'prescription.create': (payload, user) => s.prescriptions.create(syncPayloadSchemas['prescription.create'].parse(payload), user.storeId!),
      'order.create': (payload, user) => s.orders.create(syncPayloadSchemas['order.create'].parse(payload), user.storeId!),
      'paymentRequest.send': (payload, user) => s.payments.send(syncPayloadSchemas['paymentRequest.send'].parse(payload), user),
      'requisition.decide': (payload, user) => s.requisitions.decide(syncPayloadSchemas['requisition.decide'].parse(payload), user),
    };
  }

  async push(commands: SyncCommandEnvelope[], user: SessionUser): Promise<SyncResult[]> {
    const results: SyncResult[] = [];
    for (const command of commands) results.push(await this.one(command, user));
    return results;
  }

  /**
   * The in-flight entry is set before the first await: two requests carrying the same command
   * must never both pass the sync-log check (a handler with an outside effect, like an SMS,
   * would run twice).
   */
  private one(command: SyncCommandEnvelope, user: SessionUser): Promise<SyncResult> {
    const running = this.inFlight.get(command.id);
    if (running) return running.then((r) => ({ ...r, status: 'duplicate' }));
    const run = (async (): Promise<SyncResult> => {
      const logged = await this.storage.collection(C.syncLog).get(command.id);
      if (logged) return { id: logged.id, status: 'duplicate', result: logged.result, error: logged.error };
      return this.apply(command, user);
    })().finally(() => this.inFlight.delete(command.id));
    this.inFlight.set(command.id, run);
    return run;
  }

  private async apply(command: SyncCommandEnvelope, user: SessionUser): Promise<SyncResult> {
    const handler = this.handlers[command.type as SyncCommandType] as Handler | undefined;
    let entry: Pick<SyncLogRecord, 'status' | 'result' | 'error'>;
    try {
      if (!handler) throw new HttpError(400, 'bad_request', `Ukendt kommando: ${command.type}`);
      entry = { status: 'applied', result: await handler(command.payload, user), error: null };
    } catch (err) {
      entry = { status: 'rejected', result: null, error: toError(err) };
    }
    await this.storage.collection(C.syncLog).put({
      id: command.id,
      type: command.type,
      storeId: user.storeId!,
      accountId: user.id,
      at: this.clock.now().toISOString(),
      ...entry,
    });
    return { id: command.id, ...entry };
  }
}

function toError(err: unknown): NonNullable<SyncResult['error']> {
  if (err instanceof HttpError) return err.fields ? { code: err.code, message: err.message, fields: err.fields } : { code: err.code, message: err.message };
  if (err && typeof err === 'object' && 'issues' in err) {
    return { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: fieldErrors(err as Parameters<typeof fieldErrors>[0]) };
  }
  throw err;
}
