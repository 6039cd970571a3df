import { createHash, createHmac } from 'node:crypto';
import {
  copenhagenIsoDate,
  type Customer,
  formatDkk,
  isCardExpired,
  normalizePhone,
  parseCpr,
  paymentFailureMessages,
  vatOfGross,
  type GiftCardLookupRequest,
  type Order,
  type PayLinkOrder,
  type PayLinkPayResponse,
  type PayLinkQuote,
  type PaymentDetails,
  type PaymentRequest,
  type SessionUser,
  type StaffGiftCardPayment,
  type payLinkPayRequestSchema,
  type payLinkQuoteRequestSchema,
  type paymentRequestSendSchema,
} from '@optik/shared';
import type { z } from 'zod';
import type { AppConfig, Clock } from '../../deps';
import { badRequest, HttpError } from '../../http/errors';
import type { Mailer } from '../../ports/mail';
import type { ChargeRequest, ChargeResult, PaymentProvider } from '../../ports/payments';
import type { SmsSender } from '../../ports/sms';
import type { Storage } from '../../storage/port';
import type { Coordination } from '../../coordination/port';
import type { CatalogueService } from '../catalogue/service';
import type { CustomerService } from '../customers/service';
import { apportionGiftCards, type GiftCardService, type GiftCardUse } from '../gift-cards/service';
import { orderMessages, type OrderService } from '../orders/service';
import type { PaymentRequestRecord } from './records';
import { PaymentRequestRepository } from './repository';
import { shopUrl } from '../../http/public-url';

const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A payment session (the pay page opened) expires after 15 minutes: result 99. */
export const PAYMENT_SESSION_MS = 15 * 60 * 1000;

export const payMessages = {
  unknownOrder: 'Ordren findes ikke i denne butik.',
  alreadyPaid: orderMessages.alreadyPaid,
  noPhone: 'Kunden har intet gyldigt mobilnummer. Vælg e-mail, eller ret kunden.',
  noEmail: 'Kunden har ingen e-mailadresse. Vælg SMS.',
  unknownLink: 'Betalingslinket findes ikke. Tjek, at du har brugt hele linket fra beskeden.',
  expiredLink: 'Betalingslinket er udløbet. Kontakt butikken for at få et nyt.',
  supersededLink: 'Der er sendt et nyere betalingslink til denne ordre. Brug linket i den nyeste besked.',
  paidLink: 'Ordren er allerede betalt. Tak!',
  cardExpired: 'Kortet er udløbet.',
  noPayment: 'Vælg en betalingsmåde.',
} as const;

type Send = z.output<typeof paymentRequestSendSchema>;

/** How a payer pays, from their details; bad details (an expired card, an invalid CPR) are field errors, before anything is taken or charged. */
export function payerOf(details: PaymentDetails, now: Date): Omit<ChargeRequest, 'amount' | 'reference'> {
  const req: Omit<ChargeRequest, 'amount' | 'reference'> = { method: details.method };
  if (details.method === 'card') {
    if (isCardExpired(details.expiry, now)) throw badRequest({ expiry: payMessages.cardExpired });
    req.card = { number: details.cardNumber, validated: details.validated ?? false };
  } else if (details.method === 'mobilepay') {
    req.phone = details.phone;
  } else if (details.ssn) {
    const cpr = parseCpr(details.ssn, { today: now });
    if (!cpr.ok) throw badRequest({ ssn: cpr.message });
    req.ssn = cpr.normalized.replace('-', '');
  }
  return req;
}

/**
 * One charge through the payments port for the payer's details — shared by the pay-by-link page,
 * the web checkout and invoices. Bad details are field errors, not charges.
 */
export async function charge(provider: PaymentProvider, details: PaymentDetails, amount: number, reference: string, now: Date): Promise<ChargeResult> {
  return provider.charge({ ...payerOf(details, now), amount, reference });
}

/** The coordination key under which an order's payments (link, counter, checkout) run one at a time, so it is never charged twice. */
export const orderPaymentKey = (orderId: string) => `order-payment:${orderId}`;

type Pay = z.output<typeof payLinkPayRequestSchema>;
type Quote = z.output<typeof payLinkQuoteRequestSchema>;

/** What is left to pay of an order: its total less the gift cards already used on it. */
const restOf = (o: Order) => o.totalPrice - o.giftCardAmount;

