import { isLuhnValid, vatOfGross, type Article, type Invoice, type Order, type PaymentMethod } from '@optik/shared';
import type { Storage } from '../storage/port';
import { C } from '../collections';

/** The demo customer kunde@example.dk (seed/accounts.ts). */
export const DEMO_CUSTOMER_ID = 'u-kunde';
const DAY = 86_400_000;

/** Seeded demo orders, by what they show on My Pages. */
export const DEMO_ORDER_IDS = {
  /** Delivered 9 days ago: glasses (30 days) and sunglasses (90 days), both returnable. */
  recent: 'o-demo-recent',
  /** Delivered 45 days ago: the glasses and the case are out of their 30 days, the sunglasses (90) are not. */
  mixed: 'o-demo-mixed',
  /** Delivered 7 days ago: monthly lenses (opened-box rule), daily lenses and lens fluid. */
  lenses: 'o-demo-lenses',
  /** Delivered 136 days ago: nothing can be returned. */
  old: 'o-demo-old',
  /** Ordered yesterday, being handled: not returnable yet. */
  handling: 'o-demo-handling',
  /** Cancelled before delivery. */
  cancelled: 'o-demo-cancelled',
} as const;

export const DEMO_INVOICE_IDS = { paid: 'inv-demo-paid', overdue: 'inv-demo-overdue', partly: 'inv-demo-partly', due: 'inv-demo-due', collection: 'inv-demo-collection' } as const;

type Picker = (pred: (a: Article) => boolean, what: string) => Article;

function picker(articles: readonly Article[]): Picker {
  return (pred, what) => {
    const a = articles.find((x) => x.price.unit.publicationStatus === 20 && pred(x));
    if (!a) throw new Error(`seed/my-orders: the catalogue has no ${what}`);
    return a;
  };
}

function line(article: Article, quantity: number): Order['lines'][number] {
  const unitPrice = article.price.unit.amount;
  const lineTotal = unitPrice * quantity;
  return {
    articleId: article.id,
    skuId: article.skus[0]!.id,
    description: `${article.packageName ?? article.name}, ${article.skus[0]!.name}`,
    quantity,
    unitPrice,
    vat: vatOfGross(lineTotal),
    lineTotal,
    subscriptionInterval: null,
    prescription: null,
    prescriptionGlasses: null,
  };
}

const ADDRESS = { street: 'Vestergade 14, 2. th.', zip: '8000', city: 'Aarhus C' };
const CONTACT = { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050' };

/**
 * Demo orders of kunde@example.dk, dated relative to `now` (the first start) so the return
 * windows are open or closed as described whenever the demo is started.
 */
export function generateMyOrders(articles: readonly Article[], now: Date): Order[] {
  const pick = picker(articles);
  const glasses = pick((a) => a.category === 'briller' && a.badges.includes('withdrawal-30-days'), 'glasses');
  const sunglasses = pick((a) => a.category === 'solbriller' && a.badges.includes('withdrawal-90-days'), 'sunglasses with 90 days');
  const otherSunglasses = pick((a) => a.category === 'solbriller' && a.badges.includes('withdrawal-90-days') && a.id !== sunglasses.id, 'second sunglasses');
  const glassesCase = pick((a) => a.category === 'tilbehør-briller', 'glasses case');
  const monthly = pick((a) => a.category === 'kontaktlinser' && a.attributes.lensType === 'månedslinser' && a.packageAmount === 6, 'monthly lenses');
  const daily = pick((a) => a.category === 'kontaktlinser' && a.attributes.lensType === 'endagslinser', 'daily lenses');
  const fluid = pick((a) => a.category === 'tilbehør-kontaktlinser' && a.attributes.subCategory === 'linsevæske', 'lens fluid');
  const ago = (days: number, hour = 10) => new Date(Math.floor((now.getTime() - days * DAY) / DAY) * DAY + hour * 3_600_000).toISOString();

  const order = (
    id: string,
    orderNumber: string,
    lines: Order['lines'],
    o: { created: number; delivered: number | null; status: Order['status']; method: PaymentMethod; deliveryMethodId: Order['deliveryMethodId']; shipping?: number; pickupStoreId?: string },
  ): Order => {
    const goods = lines.reduce((s, l) => s + l.lineTotal, 0);
    const createdAt = ago(o.created);
    const deliveredAt = o.delivered === null ? null : ago(o.delivered, 14);
    const shipping = o.shipping ?? 0;
    return {
      id,
      orderNumber,
      status: o.status,
      paymentStatus: o.status === 'cancelled' ? 'refunded' : 'paid',
      deliveryMethodId: o.deliveryMethodId,
      pickupStoreId: o.pickupStoreId ?? null,
      customerId: DEMO_CUSTOMER_ID,
      prescriptionId: null,
      storeId: null,
      createdBy: 'web',
      lines,
      shipping,
      totalPrice: goods + shipping,
      createdAt,
      paidAt: createdAt,
      paymentMethod: o.method,
      contact: CONTACT,
      deliveryAddress: o.deliveryMethodId === 119 ? null : ADDRESS,
      collectionPointId: o.deliveryMethodId === 79 ? 'pn-8000-1' : null,
      discount: 0,
      discountCode: null,
      giftCardAmount: 0,
      deliveredAt,
      updatedAt: deliveredAt ?? createdAt,
    };
  };

  return [
    order(DEMO_ORDER_IDS.recent, 'O2500101', [line(glasses, 1), line(sunglasses, 1)], { created: 12, delivered: 9, status: 'delivered', method: 'card', deliveryMethodId: 101 }),
    order(DEMO_ORDER_IDS.mixed, 'O2500102', [line(glasses, 1), line(glassesCase, 1), line(otherSunglasses, 1)], { created: 48, delivered: 45, status: 'delivered', method: 'mobilepay', deliveryMethodId: 79 }),
    order(DEMO_ORDER_IDS.lenses, 'O2500103', [line(monthly, 2), line(daily, 1), line(fluid, 1)], { created: 10, delivered: 7, status: 'delivered', method: 'klarna', deliveryMethodId: 125, shipping: 2_900 }),
    order(DEMO_ORDER_IDS.old, 'O2500104', [line(sunglasses, 1)], { created: 140, delivered: 136, status: 'delivered', method: 'card', deliveryMethodId: 101 }),
    order(DEMO_ORDER_IDS.handling, 'O2500105', [line(glasses, 1)], { created: 1, delivered: null, status: 'handled', method: 'card', deliveryMethodId: 119, pickupStoreId: 'st-001' }),
    order(DEMO_ORDER_IDS.cancelled, 'O2500106', [line(glassesCase, 2)], { created: 30, delivered: null, status: 'cancelled', method: 'card', deliveryMethodId: 101, shipping: 4_900 }),
  ];
}

/** A 16-digit OCR (FI) number: a 15-digit reference plus its mod-10 (Luhn) check digit. */
export function ocrFor(reference: number): string {
  const body = String(reference).padStart(15, '0');
  const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => isLuhnValid(`${body}${d}`))!;
  return `${body}${check}`;
}

