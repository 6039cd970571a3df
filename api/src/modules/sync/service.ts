import { paymentRequestSchema, syncPayloadSchemas, type SessionUser, type SyncCommandEnvelope, type SyncCommandType, type SyncResult } from '@optik/shared';
import type { Clock } from '../../deps';
import { badRequest, fieldErrors, HttpError } from '../../http/errors';
import type { Storage } from '../../storage/port';
import type { SyncLogRecord } from './records';
import { SyncLogRepository } from './repository';
import { parseCustomerUpdate, type CustomerService } from '../customers/service';
import type { PrescriptionService } from '../prescriptions/service';
import type { OrderService } from '../orders/service';
import type { PaymentService } from '../payments/service';
import type { RequisitionService } from '../requisitions/service';

type Handler = (payload: unknown, user: SessionUser, commandId: string) => Promise<unknown>;

export const syncMessages = {
  unknownCommand: (type: string) => `Ukendt kommando: ${type}`,
  otherStore: 'Kommandoen er allerede brugt af en anden butik.',
} as const;

/**
 * POST /api/sync intake, after rocicorp's push protocol:
 *  1. commands are processed in the order sent, in one transaction per request, each command a
 *     savepoint in it: its effects and its sync-log entry stand together or not at all; the
 *     answer waits until the request's transaction is durable;
 *  2. a command id already in the sync log answers its stored result ("duplicate") — no second
 *     effect. Transactions are serializable, so the same batch sent twice at once applies once;
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
      'customer.create': (payload, user) => s.customers.create(syncPayloadSchemas['customer.create'].parse(payload), user.storeId!, user),
      // Field by field in the order of arrival; overwritten edits kept for their writers (docs/decisions/010).
      'customer.update': (payload, user, commandId) => s.customers.update(parseCustomerUpdate(payload), user, commandId),
      // Only for this store's customers and those it opened by exact CPR or number (decision 009); logged.
      'prescription.create': (payload, user) => s.prescriptions.create(syncPayloadSchemas['prescription.create'].parse(payload), user),
      'order.create': async (payload, user) => {
        const input = syncPayloadSchemas['order.create'].parse(payload);
        await s.customers.requireStoreAccess(input.customerId, user);
        // The order's prescription must be this customer's (another customer's is as unknown as none).
        if (input.prescriptionId && !(await s.prescriptions.isOfCustomer(input.prescriptionId, input.customerId))) throw badRequest({ prescriptionId: 'Recepten findes ikke.' });
        const order = await s.orders.create(input, user.storeId!);
        await s.customers.recordAccess(user, input.customerId, 'order.create');
        return order;
      },
      'paymentRequest.send': (payload, user) => s.payments.send(syncPayloadSchemas['paymentRequest.send'].parse(payload), user),
      'requisition.decide': (payload, user) => s.requisitions.decide(syncPayloadSchemas['requisition.decide'].parse(payload), user),
    };
    this.handlers = new Map(Object.entries(handlers));
  }

  async push(commands: SyncCommandEnvelope[], user: SessionUser): Promise<SyncResult[]> {
    // The whole request is one transaction, each command a savepoint in it: one commit (one
    // wait for the disk) per request, and the answer — with every SMS or e-mail a command
    // sends, which run after that commit — only once all of it is durable. The commands
    // already logged are read at once.
    const { results, resume } = await this.storage.transaction(async () => {
      const logged = new Map((await this.log.getMany(commands.map((c) => c.id))).map((l) => [l.id, l]));
      const results: SyncResult[] = [];
      /** Payment requests answered from the log: stored, but perhaps never delivered. */
      const resume: string[] = [];
      for (const command of commands) {
        const seen = logged.get(command.id);
        if (seen) {
          const answer = replay(seen, user);
          results.push(answer);
          const sent = answer.status === 'duplicate' && seen.type === 'paymentRequest.send' && seen.status === 'applied' ? paymentRequestSchema.safeParse(seen.result) : null;
          if (sent?.success) resume.push(sent.data.id);
          continue;
        }
        const { entry, answer } = await this.apply(command, user);
        // The same command twice in one request: the second is a duplicate of the first.
        logged.set(command.id, entry);
        results.push(answer);
      }
      return { results, resume };
    });
    // The server may have stopped before a logged request's SMS or e-mail went out (outside the
    // transaction: delivery claims and sends on its own).
    for (const id of resume) await this.s.payments.resumeDelivery(id);
    return results;
  }

  /** Runs the handler as a savepoint (a refused command's writes vanish) and logs the outcome in the same transaction. */
  private async apply(command: SyncCommandEnvelope, user: SessionUser): Promise<{ entry: SyncLogRecord; answer: SyncResult }> {
    const handler = this.handlers.get(command.type);
    let outcome: Pick<SyncLogRecord, 'status' | 'result' | 'error'>;
    try {
      if (!handler) throw new HttpError(400, 'bad_request', syncMessages.unknownCommand(command.type));
      outcome = { status: 'applied', result: await this.storage.transaction(() => handler(command.payload, user, command.id)), error: null };
    } catch (err) {
      outcome = { status: 'rejected', result: null, error: toError(err) };
    }
    const entry = await this.log.insert({
      id: command.id,
      type: command.type,
      storeId: user.storeId!,
      accountId: user.id,
      at: this.clock.now().toISOString(),
      ...outcome,
    });
    return { entry, answer: { id: command.id, ...outcome } };
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
