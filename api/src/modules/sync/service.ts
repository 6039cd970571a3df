import { paymentRequestSchema, syncPayloadSchemas, type SessionUser, type SyncCommandEnvelope, type SyncCommandType, type SyncResult } from '@optik/shared';
import type { Clock } from '../../deps';
import { fieldErrors, HttpError } from '../../http/errors';
import type { Storage } from '../../storage/port';
import type { SyncLogRecord } from './records';
import { SyncLogRepository } from './repository';
import type { CustomerService } from '../customers/service';
import type { PrescriptionService } from '../prescriptions/service';
import type { OrderService } from '../orders/service';
import type { PaymentService } from '../payments/service';
import type { RequisitionService } from '../requisitions/service';

type Handler = (payload: unknown, user: SessionUser) => Promise<unknown>;

export const syncMessages = {
  unknownCommand: (type: string) => `Ukendt kommando: ${type}`,
  otherStore: 'Kommandoen er allerede brugt af en anden butik.',
} as const;

/**
 * POST /api/sync intake, after rocicorp's push protocol:
 *  1. commands are processed in the order sent, each in one transaction: its effects and its
 *     sync-log entry commit together or not at all; the answer waits until all are durable;
 *  2. a command id already in the sync log answers its stored result ("duplicate") — no second
 *     effect. Transactions run one at a time, so the same batch sent twice at once applies once;
 *  3. a command id another store has used is refused, without that store's result;
 *  4. a bad payload or a refused rule is recorded as "rejected" with field errors (its partial
 *     writes undone) and does not stop the commands after it.
 */
export class SyncService {
  /** A Map: a command type is the client's text, and `toString` or `__proto__` must be no handler. */
  private readonly handlers: ReadonlyMap<string, Handler>;
  private readonly log: SyncLogRepository;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly s: { customers: CustomerService; prescriptions: PrescriptionService; orders: OrderService; payments: PaymentService; requisitions: RequisitionService },
  ) {
    this.log = new SyncLogRepository(storage);
    const handlers: Record<SyncCommandType, Handler> = {
      'customer.create': (payload, user) => s.customers.create(syncPayloadSchemas['customer.create'].parse(payload), user.storeId!),
      'prescription.create': (payload, user) => s.prescriptions.create(syncPayloadSchemas['prescription.create'].parse(payload), user.storeId!),
      'order.create': (payload, user) => s.orders.create(syncPayloadSchemas['order.create'].parse(payload), user.storeId!),
      'paymentRequest.send': (payload, user) => s.payments.send(syncPayloadSchemas['paymentRequest.send'].parse(payload), user),
      'requisition.decide': (payload, user) => s.requisitions.decide(syncPayloadSchemas['requisition.decide'].parse(payload), user),
    };
    this.handlers = new Map(Object.entries(handlers));
  }

  async push(commands: SyncCommandEnvelope[], user: SessionUser): Promise<SyncResult[]> {
    // The batch's transactions reach disk together: one wait per request, not one per command;
    // the answer (and every SMS or e-mail a command sends) waits until all of them are durable.
    return this.storage.batch(async () => {
      const results: SyncResult[] = [];
      for (const command of commands) results.push(await this.one(command, user));
      return results;
    });
  }

  private async one(command: SyncCommandEnvelope, user: SessionUser): Promise<SyncResult> {
    const { answer, logged } = await this.storage.transaction(async () => {
      const logged = await this.log.get(command.id);
      if (logged) return { answer: replay(logged, user), logged };
      return { answer: await this.apply(command, user), logged: undefined };
    });
    if (answer.status === 'duplicate' && logged?.type === 'paymentRequest.send' && logged.status === 'applied') {
      // The request may be stored but undelivered (the server stopped before its SMS or e-mail went out).
      const sent = paymentRequestSchema.safeParse(logged.result);
      if (sent.success) await this.s.payments.resumeDelivery(sent.data.id);
    }
    return answer;
  }

  /** Runs the handler as a savepoint (a refused command's writes vanish) and logs the outcome in the same transaction. */
  private async apply(command: SyncCommandEnvelope, user: SessionUser): Promise<SyncResult> {
    const handler = this.handlers.get(command.type);
    let entry: Pick<SyncLogRecord, 'status' | 'result' | 'error'>;
    try {
      if (!handler) throw new HttpError(400, 'bad_request', syncMessages.unknownCommand(command.type));
      entry = { status: 'applied', result: await this.storage.transaction(() => handler(command.payload, user)), error: null };
    } catch (err) {
      entry = { status: 'rejected', result: null, error: toError(err) };
    }
    await this.log.insert({
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

/** A command id seen before: its stored answer for the store that sent it, a refusal for any other. */
function replay(logged: SyncLogRecord, user: SessionUser): SyncResult {
  if (logged.storeId !== user.storeId) return { id: logged.id, status: 'rejected', result: null, error: { code: 'conflict', message: syncMessages.otherStore } };
  return { id: logged.id, status: 'duplicate', result: logged.result, error: logged.error };
}

function toError(err: unknown): NonNullable<SyncResult['error']> {
  if (err instanceof HttpError) return err.fields ? { code: err.code, message: err.message, fields: err.fields } : { code: err.code, message: err.message };
  if (err && typeof err === 'object' && 'issues' in err) {
    return { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: fieldErrors(err as Parameters<typeof fieldErrors>[0]) };
  }
  throw err;
}
