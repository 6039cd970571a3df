import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { formatDkk, type CheckoutQuoteRequest, type DeliveryOption } from '@optik/shared';
import { t } from '../../messages';
import { FieldError } from '../../text-field';
import { loadPostcodes, type ValidatePostcode } from '../../postcodes';
import { paymentErrorsFrom } from '../payment/payment-state';
import { useFocusRequest, usePaymentForm } from '../payment/use-payment';
import type { CheckoutApi, Choices, Errors } from './checkout-form';
import { checkoutReducer, initialCheckout, type CheckoutState, type QuoteField } from './checkout-reducer';
import type { PlacedOrder } from './checkout-state';
import { loadSubmit, type SubmitModule } from './deferred';
import { fieldKey } from './field-key';
import { checkoutText as c } from './messages';
import { AddressSection, ContactSection } from './sections/contact-section';
import { DeliverySection } from './sections/delivery-section';
import { PaymentSection } from './sections/payment-section';
import { SummarySection } from './sections/summary-section';
import './checkout.css';

export type { CheckoutApi } from './checkout-form';

/** Errors of the payment part ('payment.cvc', 'payment') belong to the payment form; the rest to the page. */
function splitErrors(errors: Errors): { page: Errors; payment: [string, string][] } {
  const page: Errors = {};
  const payment: [string, string][] = [];
  for (const [k, v] of Object.entries(errors)) {
    if (k === 'payment' || k.startsWith('payment.')) payment.push([k, v]);
    else page[k] = v;
  }
  return { page, payment };
}

/**
 * The web checkout (SPEC §2 /checkout): contact, postcode-first address, delivery from the API
 * (parcel shop or store where the option needs one), discount code and gift cards, a live quote,
 * and payment with the shop's one payment form (features/payment) and the SPEC §3 failure
 * results. The state is one reducer (./checkout-reducer); the sections render it. The shared
 * request schema checks the form before sending; the API's 400 field errors land on the same
 * fields, and an error goes as soon as its field is fixed. `signedIn` (a customer's session)
 * fetches the saved details to fill the form.
 */
