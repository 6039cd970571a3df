import { da, orderTransition, PublicationStatus, vatOfGross, type Order, type orderCreateSchema } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { badRequest, HttpError } from '../../http/errors';
import { nextNumber } from '../../storage/counter';
import { DuplicateKeyError, type Page, type Storage } from '../../storage/port';
import type { CatalogueService } from '../catalogue/service';
import { checkoutConfig } from '../cart/service';
import type { CustomerService } from '../customers/service';
import { hideGiftCardNumbers, withGiftCards, withoutGiftCards, type GiftCardUse } from '../gift-cards/service';
import type { PrescriptionService } from '../prescriptions/service';
import { OrderRepository } from './repository';

type Create = z.output<typeof orderCreateSchema>;

export const orderMessages = {
  alreadyPaid: 'Ordren er allerede betalt.',
  notFound: 'Ordren blev ikke fundet.',
  idTaken: 'Ordre-id’et er allerede brugt til en anden ordre. Opret ordren igen.',
} as const;

/** The next order number (O2600001 …); inside a transaction it is taken only if that commits. */
export async function nextOrderNumber(storage: Storage): Promise<string> {
  return `O${await nextNumber(storage, 'order-number', 2_600_001)}`;
}

/**
 * The orders collection's owner. Other modules read and change orders only through the methods
 * here: store staff's orders (sync `order.create`), the web checkout's, a lens subscription's
 * deliveries; payment state (gift cards held, paid, refunded) and the SPEC §4 order states.
 * Every write is one atomic update, so called inside a caller's transaction it commits with the
 * rest of that unit of work (the gift cards it holds, the emptied cart).
 */
