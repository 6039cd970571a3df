import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import {
  addDaysIso,
  copenhagenIsoDate,
  formatCopenhagenDate,
  formatDkk,
  isDeliveryDue,
  firstDeliveryAfter,
  noticeDay,
  temporaryAddressOn,
  vatOfGross,
  type Invoice,
  type Order,
  type Subscription,
} from '@optik/shared';
import type { Coordination } from '../../coordination/port';
import type { Clock } from '../../deps';
import { startHourlyJob } from '../../hourly-job';
import type { Mailer } from '../../ports/mail';
import type { PaymentAgreements } from '../../ports/payment-agreements';
import type { ChargeResult } from '../../ports/payments';
import type { Storage } from '../../storage/port';
import type { AuthService } from '../auth/service';
import type { CatalogueService } from '../catalogue/service';
import type { InvoiceService } from '../invoices/service';
import { nextOrderNumber, type OrderService } from '../orders/service';
import { nextOcrNumber } from './ocr';
import { SubscriptionRepository } from './repository';

/** Invoices without a payment agreement are due 14 days after the delivery (netto 14 dage). */
export const INVOICE_DUE_DAYS = 14;
/** SPEC §1: home delivery is free with a lens subscription. */
const HOME_DELIVERY = 101;
/** Due subscriptions are read this many at a time. */
const DUE_PAGE = 100;

export interface SchedulerDeps {
  storage: Storage;
  coordination: Coordination;
  catalogue: CatalogueService;
  agreements: PaymentAgreements;
  /** The deliveries' orders (modules/orders). */
  orders: Pick<OrderService, 'get' | 'insert'>;
  /** The deliveries' invoices, whose ids come from the delivery: stored once (modules/invoices). */
  invoices: Pick<InvoiceService, 'byId' | 'issue'>;
  /** The customer's contact details when the subscription has none. */
  accounts: Pick<AuthService, 'contact'>;
  mailer: Mailer;
  logger?: Logger;
}

/** A stable UUID (version 8, name-based on SHA-256) for a name: the same delivery always gets the same ids. */
export function nameUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface DeliveryOutcome {
  subscriptionId: string;
  deliveryDate: string;
  orderNumber: string;
  paid: boolean;
  /** False when a previous run had already made this delivery's order and invoice. */
  created: boolean;
}

/**
 * Creates each due lens delivery (SPEC §3, §4): for every active lens subscription whose next
 * delivery date has come, one order (status Handling, VAT per line as in the checkout) and one
 * invoice with an OCR number, charged on the subscription's payment agreement when it has one.
 * Then the next delivery moves one interval on. Paused and cancelled subscriptions are skipped.
 *
 * Only due subscriptions are read (the `byNextDelivery` index up to today), a page at a time.
 * The agreement is charged first, outside any transaction (the provider charges one reference
 * once); then the order, the invoice and the moved date commit together, and the mail goes after.
 * Idempotent: the order's and invoice's ids are derived from the subscription and the delivery
 * date, so a second run for the same date finds them and only finishes what is missing. Runs
 * never overlap (a coordination lock).
 */
export class SubscriptionScheduler {
  private readonly subscriptions: SubscriptionRepository;
  private readonly storage: Storage;
  private readonly coordination: Coordination;
  private readonly catalogue: CatalogueService;
  private readonly agreements: PaymentAgreements;
  private readonly orders: SchedulerDeps['orders'];
  private readonly invoices: SchedulerDeps['invoices'];
  private readonly accounts: SchedulerDeps['accounts'];
  private readonly mailer: Mailer;
  private readonly logger: Logger | undefined;

  constructor(deps: SchedulerDeps) {
    ({ storage: this.storage, coordination: this.coordination, catalogue: this.catalogue, agreements: this.agreements, orders: this.orders, invoices: this.invoices, accounts: this.accounts, mailer: this.mailer, logger: this.logger } = deps);
    this.subscriptions = new SubscriptionRepository(deps.storage);
  }

  runDue(now: Date): Promise<DeliveryOutcome[]> {
    return this.coordination.run('subscriptions:deliveries', () => this.runOnce(now));
  }

  /** Runs once an hour on `clock`'s time, on one of the instances sharing the storage (looking every `intervalMs`); returns the stop function. */
  start(clock: Clock, intervalMs?: number): () => void {
    return startHourlyJob(() => this.runDue(clock.now()), { name: 'subscription-deliveries', storage: this.storage, clock, logger: this.logger, failure: 'linseabonnementer: levering mislykkedes', intervalMs });
  }

