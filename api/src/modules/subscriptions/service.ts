import {
  bindingPeriodExpiry,
  checkAction,
  copenhagenIsoDate,
  da,
  dayOfMonth,
  firstDelivery,
  lensPrescriptionErrors,
  LENS_BINDING_MONTHS,
  monthlyPrice,
  noticeDay,
  paymentFailureMessages,
  perDeliveryAmount,
  PublicationStatus,
  scheduleForInterval,
  scheduleOnReactivate,
  SubscriptionStatusCode,
  subscriptionMessages,
  temporaryAddressErrors,
  validatePostcode,
  type Article,
  type Order,
  type PaymentDetails,
  type Subscription,
  type SubscriptionAction,
  type SubscriptionInterval,
  type SubscriptionItem,
  type SubscriptionPaymentResponse,
  type subscriptionAddProductRequestSchema,
  type temporaryAddressRequestSchema,
} from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { AgreementDetails, PaymentAgreements } from '../../ports/payment-agreements';
import { DuplicateKeyError, type Storage } from '../../storage/port';
import type { CatalogueService } from '../catalogue/service';
import { SubscriptionRepository } from './repository';

type AddProduct = z.output<typeof subscriptionAddProductRequestSchema>;
type TemporaryAddressInput = z.output<typeof temporaryAddressRequestSchema>;

/** SPEC §3 lens types from the catalogue's lens type words. */
const LENS_WEAR: Record<string, Subscription['lensWear']> = { endagslinser: 'daily', ugelinser: 'two-week', månedslinser: 'monthly' };

const MAX_LINE = 12;

function lensWearOf(article: Article | undefined): Subscription['lensWear'] {
  const type = article?.attributes.lensType ?? article?.specification.lensType;
  return type ? (LENS_WEAR[type] ?? null) : null;
}

const samePrescription = (a: SubscriptionItem['prescription'], b: SubscriptionItem['prescription']) => JSON.stringify(a) === JSON.stringify(b);

/** The amounts that follow from the items and the interval. */
function priced(sub: Subscription): Subscription {
  const perDelivery = perDeliveryAmount(sub.items);
  return { ...sub, monthlyPrice: sub.deliveryInterval ? monthlyPrice(perDelivery, sub.deliveryInterval) : perDelivery };
}

/** Refusals of the state machine are conflicts with the subscription's state (409), in Danish. */
function guard(sub: Subscription, action: SubscriptionAction, today: string): Subscription['statusCode'] {
  const r = checkAction(sub, action, today);
  if (!r.ok) throw new HttpError(409, 'conflict', r.message);
  return r.statusCode;
}

/**
 * A customer's subscriptions (SPEC §2 /min-konto/abonnement, §3, §4): the list of both kinds, and
 * for lens subscriptions every action of the lens page. A subscription of another customer is
 * "not found" (404), never "forbidden", so ids cannot be probed.
 */
export class SubscriptionService {
  private readonly subscriptions: SubscriptionRepository;

  constructor(
    storage: Storage,
    private readonly clock: Clock,
    private readonly catalogue: CatalogueService,
    private readonly agreements: PaymentAgreements,
  ) {
    this.subscriptions = new SubscriptionRepository(storage);
  }

