import {
  checkReturnLine,
  formatCopenhagenDate,
  formatDkk,
  lensKindOf,
  lineReturnability,
  monthsLeftInPeriod,
  orderDisplayStatus,
  refundDestinations,
  returnReasonNames,
  returnTransition,
  smsNumber,
  unitRefundOf,
  vatOfGross,
  withdrawalDays,
  type LineFacts,
  type MyOrder,
  type MyOrderLine,
  type MyOrderSummary,
  type Order,
  type OrderReturn,
  type SessionUser,
  type returnRequestSchema,
  type syncPayloadSchemas,
} from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import type { Mailer } from '../../ports/mail';
import type { PaymentProvider } from '../../ports/payments';
import type { SmsSender } from '../../ports/sms';
import { nextNumber } from '../../storage/counter';
import type { Storage } from '../../storage/port';
import type { Coordination } from '../../coordination/port';
import type { AuthService } from '../auth/service';
import type { CatalogueService } from '../catalogue/service';
import type { CustomerService } from '../customers/service';
import { DELIVERY_OPTIONS } from '../checkout/delivery';
import { giftCardRefundParts, hideGiftCardNumbers, maskGiftCards, type GiftCardService, type GiftCardUse } from '../gift-cards/service';
import type { OrderService } from '../orders/service';
import type { SubscriptionService } from '../subscriptions/service';
import type { OrderNoticeRecord } from './records';
import { OrderNoticeRepository, ReturnRepository } from './repository';

type ReturnInput = z.output<typeof returnRequestSchema>;
type ReturnReceive = z.output<(typeof syncPayloadSchemas)['return.receive']>;

export const myOrderMessages = {
  orderNotFound: 'Ordren blev ikke fundet.',
  returnNotFound: 'Der findes ingen returnering med det nummer.',
  refused: 'Returneringen kan ikke oprettes. Se beskederne ved varerne.',
  refundFailed: 'Pengene kunne ikke sendes tilbage lige nu, så returneringen er ikke bekræftet. Prøv igen om lidt.',
  otherStoresReturn: 'Returneringen hører til en anden butik. Kun butikken, der modtager varerne, kan bekræfte den.',
  returnIdTaken: 'Retur-id’et er allerede brugt til en anden returnering. Modtag returen igen.',
} as const;

/** How many of a store's received returns the store app is sent (newest first). */
const STORE_RETURNS_MAX = 200;

/** Where return parcels go; a store takes them too (SPEC §1 stores all over Denmark). */
export const RETURN_ADDRESS = 'Profil Optik Returcenter, Fabriksvej 12, 6000 Kolding';

/** The SPEC §3 shipment method by its delivery id. */
export function shipmentMethodName(id: number): string {
  return DELIVERY_OPTIONS.find((o) => o.id === id)?.title ?? 'Levering';
}

/** When the order reached the customer; orders marked delivered before the field existed use their last change. */
function deliveredAt(order: Order): string | null {
  if (order.status !== 'delivered') return null;
  return order.deliveredAt ?? order.updatedAt ?? order.createdAt;
}

/** What the order list and the order page both show of an order. */
function orderHead(o: Order) {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    displayStatus: orderDisplayStatus[o.status],
    createdAt: o.createdAt,
    deliveredAt: deliveredAt(o),
    deliveryMethodId: o.deliveryMethodId,
    shipmentMethod: shipmentMethodName(o.deliveryMethodId),
    totalPrice: o.totalPrice,
  };
}

/** Items of order line `index` in the returns with `status`. */
function quantityIn(returns: readonly OrderReturn[], index: number, status: OrderReturn['status']): number {
  return returns.filter((r) => r.status === status).reduce((n, r) => n + r.lines.filter((l) => l.lineIndex === index).reduce((m, l) => m + l.quantity, 0), 0);
}

/** What a return paid (or pays) back to the payment method; returns from before gift-card refunds paid all there. */
const toMethod = (r: OrderReturn) => r.methodRefund ?? r.refundTotal;
/** What a return put (or puts) back on gift cards. */
const toGiftCards = (r: OrderReturn) => (r.giftCardRefunds ?? []).reduce((s, c) => s + c.amount, 0);
/** Return numbers count up, so this says which of an order's returns came first. */
const returnSeq = (r: OrderReturn) => Number(r.returnNumber.slice(1));