  private async runOnce(now: Date): Promise<DeliveryOutcome[]> {
    const today = copenhagenIsoDate(now);
    const out: DeliveryOutcome[] = [];
    let after: string | null = null;
    do {
      // A delivered subscription moves past today and out of the range; a failed one stays behind the cursor.
      const page = await this.subscriptions.due(today, after, DUE_PAGE);
      for (const sub of page.items) {
        if (!isDeliveryDue(sub, today)) continue;
        // One subscription's failure (a mail server down) must not hold back the others.
        try {
          out.push(await this.deliver(sub, today, now));
        } catch (err) {
          this.logger?.error({ err, subscriptionId: sub.id }, 'linseabonnement: levering mislykkedes');
        }
      }
      after = page.next;
    } while (after !== null);
    return out;
  }

  private async deliver(sub: Subscription, today: string, now: Date): Promise<DeliveryOutcome> {
    const date = sub.nextDelivery!;
    const orderId = nameUuid(`lens-delivery:${sub.id}:${date}`);
    const invoiceId = nameUuid(`lens-invoice:${sub.id}:${date}`);
    const lines = (await this.orders.get(orderId)) ? null : await this.orderLines(sub);
    // The agreement is charged with the delivery's order id as its reference (the provider's
    // idempotency key), before the transaction: a run that does not commit charges the same reference again.
    const agreement = sub.paymentAgreement ?? null;
    const total = lines?.reduce((s, l) => s + l.lineTotal, 0) ?? 0;
    const charged = lines && agreement && total > 0 ? await this.agreements.charge(agreement, total, orderId) : null;

    const { order, invoice, created } = await this.storage.transaction(async () => {
      let order = await this.orders.get(orderId);
      const created = !order;
      if (!order) order = await this.orders.insert(await this.makeOrder(sub, orderId, date, now, lines ?? (await this.orderLines(sub)), charged));
      let invoice: Invoice | null = null;
      // Made only when missing: an invoice takes an OCR number.
      if (!(await this.invoices.byId(invoiceId))) invoice = (await this.invoices.issue(await this.makeInvoice(sub, order, invoiceId, date, now))) ?? null;
      // Advance only from this delivery's date: a concurrent change (pause, new interval) wins.
      const orderNumber = order.orderNumber;
      await this.subscriptions.update(sub.id, (cur) => {
        if (cur.nextDelivery !== date || !cur.deliveryInterval) return cur;
        const next = firstDeliveryAfter(date, cur.deliveryInterval, today, cur.deliveryDay);
        return { ...cur, nextDelivery: next, noticeDayDate: noticeDay(next), lastOrderDate: date, lastOrderNumber: orderNumber };
      });
      return { order, invoice, created };
    });
    if (invoice) {
      await this.mail(sub, order, invoice).catch((err: unknown) => this.logger?.error({ err, subscriptionId: sub.id }, 'linseabonnement: mail om levering mislykkedes'));
    }
    return { subscriptionId: sub.id, deliveryDate: date, orderNumber: order.orderNumber, paid: order.paymentStatus === 'paid', created };
  }

  /** The delivery's lines: the active items at the price the subscription keeps (VAT per line, as in the checkout). */
  private async orderLines(sub: Subscription): Promise<Order['lines']> {
    const lines: Order['lines'] = [];
    for (const item of sub.items.filter((i) => i.status === 'active')) {
      const found = item.unitPrice === undefined || item.description === undefined ? await this.catalogue.findSku(item.skuId) : undefined;
      const unitPrice = item.unitPrice ?? found?.article.price.subscription?.amount ?? 0;
      const lineTotal = unitPrice * item.quantity;
      lines.push({
        articleId: item.articleId,
        skuId: item.skuId,
        description: item.description ?? `${found?.article.packageName ?? found?.article.name ?? item.skuId}, ${found?.sku.name ?? ''}`,
        quantity: item.quantity,
        unitPrice,
        vat: vatOfGross(lineTotal),
        lineTotal,
        subscriptionInterval: sub.deliveryInterval,
        prescription: item.prescription,
        prescriptionGlasses: null,
      });
    }
    return lines;
  }

