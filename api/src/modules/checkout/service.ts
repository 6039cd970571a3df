import {
  da,
  formatDkk,
  FRIENDS_RULES,
  frameDiscountLines,
  isValidDiscountCodeFormat,
  paymentFailureMessages,
  PublicationStatus,
  subscriptionIntervalText,
  lensEyeText,
  type CartItem,
  validatePostcode,
  vatOfGross,
  type Category,
  type CheckoutPlaceResponse,
  type CheckoutQuote,
  type DeliveryOption,
  type Order,
  type SessionUser,
  type checkoutPlaceRequestSchema,
  type checkoutQuoteRequestSchema,
} from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { badRequest, HttpError } from '../../http/errors';
import type { Mailer } from '../../ports/mail';
import type { CarrierDirectory } from '../../ports/carrier';
import type { ChargeResult, PaymentProvider } from '../../ports/payments';
import type { Storage } from '../../storage/port';
import type { Coordination } from '../../coordination/port';
import type { CartRecord } from '../cart/records';
import type { CartService } from '../cart/service';
import type { CatalogueService } from '../catalogue/service';
import type { FriendsFrameDiscount } from '../friends/frame-discount';
import { giftCardMessages, giftCardUsesOf, hideGiftCardNumbers, withGiftCards, type GiftCardService } from '../gift-cards/service';
import { nextOrderNumber, type OrderService } from '../orders/service';
import { orderPaymentKey, payerOf } from '../payments/service';
import type { SubscriptionService } from '../subscriptions/service';
import { deliveryOptionsFor, shippingFor } from './delivery';
import { DiscountCodeRepository } from './repository';

type QuoteInput = z.output<typeof checkoutQuoteRequestSchema>;
type PlaceInput = z.output<typeof checkoutPlaceRequestSchema>;

export const checkoutMessages = {
  emptyCart: 'Kurven er tom.',
  storeOnly: 'Produktet kan kun købes ved at besøge en butik.',
  noDelivery: 'Vælg en leveringsmetode, der kan bruges til varerne i kurven.',
  noCollectionPoint: 'Vælg en pakkeshop.',
  noStore: 'Vælg den butik, du vil hente i.',
  noPayment: 'Vælg en betalingsmåde.',
  giftCardEmpty: giftCardMessages.empty,
  subscriptionNeedsLogin: 'Linseabonnement kræver, at du er logget ind. Log ind eller opret en konto under Min konto, og gå til kassen igen – varerne bliver i kurven.',
  subscriptionCustomersOnly: 'Linseabonnement kan kun købes af kunden selv, logget ind på sin egen konto.',
} as const;

/** What the checkout works with: its ports and the services owning carts, orders, gift cards, eye tests and subscriptions. */
export interface CheckoutDeps {
  storage: Storage;
  coordination: Coordination;
  clock: Clock;
  catalogue: CatalogueService;
  provider: PaymentProvider;
  carriers: CarrierDirectory;
  mailer: Mailer;
  cart: Pick<CartService, 'contents' | 'emptyAfterOrder'>;
  orders: OrderService;
  giftCards: GiftCardService;
  /** Which booked eye tests give a member the Friends discount, and marking them used. */
  frameDiscount: FriendsFrameDiscount;
  /** Starts the lens subscriptions of a paid order (SPEC §3 subscription). */
  subscriptions?: Pick<SubscriptionService, 'startFromOrder'>;
}

/**
 * The web checkout (SPEC §2 /checkout): prices from the catalogue (never the cart's copy), delivery
 * options by what is in the cart, the Friends frame discount for a member with a booked eye test,
 * discount codes, gift cards (payment type 900, partial cover) and the rest through the payments
 * port — the same charge as the store's pay-by-link page. A failed payment keeps the cart, gives
 * the gift cards their balance back and leaves the eye test unused.
 */
