import { da, PublicationStatus, vatOfGross, type Order, type orderCreateSchema } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { badRequest } from '../../http/errors';
import { nextNumber } from '../../storage/counter';
import type { Storage } from '../../storage/port';
import type { CatalogueService } from '../catalogue/service';
import { checkoutConfig } from '../cart/service';
import { hideGiftCardNumbers } from '../gift-cards/service';
import { C } from '../../collections';

type Create = z.output<typeof orderCreateSchema>;

/** Orders store staff place for a customer. Prices come from the server's catalogue, never from the device. */
export class OrderService {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly catalogue: CatalogueService,
  ) {}

  async create(input: Create, storeId: string): Promise<Order> {
    const orders = this.storage.collection(C.orders);
    const existing = await orders.get(input.orderId);
    if (existing) return hideGiftCardNumbers(existing);
    if (!(await this.storage.collection(C.customers).get(input.customerId))) throw badRequest({ customerId: 'Kunden findes ikke. Opret kunden først.' });
    if (input.prescriptionId && !(await this.storage.collection(C.prescriptions).get(input.prescriptionId))) {
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
    const order: Order = {
      id: input.orderId,
      orderNumber: `O${await nextNumber(this.storage, 'order-number', 2_600_001)}`,
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
    };
    await orders.put(order);
    return order;
  }
}
