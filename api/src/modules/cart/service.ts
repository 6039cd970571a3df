import { da, mergedEye, PublicationStatus, type CartHead, type CartItem, type CheckoutConfig, type cartUpdateRequestSchema } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { HttpError, badRequest } from '../../http/errors';
import type { CartRecord } from './records';
import type { Storage } from '../../storage/port';
import type { CatalogueService } from '../catalogue/service';
import { CartRepository } from './repository';

type CartUpdate = z.output<typeof cartUpdateRequestSchema>;

/** Checkout settings answered with every cart (SPEC §7): market 23, DKK, delivery ids of SPEC §3. */
export const checkoutConfig: CheckoutConfig = {
  currency: 'DKK',
  market: 23,
  freeShippingThreshold: 49_900,
  shippingCost: 4_900,
  deliveryMethodIds: [79, 101, 112, 117, 119, 125, 127, 128],
};

/**
 * Lines are one per sku, purchase type and prescription: the same lenses once by unit and once
 * by subscription are two lines, and so are lenses for a right and a left eye of different power.
 */
function sameLine(item: CartItem, skuId: string, interval: string | null, rx: Pick<CartItem, 'prescription' | 'prescriptionGlasses'>): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return item.skuId === skuId && item.subscriptionInterval === interval && same(item.prescription, rx.prescription) && same(item.prescriptionGlasses, rx.prescriptionGlasses);
}

export function cartHeadOf(record: Pick<CartRecord, 'items'> | undefined): CartHead {
  const items = record?.items ?? [];
  return {
    cart: { items, totalCost: items.reduce((sum, i) => sum + i.price.amount * i.quantity, 0) },
    checkoutConfig,
  };
}

export class CartService {
  private readonly carts: CartRepository;

  constructor(
    storage: Storage,
    private readonly catalogue: CatalogueService,
    private readonly clock: Clock,
  ) {
    this.carts = new CartRepository(storage);
  }

  async get(shopperId: string): Promise<CartHead> {
    return cartHeadOf(await this.carts.get(shopperId));
  }

  /** The stored cart as it is (checkout prices its lines), undefined when the shopper has none. */
  contents(shopperId: string): Promise<CartRecord | undefined> {
    return this.carts.get(shopperId);
  }

  /** Empties the cart once its lines became an order; joins the caller's transaction (the order's). */
  async emptyAfterOrder(shopperId: string): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.carts.update(shopperId, (c) => ({ ...c, items: [], updatedAt: now }));
  }

  /**
   * Sets one line's quantity (0 removes it). Everything is checked before the write, so a
   * refused update leaves the stored cart exactly as it was.
   */
  async update(shopperId: string, req: CartUpdate, ctx: { isStore: boolean }): Promise<CartHead> {
    const interval = req.subscriptionInterval ?? null;
    const rx = { prescription: req.prescription ?? null, prescriptionGlasses: req.prescriptionGlasses ?? null };
    let line: CartItem | null = null;
    if (req.quantity > 0) {
      const found = await this.catalogue.findSku(req.skuId);
      if (!found) throw badRequest({ skuId: da.errors.unknownSku });
      const { article, sku } = found;
      const status = article.price.unit.publicationStatus;
      const storeItem = status === PublicationStatus.StoreItem || status === PublicationStatus.StoreOnly;
      if (storeItem && !ctx.isStore) {
        throw new HttpError(422, 'unprocessable', 'Produktet kan kun købes ved at besøge en butik.');
      }
      if (status === PublicationStatus.OutOfStock || sku.stock === 0) {
        throw new HttpError(422, 'unprocessable', da.errors.productSoldOut);
      }
      const part = interval ? article.price.subscription : article.price.unit;
      if (interval && (!article.allowSubscription || !part)) {
        throw badRequest({ subscriptionInterval: 'Produktet kan ikke købes som abonnement.' });
      }
      const price = part ?? article.price.unit;
      line = {
        skuId: sku.id,
        parentSkuID: req.childSkuId ? sku.id : null,
        quantity: req.quantity,
        articleId: article.id,
        articleDescription: article.packageName ?? article.name,
        ref: sku.name,
        slug: article.slug,
        category: article.category,
        brand: article.brand,
        media: article.medias[0]!.md,
        price: { amount: price.amount, ordinaryPrice: price.ordinaryPrice, isCampaign: price.isCampaign },
        isEditAble: true,
        subscriptionInterval: interval,
        prescription: req.prescription ?? null,
        prescriptionGlasses: req.prescriptionGlasses ?? null,
        eye: req.prescription ? (req.eye ?? null) : null,
      };
    }
    const next = (items: CartItem[]): CartItem[] => {
      const rest = items.filter((i) => !sameLine(i, req.skuId, interval, rx));
      if (!line) return rest;
      const at = items.findIndex((i) => sameLine(i, req.skuId, interval, rx));
      if (at === -1) return [...rest, line];
      const copy = [...items];
      // The same lenses bought for the right eye and then the left are for both (issue 16).
      copy[at] = { ...line, eye: line.prescription ? mergedEye(items[at]!.eye, line.eye) : null };
      return copy;
    };
    const saved = await this.mutate(shopperId, ctx, next);
    return cartHeadOf(saved);
  }

  async empty(shopperId: string, ctx: { isStore: boolean }): Promise<CartHead> {
    const existing = await this.carts.get(shopperId);
    if (!existing || existing.items.length === 0) return cartHeadOf(existing);
    return cartHeadOf(await this.mutate(shopperId, ctx, () => []));
  }

  /** Carts are created on their first write, so visitors who only browse cost no storage. */
  private async mutate(shopperId: string, ctx: { isStore: boolean }, change: (items: CartItem[]) => CartItem[]): Promise<CartRecord> {
    const now = this.clock.now().toISOString();
    const apply = (current: CartRecord): CartRecord => ({ ...current, isStore: ctx.isStore, items: change(current.items), updatedAt: now });
    const fresh = (): CartRecord => ({ id: shopperId, accountId: null, isStore: ctx.isStore, items: [], createdAt: now, updatedAt: now });
    return this.carts.upsert(shopperId, fresh, apply);
  }
}