function mask(channel: 'sms' | 'email', to: string): string {
  if (channel === 'sms') return to.startsWith('+45') ? `+45 •• •• ${to.slice(-4, -2)} ${to.slice(-2)}` : `•••${to.slice(-4)}`;
  const [local = '', domain = ''] = to.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** What the payment service works with: its ports and the services owning orders, gift cards, customers and stores. */
export interface PaymentDeps {
  storage: Storage;
  coordination: Coordination;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  sms: SmsSender;
  provider: PaymentProvider;
  orders: OrderService;
  giftCards: GiftCardService;
  customers: Pick<CustomerService, 'get'>;
  stores: Pick<CatalogueService, 'store'>;
}

/**
 * Payment requests and the pay-by-link page (SPEC §1, §6). Staff send a link by SMS or
 * e-mail; the customer pays through the payments port, gift cards first (payment type 900,
 * partial cover); the order turns paid and reaches the store app on its next sync. Staff can
 * also take a gift card at the counter; the link then asks only the rest. Only a hash of a
 * link's token is stored.
 *
 * Money and crashes: the gift cards' parts are taken in the transaction that records them on
 * the order, the charge runs outside any transaction (under the order's payment lock, so an
 * order is never charged twice), and the order turns paid — or lets go of the parts, which go
 * back on the cards — in one more transaction. A crash in between leaves the parts applied to
 * the unpaid order, as a gift card taken at the counter is: the link then asks only the rest.
 */
export class PaymentService {
  private readonly storage: Storage;
  private readonly coordination: Coordination;
  private readonly clock: Clock;
  private readonly config: AppConfig;
  private readonly mailer: Mailer;
  private readonly sms: SmsSender;
  private readonly provider: PaymentProvider;
  private readonly orders: OrderService;
  private readonly giftCards: GiftCardService;
  private readonly customers: Pick<CustomerService, 'get'>;
  private readonly stores: Pick<CatalogueService, 'store'>;
  private readonly requests: PaymentRequestRepository;

  constructor(deps: PaymentDeps) {
    ({ storage: this.storage, coordination: this.coordination, clock: this.clock, config: this.config, mailer: this.mailer, sms: this.sms, provider: this.provider } = deps);
    ({ orders: this.orders, giftCards: this.giftCards, customers: this.customers, stores: this.stores } = deps);
    this.requests = new PaymentRequestRepository(deps.storage);
  }

  private tokenFor(requestId: string): string {
    return createHmac('sha256', this.config.secret).update(`pay-link:${requestId}`).digest('base64url');
  }

  private static hash(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  private static toPublic(r: PaymentRequestRecord): PaymentRequest {
    return { id: r.id, orderId: r.orderId, orderNumber: r.orderNumber, channel: r.channel, sentTo: r.sentTo, status: r.status, createdAt: r.createdAt, expiresAt: r.expiresAt };
  }

  /** Where the link goes: the customer's mobile number (SMS) or e-mail address; a field error when they have none. */
  private static recipient(customer: Customer, channel: 'sms' | 'email'): string {
    if (channel === 'sms') {
      const phone = customer.phone ? normalizePhone(customer.phone) : null;
      if (!phone) throw badRequest({ channel: payMessages.noPhone });
      return /^\d{8}$/.test(phone) ? `+45${phone}` : phone;
    }
    if (!customer.email) throw badRequest({ channel: payMessages.noEmail });
    return customer.email;
  }

  /**
   * The `paymentRequest.send` command, inside the caller's transaction (the sync command's):
   * the request is stored, the order's earlier links are superseded, and the SMS or e-mail goes
   * out once that commits (`resumeDelivery`). A replay answers the stored request.
   */
  async send(input: Send, user: SessionUser): Promise<PaymentRequest> {
    return this.storage.transaction(async () => {
      const existing = await this.requests.get(input.requestId);
      if (existing) {
        // Stored but not delivered (the server stopped in between): delivered with the same link.
        if (!existing.deliveredAt) this.storage.afterCommit(() => this.resumeDelivery(existing.id));
        return PaymentService.toPublic(existing);
      }
      const order = await this.orders.get(input.orderId);
      // Staff see only their own store's orders.
      if (!order || !order.storeId || order.storeId !== user.storeId) throw badRequest({ orderId: payMessages.unknownOrder });
      if (order.paymentStatus === 'paid') throw badRequest({ orderId: payMessages.alreadyPaid });
      const customer = order.customerId ? await this.customers.get(order.customerId) : undefined;
      if (!customer) throw badRequest({ orderId: payMessages.unknownOrder });
      const to = PaymentService.recipient(customer, input.channel);
      const now = this.clock.now();
      const record: PaymentRequestRecord = {
        id: input.requestId,
        orderId: order.id,
        orderNumber: order.orderNumber,
        storeId: order.storeId,
        channel: input.channel,
        sentTo: mask(input.channel, to),
        status: 'sent',
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + LINK_TTL_MS).toISOString(),
        tokenHash: PaymentService.hash(this.tokenFor(input.requestId)),
        deliveredAt: null,
        openedAt: null,
        paidAt: null,
      };
      // A new link replaces the order's earlier ones, so only the newest can be paid.
      for (const old of await this.requests.forOrder(order.id)) {
        if (old.status === 'sent') await this.requests.update(old.id, (r) => (r.status === 'sent' ? { ...r, status: 'superseded' } : r));
      }
      await this.requests.insert(record);
      this.storage.afterCommit(() => this.resumeDelivery(record.id));
      return PaymentService.toPublic(record);
    });
  }

  /**
   * Delivers a stored request that has not gone out yet (after its commit, or when a replayed
   * command finds it undelivered), then notes `deliveredAt`. Deliveries of one request run one
   * at a time, and a delivered (or replaced, or paid) request is not sent again.
   */
  async resumeDelivery(requestId: string): Promise<void> {
    await this.coordination.run(`payment-request:${requestId}`, async () => {
      const request = await this.requests.get(requestId);
      if (!request || request.deliveredAt || request.status !== 'sent') return;
      await this.deliver(request);
      await this.requests.update(request.id, (r) => ({ ...r, deliveredAt: this.clock.now().toISOString() }));
    });
  }

  private async deliver(request: PaymentRequestRecord): Promise<void> {
    const order = await this.orders.get(request.orderId);
    const customer = order?.customerId ? await this.customers.get(order.customerId) : undefined;
    if (!order || !customer) throw new Error(`payment request ${request.id}: its order or customer is gone`);
    const to = PaymentService.recipient(customer, request.channel);
    const link = `${shopUrl(this.config)}/betal/${this.tokenFor(request.id)}`;
    const store = await this.stores.store(request.storeId);
    const until = copenhagenIsoDate(new Date(request.expiresAt)).split('-').reverse().join('.');
    // A part paid by gift card at the counter is not asked again.
    const amount = formatDkk(restOf(order));
    if (request.channel === 'sms') {
      // Keyed by the request: a delivery retried after a crash before `deliveredAt` was noted sends no second SMS.
      await this.sms.send({ to, text: `Hej ${customer.firstName}. Betal din ordre ${order.orderNumber} hos ${store?.name ?? 'Profil Optik'} på ${amount} her: ${link} (gælder til ${until}).`, idempotencyKey: `payment-request:${request.id}` });
    } else {
      await this.mailer.send({
        to,
        subject: `Betal din ordre ${order.orderNumber}`,
        text: [
          `Hej ${customer.firstName}`,
          '',
          `Tak for din ordre ${order.orderNumber} hos ${store?.name ?? 'Profil Optik'}. Beløbet er ${amount}.`,
          `Du kan betale med kort, MobilePay eller Klarna her:`,
          link,
          '',
          `Linket gælder til og med ${until}.`,
          '',
          'Venlig hilsen',
          'Profil Optik',
        ].join('\n'),
      });
    }
  }

  /** The request behind a link and its order, refused clearly when unknown, replaced, expired or paid. */
  private async open(token: string): Promise<{ request: PaymentRequestRecord; order: Order }> {
    const request = await this.requests.byTokenHash(PaymentService.hash(token));
    if (!request) throw new HttpError(404, 'not_found', payMessages.unknownLink);
    const order = await this.orders.get(request.orderId);
    if (!order) throw new HttpError(404, 'not_found', payMessages.unknownLink);
    if (order.paymentStatus === 'paid' || request.status === 'paid') throw new HttpError(409, 'conflict', payMessages.paidLink);
    if (request.status === 'superseded') throw new HttpError(410, 'gone', payMessages.supersededLink);
    if (Date.parse(request.expiresAt) <= this.clock.now().getTime()) throw new HttpError(410, 'gone', payMessages.expiredLink);
    return { request, order };
  }

  /** The pay page opens: the order as the customer sees it, and a payment session starts. */
  async lookup(token: string): Promise<PayLinkOrder> {
    const { request, order } = await this.open(token);
    await this.requests.update(request.id, (r) => ({ ...r, openedAt: this.clock.now().toISOString() }));
    const customer = order.customerId ? await this.customers.get(order.customerId) : undefined;
    const store = order.pickupStoreId ? await this.stores.store(order.pickupStoreId) : undefined;
    return {
      orderNumber: order.orderNumber,
      customerFirstName: customer?.firstName ?? '',
      storeName: store?.name ?? null,
      deliveryMethodId: order.deliveryMethodId,
      lines: order.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal, subscriptionInterval: l.subscriptionInterval })),
      shipping: order.shipping,
      vat: vatOfGross(order.totalPrice),
      totalPrice: order.totalPrice,
      giftCardAmount: order.giftCardAmount,
      toPay: restOf(order),
      expiresAt: request.expiresAt,
      simulated: this.provider.simulated,
    };
  }

  /** What the gift cards the customer added cover of what is left, each card in turn. */
  private async cover(cards: Quote['giftCards'], order: Order) {
    const { uses, cover } = apportionGiftCards(await this.giftCards.check(cards), restOf(order));
    return { uses, cover, toPay: restOf(order) - cover };
  }

  /** The pay page's gift cards: what they cover and the rest. Nothing is taken yet. */
  async quote(input: Quote): Promise<PayLinkQuote> {
    const { order } = await this.open(input.token);
    const { cover, toPay } = await this.cover(input.giftCards, order);
    return { giftCardCover: cover, toPay };
  }

  /** One payment attempt. Attempts on the same order run one at a time, so it is never charged twice. */
  async pay(input: Pay): Promise<PayLinkPayResponse> {
    const { request } = await this.open(input.token);
    return this.coordination.run(orderPaymentKey(request.orderId), () => this.payOnce(input));
  }

  private async payOnce(input: Pay): Promise<PayLinkPayResponse> {
    const { request, order } = await this.open(input.token);
    const now = this.clock.now();
    const sessionStart = request.openedAt ? Date.parse(request.openedAt) : now.getTime();
    if (now.getTime() - sessionStart > PAYMENT_SESSION_MS) {
      // An expired session starts over: the page opens the order again.
      await this.requests.update(request.id, (r) => ({ ...r, openedAt: null }));
      return { outcome: 'failed', failureResult: 99, message: paymentFailureMessages[99] };
    }
    const { uses, toPay } = await this.cover(input.giftCards, order);
    const payment = toPay > 0 ? input.payment : undefined;
    if (toPay > 0 && !payment) throw badRequest({ payment: payMessages.noPayment });
    const payer = payment ? payerOf(payment, now) : null;
    const at = now.toISOString();
    const paid = (method: Order['paymentMethod']) =>
      this.storage.transaction(async () => {
        const o = await this.orders.markPaid(order.id, { paidAt: at, method });
        await this.requests.update(request.id, (r) => ({ ...r, status: 'paid', paidAt: at }));
        return o;
      });
    const answer = (o: Order): PayLinkPayResponse => ({ outcome: 'paid', orderNumber: o.orderNumber, paidAt: at, method: o.paymentMethod, giftCardAmount: o.giftCardAmount });

    // Gift cards first, held by the order in the same transaction (covering all: paid at once) …
    const taken = await this.storage.transaction(async () => {
      const parts = await this.giftCards.reserve(uses);
      if (parts.length > 0) await this.orders.applyGiftCards(order.id, parts, at);
      return parts;
    });
    if (!payer) return answer(await paid(null));
    // … then the rest through the provider, outside any transaction; a failure gives the gift cards back.
    let result: ChargeResult;
    try {
      result = await this.provider.charge({ ...payer, amount: toPay, reference: order.orderNumber });
    } catch (err) {
      await this.letGo(order.id, taken, at);
      throw err;
    }
    if (!result.ok) {
      await this.letGo(order.id, taken, at);
      return { outcome: 'failed', failureResult: result.result, message: paymentFailureMessages[result.result] };
    }
    return answer(await paid(payer.method));
  }

  /** The order lets go of the gift-card parts its failed payment took, and they go back on the cards: one transaction. */
  private async letGo(orderId: string, parts: readonly GiftCardUse[], at: string): Promise<void> {
    if (parts.length === 0) return;
    await this.storage.transaction(async () => {
      await this.orders.releaseGiftCards(orderId, parts, at);
      await this.giftCards.giveBack(parts);
    });
  }

  /**
   * The store counter: staff take a gift card (number and PIN typed by the customer) for an
   * order of their own store. Covering all, the order turns paid; otherwise the rest is left for a
   * payment request, whose link then asks only the rest. The card's part and the order's record
   * of it are one transaction.
   */
  async payAtCounter(orderId: string, card: GiftCardLookupRequest, user: SessionUser): Promise<StaffGiftCardPayment> {
    return this.coordination.run(orderPaymentKey(orderId), async () => {
      const order = await this.orders.get(orderId);
      // Staff see only their own store's orders.
      if (!order || !order.storeId || order.storeId !== user.storeId) throw new HttpError(404, 'not_found', payMessages.unknownOrder);
      if (order.paymentStatus === 'paid') throw new HttpError(409, 'conflict', payMessages.alreadyPaid);
      const checked = await this.giftCards.check([card]);
      const { uses, cover } = apportionGiftCards(checked, restOf(order));
      const toPay = restOf(order) - cover;
      const at = this.clock.now().toISOString();
      const paidAt = toPay === 0 ? at : null;
      const updated = await this.storage.transaction(async () => {
        const parts = await this.giftCards.reserve(uses);
        const held = await this.orders.applyGiftCards(order.id, parts, at);
        return paidAt ? this.orders.markPaid(order.id, { paidAt, method: null }) : held;
      });
      return { orderId: order.id, used: cover, cardBalance: checked[0]!.balance - cover, giftCardAmount: updated.giftCardAmount, toPay, paymentStatus: paidAt ? 'paid' : 'awaiting-payment', paidAt };
    });
  }
}
