import {
  da,
  formatDkk,
  FRIENDS_RULES,
  frameDiscountLines,
  isValidDiscountCodeFormat,
  paymentFailureMessages,
  PublicationStatus,
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
import type { AppConfig, Clock } from '../../deps';
import { badRequest, HttpError } from '../../http/errors';
import type { Mailer } from '../../ports/mail';
import type { CarrierDirectory } from '../../ports/carrier';
import type { PaymentProvider } from '../../ports/payments';
import { nextNumber } from '../../storage/counter';
import type { Storage } from '../../storage/port';
import type { CartRecord } from '../cart/records';
import type { CatalogueService } from '../catalogue/service';
import { FriendsFrameDiscount } from '../friends/frame-discount';
import { GiftCards, giftCardMessages, hideGiftCardNumbers, withGiftCards } from '../gift-cards/service';
import { charge } from '../payments/service';
import type { SubscriptionService } from '../subscriptions/service';
import { deliveryOptionsFor, shippingFor } from './delivery';
import { C } from '../../collections';

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

/**
 * The web checkout (SPEC §2 /checkout): prices from the catalogue (never the cart's copy), delivery
 * options by what is in the cart, the Friends frame discount for a member with a booked eye test,
 * discount codes, gift cards (payment type 900, partial cover) and the rest through the payments
 * port — the same charge as the store's pay-by-link page. A failed payment keeps the cart, gives
 * the gift cards their balance back and leaves the eye test unused.
 */
export class CheckoutService {
  private readonly placing = new Map<string, Promise<CheckoutPlaceResponse>>();

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly catalogue: CatalogueService,
    private readonly provider: PaymentProvider,
    private readonly carriers: CarrierDirectory,
    private readonly mailer: Mailer,
    /** Starts the lens subscriptions of a paid order (SPEC §3 subscription). */
    private readonly subscriptions?: Pick<SubscriptionService, 'startFromOrder'>,
  ) {}

  /** Which booked eye tests give a member the Friends frame discount, and marking them used (stateless). */
  private get frameDiscount(): FriendsFrameDiscount {
    return new FriendsFrameDiscount(this.storage, this.clock);
  }

  private async cart(shopperId: string): Promise<CartRecord> {
    const cart = await this.storage.collection(C.carts).get(shopperId);
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
    const cart = await this.storage.collection(C.carts).get(shopperId);
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
    const rec = await this.storage.collection(C.discountCodes).get(code);
    const now = this.clock.now().toISOString();
    if (!rec || now < rec.validFrom || now > rec.validTo) throw invalid();
    const base = lines.filter((l) => !rec.category || l.article.category === rec.category).reduce((s, l) => s + l.lineTotal, 0);
    if (base === 0) throw invalid();
    if (base < rec.minimumGoods) throw badRequest({ discountCode: `Rabatkoden gælder ved køb for mindst ${formatDkk(rec.minimumGoods)}.` });
    const amount = rec.kind === 'percent' ? Math.round((base * rec.value) / 100) : Math.min(base, rec.value);
    return { amount, code: rec.id };
  }

  /** Gift cards (one implementation with the pay-by-link page and the store counter: ../gift-cards). */
  private get giftCards(): GiftCards {
    return new GiftCards(this.storage, this.clock, this.config.secret);
  }

  /** Gift cards named by number and PIN: each must match (and, for paying, hold a balance). */
  checkGiftCards(cards: QuoteInput['giftCards'], opts: { allowEmpty?: boolean } = {}) {
    return this.giftCards.check(cards, opts);
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
    const cards = (await this.checkGiftCards(input.giftCards)).map((c) => {
      const use = Math.min(c.balance, left);
      left -= use;
      return { number: c.number, use };
    });
    const cover = total - left;
    return {
      lines: lines.map((l) => ({ skuId: l.item.skuId, description: `${l.article.packageName ?? l.article.name}, ${l.item.ref}`, quantity: l.item.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal, subscriptionInterval: l.item.subscriptionInterval })),
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

  /** Places the order; two submits of the same cart at once run one after the other (the second finds it empty). */
  place(shopperId: string, input: PlaceInput, user: SessionUser | null): Promise<CheckoutPlaceResponse> {
    const before = this.placing.get(shopperId) ?? Promise.resolve(null);
    const run = before.catch(() => null).then(() => this.placeOnceKeepingEyeTests(shopperId, input, user));
    this.placing.set(shopperId, run);
    return run.finally(() => {
      if (this.placing.get(shopperId) === run) this.placing.delete(shopperId);
    });
  }

  /** An order that is not paid (refused, payment failed, an error) leaves the eye tests it claimed for the Friends discount unused. */
  private async placeOnceKeepingEyeTests(shopperId: string, input: PlaceInput, user: SessionUser | null): Promise<CheckoutPlaceResponse> {
    const claim = { orderId: crypto.randomUUID(), bookingIds: [] as string[] };
    try {
      const result = await this.placeOnce(shopperId, input, user, claim);
      if (result.outcome !== 'paid') await this.frameDiscount.release(claim.bookingIds, claim.orderId);
      return result;
    } catch (err) {
      await this.frameDiscount.release(claim.bookingIds, claim.orderId);
      throw err;
    }
  }

  private async placeOnce(shopperId: string, input: PlaceInput, user: SessionUser | null, claim: { orderId: string; bookingIds: string[] }): Promise<CheckoutPlaceResponse> {
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
      if (!input.pickupStoreId || !(await this.storage.collection(C.stores).get(input.pickupStoreId))) throw badRequest({ pickupStoreId: checkoutMessages.noStore });
      pickupStoreId = input.pickupStoreId;
    }
    if (q.toPay > 0 && !input.payment) throw badRequest({ payment: checkoutMessages.noPayment });
    // A subscription belongs to a customer account (My Pages): guests and staff sessions cannot start one.
    if (q.lines_.some((l) => l.item.subscriptionInterval) && user?.role !== 'customer') {
      throw user ? new HttpError(403, 'forbidden', checkoutMessages.subscriptionCustomersOnly) : new HttpError(401, 'unauthenticated', checkoutMessages.subscriptionNeedsLogin);
    }

    // The eye tests the Friends discount uses are marked with this order before anything is paid (atomically: one order per test).
    await this.frameDiscount.claim(q.friendsBookings, claim.orderId);
    claim.bookingIds.push(...q.friendsBookings);

    // Gift cards first (atomically, each only if its balance still covers its part) …
    const taken = await this.giftCards.take(q.cards);
    // … then the rest through the payments port; a failure gives the gift cards back and keeps the cart.
    const orderNumber = `O${await nextNumber(this.storage, 'order-number', 2_600_001)}`;
    const now = this.clock.now();
    if (q.toPay > 0) {
      const result = await taken.payRest(() => charge(this.provider, input.payment!, q.toPay, orderNumber, now));
      if (!result.ok) return { outcome: 'failed', failureResult: result.result, message: paymentFailureMessages[result.result] };
    }
    const at = now.toISOString();
    const order: Order = withGiftCards<Order>({
      id: claim.orderId,
      orderNumber,
      status: 'handled',
      paymentStatus: 'paid',
      deliveryMethodId: option.id,
      pickupStoreId,
      customerId: user?.role === 'customer' ? user.id : null,
      prescriptionId: null,
      storeId: isStore ? (user?.storeId ?? null) : null,
      createdBy: isStore ? 'store' : 'web',
      lines: q.lines_.map((l) => ({
        articleId: l.article.id,
        skuId: l.item.skuId,
        description: `${l.article.packageName ?? l.article.name}, ${l.item.ref}`,
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
      paidAt: at,
      paymentMethod: q.toPay > 0 ? input.payment!.method : null,
      contact: input.contact,
      deliveryAddress: { street: input.address.street, zip: pc.postcode, city: pc.city },
      collectionPointId,
      discount: q.discount,
      discountCode: q.discountCode,
      friendsDiscount: q.friendsDiscount,
      giftCardAmount: q.giftCardCover,
      updatedAt: at,
    }, taken.uses);
    await this.storage.collection(C.orders).put(order);
    await this.subscriptions?.startFromOrder(order, input.payment);
    await this.storage.collection(C.carts).update(shopperId, (c) => ({ ...c, items: [], updatedAt: at }));
    await this.mailer.send({ to: input.contact.email, subject: `Tak for din ordre ${orderNumber}`, text: confirmationText(order, option) });
    return { outcome: 'paid', order: hideGiftCardNumbers(order) };
  }
}

function confirmationText(o: Order, option: DeliveryOption): string {
  return [
    `Hej ${o.contact!.firstName}`,
    '',
    `Tak for din ordre ${o.orderNumber} hos Profil Optik. Vi har modtaget betalingen.`,
    '',
    ...o.lines.map((l) => `${l.quantity} × ${l.description}${l.subscriptionInterval ? ` (abonnement, ${l.subscriptionInterval})` : ''}: ${formatDkk(l.lineTotal)}`),
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