export class CheckoutService {
  private readonly storage: Storage;
  private readonly coordination: Coordination;
  private readonly clock: Clock;
  private readonly catalogue: CatalogueService;
  private readonly provider: PaymentProvider;
  private readonly carriers: CarrierDirectory;
  private readonly mailer: Mailer;
  private readonly carts: CheckoutDeps['cart'];
  private readonly orders: OrderService;
  private readonly giftCards: GiftCardService;
  private readonly frameDiscount: FriendsFrameDiscount;
  private readonly subscriptions: CheckoutDeps['subscriptions'];
  private readonly discountCodes: DiscountCodeRepository;

  constructor(deps: CheckoutDeps) {
    ({ storage: this.storage, coordination: this.coordination, clock: this.clock, catalogue: this.catalogue, provider: this.provider, carriers: this.carriers, mailer: this.mailer } = deps);
    ({ cart: this.carts, orders: this.orders, giftCards: this.giftCards, frameDiscount: this.frameDiscount, subscriptions: this.subscriptions } = deps);
    this.discountCodes = new DiscountCodeRepository(deps.storage);
  }

  private async cart(shopperId: string): Promise<CartRecord> {
    const cart = await this.carts.contents(shopperId);
    if (!cart || cart.items.length === 0) throw new HttpError(409, 'conflict', checkoutMessages.emptyCart);
    return cart;
  }

  /** The cart's lines at today's catalogue prices. */
  private async priced(cart: CartRecord, isStore: boolean) {
    let changed = false;
    const categories = new Set<Category>();
    const lines = [];
    for (const item of cart.items) {
      const found = await this.catalogue.findSku(item.skuId);
      if (!found) throw new HttpError(422, 'unprocessable', `${item.articleDescription}: ${da.errors.unknownSku}`);
      const { article, sku } = found;
      const status = article.price.unit.publicationStatus;
      if (!isStore && (status === PublicationStatus.StoreItem || status === PublicationStatus.StoreOnly)) throw new HttpError(422, 'unprocessable', `${article.name}: ${checkoutMessages.storeOnly}`);
      if (status === PublicationStatus.OutOfStock || sku.stock < item.quantity) throw new HttpError(422, 'unprocessable', `${article.name}: ${da.errors.productSoldOut}`);
      const part = item.subscriptionInterval ? article.price.subscription : article.price.unit;
      if (!part) throw new HttpError(422, 'unprocessable', `${article.name}: Produktet kan ikke købes som abonnement.`);
      if (part.amount !== item.price.amount) changed = true;
      categories.add(article.category);
      lines.push({ item, article, unitPrice: part.amount, lineTotal: part.amount * item.quantity });
    }
    return { lines, categories: [...categories], changed };
  }

  async deliveryOptions(shopperId: string): Promise<DeliveryOption[]> {
    const cart = await this.carts.contents(shopperId);
    const categories = new Set<Category>();
    for (const i of cart?.items ?? []) categories.add(i.category as Category);
    return deliveryOptionsFor([...categories]);
  }

  async collectionPoints(zip: string, deliveryMethodId: number) {
    return this.carriers.collectionPoints(zip, deliveryMethodId === 127 ? 'gls' : 'postnord');
  }

  /** Discount in øre for these goods, or a field error. */
  private async discount(code: string | undefined, lines: { article: { category: Category }; lineTotal: number }[]): Promise<{ amount: number; code: string | null }> {
    if (!code) return { amount: 0, code: null };
    const invalid = () => badRequest({ discountCode: da.validation.discountCode });
    if (!isValidDiscountCodeFormat(code)) throw invalid();
    const rec = await this.discountCodes.get(code);
    const now = this.clock.now().toISOString();
    if (!rec || now < rec.validFrom || now > rec.validTo) throw invalid();
    const base = lines.filter((l) => !rec.category || l.article.category === rec.category).reduce((s, l) => s + l.lineTotal, 0);
    if (base === 0) throw invalid();
    if (base < rec.minimumGoods) throw badRequest({ discountCode: `Rabatkoden gælder ved køb for mindst ${formatDkk(rec.minimumGoods)}.` });
    const amount = rec.kind === 'percent' ? Math.round((base * rec.value) / 100) : Math.min(base, rec.value);
    return { amount, code: rec.id };
  }

