import { createHash, createHmac } from 'node:crypto';
import {
  copenhagenIsoDate,
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
import type { PaymentRequestRecord } from './records';
import { apportionGiftCards, GiftCards, withGiftCards } from '../gift-cards/service';
import { C } from '../../collections';

const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A payment session (the pay page opened) expires after 15 minutes: result 99. */
export const PAYMENT_SESSION_MS = 15 * 60 * 1000;

export const payMessages = {
  unknownOrder: 'Ordren findes ikke i denne butik.',
  alreadyPaid: 'Ordren er allerede betalt.',
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

/**
 * One charge through the payments port for the payer's details — shared by the pay-by-link page
 * and the web checkout. Bad details (an expired card, an invalid CPR) are field errors, not charges.
 */
export async function charge(provider: PaymentProvider, details: PaymentDetails, amount: number, reference: string, now: Date): Promise<ChargeResult> {
  const req: ChargeRequest = { method: details.method, amount, reference };
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
  return provider.charge(req);
}
type Pay = z.output<typeof payLinkPayRequestSchema>;
type Quote = z.output<typeof payLinkQuoteRequestSchema>;

/** What is left to pay of an order: its total less the gift cards already used on it. */
const restOf = (o: Order) => o.totalPrice - o.giftCardAmount;

function mask(channel: 'sms' | 'email', to: string): string {
  if (channel === 'sms') return to.startsWith('+45') ? `+45 •• •• ${to.slice(-4, -2)} ${to.slice(-2)}` : `•••${to.slice(-4)}`;
  const [local = '', domain = ''] = to.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/**
 * Payment requests and the pay-by-link page (SPEC §1, §6). Staff send a link by SMS or
 * e-mail; the customer pays through the payments port, gift cards first (payment type 900,
 * partial cover); the order turns paid and reaches the store app on its next sync. Staff can
 * also take a gift card at the counter; the link then asks only the rest. Only a hash of a
 * link's token is stored.
 */
export class PaymentService {
  /** Payments of one order (link attempts, the counter) run one at a time, so it is never paid twice. */
  private readonly paying = new Map<string, Promise<unknown>>();
  private readonly giftCards: GiftCards;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly provider: PaymentProvider,
  ) {
    this.giftCards = new GiftCards(storage, clock, config.secret);
  }

  private oneAtATime<T>(orderId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.paying.get(orderId) ?? Promise.resolve(null);
    const run = before.catch(() => null).then(fn);
    this.paying.set(orderId, run);
    return run.finally(() => {
      if (this.paying.get(orderId) === run) this.paying.delete(orderId);
    });
  }

  private get requests() {
    return this.storage.collection(C.paymentRequests);
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

  /**
   * The `paymentRequest.send` command. A replay answers the stored request; a request stored
   * but not yet delivered (the server stopped in between) is delivered again with the same link.
   */
  async send(input: Send, user: SessionUser): Promise<PaymentRequest> {
    const existing = await this.requests.get(input.requestId);
    if (existing?.deliveredAt) return PaymentService.toPublic(existing);
    const order = await this.storage.collection(C.orders).get(input.orderId);
    // Staff see only their own store's orders.
    if (!order || !order.storeId || order.storeId !== user.storeId) throw badRequest({ orderId: payMessages.unknownOrder });
    const storeId = order.storeId;
    if (order.paymentStatus === 'paid') throw badRequest({ orderId: payMessages.alreadyPaid });
    const customer = order.customerId ? await this.storage.collection(C.customers).get(order.customerId) : undefined;
    if (!customer) throw badRequest({ orderId: payMessages.unknownOrder });
    let to: string;
    if (input.channel === 'sms') {
      const phone = customer.phone ? normalizePhone(customer.phone) : null;
      if (!phone) throw badRequest({ channel: payMessages.noPhone });
      to = /^\d{8}$/.test(phone) ? `+45${phone}` : phone;
    } else {
      if (!customer.email) throw badRequest({ channel: payMessages.noEmail });
      to = customer.email;
    }
    const now = this.clock.now();
    const token = this.tokenFor(input.requestId);
    const record: PaymentRequestRecord = existing ?? {
      id: input.requestId,
      orderId: order.id,
      orderNumber: order.orderNumber,
      storeId,
      channel: input.channel,
      sentTo: mask(input.channel, to),
      status: 'sent',
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + LINK_TTL_MS).toISOString(),
      tokenHash: PaymentService.hash(token),
      deliveredAt: null,
      openedAt: null,
      paidAt: null,
    };
    if (!existing) {
      // A new link replaces the order's earlier ones, so only the newest can be paid.
      for (const old of await this.requests.find((r) => r.orderId === order.id && r.status === 'sent')) {
        await this.requests.update(old.id, (r) => ({ ...r, status: 'superseded' }));
      }
      await this.requests.put(record);
    }
    const link = `${this.config.publicWebUrl.replace(/\/$/, '')}/betal/${token}`;
    const store = await this.storage.collection(C.stores).get(storeId);
    const until = copenhagenIsoDate(new Date(record.expiresAt)).split('-').reverse().join('.');
    // A part paid by gift card at the counter is not asked again.
    const amount = formatDkk(restOf(order));
    if (input.channel === 'sms') {
      await this.sms.send({ to, text: `Hej ${customer.firstName}. Betal din ordre ${order.orderNumber} hos ${store?.name ?? 'Profil Optik'} på ${amount} her: ${link} (gælder til ${until}).` });
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
    const delivered = await this.requests.update(record.id, (r) => ({ ...r, deliveredAt: this.clock.now().toISOString() }));
    return PaymentService.toPublic(delivered!);
  }

  /** The request behind a link, refused clearly when unknown, replaced, expired or paid. */
  private async open(token: string): Promise<PaymentRequestRecord> {
    const hash = PaymentService.hash(token);
    const request = await this.requests.findOne((r) => r.tokenHash === hash);
    if (!request) throw new HttpError(404, 'not_found', payMessages.unknownLink);
    const order = await this.storage.collection(C.orders).get(request.orderId);
    if (!order) throw new HttpError(404, 'not_found', payMessages.unknownLink);
    if (order.paymentStatus === 'paid' || request.status === 'paid') throw new HttpError(409, 'conflict', payMessages.paidLink);
    if (request.status === 'superseded') throw new HttpError(410, 'gone', payMessages.supersededLink);
    if (Date.parse(request.expiresAt) <= this.clock.now().getTime()) throw new HttpError(410, 'gone', payMessages.expiredLink);
    return request;
  }

  /** The pay page opens: the order as the customer sees it, and a payment session starts. */
  async lookup(token: string): Promise<PayLinkOrder> {
    const request = await this.open(token);
    await this.requests.update(request.id, (r) => ({ ...r, openedAt: this.clock.now().toISOString() }));
    const order = (await this.storage.collection(C.orders).get(request.orderId))!;
    const customer = order.customerId ? await this.storage.collection(C.customers).get(order.customerId) : undefined;
    const store = order.pickupStoreId ? await this.storage.collection(C.stores).get(order.pickupStoreId) : undefined;
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
    const request = await this.open(input.token);
    const { cover, toPay } = await this.cover(input.giftCards, (await this.storage.collection(C.orders).get(request.orderId))!);
    return { giftCardCover: cover, toPay };
  }

  /** One payment attempt. Attempts on the same order run one at a time, so it is never charged twice. */
  async pay(input: Pay): Promise<PayLinkPayResponse> {
    const request = await this.open(input.token);
    return this.oneAtATime(request.orderId, () => this.payOnce(input));
  }

  private async payOnce(input: Pay): Promise<PayLinkPayResponse> {
    const request = await this.open(input.token);
    const order = (await this.storage.collection(C.orders).get(request.orderId))!;
    const now = this.clock.now();
    const sessionStart = request.openedAt ? Date.parse(request.openedAt) : now.getTime();
    if (now.getTime() - sessionStart > PAYMENT_SESSION_MS) {
      // An expired session starts over: the page opens the order again.
      await this.requests.update(request.id, (r) => ({ ...r, openedAt: null }));
      return { outcome: 'failed', failureResult: 99, message: paymentFailureMessages[99] };
    }
    const { uses, cover, toPay } = await this.cover(input.giftCards, order);
    const payment = toPay > 0 ? input.payment : undefined;
    if (toPay > 0 && !payment) throw badRequest({ payment: payMessages.noPayment });
    // Gift cards first; a failed charge of the rest gives them back.
    const taken = await this.giftCards.take(uses);
    if (payment) {
      const result = await taken.payRest(() => charge(this.provider, payment, toPay, order.orderNumber, now));
      if (!result.ok) return { outcome: 'failed', failureResult: result.result, message: paymentFailureMessages[result.result] };
    }
    const paidAt = now.toISOString();
    const method = payment?.method ?? null;
    const paid = await this.storage.collection(C.orders).update(order.id, (o) => withGiftCards({ ...o, paymentStatus: 'paid', paidAt, paymentMethod: method, giftCardAmount: o.giftCardAmount + cover, updatedAt: paidAt }, taken.uses));
    await this.requests.update(request.id, (r) => ({ ...r, status: 'paid', paidAt }));
    return { outcome: 'paid', orderNumber: order.orderNumber, paidAt, method, giftCardAmount: paid!.giftCardAmount };
  }

  /**
   * The store counter: staff take a gift card (number and PIN typed by the customer) for an
   * order of their own store. Covering all, the order turns paid; otherwise the rest is left for a
   * payment request, whose link then asks only the rest.
   */
  async payAtCounter(orderId: string, card: GiftCardLookupRequest, user: SessionUser): Promise<StaffGiftCardPayment> {
    return this.oneAtATime(orderId, async () => {
      const order = await this.storage.collection(C.orders).get(orderId);
      // Staff see only their own store's orders.
      if (!order || !order.storeId || order.storeId !== user.storeId) throw new HttpError(404, 'not_found', payMessages.unknownOrder);
      if (order.paymentStatus === 'paid') throw new HttpError(409, 'conflict', payMessages.alreadyPaid);
      const checked = await this.giftCards.check([card]);
      const { uses, cover } = apportionGiftCards(checked, restOf(order));
      const toPay = restOf(order) - cover;
      const taken = await this.giftCards.take(uses);
      const at = this.clock.now().toISOString();
      const paidAt = toPay === 0 ? at : null;
      const updated = (await this.storage.collection(C.orders).update(order.id, (o) => withGiftCards({
        ...o,
        giftCardAmount: o.giftCardAmount + cover,
        ...(paidAt ? { paymentStatus: 'paid' as const, paidAt, paymentMethod: null } : {}),
        updatedAt: at,
      }, taken.uses)))!;
      return { orderId: order.id, used: cover, cardBalance: checked[0]!.balance - cover, giftCardAmount: updated.giftCardAmount, toPay, paymentStatus: paidAt ? 'paid' : 'awaiting-payment', paidAt };
    });
  }
}