  private async makeOrder(sub: Subscription, id: string, date: string, now: Date, lines: Order['lines'], charged: ChargeResult | null): Promise<Order> {
    const total = lines.reduce((s, l) => s + l.lineTotal, 0);
    const orderNumber = await nextOrderNumber(this.storage);
    const agreement = sub.paymentAgreement ?? null;
    const paid = charged?.ok === true;
    const temporary = temporaryAddressOn(sub.temporaryAddress, date);
    const delivery = sub.delivery;
    const at = now.toISOString();
    return {
      id,
      orderNumber,
      status: 'handled',
      paymentStatus: paid ? 'paid' : 'awaiting-payment',
      // A temporary address is delivered to the door, whatever the usual method is.
      deliveryMethodId: temporary ? HOME_DELIVERY : (delivery?.deliveryMethodId ?? HOME_DELIVERY),
      pickupStoreId: temporary ? null : (delivery?.pickupStoreId ?? null),
      customerId: sub.customerId,
      prescriptionId: null,
      storeId: null,
      createdBy: 'web',
      lines,
      shipping: 0,
      totalPrice: total,
      createdAt: at,
      paidAt: paid ? at : null,
      paymentMethod: paid ? agreement!.method : null,
      contact: delivery?.contact ?? (await this.contactOf(sub.customerId)),
      deliveryAddress: temporary ? { street: temporary.street, zip: temporary.zip, city: temporary.city } : (delivery?.deliveryAddress ?? null),
      collectionPointId: temporary ? null : (delivery?.collectionPointId ?? null),
      discount: 0,
      discountCode: null,
      giftCardAmount: 0,
      updatedAt: at,
    };
  }

  private async contactOf(accountId: string): Promise<Order['contact']> {
    const a = await this.accounts.contact(accountId);
    return a?.email ? { firstName: a.firstName, lastName: a.lastName, email: a.email, phone: a.phone ?? '' } : null;
  }

  private async makeInvoice(sub: Subscription, order: Order, id: string, date: string, now: Date): Promise<Invoice> {
    const paid = order.paymentStatus === 'paid';
    const method = sub.paymentAgreement?.method;
    return {
      id,
      customerId: sub.customerId,
      subscriptionId: sub.id,
      ocrNumber: await nextOcrNumber(this.storage),
      originalAmountDue: order.totalPrice,
      amountLeft: paid ? 0 : order.totalPrice,
      createdAt: now.toISOString(),
      dueDate: paid ? date : addDaysIso(date, INVOICE_DUE_DAYS),
      // A MobilePay agreement pays automatically: the SPEC §4 "automatic direct debit".
      paymentMethod: method === 'card' ? 'payment-card' : method === 'mobilepay' ? 'automatic-direct-debit' : 'invoice',
      paymentStatus: paid ? 'paid' : 'not-paid',
      kind: 'pdf',
      lines: order.lines.map((l) => ({ description: `${l.quantity} × ${l.description}`, amount: l.lineTotal, vat: l.vat })),
    };
  }

  private async mail(sub: Subscription, order: Order, invoice: Invoice) {
    const to = order.contact?.email;
    if (!to) return;
    const paid = order.paymentStatus === 'paid';
    const where = order.deliveryAddress && order.deliveryMethodId !== 119 ? `${order.deliveryAddress.street}, ${order.deliveryAddress.zip} ${order.deliveryAddress.city}` : 'butikken, du har valgt';
    await this.mailer.send({
      to,
      subject: `Din linselevering er på vej (ordre ${order.orderNumber})`,
      text: [
        `Hej ${order.contact?.firstName ?? ''}`.trim(),
        '',
        `Vi har pakket den næste levering af dit linseabonnement. Den sendes til ${where}.`,
        '',
        ...order.lines.map((l) => `${l.quantity} × ${l.description}: ${formatDkk(l.lineTotal)}`),
        `I alt: ${formatDkk(order.totalPrice)} (heraf moms ${formatDkk(vatOfGross(order.totalPrice))})`,
        '',
        paid
          ? `Beløbet er trukket med ${sub.paymentAgreement!.label}.`
          : `Betal fakturaen senest ${formatCopenhagenDate(invoice.dueDate)} med OCR-nummer ${invoice.ocrNumber}. Du kan også betale under Min konto → Betaling og fakturaer.`,
        '',
        'Du kan ændre, sætte på pause eller opsige abonnementet under Min konto → Abonnementer.',
        '',
        'Venlig hilsen',
        'Profil Optik',
      ].join('\n'),
    });
  }
}
