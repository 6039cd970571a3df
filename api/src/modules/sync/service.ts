import { counterMessages, orderSchema, paymentRequestSchema, syncPayloadSchemas, type SessionUser, type SyncCommandEnvelope, type SyncCommandType, type SyncResult } from '@optik/shared';
import type { Clock } from '../../deps';
import { badRequest, fieldErrors, HttpError, notFound } from '../../http/errors';
import type { Storage } from '../../storage/port';
import type { SyncLogRecord } from './records';
import { SyncLogRepository } from './repository';
import { parseCustomerUpdate, type CustomerService } from '../customers/service';
import type { PrescriptionService } from '../prescriptions/service';
import type { OrderService } from '../orders/service';
import type { PaymentService } from '../payments/service';
import type { RequisitionService } from '../requisitions/service';
import type { BookingService } from '../booking/service';
import type { MyOrdersService } from '../my-orders/service';
import type { AccountLinkService } from '../account-links/service';

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
    private readonly s: {
      customers: CustomerService;
      prescriptions: PrescriptionService;
      orders: OrderService;
      payments: PaymentService;
      requisitions: RequisitionService;
      bookings: BookingService;
      myOrders: Pick<MyOrdersService, 'changeOrderStatusById' | 'resumeReadyNotice' | 'receiveReturn' | 'confirmReceivedReturn'>;
      accountLinks: Pick<AccountLinkService, 'sendLink'>;
    },
  ) {
    this.log = new SyncLogRepository(storage);
    const handlers: Record<SyncCommandType, Handler> = {
      'customer.create': (payload, user) => s.customers.create(syncPayloadSchemas['customer.create'].parse(payload), user.storeId!, user),
      // Field by field in the order of arrival; overwritten edits kept for their writers (docs/decisions/011).
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
      // The store's counter (booking): only this store's bookings; refusals carry the Danish reason.
      'booking.confirm': (payload, user) => s.bookings.confirmAtCounter(syncPayloadSchemas['booking.confirm'].parse(payload).bookingId, user.storeId!),
      'booking.checkIn': async (payload, user) => {
        const input = syncPayloadSchemas['booking.checkIn'].parse(payload);
        // The customer is this store's, or one it opened by exact CPR or number (decision 009); one created offline is applied first (dependsOn).
        if ((await s.customers.accessFor(input.customerId, user.storeId)) === 'missing') throw notFound(counterMessages.customerMissing);
        await s.customers.requireStoreAccess(input.customerId, user);
        return s.bookings.checkInAtCounter(input.bookingId, user.storeId!, input.customerId);
      },
      'booking.noShow': (payload, user) => s.bookings.noShowAtCounter(syncPayloadSchemas['booking.noShow'].parse(payload).bookingId, user.storeId!),
      // The order-status route's rules (my-orders): this store's orders only, SPEC §4 steps only; ready for pickup notifies the customer once.
      'order.status': (payload, user) => {
        const { orderId, status } = syncPayloadSchemas['order.status'].parse(payload);
        return s.myOrders.changeOrderStatusById(orderId, status, user);
      },
      // The web return's rules and refund split (my-orders), for an order this store hands over.
      'return.receive': (payload, user) => s.myOrders.receiveReturn(syncPayloadSchemas['return.receive'].parse(payload), user),
      // The return-confirmation route's refund (my-orders): paid once, however often the command comes.
      'return.confirm': (payload, user) => s.myOrders.confirmReceivedReturn(syncPayloadSchemas['return.confirm'].parse(payload).returnId, user),
      // "Send link til webkonto", queued at the counter like the rest: the account-link route's rules (decision 010); the mail goes after the commit.
      'accountLink.send': (payload, user) => s.accountLinks.sendLink(syncPayloadSchemas['accountLink.send'].parse(payload).customerId, { ...user, storeId: user.storeId! }),
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
      /** Messages of commands answered from the log (payment links, ready-for-pickup notices): stored, but perhaps never delivered. */
      const resume: (() => Promise<void>)[] = [];
      for (const command of commands) {
        const seen = logged.get(command.id);
        if (seen) {
          const answer = replay(seen, user);
          results.push(answer);
          if (answer.status === 'duplicate' && seen.status === 'applied') {
            const resumeIt = this.resumerOf(seen);
            if (resumeIt) resume.push(resumeIt);
          }
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
    for (const resumeIt of resume) await resumeIt();
    return results;
  }

  /** What a replayed, applied command may still have to deliver. */
  private resumerOf(seen: SyncLogRecord): (() => Promise<void>) | null {
    if (seen.type === 'paymentRequest.send') {
      const sent = paymentRequestSchema.safeParse(seen.result);
      return sent.success ? () => this.s.payments.resumeDelivery(sent.data.id) : null;
    }
    if (seen.type === 'order.status') {
      const moved = orderSchema.safeParse(seen.result);
      return moved.success && moved.data.status === 'controlled' ? () => this.s.myOrders.resumeReadyNotice(moved.data.id) : null;
    }
    return null;
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
