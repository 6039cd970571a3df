import type { Api } from '../../api';

/* What the checkout page holds, apart from the page so its later-loaded parts (submit, pickup-choice) can use the types without importing the page back. */

/** With `get`, a signed-in customer's saved details fill the form (features/account). */
export type CheckoutApi = Pick<Api, 'deliveryOptions' | 'collectionPoints' | 'checkoutQuote' | 'checkoutPlace' | 'getStores'> & Partial<Pick<Api, 'get'>>;

export type Loaded<T> = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ready'; data: T };
export type GiftCardInput = { number: string; pin: string };
/** What the quote depends on; applied only once the API accepted it. */
export interface Choices {
  deliveryMethodId?: number;
  discountCode?: string;
  giftCards: GiftCardInput[];
}
export type Contact = { firstName: string; lastName: string; email: string; phone: string };
export type Address = { zip: string; city: string; street: string };
/** Field errors keyed by request path, as the API reports them ('contact.email', 'payment.cvc', …). */
export type Errors = Record<string, string>;
