import {
  applyInvoicePayment,
  canChangeInvoiceMethod,
  isCardExpired,
  isInvoiceOverdue,
  isInvoicePayable,
  paymentFailureMessages,
  type Invoice,
  type InvoiceMethodChangeResponse,
  type InvoicePayResponse,
  type MyInvoice,
  type PaymentDetails,
  type SavedCard,
  type invoiceMethodChangeRequestSchema,
} from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { PaymentProvider } from '../../ports/payments';
import { DuplicateKeyError, type Storage } from '../../storage/port';
import type { Coordination } from '../../coordination/port';
import { charge, payMessages } from '../payments/service';
import { InvoiceRepository } from './repository';

type MethodChange = z.output<typeof invoiceMethodChangeRequestSchema>;

export const invoiceServiceMessages = {
  notFound: 'Fakturaen blev ikke fundet.',
  methodLocked: 'Betalingsmetoden kan kun ændres på en faktura, der ikke er betalt.',
  updated: (method: string) => `Betalingsmetoden er ændret til ${method}.`,
  cancelled: (reason: string) => `Opdateringen blev annulleret: ${reason} Betalingsmetoden er ikke ændret.`,
} as const;

export const invoiceMethodNames: Record<Invoice['paymentMethod'], string> = {
  'payment-card': 'betalingskort',
  'e-invoice': 'e-faktura',
  invoice: 'faktura',
  'automatic-direct-debit': 'Betalingsservice',
};

/**
 * My Pages payments and invoices (SPEC §2 /min-konto/betaling-fakturaer…, §3 invoice, §4 invoice
 * payment states). Invoices are written by the subscription schedulers; here a customer sees
 * their own, pays what is left through the same charge as the checkout, and changes the payment
 * method. Payments and method changes of one invoice run one at a time (a coordination lock: they
 * call the provider), so it is never charged twice. Other modules write invoices through `issue`.
 */
export class InvoiceService {
  private readonly repo: InvoiceRepository;

  constructor(
    private readonly storage: Storage,
    private readonly coordination: Coordination,
    private readonly clock: Clock,
    private readonly provider: PaymentProvider,
  ) {
    this.repo = new InvoiceRepository(storage);
  }