  /**
   * `customerId`: the signed-in customer (session role 'customer'), whose booked eye tests give a
   * Friends member 50 % off one frame each ("Friends-rabat", domain/friends.ts), before the discount code.
   */
  async quote(
    shopperId: string,
    input: QuoteInput,
    isStore: boolean,
    customerId: string | null = null,
  ): Promise<CheckoutQuote & { option: DeliveryOption | null; cards: { number: string; use: number }[]; lines_: (Awaited<ReturnType<CheckoutService['priced']>>['lines'][number] & { friendsDiscount: number })[]; friendsBookings: string[] }> {
    const cart = await this.cart(shopperId);
    const { lines: priced, categories, changed } = await this.priced(cart, isStore);
    const goods = priced.reduce((s, l) => s + l.lineTotal, 0);
    const eyeTests = await this.frameDiscount.eyeTests(customerId);
    const friends = frameDiscountLines(
      priced.map((l) => ({ category: l.article.category, unitPrice: l.unitPrice, quantity: l.item.quantity })),
      { member: eyeTests.length > 0, eyeTests: eyeTests.length },
    );
    const lines = priced.map((l, i) => ({ ...l, friendsDiscount: friends.lines[i]! }));
    const friendsDiscount = friends.lines.reduce((s, d) => s + d, 0);
    let option: DeliveryOption | null = null;
    if (input.deliveryMethodId !== undefined) {
      option = deliveryOptionsFor(categories).find((o) => o.id === input.deliveryMethodId) ?? null;
      if (!option) throw badRequest({ deliveryMethodId: checkoutMessages.noDelivery });
    }
    const discount = await this.discount(input.discountCode, lines.map((l) => ({ ...l, lineTotal: l.lineTotal - l.friendsDiscount })));
    const shipping = option ? shippingFor(option, goods - friendsDiscount - discount.amount) : 0;
    const total = goods - friendsDiscount - discount.amount + shipping;
    let left = total;
    const cards = (await this.giftCards.check(input.giftCards)).map((c) => {
      const use = Math.min(c.balance, left);
      left -= use;
      return { number: c.number, use };
    });
    const cover = total - left;
    return {
      lines: lines.map((l) => ({ skuId: l.item.skuId, description: lineDescription(l), quantity: l.item.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal, subscriptionInterval: l.item.subscriptionInterval })),
      goods,
      discount: discount.amount,
      discountCode: discount.code,
      friendsDiscount,
      shipping,
      total,
      vat: vatOfGross(total),
      giftCardCover: cover,
      toPay: left,
      pricesChanged: changed,
      option,
      cards,
      lines_: lines,
      friendsBookings: eyeTests.slice(0, friends.eyeTestsUsed).map((b) => b.id),
    };
  }

  /**
   * Places the order. Two submits of the same cart run one after the other (the second finds it
   * empty), so one cart is never charged twice.
   */
  place(shopperId: string, input: PlaceInput, user: SessionUser | null): Promise<CheckoutPlaceResponse> {
    return this.coordination.run(`checkout:${shopperId}`, () => this.placeOnce(shopperId, input, user));
  }

