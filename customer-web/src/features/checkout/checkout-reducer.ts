import type { CheckoutQuote, DeliveryOption } from '@optik/shared';
import type { Address, Choices, Contact, Errors, GiftCardInput, Loaded } from './checkout-form';
import type { Points, StoreOption } from './pickup-choice';

/**
 * Everything the checkout page holds apart from the payment fields (features/payment), as one
 * pure reducer (issue 16 item 8): what the shopper typed and chose, the delivery options and the
 * live quote, and the errors and messages. The page's effects and handlers only dispatch.
 */
export interface CheckoutState {
  options: Loaded<DeliveryOption[]>;
  quote: Loaded<CheckoutQuote>;
  /** What the quote was made for; a choice is kept only once the API accepted it. */
  choices: Choices;
  /** The radio follows the click at once; the quote catches up when the API answers. */
  selectedDelivery: number | undefined;
  contact: Contact;
  address: Address;
  collectionPointId: string;
  pickupStoreId: string;
  points: Points;
  stores: Loaded<StoreOption[]> | null;
  discountInput: string;
  gift: GiftCardInput;
  acceptTerms: boolean;
  /** Field errors by request path ('contact.email', 'address.zip', 'deliveryMethodId', …). */
  errors: Errors;
  alert: string | null;
  busy: boolean;
  applying: boolean;
}

export const initialCheckout: CheckoutState = {
  options: { state: 'loading' },
  quote: { state: 'loading' },
  choices: { giftCards: [] },
  selectedDelivery: undefined,
  contact: { firstName: '', lastName: '', email: '', phone: '' },
  address: { zip: '', city: '', street: '' },
  collectionPointId: '',
  pickupStoreId: '',
  points: null,
  stores: null,
  discountInput: '',
  gift: { number: '', pin: '' },
  acceptTerms: false,
  errors: {},
  alert: null,
  busy: false,
  applying: false,
};

/** The saved details of a signed-in customer (features/account) as the checkout's fields. */
export interface SavedDetails {
  contact: Partial<Record<keyof Contact, string | null>>;
  address: Partial<Record<keyof Address, string | null>>;
}

export type QuoteField = 'discountCode' | 'giftCards' | 'deliveryMethodId';

export type CheckoutAction =
  | { type: 'options'; options: Loaded<DeliveryOption[]> }
  | { type: 'quote'; quote: Loaded<CheckoutQuote> }
  /** The API accepted new choices: the quote follows, and the field's error goes. */
  | { type: 'quote-accepted'; choices: Choices; quote: CheckoutQuote; field?: QuoteField }
  | { type: 'contact'; field: keyof Contact; value: string }
  | { type: 'address'; field: keyof Address; value: string }
  /** The postcode list knows `zip`: the city follows (if the postcode is still the same). */
  | { type: 'postcode-found'; zip: string; city: string }
  | { type: 'prefill'; saved: SavedDetails }
  | { type: 'choose-delivery'; id: number }
  | { type: 'pick'; field: 'collectionPointId' | 'pickupStoreId'; value: string }
  | { type: 'points'; points: Points }
  | { type: 'stores'; stores: Loaded<StoreOption[]> }
  | { type: 'discount-input'; value: string }
  | { type: 'gift-input'; field: keyof GiftCardInput; value: string }
  | { type: 'terms'; accepted: boolean }
  | { type: 'applying'; applying: boolean; clear?: 'discount' | 'gift' }
  | { type: 'busy'; busy: boolean }
  | { type: 'field-error'; field: string; message: string }
  /** Errors found by a check or the API, with the alert that goes with them (null: none). */
  | { type: 'errors'; errors: Errors; alert: string | null }
  | { type: 'alert'; alert: string | null }
  /** A field was checked again after a change (`onBlur`: the message may change too; else it can only go). */
  | { type: 'rechecked'; field: string; found: string | undefined; onBlur: boolean };

function without(errors: Errors, ...keys: string[]): Errors {
  if (!keys.some((k) => Object.hasOwn(errors, k))) return errors;
  const out: Errors = {};
  for (const [k, v] of Object.entries(errors)) if (!keys.includes(k)) out[k] = v;
  return out;
}

const pick = (typed: string, saved: string | null | undefined) => (typed.trim() ? typed : (saved ?? ''));

export function checkoutReducer(s: CheckoutState, a: CheckoutAction): CheckoutState {
  switch (a.type) {
    case 'options':
      return { ...s, options: a.options };
    case 'quote':
      return { ...s, quote: a.quote };
    case 'quote-accepted':
      return { ...s, choices: a.choices, quote: { state: 'ready', data: a.quote }, errors: a.field ? without(s.errors, a.field) : s.errors };
    case 'contact':
      return { ...s, contact: { ...s.contact, [a.field]: a.value } };
    case 'address':
      return { ...s, address: { ...s.address, [a.field]: a.value } };
    case 'postcode-found':
      if (s.address.zip !== a.zip) return s;
      return { ...s, address: { ...s.address, city: a.city }, errors: without(s.errors, 'address.zip', 'address.city') };
    case 'prefill': {
      // Blank contact fields take the saved value; the address only as a whole, and only while
      // the shopper has typed no part of one (a mixed address would be wrong).
      const c = a.saved.contact;
      const contact = { firstName: pick(s.contact.firstName, c.firstName), lastName: pick(s.contact.lastName, c.lastName), email: pick(s.contact.email, c.email), phone: pick(s.contact.phone, c.phone) };
      const { zip, city, street } = a.saved.address;
      const untouched = !s.address.zip.trim() && !s.address.city.trim() && !s.address.street.trim();
      const address = untouched && zip && street ? { zip, city: city ?? '', street } : s.address;
      return { ...s, contact, address };
    }
    case 'choose-delivery':
      return { ...s, selectedDelivery: a.id, errors: without(s.errors, 'deliveryMethodId', 'collectionPointId', 'pickupStoreId') };
    case 'pick':
      return { ...s, [a.field]: a.value, errors: without(s.errors, a.field) };
    case 'points':
      return { ...s, points: a.points };
    case 'stores':
      return { ...s, stores: a.stores };
    case 'discount-input':
      return { ...s, discountInput: a.value };
    case 'gift-input':
      return { ...s, gift: { ...s.gift, [a.field]: a.value } };
    case 'terms':
      return { ...s, acceptTerms: a.accepted, errors: a.accepted ? without(s.errors, 'acceptTerms') : s.errors };
    case 'applying':
      return { ...s, applying: a.applying, ...(a.clear === 'discount' ? { discountInput: '' } : a.clear === 'gift' ? { gift: { number: '', pin: '' } } : {}) };
    case 'busy':
      return { ...s, busy: a.busy };
    case 'field-error':
      return { ...s, errors: { ...s.errors, [a.field]: a.message } };
    case 'errors':
      return { ...s, errors: a.errors, alert: a.alert };
    case 'alert':
      return { ...s, alert: a.alert };
    case 'rechecked': {
      const current = s.errors[a.field];
      if (current === undefined) return s;
      if (a.found === undefined) return { ...s, errors: without(s.errors, a.field) };
      return a.onBlur && a.found !== current ? { ...s, errors: { ...s.errors, [a.field]: a.found } } : s;
    }
  }
}