export function CheckoutPage({ api, onPaid, signedIn = false }: { api: CheckoutApi; onPaid: (placed: PlacedOrder) => void; signedIn?: boolean }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout);
  const payment = usePaymentForm(`${id}-pay`);
  const focus = useFocusRequest(formRef);
  /** The postcode list, once the first postcode input has loaded it (../../postcodes). */
  const [validateZip, setValidateZip] = useState<ValidatePostcode | null>(null);
  /** A submit is being checked (the check may still be loading). */
  const checking = useRef(false);
  const quoteSeq = useRef(0);
  /** The state as last rendered, for checks that finish later. */
  const latest = useRef<CheckoutState>(state);
  useEffect(() => {
    latest.current = state;
  });

  // Delivery options and the first quote on arrival.
  useEffect(() => {
    let live = true;
    void api.deliveryOptions().then((r) => {
      if (live) dispatch({ type: 'options', options: r.ok ? { state: 'ready', data: r.data.data } : { state: 'error', status: r.status, message: r.error.message } });
    });
    const n = ++quoteSeq.current;
    void api.checkoutQuote({ giftCards: [] }).then((r) => {
      if (live && n === quoteSeq.current) dispatch({ type: 'quote', quote: r.ok ? { state: 'ready', data: r.data.data } : { state: 'error', status: r.status, message: r.error.message } });
    });
    return () => {
      live = false;
    };
  }, [api]);

  // A signed-in customer's name, e-mail, phone and address fill what the shopper has not typed.
  // Loaded only for a session: a visitor never fetches the account code (it brings zod).
  useEffect(() => {
    const get = api.get;
    if (!get || !signedIn) return;
    let live = true;
    import('../account/auth/prefill')
      .then(async ({ loadAccountPrefill }) => {
        const d = await loadAccountPrefill(get);
        if (!live || !d) return;
        dispatch({ type: 'prefill', saved: { contact: d, address: d } });
      })
      // A convenience only: without it the form is simply empty.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, signedIn]);

  // A postcode, typed or filled from the account, needs the list (city, parcel shops, checks).
  const hasZip = state.address.zip.trim() !== '';
  useEffect(() => {
    if (hasZip && !validateZip) void postcodes().catch(() => undefined);
  }, [hasZip, validateZip]);

  const ready = state.quote.state === 'ready' ? state.quote.data : null;
  const option = state.options.state === 'ready' ? state.options.data.find((o) => o.id === state.selectedDelivery) : undefined;
  const postcode = validateZip?.(state.address.zip);
  const pointsKey = option?.needs === 'collection-point' && postcode?.ok ? `${postcode.postcode}:${option.id}` : null;

  function formOf(s: CheckoutState) {
    const chosen = s.options.state === 'ready' ? s.options.data.find((o) => o.id === s.selectedDelivery) : undefined;
    const q = s.quote.state === 'ready' ? s.quote.data : null;
    return {
      contact: s.contact,
      address: s.address,
      deliveryMethodId: s.selectedDelivery,
      needs: chosen?.needs,
      collectionPointId: s.collectionPointId,
      pickupStoreId: s.pickupStoreId,
      choices: s.choices,
      payment: !q || q.toPay > 0 ? payment.state : null,
      acceptTerms: s.acceptTerms,
    };
  }

  /**
   * A field that shows an error is checked again when it changes (its error goes once it is
   * fixed) and when it is left (the message follows what is there now). The checks are loaded:
   * an error only shows after a submit, which loaded them.
   */
  function onEdited(field: string, onBlur: boolean) {
    if (!latest.current.errors[field]) return;
    Promise.all([loadSubmit(), postcodes()]).then(
      ([m, validate]) => {
        const form = formOf(latest.current);
        const found = m.formErrors(form, m.placeRequest(form), validate(form.address.zip))[field];
        dispatch({ type: 'rechecked', field, found, onBlur });
      },
      () => undefined,
    );
  }

  /**
   * A new quote for changed choices. The choice is kept only when the API accepts it; a refused
   * discount code or gift card shows its field error and the previous quote stays.
   */
  async function requote(next: Choices, field?: QuoteField): Promise<boolean> {
    const n = ++quoteSeq.current;
    const body: CheckoutQuoteRequest = { giftCards: next.giftCards, ...(next.deliveryMethodId !== undefined ? { deliveryMethodId: next.deliveryMethodId } : {}), ...(next.discountCode ? { discountCode: next.discountCode } : {}) };
    const r = await api.checkoutQuote(body);
    if (n !== quoteSeq.current) return false;
    if (r.ok) {
      dispatch({ type: 'quote-accepted', choices: next, quote: r.data.data, field });
      return true;
    }
    const mine = Object.entries(r.error.fields ?? {}).find(([k]) => fieldKey(k) === field);
    if (field && mine) {
      dispatch({ type: 'field-error', field, message: mine[1] });
      focus(null);
    } else if (r.status === 409 || r.status === 422) {
      dispatch({ type: 'quote', quote: { state: 'error', status: r.status, message: r.error.message } });
    } else {
      dispatch({ type: 'alert', alert: r.error.message });
    }
    return false;
  }

  function chooseDelivery(o: DeliveryOption) {
    dispatch({ type: 'choose-delivery', id: o.id });
    void requote({ ...state.choices, deliveryMethodId: o.id }, 'deliveryMethodId');
  }

  async function applyDiscount() {
    const code = state.discountInput.trim();
    if (!code || state.applying) return;
    dispatch({ type: 'applying', applying: true });
    const ok = await requote({ ...state.choices, discountCode: code }, 'discountCode');
    dispatch({ type: 'applying', applying: false, ...(ok ? { clear: 'discount' as const } : {}) });
  }

  async function applyGiftCard() {
    if (state.applying) return;
    const card = { number: state.gift.number.replace(/\s/g, ''), pin: state.gift.pin.trim() };
    if (!card.number || !card.pin) {
      dispatch({ type: 'field-error', field: 'giftCards', message: c.giftCardNumber + ' og ' + c.giftCardPin.toLowerCase() + ' skal udfyldes.' });
      focus(null);
      return;
    }
    dispatch({ type: 'applying', applying: true });
    const ok = await requote({ ...state.choices, giftCards: [...state.choices.giftCards.filter((g) => g.number !== card.number), card] }, 'giftCards');
    dispatch({ type: 'applying', applying: false, ...(ok ? { clear: 'gift' as const } : {}) });
  }

  async function postcodes(): Promise<ValidatePostcode> {
    const validate = await loadPostcodes();
    setValidateZip(() => validate);
    return validate;
  }

  /** At once when the list is here; on the first keystrokes a moment later, when it has loaded. */
  function withPostcodes(next: (validate: ValidatePostcode) => void) {
    if (validateZip) next(validateZip);
    else void postcodes().then(next, () => undefined);
  }

  function onZipChange(zip: string) {
    dispatch({ type: 'address', field: 'zip', value: zip });
    withPostcodes((validate) => {
      const pc = validate(zip);
      if (pc.ok) dispatch({ type: 'postcode-found', zip, city: pc.city });
    });
  }
  function onZipBlur() {
    const zip = state.address.zip;
    if (!zip.trim()) return;
    withPostcodes((validate) => {
      const pc = validate(zip);
      if (!pc.ok) dispatch({ type: 'field-error', field: 'address.zip', message: pc.message });
    });
  }

  function showErrors(errors: Errors, message: string) {
    const { page, payment: pay } = splitErrors(errors);
    dispatch({ type: 'errors', errors: page, alert: message });
    payment.setErrors(paymentErrorsFrom(pay));
    focus(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (state.busy || checking.current) return;
    const form = formOf(state);
    checking.current = true;
    let checks: [SubmitModule, ValidatePostcode];
    try {
      checks = await Promise.all([loadSubmit(), postcodes()]);
    } catch {
      // The checks could not be fetched (offline): nothing is sent, nothing typed is lost.
      dispatch({ type: 'alert', alert: t.error.generic });
      return;
    } finally {
      checking.current = false;
    }
    const [m, validatePostcode] = checks;
    const body = m.placeRequest(form);
    const found = m.formErrors(form, body, validatePostcode(form.address.zip));
    if (Object.keys(found).length > 0) return showErrors(found, c.fixFields);
    dispatch({ type: 'busy', busy: true });
    dispatch({ type: 'alert', alert: null });
    const r = await api.checkoutPlace(body);
    dispatch({ type: 'busy', busy: false });
    if (!r.ok) {
      const fields = m.apiFieldErrors(r.error.fields);
      if (Object.keys(fields).length > 0) return showErrors(fields, r.error.message);
      showErrors({}, r.error.message);
      return;
    }
    const answer = r.data;
    if (answer.outcome === 'paid') return onPaid({ order: answer.order, email: form.contact.email.trim() });
    // SPEC §3 failure results; the cart stays as it was on the server.
    const step = payment.failed(answer.failureResult, answer.message);
    dispatch({ type: 'errors', errors: {}, alert: step.message });
    if (step.focusId) focus(step.focusId);
  }

  const { quote, errors } = state;
  if (quote.state === 'error' && (quote.status === 409 || (quote.status === 422 && !ready))) {
    return (
      <div className="page narrow checkout-page">
        <h1>{c.title}</h1>
        <p role="alert" className={quote.status === 409 ? undefined : 'error'}>
          {quote.message}
        </p>
        <a href="/">{c.backToShop}</a>
      </div>
    );
  }

  return (
    <div className="page checkout-page">
      <h1>{c.title}</h1>
      <div className="checkout-layout">
        <form ref={formRef} onSubmit={submit} noValidate className="stack checkout-form">
          <ContactSection idPrefix={id} contact={state.contact} errors={errors} dispatch={dispatch} onEdited={onEdited} />
          <AddressSection idPrefix={id} address={state.address} errors={errors} dispatch={dispatch} onEdited={onEdited} onZipChange={onZipChange} onZipBlur={onZipBlur} />
          <DeliverySection api={api} idPrefix={id} state={state} quote={ready} pointsKey={pointsKey} errors={errors} dispatch={dispatch} onChoose={chooseDelivery} />
          <PaymentSection
            idPrefix={id}
            quote={ready}
            choices={state.choices}
            discountInput={state.discountInput}
            gift={state.gift}
            applying={state.applying}
            errors={errors}
            payment={payment}
            dispatch={dispatch}
            onApplyDiscount={() => void applyDiscount()}
            onApplyGiftCard={() => void applyGiftCard()}
            onRequote={(next) => void requote(next)}
          />

          <label className="choice terms">
            <input
              type="checkbox"
              checked={state.acceptTerms}
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? `${id}-terms-error` : undefined}
              onChange={(e) => dispatch({ type: 'terms', accepted: e.target.checked })}
            />
            {c.terms}
          </label>
          <p className="terms-link">
            <a href="/købs-og-leveringsbetingelser" target="_blank" rel="noreferrer">
              {c.termsLink}
            </a>
          </p>
          {errors.acceptTerms && <FieldError id={`${id}-terms-error`}>{errors.acceptTerms}</FieldError>}

          {state.alert && (
            <p role="alert" className="error">
              {state.alert}
            </p>
          )}
          <button type="submit" className="checkout-submit" disabled={state.busy}>
            {state.busy ? c.submitting : ready ? c.submit(formatDkk(ready.toPay)) : c.submitNoAmount}
          </button>
        </form>

        <SummarySection quote={quote} shippingChosen={state.choices.deliveryMethodId !== undefined} />
      </div>
    </div>
  );
}