  /**
   * Money and stock in transactions (a crash at any point loses or doubles no balance):
   *  1. one transaction claims the eye tests of the Friends discount, takes the gift cards'
   *     parts and stores the order holding them, awaiting payment — or, when the gift cards
   *     cover everything, paid, with the cart emptied in the same commit;
   *  2. the rest is charged through the payments port, outside any transaction;
   *  3. one transaction marks the order paid and empties the cart — or, when the charge fails,
   *     removes the order, gives the gift cards their parts back and the eye tests free.
   * A crash between 1 and 3 leaves an unpaid order that still holds its parts (the cart stays).
   */
  private async placeOnce(shopperId: string, input: PlaceInput, user: SessionUser | null): Promise<CheckoutPlaceResponse> {
    const isStore = user?.role === 'store-staff' || user?.role === 'manager';
    const q = await this.quote(shopperId, input, isStore, user?.role === 'customer' ? user.id : null);
    const option = q.option;
    if (!option) throw badRequest({ deliveryMethodId: checkoutMessages.noDelivery });
    const pc = validatePostcode(input.address.zip);
    if (!pc.ok) throw badRequest({ 'address.zip': pc.message });
    let collectionPointId: string | null = null;
    let pickupStoreId: string | null = null;
    if (option.needs === 'collection-point') {
      const points = await this.collectionPoints(pc.postcode, option.id);
      if (!input.collectionPointId || !points.some((p) => p.id === input.collectionPointId)) throw badRequest({ collectionPointId: checkoutMessages.noCollectionPoint });
      collectionPointId = input.collectionPointId;
    } else if (option.needs === 'store') {
      if (!input.pickupStoreId || !(await this.catalogue.store(input.pickupStoreId))) throw badRequest({ pickupStoreId: checkoutMessages.noStore });
      pickupStoreId = input.pickupStoreId;
    }
    if (q.toPay > 0 && !input.payment) throw badRequest({ payment: checkoutMessages.noPayment });
    // A subscription belongs to a customer account (My Pages): guests and staff sessions cannot start one.
    if (q.lines_.some((l) => l.item.subscriptionInterval) && user?.role !== 'customer') {
      throw user ? new HttpError(403, 'forbidden', checkoutMessages.subscriptionCustomersOnly) : new HttpError(401, 'unauthenticated', checkoutMessages.subscriptionNeedsLogin);
    }
    const now = this.clock.now();
    // Payment details the provider would refuse (an expired card, a bad CPR) are field errors before anything is taken.
    const payer = q.toPay > 0 ? payerOf(input.payment!, now) : null;
    const at = now.toISOString();
    const orderId = crypto.randomUUID();
    const draft = (orderNumber: string): Order => ({
      id: orderId,
      orderNumber,
      status: 'handled',
      paymentStatus: payer ? 'awaiting-payment' : 'paid',
      deliveryMethodId: option.id,
      pickupStoreId,
      customerId: user?.role === 'customer' ? user.id : null,
      prescriptionId: null,
      storeId: isStore ? (user?.storeId ?? null) : null,
      createdBy: isStore ? 'store' : 'web',
      lines: q.lines_.map((l) => ({
        articleId: l.article.id,
        skuId: l.item.skuId,
        description: lineDescription(l),
        quantity: l.item.quantity,
        unitPrice: l.unitPrice,
        vat: vatOfGross(l.lineTotal - l.friendsDiscount),
        lineTotal: l.lineTotal,
        friendsDiscount: l.friendsDiscount,
        subscriptionInterval: l.item.subscriptionInterval,
        prescription: l.item.prescription,
        prescriptionGlasses: l.item.prescriptionGlasses,
      })),
      shipping: q.shipping,
      totalPrice: q.total,
      createdAt: at,
      paidAt: payer ? null : at,
      paymentMethod: null,
      contact: input.contact,
      deliveryAddress: { street: input.address.street, zip: pc.postcode, city: pc.city },
      collectionPointId,
      discount: q.discount,
      discountCode: q.discountCode,
      friendsDiscount: q.friendsDiscount,
      giftCardAmount: q.giftCardCover,
      updatedAt: at,
    });

    // 1. The eye tests (one order each), the gift cards (each only while its balance still covers its part) and the order holding them.
    const placed = await this.storage.transaction(async () => {
      await this.frameDiscount.claim(q.friendsBookings, orderId);
      const taken = await this.giftCards.reserve(q.cards);
      const order = await this.orders.insert(withGiftCards(draft(await nextOrderNumber(this.storage)), taken));
      if (!payer) await this.carts.emptyAfterOrder(shopperId);
      return order;
    });
    let order = placed;
    if (payer) {
      // Under the order's payment lock: a payment link or the counter cannot pay it meanwhile.
      const settled = await this.coordination.run(orderPaymentKey(orderId), async () => {
        // 2. The rest through the payments port.
        let result: ChargeResult;
        try {
          result = await this.provider.charge({ ...payer, amount: q.toPay, reference: placed.orderNumber });
        } catch (err) {
          await this.cancel(orderId, q.friendsBookings);
          throw err;
        }
        if (!result.ok) {
          await this.cancel(orderId, q.friendsBookings);
          return result;
        }
        // 3. Paid: the cart's lines are now the order's.
        return this.storage.transaction(async () => {
          const paid = await this.orders.markPaid(orderId, { paidAt: at, method: payer.method });
          await this.carts.emptyAfterOrder(shopperId);
          return paid;
        });
      });
      if ('ok' in settled) return { outcome: 'failed', failureResult: settled.result, message: paymentFailureMessages[settled.result] };
      order = settled;
    }
    await this.subscriptions?.startFromOrder(order, input.payment);
    await this.mailer.send({ to: input.contact.email, subject: `Tak for din ordre ${order.orderNumber}`, text: confirmationText(order, option) });
    return { outcome: 'paid', order: hideGiftCardNumbers(order) };
  }