  /**
   * The lens subscriptions that start with a web order: one per delivery interval in the order
   * (normally one), items from its subscription lines at the subscription price the checkout
   * charged, start today, next delivery one interval on. Paid by card or MobilePay, that method
   * becomes the subscription's payment agreement; otherwise deliveries are invoiced. Called by
   * the checkout once a signed-in customer's order is paid.
   */
  async startFromOrder(order: Order, payment: PaymentDetails | undefined): Promise<Subscription[]> {
    const now = this.clock.now();
    if (!order.customerId) return [];
    const lines = order.lines.filter((l) => l.subscriptionInterval);
    const intervals = [...new Set(lines.map((l) => l.subscriptionInterval!))];
    if (intervals.length === 0) return [];
    const today = copenhagenIsoDate(now);
    const registered = payment && payment.method !== 'klarna' ? await this.agreements.register(payment, now) : null;
    const agreement = registered?.ok ? registered.agreement : null;
    const created: Subscription[] = [];
    for (const interval of intervals) {
      const mine = lines.filter((l) => l.subscriptionInterval === interval);
      const firstArticle = await this.catalogue.getArticle(mine[0]!.articleId);
      const next = firstDelivery(today, interval);
      const sub = priced({
        id: `ls-${order.orderNumber.toLowerCase()}-${interval}`,
        customerId: order.customerId,
        kind: 'lens',
        statusCode: SubscriptionStatusCode.Active,
        lensWear: lensWearOf(firstArticle),
        startDate: today,
        bindingPeriodExpiry: bindingPeriodExpiry(today, LENS_BINDING_MONTHS),
        nextDelivery: next,
        deliveryInterval: interval,
        monthlyPrice: 0,
        lastOrderDate: today,
        noticeDayDate: noticeDay(next),
        campaign: null,
        yearlyExchange: null,
        temporaryAddress: null,
        items: mine.map((l) => ({ articleId: l.articleId, skuId: l.skuId, quantity: l.quantity, status: 'active', prescription: l.prescription, description: l.description, unitPrice: l.unitPrice })),
        sourceOrderId: order.id,
        deliveryDay: dayOfMonth(today),
        delivery: { deliveryMethodId: order.deliveryMethodId, pickupStoreId: order.pickupStoreId, collectionPointId: order.collectionPointId, deliveryAddress: order.deliveryAddress, contact: order.contact },
        paymentAgreement: agreement,
        lastOrderNumber: order.orderNumber,
        pausedAt: null,
        cancelledAt: null,
      });
      // The id comes from the order: placing the same order twice cannot make two subscriptions.
      try {
        created.push(await this.subscriptions.insert(sub));
      } catch (err) {
        if (!(err instanceof DuplicateKeyError && err.key === 'id')) throw err;
      }
    }
    return created;
  }

  /**
   * Writes the subscription record a Lifestyle agreement shows in the shop's subscription list
   * (modules/lifestyle: the agreement is the source, this record follows it on every run).
   */
  async saveLifestyle(sub: Subscription): Promise<Subscription> {
    if (sub.kind !== 'lifestyle') throw new Error('saveLifestyle: not a Lifestyle subscription');
    return this.subscriptions.put(sub);
  }

  private today(): string {
    return copenhagenIsoDate(this.clock.now());
  }

  /** Both kinds, newest first. */
  async list(customerId: string): Promise<Subscription[]> {
    const mine = await this.subscriptions.ofCustomer(customerId);
    return mine.sort((a, b) => (a.startDate === b.startDate ? a.id.localeCompare(b.id) : a.startDate < b.startDate ? 1 : -1));
  }

  async lens(customerId: string, id: string): Promise<Subscription> {
    const sub = await this.subscriptions.get(id);
    if (!sub || sub.customerId !== customerId || sub.kind !== 'lens') throw notFound('Abonnementet blev ikke fundet.');
    return sub;
  }

  /** Checks ownership, then changes the record atomically; the state check runs on the stored record. */
  private async change(customerId: string, id: string, mutate: (sub: Subscription, today: string) => Subscription): Promise<Subscription> {
    await this.lens(customerId, id);
    const today = this.today();
    return (await this.subscriptions.update(id, (sub) => mutate(sub, today)))!;
  }

  /** SPEC §4: paused triggers no payments or deliveries; the next delivery date is kept for a reactivation. */
  pause(customerId: string, id: string) {
    return this.change(customerId, id, (sub, today) => ({ ...sub, statusCode: guard(sub, 'pause', today), pausedAt: this.clock.now().toISOString() }));
  }

  reactivate(customerId: string, id: string) {
    return this.change(customerId, id, (sub, today) => {
      const statusCode = guard(sub, 'reactivate', today);
      const s = scheduleOnReactivate(sub.nextDelivery, sub.deliveryDay, today);
      return { ...sub, statusCode, pausedAt: null, nextDelivery: s.nextDelivery, deliveryDay: s.deliveryDay, noticeDayDate: noticeDay(s.nextDelivery) };
    });
  }

  /** Final (SPEC §4): no further deliveries, and reactivation is refused from now on. */
  cancel(customerId: string, id: string) {
    return this.change(customerId, id, (sub, today) => ({ ...sub, statusCode: guard(sub, 'cancel', today), nextDelivery: null, noticeDayDate: null, cancelledAt: this.clock.now().toISOString() }));
  }

  changeInterval(customerId: string, id: string, interval: SubscriptionInterval) {
    return this.change(customerId, id, (sub, today) => {
      guard(sub, 'change', today);
      if (sub.deliveryInterval === interval) throw badRequest({ deliveryInterval: subscriptionMessages.sameInterval });
      const s = scheduleForInterval(sub.lastOrderDate ?? sub.startDate, interval, sub.deliveryDay ?? dayOfMonth(sub.startDate), today);
      return priced({ ...sub, deliveryInterval: interval, nextDelivery: s.nextDelivery, deliveryDay: s.deliveryDay, noticeDayDate: noticeDay(s.nextDelivery) });
    });
  }