/**
 * Which gift cards get `ret`'s gift-card part back: the order's cards, less what the order's
 * earlier returns put back (the same split when the return is made and when it is confirmed).
 */
function giftCardPartsOf(order: Order, earlier: readonly OrderReturn[], amount: number): GiftCardUse[] {
  return giftCardRefundParts(order.giftCards ?? [], earlier.reduce((s, r) => s + toGiftCards(r), 0), amount);
}

/** What My Pages orders work with: its ports and the services owning orders, gift cards, subscriptions and accounts. */
export interface MyOrdersDeps {
  storage: Storage;
  coordination: Coordination;
  clock: Clock;
  catalogue: CatalogueService;
  provider: PaymentProvider;
  mailer: Mailer;
  sms: SmsSender;
  orders: OrderService;
  giftCards: GiftCardService;
  /** The lens subscriptions a monthly-lens line's period starts from. */
  subscriptions: Pick<SubscriptionService, 'list'>;
  /** The e-mail address of the account an order was placed under. */
  accounts: Pick<AuthService, 'contact'>;
  /** The store customer a store order was placed for (their phone and e-mail). */
  customers: Pick<CustomerService, 'get'>;
  /** The orders placed in stores for the store customer the account is linked to (account-links, issue 17). */
  linkedStoreOrders?: { storeOrdersOf(accountId: string): Promise<Order[]> };
}

/** Who hears about an order: a web order's contact, else the store customer's or the account's details. */
interface OrderContact {
  firstName: string;
  phone: string | null;
  email: string | null;
}

/**
 * My Pages orders and returns (SPEC §2 /min-konto/ordrer…, §4, §6): a customer sees only orders
 * placed under their account; returns follow the rules of domain/returns.ts; a return becomes
 * confirmed when the parcel is received (store or returns desk), and the refund then goes back
 * the way the order was paid: the payment method through the payments port, the rest onto the
 * gift cards that paid (decision 003).
 */
export class MyOrdersService {
  private readonly storage: Storage;
  private readonly coordination: Coordination;
  private readonly clock: Clock;
  private readonly catalogue: CatalogueService;
  private readonly provider: PaymentProvider;
  private readonly mailer: Mailer;
  private readonly sms: SmsSender;
  private readonly orders: OrderService;
  private readonly giftCards: GiftCardService;
  private readonly subscriptions: MyOrdersDeps['subscriptions'];
  private readonly accounts: MyOrdersDeps['accounts'];
  private readonly customers: MyOrdersDeps['customers'];
  private readonly linkedStoreOrders: MyOrdersDeps['linkedStoreOrders'];
  private readonly returns: ReturnRepository;
  private readonly notices: OrderNoticeRepository;

  constructor(deps: MyOrdersDeps) {
    ({ storage: this.storage, coordination: this.coordination, clock: this.clock, catalogue: this.catalogue, provider: this.provider, mailer: this.mailer, sms: this.sms } = deps);
    ({ orders: this.orders, giftCards: this.giftCards, subscriptions: this.subscriptions, accounts: this.accounts, customers: this.customers, linkedStoreOrders: this.linkedStoreOrders } = deps);
    this.returns = new ReturnRepository(deps.storage);
    this.notices = new OrderNoticeRepository(deps.storage);
  }

  /** The customer's own order; anyone else's is "not found", so ids cannot be probed. */
  private async ownOrder(customerId: string, orderId: string): Promise<Order> {
    const order = await this.orders.get(orderId);
    if (!order || order.customerId !== customerId) throw notFound(myOrderMessages.orderNotFound);
    return order;
  }

  /**
   * An order the staff member's store hands over (its own, or a web order collected there);
   * another store's is "not found", as on the order-status route.
   */
  private storeOrder(order: Order | undefined, staff: Pick<SessionUser, 'storeId'>): Order {
    const receivingStore = order && (order.storeId ?? order.pickupStoreId);
    if (!order || (receivingStore && receivingStore !== staff.storeId)) throw notFound(myOrderMessages.orderNotFound);
    return order;
  }