  /** The charge failed: the order goes, its gift-card parts back on the cards and its eye tests free again — one transaction. */
  private async cancel(orderId: string, bookingIds: readonly string[]): Promise<void> {
    await this.storage.transaction(async () => {
      const order = await this.orders.discardUnpaid(orderId);
      if (!order) return;
      await this.giftCards.giveBack(giftCardUsesOf(order));
      await this.frameDiscount.release(bookingIds, orderId);
    });
  }
}

/** An order line's text: the product, its variant and, for contact lenses, the eye (H/V). */
function lineDescription(l: { article: { packageName?: string | undefined | null; name: string }; item: Pick<CartItem, 'ref' | 'eye'> }): string {
  return `${l.article.packageName ?? l.article.name}, ${l.item.ref}${l.item.eye ? `, ${lensEyeText(l.item.eye)}` : ''}`;
}

function confirmationText(o: Order, option: DeliveryOption): string {
  return [
    `Hej ${o.contact!.firstName}`,
    '',
    `Tak for din ordre ${o.orderNumber} hos Profil Optik. Vi har modtaget betalingen.`,
    '',
    ...o.lines.map((l) => `${l.quantity} × ${l.description}${l.subscriptionInterval ? ` (${subscriptionIntervalText(l.subscriptionInterval)})` : ''}: ${formatDkk(l.lineTotal)}`),
    ...(o.friendsDiscount ? [`Friends-rabat (${FRIENDS_RULES.frameDiscountPercent} % på stellet): −${formatDkk(o.friendsDiscount)}`] : []),
    ...(o.discount ? [`Rabat${o.discountCode ? ` (${o.discountCode})` : ''}: −${formatDkk(o.discount)}`] : []),
    `Levering (${option.title}): ${o.shipping ? formatDkk(o.shipping) : 'gratis'}`,
    ...(o.giftCardAmount ? [`Betalt med gavekort: ${formatDkk(o.giftCardAmount)}`] : []),
    `I alt: ${formatDkk(o.totalPrice)} (heraf moms ${formatDkk(vatOfGross(o.totalPrice))})`,
    '',
    'Du kan følge ordren under Min konto → Ordrer.',
    '',
    'Venlig hilsen',
    'Profil Optik',
  ].join('\n');
}