export class OrderService {
  private readonly repo: OrderRepository;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly catalogue: CatalogueService,
    private readonly customers: Pick<CustomerService, 'get'>,
    private readonly prescriptions: Pick<PrescriptionService, 'exists'>,
  ) {
    this.repo = new OrderRepository(storage);
  }

  // ---- reads ----

  get(id: string): Promise<Order | undefined> {
    return this.repo.get(id);
  }

  /** The order with this order number (a unique key). */
  byNumber(orderNumber: string): Promise<Order | undefined> {
    return this.repo.byNumber(orderNumber);
  }

  /** A customer's orders (every channel), oldest first. */
  listForCustomer(customerId: string): Promise<Order[]> {
    return this.repo.forCustomer(customerId);
  }

  /** A store's orders — its own and the web orders collected there — ordered by their last change (updatedAt, else createdAt), from `since` (inclusive) when given. */
  listForStore(storeId: string, since?: string): Promise<Order[]> {
    return this.repo.forStore(storeId, since);
  }

  /** A customer's orders placed in one store, oldest first. */
  async listForCustomerInStore(customerId: string, storeId: string): Promise<Order[]> {
    return (await this.repo.forCustomer(customerId)).filter((o) => o.storeId === storeId);
  }

  /** Every order, oldest first, one page at a time (`after`: the previous page's `next`). */
  page(after: string | null, limit: number): Promise<Page<Order>> {
    return this.repo.page(after, limit);
  }

  // ---- writes ----

  /** Stores a new order (a placed checkout order, a subscription delivery); DuplicateKeyError when its id or number is taken. */
  insert(order: Order): Promise<Order> {
    return this.repo.insert(order);
  }

  private async change(id: string, mutate: (o: Order) => Order): Promise<Order> {
    const updated = await this.repo.update(id, mutate);
    if (!updated) throw new HttpError(404, 'not_found', orderMessages.notFound);
    return updated;
  }

  /** The order holds these gift-card parts (taken from the cards in the same transaction): they count towards what is paid. */
  applyGiftCards(id: string, uses: readonly GiftCardUse[], at: string): Promise<Order> {
    const cover = uses.reduce((s, u) => s + u.use, 0);
    return this.change(id, (o) => {
      if (o.paymentStatus === 'paid') throw new HttpError(409, 'conflict', orderMessages.alreadyPaid);
      return withGiftCards({ ...o, giftCardAmount: o.giftCardAmount + cover, updatedAt: at }, uses);
    });
  }

  /** The order lets go of gift-card parts it held (their payment failed); give them back to the cards in the same transaction. */
  releaseGiftCards(id: string, uses: readonly GiftCardUse[], at: string): Promise<Order> {
    const cover = uses.reduce((s, u) => s + u.use, 0);
    return this.change(id, (o) => {
      if (o.paymentStatus === 'paid') throw new HttpError(409, 'conflict', orderMessages.alreadyPaid);
      return withoutGiftCards({ ...o, giftCardAmount: o.giftCardAmount - cover, updatedAt: at }, uses);
    });
  }

  /** The order is paid (the rest by `method`, or wholly by gift cards: null); refused when it already is. */
  markPaid(id: string, payment: { paidAt: string; method: Order['paymentMethod'] }): Promise<Order> {
    return this.change(id, (o) => {
      if (o.paymentStatus === 'paid') throw new HttpError(409, 'conflict', orderMessages.alreadyPaid);
      return { ...o, paymentStatus: 'paid', paidAt: payment.paidAt, paymentMethod: payment.method, updatedAt: payment.paidAt };
    });
  }

  /**
   * Removes an order whose payment never went through (the checkout's charge was refused) and
   * answers it, so the caller gives back what it held in the same transaction; undefined when
   * it is gone or paid (nothing to give back).
   */
  async discardUnpaid(id: string): Promise<Order | undefined> {
    return this.storage.transaction(async () => {
      const order = await this.repo.get(id);
      if (!order || order.paymentStatus !== 'awaiting-payment') return undefined;
      await this.repo.remove(id);
      return order;
    });
  }

  /** Everything of the order came back: its payment is refunded. */
  markRefunded(id: string, at: string): Promise<Order> {
    return this.change(id, (o) => ({ ...o, paymentStatus: 'refunded', updatedAt: at }));
  }

  /** Moves the order along its SPEC §4 states (409 when not allowed); delivered sets the time the withdrawal period counts from. */
  changeStatus(id: string, status: Order['status'], at: string): Promise<Order> {
    return this.change(id, (o) => {
      const allowed = orderTransition(o.status, status);
      if (!allowed.ok) throw new HttpError(409, 'conflict', allowed.message);
      return { ...o, status, updatedAt: at, ...(status === 'delivered' ? { deliveredAt: at } : {}) };
    });
  }

  /**
   * An order store staff place for a customer (sync `order.create`). Prices come from the
   * server's catalogue, never from the device. The same order id twice (a replayed offline
   * command) answers the first order.
   */
  async create(input: Create, storeId: string): Promise<Order> {
    const existing = await this.repo.get(input.orderId);
    if (existing) {
      // A replayed command answers what it stored; an id used by another store or for another customer answers nothing of theirs.
      if (existing.storeId !== storeId || existing.customerId !== input.customerId) throw new HttpError(409, 'conflict', orderMessages.idTaken);
      return hideGiftCardNumbers(existing);
    }
    if (!(await this.customers.get(input.customerId))) throw badRequest({ customerId: 'Kunden findes ikke. Opret kunden først.' });
    if (input.prescriptionId && !(await this.prescriptions.exists(input.prescriptionId))) {
      throw badRequest({ prescriptionId: 'Recepten findes ikke.' });
    }
    const fields: Record<string, string> = {};
    const lines: Order['lines'] = [];
    for (const [i, line] of input.lines.entries()) {
      const found = await this.catalogue.findSku(line.skuId);
      if (!found) {
        fields[`lines.${i}.skuId`] = da.errors.unknownSku;
        continue;
      }
      const { article, sku } = found;
      // In the store, store-only items (0/40) can be sold; sold-out ones cannot.
      if (article.price.unit.publicationStatus === PublicationStatus.OutOfStock || sku.stock < line.quantity) {
        fields[`lines.${i}.quantity`] = da.errors.productSoldOut;
        continue;
      }
      const part = line.subscriptionInterval ? article.price.subscription : article.price.unit;
      if (!part || (line.subscriptionInterval && !article.allowSubscription)) {
        fields[`lines.${i}.subscriptionInterval`] = 'Produktet kan ikke købes som abonnement.';
        continue;
      }
      const lineTotal = part.amount * line.quantity;
      lines.push({
        articleId: article.id,
        skuId: sku.id,
        description: `${article.packageName ?? article.name}, ${sku.name}`,
        quantity: line.quantity,
        unitPrice: part.amount,
        vat: vatOfGross(lineTotal),
        lineTotal,
        subscriptionInterval: line.subscriptionInterval,
        prescription: null,
        prescriptionGlasses: null,
      });
    }
    if (Object.keys(fields).length) throw badRequest(fields);
    const goods = lines.reduce((s, l) => s + l.lineTotal, 0);
    const now = this.clock.now().toISOString();
    // Click and collect is free; home delivery is free from the threshold.
    const shipping = input.deliveryMethodId === 119 || goods >= checkoutConfig.freeShippingThreshold ? 0 : checkoutConfig.shippingCost;
    try {
      // The number and the order commit together (a refused order takes no number).
      return await this.storage.transaction(async () =>
        this.repo.insert({
          id: input.orderId,
          orderNumber: await nextOrderNumber(this.storage),
          status: 'handled',
          paymentStatus: 'awaiting-payment',
          deliveryMethodId: input.deliveryMethodId,
          pickupStoreId: input.deliveryMethodId === 119 ? storeId : null,
          customerId: input.customerId,
          prescriptionId: input.prescriptionId,
          storeId,
          createdBy: 'store',
          lines,
          shipping,
          totalPrice: goods + shipping,
          createdAt: now,
          paidAt: null,
          paymentMethod: null,
          contact: null,
          deliveryAddress: null,
          collectionPointId: null,
          discount: 0,
          discountCode: null,
          giftCardAmount: 0,
          updatedAt: now,
        }),
      );
    } catch (err) {
      // The same order id placed at the same moment: the first one stands.
      if (!(err instanceof DuplicateKeyError && err.key === 'id')) throw err;
      return hideGiftCardNumbers((await this.repo.get(input.orderId))!);
    }
  }
}
