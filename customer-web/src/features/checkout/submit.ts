import { checkoutPlaceRequestSchema, type CheckoutPlaceRequest, type DeliveryOption, type PostcodeResult } from '@optik/shared';
import type { Address, Choices, Contact, Errors } from './checkout-form';
import { fieldKey } from './field-key';
import { checkoutText as c } from './messages';
import { paymentDetails, type PaymentState } from '../payment/payment-state';

/**
 * What the checkout needs only once the shopper pays, in a module of its own because the shared
 * request schema brings zod: loaded on the first submit, not with the page (first-load JS, issue 5).
 */
export interface CheckoutForm {
  contact: Contact;
  address: Address;
  deliveryMethodId: number | undefined;
  needs: DeliveryOption['needs'] | undefined;
  collectionPointId: string;
  pickupStoreId: string;
  choices: Choices;
  /** Null when gift cards cover the whole amount. */
  payment: PaymentState | null;
  acceptTerms: boolean;
}

export function placeRequest(f: CheckoutForm): CheckoutPlaceRequest {
  return {
    contact: f.contact,
    address: { street: f.address.street, zip: f.address.zip, city: f.address.city },
    // Undefined when nothing is chosen: the schema then says 'Vælg en leveringsmetode.'
    deliveryMethodId: f.deliveryMethodId as number,
    ...(f.needs === 'collection-point' && f.collectionPointId ? { collectionPointId: f.collectionPointId } : {}),
    ...(f.needs === 'store' && f.pickupStoreId ? { pickupStoreId: f.pickupStoreId } : {}),
    ...(f.choices.discountCode ? { discountCode: f.choices.discountCode } : {}),
    giftCards: f.choices.giftCards,
    ...(f.payment ? { payment: paymentDetails(f.payment) } : {}),
    // The schema wants the literal true; false is sent to it so it gives its Danish message.
    acceptTerms: f.acceptTerms as true,
  };
}

/** Client-side checks: the shared schema, plus what it cannot know (postcode list, a chosen parcel shop or store). */
export function formErrors(f: CheckoutForm, body: CheckoutPlaceRequest, postcode: PostcodeResult): Errors {
  const out: Errors = {};
  const check = checkoutPlaceRequestSchema.safeParse(body);
  if (!check.success) for (const issue of check.error.issues) out[fieldKey(issue.path.join('.'))] ??= issue.message;
  if (!out['address.zip'] && !postcode.ok) out['address.zip'] = postcode.message;
  if (f.needs === 'collection-point' && !f.collectionPointId) out.collectionPointId = c.noCollectionPoint;
  if (f.needs === 'store' && !f.pickupStoreId) out.pickupStoreId = c.noStore;
  return out;
}

/** The API's 400 field errors, one per form field. */
export function apiFieldErrors(fields: Record<string, string> | undefined): Errors {
  const out: Errors = {};
  for (const [k, v] of Object.entries(fields ?? {})) out[fieldKey(k)] ??= v;
  return out;
}
