import {
  checkReturnLine,
  formatCopenhagenDate,
  formatDkk,
  lensKindOf,
  lineReturnability,
  monthsLeftInPeriod,
  orderDisplayStatus,
  refundDestinations,
  returnTransition,
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
} from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import type { Mailer } from '../../ports/mail';
import type { PaymentProvider } from '../../ports/payments';
import { nextNumber } from '../../storage/counter';
import type { Storage } from '../../storage/port';
import type { Coordination } from '../../coordination/port';
import type { AuthService } from '../auth/service';
import type { CatalogueService } from '../catalogue/service';
import { DELIVERY_OPTIONS } from '../checkout/delivery';
import { giftCardRefundParts, hideGiftCardNumbers, maskGiftCards, type GiftCardService, type GiftCardUse } from '../gift-cards/service';
import type { OrderService } from '../orders/service';
import type { SubscriptionService } from '../subscriptions/service';
import { ReturnRepository } from './repository';

type ReturnInput = z.output<typeof returnRequestSchema>;

export const myOrderMessages = {
  orderNotFound: 'Ordren blev ikke fundet.',
  returnNotFound: 'Der findes ingen returnering med det nummer.',
  refused: 'Returneringen kan ikke oprettes. Se beskederne ved varerne.',
  refundFailed: 'Pengene kunne ikke sendes tilbage lige nu, så returneringen er ikke bekræftet. Prøv igen om lidt.',
  otherStoresReturn: 'Returneringen hører til en anden butik. Kun butikken, der modtager varerne, kan bekræfte den.',
} as const;

/** Where return parcels go; a store takes them too (SPEC §1 stores all over Denmark). */
export const RETURN_ADDRESS = 'Profil Optik Returcenter, Fabriksvej 12, 6000 Kolding';

const REASON_NAMES: Record<OrderReturn['reason'], string> = {
  'changed-mind': 'Fortrudt køb',
  'does-not-fit': 'Passer ikke',
  defective: 'Defekt eller beskadiget',
  'wrong-item': 'Forkert vare',
  other: 'Andet',
};

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
  orders: OrderService;
  giftCards: GiftCardService;
  /** The lens subscriptions a monthly-lens line's period starts from. */
  subscriptions: Pick<SubscriptionService, 'list'>;
  /** The e-mail address of the account an order was placed under. */
  accounts: Pick<AuthService, 'contact'>;
  /** The orders placed in stores for the store customer the account is linked to (account-links, issue 17). */
  linkedStoreOrders?: { storeOrdersOf(accountId: string): Promise<Order[]> };
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
  private readonly orders: OrderService;
  private readonly giftCards: GiftCardService;
  private readonly subscriptions: MyOrdersDeps['subscriptions'];
  private readonly accounts: MyOrdersDeps['accounts'];
  private readonly linkedStoreOrders: MyOrdersDeps['linkedStoreOrders'];
  private readonly returns: ReturnRepository;

  constructor(deps: MyOrdersDeps) {
    ({ storage: this.storage, coordination: this.coordination, clock: this.clock, catalogue: this.catalogue, provider: this.provider, mailer: this.mailer } = deps);
    ({ orders: this.orders, giftCards: this.giftCards, subscriptions: this.subscriptions, accounts: this.accounts, linkedStoreOrders: this.linkedStoreOrders } = deps);
    this.returns = new ReturnRepository(deps.storage);
  }

  /** The customer's own order; anyone else's is "not found", so ids cannot be probed. */
  private async ownOrder(customerId: string, orderId: string): Promise<Order> {
    const order = await this.orders.get(orderId);
    if (!order || order.customerId !== customerId) throw notFound(myOrderMessages.orderNotFound);
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
    const { order, ret } = await this.storage.transaction(() => this.registerReturn(customerId, orderId, input));
    const to = await this.emailOf(order);
    if (to) await this.mailer.send({ to, subject: `Din returnering ${ret.returnNumber} af ordre ${order.orderNumber}`, text: labelMail(ret) });
    return ret;
  }

  private async registerReturn(customerId: string, orderId: string, input: ReturnInput): Promise<{ order: Order; ret: OrderReturn }> {
    const order = await this.ownOrder(customerId, orderId);
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
      id: crypto.randomUUID(),
      returnNumber: `R${n}`,
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerId,
      status: 'pending',
      reason: input.reason,
      comment: input.comment,
      lines,
      shippingRefund,
      refundTotal: methodRefund + giftCardRefunds.reduce((s, c) => s + c.amount, 0),
      refundMethod: order.paymentMethod,
      methodRefund,
      giftCardRefunds,
      // A PostNord-style parcel number for the prepaid return label.
      label: { code: `RR${String(n).padStart(9, '0')}DK`, status: 'sent' },
      createdAt: now.toISOString(),
      confirmedAt: null,
      refundedAt: null,
      refundTransactionId: null,
    };
    await this.returns.insert(ret);
    return { order, ret };
  }

  private async emailOf(order: Order): Promise<string | null> {
    const account = order.customerId ? await this.accounts.contact(order.customerId) : undefined;
    return account?.email ?? order.contact?.email ?? null;
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
    return this.coordination.run(`return:${returnNumber}`, () => this.confirmOnce(returnNumber, staff));
  }

  private async confirmOnce(returnNumber: string, staff: Pick<SessionUser, 'storeId'>): Promise<OrderReturn> {
    const ret = await this.returns.byNumber(returnNumber);
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
        return { ...r, status: 'confirmed', confirmedAt: at, refundedAt: refunded ? at : null, refundTransactionId: transactionId };
      }))!;
      // Everything of the order came back: the order's payment is refunded.
      const all = await this.returns.forOrder(order.id);
      if (order.lines.every((l, index) => quantityIn(all, index, 'confirmed') >= l.quantity)) await this.orders.markRefunded(order.id, at);
      return done;
    });
    const to = await this.emailOf(order);
    if (to) await this.mailer.send({ to, subject: `Vi har modtaget din returnering ${confirmed.returnNumber}`, text: confirmedMail(confirmed) });
    return confirmed;
  }

  /**
   * Staff move an order along its SPEC §4 states (domain/returns.ts ORDER_TRANSITIONS). A store
   * order or a click-and-collect order belongs to its store; a web order sent to an address is
   * handled by the warehouse, which logs in as a store. Delivered sets the delivery time the
   * withdrawal period counts from.
   */
  async changeOrderStatus(orderNumber: string, status: Order['status'], staff: SessionUser): Promise<Order> {
    const found = await this.orders.byNumber(orderNumber);
    const ownStore = found && (found.storeId ?? found.pickupStoreId);
    if (!found || (ownStore && ownStore !== staff.storeId)) throw notFound(myOrderMessages.orderNotFound);
    return hideGiftCardNumbers(await this.orders.changeStatus(found.id, status, this.clock.now().toISOString()));
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
    `Årsag: ${REASON_NAMES[r.reason]}${r.comment ? ` – ${r.comment}` : ''}`,
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