  /** The account's orders and, when it is linked to a store customer, that customer's store orders (named by their store), newest first. */
  async list(customerId: string): Promise<MyOrderSummary[]> {
    const orders = await this.orders.listForCustomer(customerId);
    const returns = await this.returns.forCustomer(customerId);
    const inStores = (await this.linkedStoreOrders?.storeOrdersOf(customerId)) ?? [];
    const storeNames = new Map<string, string>();
    for (const id of new Set(inStores.map((o) => o.storeId).filter((s): s is string => s !== null))) storeNames.set(id, (await this.catalogue.store(id))?.name ?? 'Profil Optik');
    return [...orders, ...inStores]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((o) => {
        const latest = returns.filter((r) => r.orderId === o.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        const storeName = o.customerId !== customerId ? storeNames.get(o.storeId ?? '') ?? 'Profil Optik' : undefined;
        return {
          ...orderHead(o),
          itemCount: o.lines.reduce((n, l) => n + l.quantity, 0),
          returnStatus: latest?.status ?? null,
          ...(storeName ? { storeName } : {}),
        };
      });
  }

  async get(customerId: string, orderId: string): Promise<MyOrder> {
    const order = await this.ownOrder(customerId, orderId);
    return this.view(order, await this.returns.forOrder(order.id));
  }

  /** Start of the six-month period of a monthly-lens line: the lens subscription's start, else the order date. */
  private async periodStart(order: Order, skuId: string, subscribed: boolean): Promise<string> {
    if (!subscribed || !order.customerId) return order.createdAt;
    const subs = (await this.subscriptions.list(order.customerId)).filter((s) => s.kind === 'lens' && s.items.some((i) => i.skuId === skuId));
    const start = subs.map((s) => s.startDate).filter((d) => d <= order.createdAt.slice(0, 10)).sort().at(-1);
    return start ?? order.createdAt;
  }

  private async lineFacts(order: Order, returns: readonly OrderReturn[]): Promise<{ facts: LineFacts; withdrawal: 30 | 90; returned: number; pending: number }[]> {
    // What was paid for the goods: the Friends frame discount belongs to its line, the order's discount is spread over all.
    const paidForLine = (l: Order['lines'][number]) => l.lineTotal - (l.friendsDiscount ?? 0);
    const goods = order.lines.reduce((s, l) => s + paidForLine(l), 0);
    const now = this.clock.now();
    const out = [];
    for (const [index, line] of order.lines.entries()) {
      const article = await this.catalogue.getArticle(line.articleId);
      const lensKind = lensKindOf(article);
      const returned = quantityIn(returns, index, 'confirmed');
      const pending = quantityIn(returns, index, 'pending');
      const withdrawal = withdrawalDays(article);
      const monthsLeft = lensKind === 'monthly' ? monthsLeftInPeriod(await this.periodStart(order, line.skuId, line.subscriptionInterval !== null), now) : null;
      out.push({
        withdrawal,
        returned,
        pending,
        facts: {
          orderStatus: order.status,
          paid: order.paymentStatus === 'paid' || order.paymentStatus === 'refunded',
          deliveredAt: deliveredAt(order),
          quantity: line.quantity,
          alreadyReturned: returned + pending,
          unitRefund: unitRefundOf(Math.floor(paidForLine(line) / line.quantity), goods, order.discount),
          withdrawalDays: withdrawal,
          lensKind,
          monthsLeft,
        },
      });
    }
    return out;
  }

  private async view(order: Order, returns: OrderReturn[]): Promise<MyOrder> {
    const now = this.clock.now();
    const facts = await this.lineFacts(order, returns);
    const lines: MyOrderLine[] = order.lines.map((l, index) => {
      const f = facts[index]!;
      const r = lineReturnability(f.facts, now);
      return {
        index,
        articleId: l.articleId,
        skuId: l.skuId,
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        lineTotal: l.lineTotal,
        vat: l.vat,
        subscriptionInterval: l.subscriptionInterval,
        returnedQuantity: f.returned,
        pendingReturnQuantity: f.pending,
        withdrawalDays: f.withdrawal,
        withdrawalDeadline: r.deadline,
        lensKind: f.facts.lensKind,
        monthsLeft: f.facts.monthsLeft,
        returnable: r.ok ? { maxQuantity: r.maxQuantity, unitRefund: r.unitRefund, openedUnitRefund: r.openedUnitRefund } : null,
        notReturnableReason: r.ok ? null : r.message,
      };
    });
    return {
      ...orderHead(order),
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      paidAt: order.paidAt,
      lines,
      shipping: order.shipping,
      discount: order.discount,
      friendsDiscount: order.friendsDiscount ?? 0,
      giftCardAmount: order.giftCardAmount,
      ...(order.giftCards ? { giftCards: maskGiftCards(order.giftCards) } : {}),
      vat: vatOfGross(order.totalPrice),
      deliveryAddress: order.deliveryAddress,
      returns: returns.sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      shippingRefundable: returns.some((r) => r.shippingRefund > 0) ? 0 : order.shipping,
    };
  }

  /** Registers a return (pending) and mails the return label and instructions. */
  async createReturn(customerId: string, orderId: string, input: ReturnInput): Promise<OrderReturn> {
    // One transaction from reading the order's returns to storing this one: two submits at once cannot return the same item twice.
    const { order, ret } = await this.storage.transaction(async () => this.registerReturn(await this.ownOrder(customerId, orderId), input, null));
    const to = await this.emailOf(order);
    if (to) await this.mailer.send({ to, subject: `Din returnering ${ret.returnNumber} af ordre ${order.orderNumber}`, text: labelMail(ret) });
    return ret;
  }

  /**
   * A return received at the counter (sync `return.receive`): the web return's rules and refund
   * split for an order of this store, under the id the device gave it, with no label to send — the
   * goods are in the store. The same id again answers the stored return.
   */
  async receiveReturn({ returnId, orderId, request }: ReturnReceive, staff: Pick<SessionUser, 'storeId'>): Promise<OrderReturn> {
    return this.storage.transaction(async () => {
      const existing = await this.returns.get(returnId);
      if (existing) {
        if (existing.orderId !== orderId || existing.storeId !== staff.storeId) throw new HttpError(409, 'conflict', myOrderMessages.returnIdTaken);
        return existing;
      }
      const order = this.storeOrder(await this.orders.get(orderId), staff);
      return (await this.registerReturn(order, request, { id: returnId, storeId: staff.storeId! })).ret;
    });
  }

  /** The returns this store received, newest first. */
  storeReturns(staff: Pick<SessionUser, 'storeId'>): Promise<OrderReturn[]> {
    return staff.storeId ? this.returns.forStore(staff.storeId, STORE_RETURNS_MAX) : Promise.resolve([]);
  }

  /** `counter`: received in a store (the device's id, that store); null: registered by the customer, the parcel still to come. */
  private async registerReturn(order: Order, input: ReturnInput, counter: { id: string; storeId: string } | null): Promise<{ order: Order; ret: OrderReturn }> {
    const returns = await this.returns.forOrder(order.id);
    const facts = await this.lineFacts(order, returns);
    const now = this.clock.now();
    const fields: Record<string, string> = {};
    const lines: OrderReturn['lines'] = [];
    for (const [i, req] of input.lines.entries()) {
      const f = facts[req.lineIndex];
      if (!f) {
        fields[`lines.${i}.lineIndex`] = 'Varen findes ikke på ordren.';
        continue;
      }
      const check = checkReturnLine(f.facts, req, now);
      if (!check.ok) {
        fields[`lines.${i}.quantity`] = check.message;
        continue;
      }
      const opened = req.opened && f.facts.lensKind !== null;
      lines.push({ lineIndex: req.lineIndex, description: order.lines[req.lineIndex]!.description, quantity: req.quantity, opened, monthsLeft: opened ? check.monthsLeft : null, refund: check.refund });
    }
    if (Object.keys(fields).length > 0) throw new HttpError(422, 'unprocessable', myOrderMessages.refused, fields);

    // The whole order back: the original delivery charge is refunded too (once).
    const requested = (index: number) => lines.filter((l) => l.lineIndex === index).reduce((n, l) => n + l.quantity, 0);
    const everything = order.lines.every((l, index) => facts[index]!.facts.alreadyReturned + requested(index) >= l.quantity);
    const shippingRefund = everything && !returns.some((r) => r.shippingRefund > 0) ? order.shipping : 0;
    // The original way back (decision 003): first to the payment method, never more than it was
    // charged less what earlier returns sent there; the rest onto the gift cards that paid, never
    // more than they paid (only cards the order recorded) less what earlier returns put back.
    const due = lines.reduce((s, l) => s + l.refund, 0) + shippingRefund;
    const charged = order.totalPrice - order.giftCardAmount;
    const methodRefund = Math.max(0, Math.min(due, charged - returns.reduce((s, r) => s + toMethod(r), 0)));
    const onCards = (order.giftCards ?? []).reduce((s, c) => s + c.amount, 0) - returns.reduce((s, r) => s + toGiftCards(r), 0);
    const giftCardRefunds = maskGiftCards(giftCardPartsOf(order, returns, Math.max(0, Math.min(due - methodRefund, onCards))).map((p) => ({ number: p.number, amount: p.use })));

    const n = await nextNumber(this.storage, 'return-number', 500_001);
    const ret: OrderReturn = {
      id: counter?.id ?? crypto.randomUUID(),
      returnNumber: `R${n}`,
      orderId: order.id,
      orderNumber: order.orderNumber,
      // Guest web orders have no customer; only staff return them (My Pages needs an account).
      customerId: order.customerId ?? '',
      status: 'pending',
      reason: input.reason,
      comment: input.comment,
      lines,
      shippingRefund,
      refundTotal: methodRefund + giftCardRefunds.reduce((s, c) => s + c.amount, 0),
      refundMethod: order.paymentMethod,
      methodRefund,
      giftCardRefunds,
      // A PostNord-style parcel number for the prepaid return label; none is used for goods handed in at a counter.
      label: { code: `RR${String(n).padStart(9, '0')}DK`, status: counter ? 'cancelled' : 'sent' },
      createdAt: now.toISOString(),
      confirmedAt: null,
      refundedAt: null,
      refundTransactionId: null,
      storeId: counter?.storeId ?? null,
    };
    await this.returns.insert(ret);
    return { order, ret };
  }

  private async emailOf(order: Order): Promise<string | null> {
    return (await this.contactOf(order))?.email ?? null;
  }

  /** Who the order's messages go to: the account's e-mail first (as before), the web order's contact, or the store customer. */
  private async contactOf(order: Order): Promise<OrderContact | null> {
    const account = order.customerId ? await this.accounts.contact(order.customerId) : undefined;
    if (account || order.contact) {
      return { firstName: order.contact?.firstName ?? account!.firstName, phone: order.contact?.phone ?? account?.phone ?? null, email: account?.email ?? order.contact?.email ?? null };
    }
    const customer = order.customerId ? await this.customers.get(order.customerId) : undefined;
    return customer ? { firstName: customer.firstName, phone: customer.phone, email: customer.email } : null;
  }

  /**
   * The parcel has arrived (a store or the returns desk scans its return number): the return is
   * confirmed and the refund goes back the way the order was paid — the payment method's part
   * through the provider first, then the gift-card part onto its cards. All or nothing: if the
   * provider refuses, no card is credited and the return stays pending so it can be confirmed
   * again; both steps are keyed by the return number, so a retry pays and credits once.
   * Issue 15: only the receiving store confirms — the store of a store or click-and-collect
   * order; a web order sent to an address goes back to the returns centre, which logs in as a
   * store (as for order states, changeOrderStatus). Another store is refused (403).
   */
  confirmReturn(returnNumber: string, staff: Pick<SessionUser, 'storeId'>): Promise<OrderReturn> {
    // Two scans of one parcel at once: the second waits, then finds the return confirmed (409).
    return this.coordination.run(`return:${returnNumber}`, async () => this.confirmOnce(await this.returns.byNumber(returnNumber), staff));
  }

  /**
   * The counter approves a return it received (sync `return.confirm`), inside the sync request's
   * transaction: the same confirmation as confirmReturn, without its lock — a lock taken while
   * holding the transaction could wait forever on a route confirmation that waits for that
   * transaction. It needs none: the provider pays a return number once, the gift cards are
   * credited once per return number, and the confirmed state is checked again in the update, so
   * of two confirmations at once one stands and the other is refused (409).
   */
  async confirmReceivedReturn(returnId: string, staff: Pick<SessionUser, 'storeId'>): Promise<OrderReturn> {
    return this.confirmOnce(await this.returns.get(returnId), staff);
  }

  private async confirmOnce(ret: OrderReturn | undefined, staff: Pick<SessionUser, 'storeId'>): Promise<OrderReturn> {
    if (!ret) throw notFound(myOrderMessages.returnNotFound);
    const order = await this.orders.get(ret.orderId);
    if (!order) throw notFound(myOrderMessages.orderNotFound);
    const receivingStore = order.storeId ?? order.pickupStoreId;
    if (receivingStore && receivingStore !== staff.storeId) throw new HttpError(403, 'forbidden', myOrderMessages.otherStoresReturn);
    const allowed = returnTransition(ret.status, 'confirmed');
    if (!allowed.ok) throw new HttpError(409, 'conflict', allowed.message);
    // The payment method's part through the provider (outside any transaction; the provider pays a return number once).
    let transactionId: string | null = null;
    if (toMethod(ret) > 0 && ret.refundMethod) {
      const refund = await this.provider.refund({ method: ret.refundMethod, amount: toMethod(ret), originalReference: ret.orderNumber, reference: ret.returnNumber });
      if (!refund.ok) throw new HttpError(502, 'internal', myOrderMessages.refundFailed);
      transactionId = refund.transactionId;
    }
    // The gift cards' part, the confirmed return and (everything back) the refunded order: one transaction.
    const at = this.clock.now().toISOString();
    const confirmed = await this.storage.transaction(async () => {
      const earlier = (await this.returns.forOrder(order.id)).filter((r) => returnSeq(r) < returnSeq(ret));
      const credit = giftCardPartsOf(order, earlier, toGiftCards(ret));
      await this.giftCards.credit(credit, ret.returnNumber);
      const refunded = transactionId !== null || credit.length > 0;
      const done = (await this.returns.update(ret.id, (r) => {
        const again = returnTransition(r.status, 'confirmed');
        if (!again.ok) throw new HttpError(409, 'conflict', again.message);
        return { ...r, status: 'confirmed', confirmedAt: at, refundedAt: refunded ? at : null, refundTransactionId: transactionId, storeId: r.storeId ?? staff.storeId ?? null };
      }))!;
      // Everything of the order came back: the order's payment is refunded.
      const all = await this.returns.forOrder(order.id);
      if (order.lines.every((l, index) => quantityIn(all, index, 'confirmed') >= l.quantity)) await this.orders.markRefunded(order.id, at);
      // Mailed once the confirmation is durable (within a sync request: once the request commits).
      const to = await this.emailOf(order);
      if (to) this.storage.afterCommit(() => this.mailer.send({ to, subject: `Vi har modtaget din returnering ${done.returnNumber}`, text: confirmedMail(done) }));
      return done;
    });
    return confirmed;
  }

  /**
   * Staff move an order along its SPEC §4 states (domain/returns.ts ORDER_TRANSITIONS). A store
   * order or a click-and-collect order belongs to its store; a web order sent to an address is
   * handled by the warehouse, which logs in as a store. Delivered sets the delivery time the
   * withdrawal period counts from.
   */
  changeOrderStatus(orderNumber: string, status: Order['status'], staff: Pick<SessionUser, 'storeId'>): Promise<Order> {
    return this.storage.transaction(async () => this.moveOrder(await this.orders.byNumber(orderNumber), status, staff));
  }

  /** The same step from the store app (sync `order.status`), by the order's id: an order made offline has no number on the device yet. */
  changeOrderStatusById(orderId: string, status: Order['status'], staff: Pick<SessionUser, 'storeId'>): Promise<Order> {
    return this.storage.transaction(async () => this.moveOrder(await this.orders.get(orderId), status, staff));
  }

  /** Inside a transaction: the step, and for a click-and-collect order now ready, the customer's notice (sent once that commits). */
  private async moveOrder(found: Order | undefined, status: Order['status'], staff: Pick<SessionUser, 'storeId'>): Promise<Order> {
    const order = this.storeOrder(found, staff);
    const at = this.clock.now().toISOString();
    const moved = await this.orders.changeStatus(order.id, status, at);
    // SPEC §4 lets an order become controlled once, so this notice is stored once per order.
    if (status === 'controlled' && moved.deliveryMethodId === 119) {
      const contact = await this.contactOf(moved);
      const phone = contact?.phone ? smsNumber(contact.phone) : null;
      const channel = phone ? 'sms' : contact?.email ? 'email' : null;
      if (channel) {
        const notice = await this.notices.insert({ id: `ready-for-pickup:${moved.id}`, orderId: moved.id, kind: 'ready-for-pickup', channel, createdAt: at, deliveredAt: null });
        this.storage.afterCommit(() => this.resumeNotice(notice.id));
      }
    }
    return hideGiftCardNumbers(moved);
  }

  /** The ready-for-pickup notice of an order, when it has one not yet delivered (a replayed status change after a crash). */
  resumeReadyNotice(orderId: string): Promise<void> {
    return this.resumeNotice(`ready-for-pickup:${orderId}`);
  }

  /**
   * Delivers a stored notice that has not gone out yet, then notes `deliveredAt`. Deliveries of
   * one notice run one at a time; a delivered one is not sent again, and the SMS is keyed by the
   * notice, so a delivery retried after a crash before `deliveredAt` was noted sends no second one.
   */
  private async resumeNotice(id: string): Promise<void> {
    await this.coordination.run(`order-notice:${id}`, async () => {
      const notice = await this.notices.get(id);
      if (!notice || notice.deliveredAt) return;
      await this.deliver(notice);
      await this.notices.update(id, (n) => ({ ...n, deliveredAt: this.clock.now().toISOString() }));
    });
  }

  private async deliver(notice: OrderNoticeRecord): Promise<void> {
    const order = await this.orders.get(notice.orderId);
    const contact = order && (await this.contactOf(order));
    if (!order || !contact) throw new Error(`order notice ${notice.id}: its order or customer is gone`);
    const storeId = order.pickupStoreId ?? order.storeId;
    const store = (storeId && (await this.catalogue.store(storeId))) || null;
    const where = store ? `${store.name}, ${store.street}, ${store.postcode} ${store.city}` : 'butikken';
    const phone = contact.phone ? smsNumber(contact.phone) : null;
    if (notice.channel === 'sms' && phone) {
      await this.sms.send({ to: phone, text: `Hej ${contact.firstName}. Din ordre ${order.orderNumber} er klar til afhentning i ${where}. Venlig hilsen Profil Optik`, idempotencyKey: `order-notice:${notice.id}` });
    } else if (contact.email) {
      await this.mailer.send({
        to: contact.email,
        subject: `Din ordre ${order.orderNumber} er klar til afhentning`,
        text: [`Hej ${contact.firstName}`, '', `Din ordre ${order.orderNumber} er klar til afhentning i ${where}.`, 'Husk at tage ordrenummeret med.', '', 'Venlig hilsen', 'Profil Optik'].join('\n'),
      });
    }
  }
}

function labelMail(r: OrderReturn): string {
  return [
    'Hej',
    '',
    `Tak for din besked. Vi har registreret returneringen ${r.returnNumber} af ordre ${r.orderNumber}:`,
    '',
    ...r.lines.map((l) => `${l.quantity} × ${l.description}${l.opened ? ' (åbnet)' : ''}: ${formatDkk(l.refund)}`),
    ...(r.shippingRefund ? [`Fragt: ${formatDkk(r.shippingRefund)}`] : []),
    `Du får ${refundDestinations(r)}, når vi har modtaget varerne.`,
    '',
    'Sådan sender du varerne:',
    '1. Pak varerne godt ind, gerne i den originale emballage.',
    `2. Skriv returnummeret ${r.returnNumber} på en seddel, og læg den i pakken.`,
    `3. Aflever pakken i en PostNord-pakkeshop, og vis returkoden ${r.label.code}. Fragten er betalt.`,
    `   Pakken går til ${RETURN_ADDRESS}.`,
    '   Du kan også aflevere pakken i en af vores butikker.',
    '',
    `Årsag: ${returnReasonNames[r.reason]}${r.comment ? ` – ${r.comment}` : ''}`,
    `Registreret ${formatCopenhagenDate(r.createdAt)}. Du kan følge returneringen under Min konto → Ordrer.`,
    '',
    'Venlig hilsen',
    'Profil Optik',
  ].join('\n');
}

function confirmedMail(r: OrderReturn): string {
  return [
    'Hej',
    '',
    `Vi har modtaget dine varer fra ordre ${r.orderNumber} (returnering ${r.returnNumber}).`,
    ...(r.refundTotal > 0 ? [`Du får ${refundDestinations(r)}.`] : ['Der er intet beløb at betale tilbage for denne returnering.']),
    ...(toMethod(r) > 0 ? ['Det kan tage op til 5 bankdage, før beløbet står på din konto.'] : []),
    ...(toGiftCards(r) > 0 ? ['Beløbet på gavekortet kan bruges med det samme.'] : []),
    '',
    'Venlig hilsen',
    'Profil Optik',
  ].join('\n');
}