  /** A temporary delivery address for a window of dates; the postcode must be one the shop delivers to. */
  setTemporaryAddress(customerId: string, id: string, input: TemporaryAddressInput) {
    const pc = validatePostcode(input.zip);
    const errors = { ...temporaryAddressErrors(input, this.today()), ...(pc.ok ? {} : { zip: pc.message }) };
    if (!pc.ok || Object.keys(errors).length > 0) throw badRequest(errors);
    // The city is the postcode's own (as in the checkout), so a typo in it cannot misdirect a parcel.
    const address = { street: input.street, zip: pc.postcode, city: pc.city, from: input.from, to: input.to };
    return this.change(customerId, id, (sub, today) => {
      guard(sub, 'change', today);
      return { ...sub, temporaryAddress: address };
    });
  }

  removeTemporaryAddress(customerId: string, id: string) {
    return this.change(customerId, id, (sub, today) => {
      guard(sub, 'change', today);
      return { ...sub, temporaryAddress: null };
    });
  }

  /**
   * /nyt-produkt/{articleId}: only articles sold by subscription (SPEC §8 "product not available
   * for subscription"), sold online and in stock; lenses need a prescription in the values the
   * lens is made in. The same product with the same prescription adds to its line (max 12).
   */
  async addProduct(customerId: string, id: string, articleId: string, input: AddProduct): Promise<Subscription> {
    await this.lens(customerId, id);
    const article = await this.catalogue.getArticle(articleId);
    if (!article) throw notFound(da.errors.articleNotFound);
    const price = article.price.subscription;
    if (!article.allowSubscription || !price) throw new HttpError(422, 'unprocessable', subscriptionMessages.notForSubscription);
    const status = article.price.unit.publicationStatus;
    if (status === PublicationStatus.StoreItem || status === PublicationStatus.StoreOnly) throw new HttpError(422, 'unprocessable', 'Produktet kan kun købes ved at besøge en butik.');
    const sku = article.skus.find((s) => s.id === input.skuId);
    if (!sku) throw badRequest({ skuId: da.errors.unknownSku });
    if (status === PublicationStatus.OutOfStock || sku.stock === 0) throw new HttpError(422, 'unprocessable', da.errors.productSoldOut);
    const prescription = article.lensParameters ? input.prescription : null;
    if (article.lensParameters) {
      const errors = lensPrescriptionErrors(prescription, article.lensParameters);
      if (Object.keys(errors).length > 0) throw badRequest(Object.fromEntries(Object.entries(errors).map(([k, m]) => [`prescription.${k}`, m])));
    }
    return this.change(customerId, id, (sub, today) => {
      guard(sub, 'change', today);
      const same = sub.items.findIndex((i) => i.status === 'active' && i.skuId === sku.id && samePrescription(i.prescription, prescription));
      const items = [...sub.items];
      if (same >= 0) {
        const quantity = items[same]!.quantity + input.quantity;
        if (quantity > MAX_LINE) throw badRequest({ quantity: `Abonnementet har allerede ${items[same]!.quantity} stk. af produktet. ${da.validation.quantityMax}` });
        items[same] = { ...items[same]!, quantity, unitPrice: price.amount };
      } else {
        items.push({ articleId: article.id, skuId: sku.id, quantity: input.quantity, status: 'active', prescription, description: `${article.packageName ?? article.name}, ${sku.name}`, unitPrice: price.amount });
      }
      return priced({ ...sub, items });
    });
  }

  /** /opdater-betaling: SPEC §4 'updated', or 'update cancelled' with the provider's reason (SPEC §3 results). */
  async updatePayment(customerId: string, id: string, details: AgreementDetails): Promise<SubscriptionPaymentResponse> {
    const current = await this.lens(customerId, id);
    guard(current, 'change', this.today());
    const r = await this.agreements.register(details, this.clock.now());
    if (!r.ok) return { outcome: 'update-cancelled', failureResult: r.result, message: paymentFailureMessages[r.result] };
    const data = await this.change(customerId, id, (sub, today) => {
      guard(sub, 'change', today);
      return { ...sub, paymentAgreement: r.agreement };
    });
    return { outcome: 'updated', data };
  }
}
