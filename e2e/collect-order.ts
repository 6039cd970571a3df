import { expect, type APIRequestContext } from '@playwright/test';

interface ArticleAnswer {
  data: { price: { unit: { publicationStatus: number } }; skus: { id: string; stock: number }[] };
}

export interface CollectContact {
  firstName: string;
  lastName: string;
  email: string;
  /** Eight digits, as a shopper types it. */
  phone: string;
}

/**
 * A guest orders a pair of glasses in the shop to collect in the store (click and collect, 119)
 * and pays by card — through the checkout's own endpoint (its page is walked through in
 * checkout.spec.ts). Returns the paid order's number.
 */
export async function placeCollectOrder(request: APIRequestContext, webURL: string, contact: CollectContact, pickupStoreId = 'st-001'): Promise<string> {
  const shopper = await request.get(`${webURL}/api/site/shopper`);
  const headers = { 'CSRF-TOKEN': ((await shopper.json()) as { token: string }).token };
  const listing = await request.post(`${webURL}/v2/product-listing`, { data: { market: 'dk', category_id: '/briller', limit: 20 } });
  let skuId: string | undefined;
  for (const d of ((await listing.json()) as { displays: { product_id: string }[] }).displays) {
    const a = ((await (await request.get(`${webURL}/api/article/${encodeURIComponent(d.product_id)}`)).json()) as ArticleAnswer).data;
    skuId = a.price.unit.publicationStatus === 20 ? a.skus.find((s) => s.stock >= 1)?.id : undefined;
    if (skuId) break;
  }
  expect(skuId, 'a buyable pair of glasses').toBeTruthy();
  expect((await request.post(`${webURL}/api/cart/update`, { data: { skuId, quantity: 1, noCheckoutInfo: true }, headers })).status()).toBe(200);
  const placed = await request.post(`${webURL}/api/checkout/place`, {
    headers,
    data: {
      contact,
      address: { street: 'Søndergade 12', zip: '8000', city: 'Aarhus C' },
      deliveryMethodId: 119,
      pickupStoreId,
      payment: { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' },
      acceptTerms: true,
    },
  });
  expect(placed.status()).toBe(200);
  const { outcome, order } = (await placed.json()) as { outcome: string; order: { orderNumber: string } };
  expect(outcome).toBe('paid');
  return order.orderNumber;
}