/**
 * Demo invoices of kunde@example.dk (part payment of glasses, SPEC footer "delbetaling", and a
 * lens fitting, which is VAT-exempt): paid, overdue, partly paid, due, and one in collection.
 */
export function generateMyInvoices(now: Date): Invoice[] {
  const date = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  const at = (days: number) => `${date(days)}T08:00:00.000Z`;
  const part = (n: number, amount: number) => ({ description: `Delbetaling af briller – rate ${n} af 4`, amount, vat: vatOfGross(amount) });
  const base = { customerId: DEMO_CUSTOMER_ID, subscriptionId: null, kind: 'pdf' as const, payments: [] };
  return [
    {
      ...base,
      id: DEMO_INVOICE_IDS.paid,
      ocrNumber: ocrFor(260_000_101),
      originalAmountDue: 62_500,
      amountLeft: 0,
      createdAt: at(-70),
      dueDate: date(-56),
      paymentMethod: 'payment-card',
      paymentStatus: 'paid',
      lines: [part(1, 62_500)],
      payments: [{ at: at(-58), amount: 62_500, method: 'card', transactionId: 'sim-seed-1' }],
    },
    { ...base, id: DEMO_INVOICE_IDS.overdue, ocrNumber: ocrFor(260_000_102), originalAmountDue: 62_500, amountLeft: 62_500, createdAt: at(-40), dueDate: date(-26), paymentMethod: 'invoice', paymentStatus: 'not-paid', lines: [part(2, 62_500)] },
    {
      ...base,
      id: DEMO_INVOICE_IDS.partly,
      ocrNumber: ocrFor(260_000_103),
      originalAmountDue: 62_500,
      amountLeft: 32_500,
      createdAt: at(-6),
      dueDate: date(8),
      paymentMethod: 'invoice',
      paymentStatus: 'partly-paid',
      lines: [part(3, 62_500)],
      payments: [{ at: at(-2), amount: 30_000, method: 'mobilepay', transactionId: 'sim-seed-2' }],
    },
    {
      ...base,
      id: DEMO_INVOICE_IDS.due,
      ocrNumber: ocrFor(260_000_104),
      originalAmountDue: 95_000,
      amountLeft: 95_000,
      createdAt: at(-3),
      dueDate: date(11),
      paymentMethod: 'e-invoice',
      paymentStatus: 'not-paid',
      kind: 'e-invoice',
      lines: [
        { description: 'Kontaktlinsetilpasning hos optiker (momsfri)', amount: 45_000, vat: 0 },
        { description: 'Prøvelinser og plejesæt', amount: 50_000, vat: vatOfGross(50_000) },
      ],
    },
    { ...base, id: DEMO_INVOICE_IDS.collection, ocrNumber: ocrFor(260_000_105), originalAmountDue: 24_900, amountLeft: 24_900, createdAt: at(-120), dueDate: date(-106), paymentMethod: 'invoice', paymentStatus: 'in-collection', kind: 'paper', lines: [{ description: 'Solbrilleetui og rensesæt', amount: 24_900, vat: vatOfGross(24_900) }] },
  ];
}

/** Seeds the demo orders and invoices (seed/index.ts, first start only). */
export async function seedMyOrders(storage: Storage, articles: readonly Article[], now: Date): Promise<void> {
  await storage.collection(C.orders).putMany(generateMyOrders(articles, now));
  await storage.collection(C.invoices).putMany(generateMyInvoices(now));
}