  /** Runs `fn` holding the invoice's lock. */
  private locked<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return this.coordination.run(`invoice:${id}`, fn);
  }

  // ---- for the modules that bill (subscription deliveries, Lifestyle agreements) ----

  /** One invoice by id, whoever's it is. */
  byId(id: string): Promise<Invoice | undefined> {
    return this.repo.get(id);
  }

  /** A subscription's (or agreement's) invoices, oldest first. */
  listForSubscription(subscriptionId: string): Promise<Invoice[]> {
    return this.repo.forSubscription(subscriptionId);
  }

  /**
   * Stores a new invoice (a period's, whose id the biller derives from the period); undefined
   * when an invoice with that id exists — a run that made it first, so it is not made twice.
   */
  async issue(invoice: Invoice): Promise<Invoice | undefined> {
    try {
      return await this.repo.insert(invoice);
    } catch (err) {
      if (err instanceof DuplicateKeyError && err.key === 'id') return undefined;
      throw err;
    }
  }

  // ---- My Pages ----

  private view(invoice: Invoice): MyInvoice {
    const now = this.clock.now();
    return { ...invoice, payable: isInvoicePayable(invoice), overdue: isInvoiceOverdue(invoice, now), canChangeMethod: canChangeInvoiceMethod(invoice) };
  }

  /** The customer's own invoice; anyone else's is "not found". */
  private async own(customerId: string, id: string): Promise<Invoice> {
    const invoice = await this.repo.get(id);
    if (!invoice || invoice.customerId !== customerId) throw notFound(invoiceServiceMessages.notFound);
    return invoice;
  }

  /** Open invoices first (earliest due first), then the settled ones, newest first. */
  async list(customerId: string): Promise<{ data: MyInvoice[]; card: { last4: string } | null }> {
    const all = (await this.repo.forCustomer(customerId)).map((i) => this.view(i));
    const open = all.filter((i) => i.payable).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    const rest = all.filter((i) => !i.payable).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const card = await this.repo.savedCard(customerId);
    return { data: [...open, ...rest], card: card ? { last4: card.last4 } : null };
  }

  async get(customerId: string, id: string): Promise<MyInvoice> {
    return this.view(await this.own(customerId, id));
  }

  /** Pays what is left of the invoice; a refused payment is an answer with its SPEC §3 result, not an error. */
  pay(customerId: string, id: string, details: PaymentDetails): Promise<InvoicePayResponse> {
    return this.locked(id, () => this.payOnce(customerId, id, details));
  }

  private async payOnce(customerId: string, id: string, details: PaymentDetails): Promise<InvoicePayResponse> {
    const invoice = await this.own(customerId, id);
    const amount = invoice.amountLeft;
    const check = applyInvoicePayment(invoice, amount);
    if (!check.ok) throw new HttpError(409, 'conflict', check.message);
    const now = this.clock.now();
    let result;
    try {
      result = await charge(this.provider, details, amount, `Faktura ${invoice.ocrNumber}`, now);
    } catch (err) {
      // Details the charge refuses (an expired card, a bad CPR) belong to the request's `payment` fields.
      if (err instanceof HttpError && err.fields) throw new HttpError(err.status, err.code, err.message, Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [`payment.${k}`, v])));
      throw err;
    }
    if (!result.ok) return { outcome: 'failed', failureResult: result.result, message: paymentFailureMessages[result.result] };
    const at = now.toISOString();
    const paid = await this.repo.update(id, (i) => ({
      ...i,
      amountLeft: check.amountLeft,
      paymentStatus: check.paymentStatus,
      payments: [...(i.payments ?? []), { at, amount, method: details.method, transactionId: result.transactionId }],
    }));
    return { outcome: 'paid', amount, invoice: this.view(paid!) };
  }

  /**
   * SPEC §4: the update ends 'updated' or 'update cancelled'. A card is checked by the provider
   * first (a declined card, or one whose bank wants an approval, cancels the update). The new
   * method applies to this invoice and the other open invoices of the same subscription.
   */
  changeMethod(customerId: string, id: string, input: MethodChange): Promise<InvoiceMethodChangeResponse> {
    return this.locked(id, () => this.changeMethodOnce(customerId, id, input));
  }

  private async changeMethodOnce(customerId: string, id: string, input: MethodChange): Promise<InvoiceMethodChangeResponse> {
    const invoice = await this.own(customerId, id);
    if (!canChangeInvoiceMethod(invoice)) throw new HttpError(409, 'conflict', invoiceServiceMessages.methodLocked);
    const now = this.clock.now();
    let saved: SavedCard | null = null;
    if (input.method === 'payment-card') {
      const card = input.card;
      if (isCardExpired(card.expiry, now)) throw badRequest({ 'card.expiry': payMessages.cardExpired });
      const reg = await this.provider.registerCard({ number: card.cardNumber, validated: card.validated ?? false, reference: customerId });
      if (!reg.ok) {
        return { result: 'update-cancelled', message: invoiceServiceMessages.cancelled(paymentFailureMessages[reg.result]), failureResult: reg.result, method: invoice.paymentMethod, invoice: this.view(invoice) };
      }
      saved = { id: customerId, token: reg.token, last4: reg.last4, registeredAt: now.toISOString() };
    }
    // The card and the method of this and the subscription's other open invoices: one transaction.
    const updated = await this.storage.transaction(async () => {
      if (saved) await this.repo.saveCard(saved);
      const related = invoice.subscriptionId ? await this.repo.forSubscription(invoice.subscriptionId) : [];
      for (const other of related) {
        if (other.customerId === customerId && other.id !== id && canChangeInvoiceMethod(other)) await this.repo.update(other.id, (i) => ({ ...i, paymentMethod: input.method }));
      }
      return (await this.repo.update(id, (i) => ({ ...i, paymentMethod: input.method })))!;
    });
    return { result: 'updated', message: invoiceServiceMessages.updated(invoiceMethodNames[input.method]), method: input.method, invoice: this.view(updated) };
  }
}
