import { monthlyPrice, noticeDay, perDeliveryAmount, type Article, type Subscription, type SubscriptionItem } from '@optik/shared';
import type { Storage } from '../storage/port';
import { subscriptionsCollection } from '../modules/subscriptions/records';

const CUSTOMER = 'u-kunde';
const CONTACT = { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' };

function lens(articles: Article[], type: string): Article {
  const a = articles.find(
    (x) => x.category === 'kontaktlinser' && x.attributes.lensType === type && x.attributes.subCategory === 'sfærisk' && x.price.unit.publicationStatus === 20 && x.price.subscription && x.skus.every((s) => s.stock > 0),
  );
  if (!a) throw new Error(`seed: no subscription lens of type ${type}`);
  return a;
}

function item(article: Article, quantity: number, power: number | null): SubscriptionItem {
  const p = article.lensParameters;
  return {
    articleId: article.id,
    skuId: article.skus[0]!.id,
    quantity,
    status: 'active',
    prescription: p && power !== null ? { power, baseCurve: p.baseCurves[0]!, diameter: p.diameters[0]!, cylinder: null, axis: null, addition: null } : null,
    description: `${article.packageName ?? article.name}, ${article.skus[0]!.name}`,
    unitPrice: article.price.subscription!.amount,
  };
}

/**
 * The demo customer's lens subscriptions (kunde@example.dk): an active one delivered to the door
 * every 3 months and paid by a registered card, and one paused before its last delivery date,
 * collected in a store and paid by MobilePay.
 */
export function generateSubscriptions(articles: Article[]): Subscription[] {
  const daily = lens(articles, 'endagslinser');
  const monthly = lens(articles, 'månedslinser');
  const drops = articles.find((a) => a.category === 'oejenpleje' && a.allowSubscription && a.price.subscription && a.price.unit.publicationStatus === 20);
  const base = {
    customerId: CUSTOMER,
    kind: 'lens',
    bindingPeriodExpiry: null,
    campaign: null,
    yearlyExchange: null,
    temporaryAddress: null,
    cancelledAt: null,
  } as const;

  const activeItems = [item(daily, 3, -2.25), item(daily, 3, -2.5), ...(drops ? [item(drops, 1, null)] : [])];
  const active: Subscription = {
    ...base,
    id: 'ls-demo-aktiv',
    statusCode: 100,
    lensWear: 'daily',
    startDate: '2026-08-14',
    nextDelivery: '2027-02-14',
    deliveryInterval: 'm3',
    monthlyPrice: monthlyPrice(perDeliveryAmount(activeItems), 'm3'),
    lastOrderDate: '2026-11-14',
    lastOrderNumber: null,
    noticeDayDate: noticeDay('2027-02-14'),
    items: activeItems,
    deliveryDay: 14,
    delivery: { deliveryMethodId: 101, pickupStoreId: null, collectionPointId: null, deliveryAddress: { street: 'Vestergade 14, 2. th.', zip: '8000', city: 'Aarhus C' }, contact: CONTACT },
    paymentAgreement: { method: 'card', label: 'Kort •••• 1111', agreementId: 'sim-agr-demo-card', expiry: '12/29', registeredAt: '2026-08-14T10:12:00.000Z' },
    pausedAt: null,
  };

  const pausedItems = [item(monthly, 1, -1.75)];
  const paused: Subscription = {
    ...base,
    id: 'ls-demo-pause',
    statusCode: 520,
    lensWear: 'monthly',
    startDate: '2026-03-03',
    nextDelivery: '2026-11-03',
    deliveryInterval: 'm2',
    monthlyPrice: monthlyPrice(perDeliveryAmount(pausedItems), 'm2'),
    lastOrderDate: '2026-09-03',
    lastOrderNumber: null,
    noticeDayDate: noticeDay('2026-11-03'),
    items: pausedItems,
    deliveryDay: 3,
    delivery: { deliveryMethodId: 119, pickupStoreId: 'st-001', collectionPointId: null, deliveryAddress: { street: 'Vestergade 14, 2. th.', zip: '8000', city: 'Aarhus C' }, contact: CONTACT },
    paymentAgreement: { method: 'mobilepay', label: 'MobilePay •• •• 40 50', agreementId: 'sim-agr-demo-mobilepay', expiry: null, registeredAt: '2026-03-03T15:40:00.000Z' },
    pausedAt: '2026-10-20T08:05:00.000Z',
  };
  return [active, paused];
}

export async function seedSubscriptions(storage: Storage, articles: Article[]): Promise<void> {
  await storage.collection(subscriptionsCollection).putMany(generateSubscriptions(articles));
}
