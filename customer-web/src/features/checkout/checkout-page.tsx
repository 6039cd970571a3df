import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { formatDkk, type CheckoutQuote, type CheckoutQuoteRequest, type DeliveryOption } from '@optik/shared';
import { t } from '../../messages';
import { FieldError, TextField } from '../../text-field';
import type { Address, CheckoutApi, Choices, Contact, Errors, GiftCardInput, Loaded } from './checkout-form';
import type { PlacedOrder } from './checkout-state';
import { loadSubmit, type SubmitModule } from './deferred';
import { loadPostcodes, type ValidatePostcode } from '../../postcodes';
import { fieldKey } from './field-key';
import { checkoutText as c } from './messages';
import { OrderLinesTable } from './order-lines';
import { initialPayment, PAYMENT_FIELDS, PaymentFields, type PaymentField, type PaymentState } from './payment-fields';
import type { Points, StoreOption } from './pickup-choice';
import './checkout.css';

export type { CheckoutApi } from './checkout-form';

const last4 = (n: string) => n.slice(-4);

/** Only for the options that need them: loaded when one is chosen (first-load JS, issue 5). */
const CollectionPointChoice = lazy(() => import('./pickup-choice').then((m) => ({ default: m.CollectionPointChoice })));
const StoreChoice = lazy(() => import('./pickup-choice').then((m) => ({ default: m.StoreChoice })));

/**
 * The web checkout (SPEC §2 /checkout): contact, postcode-first address, delivery from the API
 * (parcel shop or store where the option needs one), discount code and gift cards, a live quote,
 * and payment as on the pay-by-link page with the SPEC §3 failure results. The shared request
 * schema checks the form before sending; the API's 400 field errors land on the same fields.
 * `signedIn` (a customer's session) fetches the saved details to fill the form.
 */
export function CheckoutPage({ api, onPaid, signedIn = false }: { api: CheckoutApi; onPaid: (placed: PlacedOrder) => void; signedIn?: boolean }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  /** The postcode list, once the first postcode input has loaded it (../../postcodes). */
  const [validateZip, setValidateZip] = useState<ValidatePostcode | null>(null);
  /** A submit is being checked (the check may still be loading). */
  const checking = useRef(false);

  const [options, setOptions] = useState<Loaded<DeliveryOption[]>>({ state: 'loading' });
  const [quote, setQuote] = useState<Loaded<CheckoutQuote>>({ state: 'loading' });
  const [choices, setChoices] = useState<Choices>({ giftCards: [] });
  /** The radio follows the click at once; the quote catches up when the API answers. */
  const [selectedDelivery, setSelectedDelivery] = useState<number | undefined>(undefined);
  const quoteSeq = useRef(0);

  const [contact, setContact] = useState<Contact>({ firstName: '', lastName: '', email: '', phone: '' });
  const [address, setAddress] = useState<Address>({ zip: '', city: '', street: '' });
  const [collectionPointId, setCollectionPointId] = useState('');
  const [pickupStoreId, setPickupStoreId] = useState('');
  const [discountInput, setDiscountInput] = useState('');
  const [gift, setGift] = useState<GiftCardInput>({ number: '', pin: '' });
  const [payment, setPayment] = useState<PaymentState>(initialPayment);
  const [acceptTerms, setAcceptTerms] = useState(false);

  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [applying, setApplying] = useState(false);
  const [focusError, setFocusError] = useState(0);
  /** Result 1: the CPR field appears and takes focus. */
  const [focusField, setFocusField] = useState<{ id: string; n: number } | null>(null);
  const [paymentKey, setPaymentKey] = useState(0);

  // Delivery options and the first quote on arrival.
  useEffect(() => {
    let live = true;
    void api.deliveryOptions().then((r) => {
      if (live) setOptions(r.ok ? { state: 'ready', data: r.data.data } : { state: 'error', status: r.status, message: r.error.message });
    });
    const n = ++quoteSeq.current;
    void api.checkoutQuote({ giftCards: [] }).then((r) => {
      if (live && n === quoteSeq.current) setQuote(r.ok ? { state: 'ready', data: r.data.data } : { state: 'error', status: r.status, message: r.error.message });
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
      .then(async ({ loadAccountPrefill, prefillAddress, prefillContact }) => {
        const d = await loadAccountPrefill(get);
        if (!live || !d) return;
        setContact((v) => prefillContact(v, d));
        setAddress((v) => prefillAddress(v, d));
      })
      // A convenience only: without it the form is simply empty.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, signedIn]);

  // A postcode, typed or filled from the account, needs the list (city, parcel shops, checks).
  const hasZip = address.zip.trim() !== '';
  useEffect(() => {
    if (hasZip && !validateZip) void postcodes().catch(() => undefined);
  }, [hasZip, validateZip]);

  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);
  useEffect(() => {
    if (focusField) document.getElementById(focusField.id)?.focus();
  }, [focusField]);

  const option = options.state === 'ready' ? options.data.find((o) => o.id === selectedDelivery) : undefined;
  const postcode = validateZip?.(address.zip);

  // Parcel shops near the postcode, for an option that needs one; stores for click and collect,
  // fetched the first time that option is chosen (./pickup-choice).
  const pointsKey = option?.needs === 'collection-point' && postcode?.ok ? `${postcode.postcode}:${option.id}` : null;
  const [points, setPoints] = useState<Points>(null);
  const [stores, setStores] = useState<Loaded<StoreOption[]> | null>(null);

  /**
   * A new quote for changed choices. The choice is kept only when the API accepts it; a refused
   * discount code or gift card shows its field error and the previous quote stays.
   */
  async function requote(next: Choices, field?: 'discountCode' | 'giftCards' | 'deliveryMethodId'): Promise<boolean> {
    const n = ++quoteSeq.current;
    const body: CheckoutQuoteRequest = { giftCards: next.giftCards, ...(next.deliveryMethodId !== undefined ? { deliveryMethodId: next.deliveryMethodId } : {}), ...(next.discountCode ? { discountCode: next.discountCode } : {}) };
    const r = await api.checkoutQuote(body);
    if (n !== quoteSeq.current) return false;
    if (r.ok) {
      setChoices(next);
      setQuote({ state: 'ready', data: r.data.data });
      if (field) setErrors(({ [field]: _drop, ...rest }) => rest);
      return true;
    }
    const fields = r.error.fields ?? {};
    const mine = Object.entries(fields).find(([k]) => fieldKey(k) === field);
    if (field && mine) {
      setErrors((e) => ({ ...e, [field]: mine[1] }));
      setFocusError((x) => x + 1);
    } else if (r.status === 409 || r.status === 422) {
      setQuote({ state: 'error', status: r.status, message: r.error.message });
    } else {
      setAlert(r.error.message);
    }
    return false;
  }

  function chooseDelivery(o: DeliveryOption) {
    setErrors(({ deliveryMethodId: _d, collectionPointId: _c, pickupStoreId: _p, ...rest }) => rest);
    setSelectedDelivery(o.id);
    void requote({ ...choices, deliveryMethodId: o.id }, 'deliveryMethodId');
  }

  async function applyDiscount() {
    const code = discountInput.trim();
    if (!code || applying) return;
    setApplying(true);
    const ok = await requote({ ...choices, discountCode: code }, 'discountCode');
    setApplying(false);
    if (ok) setDiscountInput('');
  }

  async function applyGiftCard() {
    if (applying) return;
    const card = { number: gift.number.replace(/\s/g, ''), pin: gift.pin.trim() };
    if (!card.number || !card.pin) {
      setErrors((e) => ({ ...e, giftCards: c.giftCardNumber + ' og ' + c.giftCardPin.toLowerCase() + ' skal udfyldes.' }));
      setFocusError((x) => x + 1);
      return;
    }
    setApplying(true);
    const ok = await requote({ ...choices, giftCards: [...choices.giftCards.filter((g) => g.number !== card.number), card] }, 'giftCards');
    setApplying(false);
    if (ok) setGift({ number: '', pin: '' });
  }

  /** Enter in the discount or gift card fields applies them instead of paying. */
  function onEnter(e: ReactKeyboardEvent<HTMLInputElement>, apply: () => Promise<void>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void apply();
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
    setAddress((a) => ({ ...a, zip }));
    withPostcodes((validate) => {
      const pc = validate(zip);
      if (!pc.ok) return;
      setAddress((a) => (a.zip === zip ? { ...a, city: pc.city } : a));
      setErrors(({ 'address.zip': _z, 'address.city': _c, ...rest }) => rest);
    });
  }
  function onZipBlur() {
    const zip = address.zip;
    if (!zip.trim()) return;
    withPostcodes((validate) => {
      const pc = validate(zip);
      if (!pc.ok) setErrors((e) => ({ ...e, 'address.zip': pc.message }));
    });
  }

  const ready = quote.state === 'ready' ? quote.data : null;
  const needsPayment = !ready || ready.toPay > 0;

  function showErrors(next: Errors, message: string) {
    setErrors(next);
    setAlert(message);
    setFocusError((x) => x + 1);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || checking.current) return;
    const form = { contact, address, deliveryMethodId: selectedDelivery, needs: option?.needs, collectionPointId, pickupStoreId, choices, payment: needsPayment ? payment : null, acceptTerms };
    checking.current = true;
    let checks: [SubmitModule, ValidatePostcode];
    try {
      checks = await Promise.all([loadSubmit(), postcodes()]);
    } catch {
      // The checks could not be fetched (offline): nothing is sent, nothing typed is lost.
      setAlert(t.error.generic);
      return;
    } finally {
      checking.current = false;
    }
    const [m, validatePostcode] = checks;
    const body = m.placeRequest(form);
    const found = m.formErrors(form, body, validatePostcode(address.zip));
    if (Object.keys(found).length > 0) return showErrors(found, c.fixFields);
    setBusy(true);
    setAlert(null);
    const r = await api.checkoutPlace(body);
    setBusy(false);
    if (!r.ok) {
      const fields = m.apiFieldErrors(r.error.fields);
      if (Object.keys(fields).length > 0) return showErrors(fields, r.error.message);
      setErrors({});
      setAlert(r.error.message);
      return;
    }
    const answer = r.data;
    if (answer.outcome === 'paid') return onPaid({ order: answer.order, email: contact.email.trim() });
    // SPEC §3 failure results; the cart stays as it was on the server.
    setErrors({});
    const step = m.paymentFailureStep(answer.failureResult, answer.message, c);
    setPayment(step.payment);
    setAlert(step.message);
    if (step.restart) setPaymentKey((k) => k + 1);
    if (step.focusSsn) setFocusField((f) => ({ id: `${id}-pay-ssn`, n: (f?.n ?? 0) + 1 }));
  }

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

  const err = (key: string) => errors[key];
  /** A parcel shop or store picked: kept, and its error cleared. */
  const choose = (key: 'collectionPointId' | 'pickupStoreId', set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors(({ [key]: _picked, ...rest }) => rest);
  };
  const text = (key: keyof Contact, label: string, props: Record<string, unknown>) => (
    <TextField id={`${id}-${key}`} label={label} error={err(`contact.${key}`)} value={contact[key]} onChange={(e) => setContact((v) => ({ ...v, [key]: e.target.value }))} {...props} />
  );
  const paymentErrors: Partial<Record<PaymentField, string>> = {};
  for (const f of PAYMENT_FIELDS) if (errors[`payment.${f}`]) paymentErrors[f] = errors[`payment.${f}`];
  const goodsAfterDiscount = ready ? ready.goods - ready.friendsDiscount - ready.discount : 0;
  const priceLabel = (o: DeliveryOption) => (o.price === 0 || (ready && o.freeFrom !== null && goodsAfterDiscount >= o.freeFrom) ? c.free : formatDkk(o.price));

  return (
    <div className="page checkout-page">
      <h1>{c.title}</h1>
      <div className="checkout-layout">
        <form ref={formRef} onSubmit={submit} noValidate className="stack checkout-form">
          <fieldset>
            <legend>{c.contactLegend}</legend>
            {text('firstName', c.firstName, { autoComplete: 'given-name' })}
            {text('lastName', c.lastName, { autoComplete: 'family-name' })}
            {text('email', c.email, { type: 'email', autoComplete: 'email' })}
            {text('phone', c.phone, { type: 'tel', autoComplete: 'tel' })}
          </fieldset>

          <fieldset>
            <legend>{c.addressLegend}</legend>
            <TextField
              id={`${id}-zip`}
              label={c.zip}
              hint={c.zipHint}
              error={err('address.zip')}
              value={address.zip}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={7}
              onChange={(e) => onZipChange(e.target.value)}
              onBlur={onZipBlur}
            />
            <TextField id={`${id}-city`} label={c.city} error={err('address.city')} value={address.city} autoComplete="address-level2" onChange={(e) => setAddress((a) => ({ ...a, city: e.target.value }))} />
            <TextField id={`${id}-street`} label={c.street} error={err('address.street')} value={address.street} autoComplete="street-address" onChange={(e) => setAddress((a) => ({ ...a, street: e.target.value }))} />
          </fieldset>

          <fieldset aria-describedby={err('deliveryMethodId') ? `${id}-delivery-error` : undefined}>
            <legend>{c.deliveryLegend}</legend>
            {options.state === 'loading' && <p role="status">{c.deliveryLoading}</p>}
            {options.state === 'error' && (
              <p role="alert" className="error">
                {options.message}
              </p>
            )}
            {options.state === 'ready' &&
              options.data.map((o) => (
                <label key={o.id} className="choice delivery-choice">
                  <input type="radio" name={`${id}-delivery`} value={o.id} checked={selectedDelivery === o.id} aria-invalid={err('deliveryMethodId') ? true : undefined} onChange={() => chooseDelivery(o)} />
                  <span>
                    <span className="delivery-title">{o.title}</span> <span className="delivery-price">{priceLabel(o)}</span>
                    <span className="line-note">
                      {o.description}
                      {o.freeFrom !== null && o.freeFrom > 0 && priceLabel(o) !== c.free ? ` · ${c.freeFrom(formatDkk(o.freeFrom))}` : ''}
                    </span>
                  </span>
                </label>
              ))}
            {err('deliveryMethodId') && <FieldError id={`${id}-delivery-error`}>{err('deliveryMethodId')}</FieldError>}

            {option?.needs === 'collection-point' && (
              <Suspense fallback={<p role="status">{c.collectionPointsLoading}</p>}>
                <CollectionPointChoice
                  api={api}
                  idPrefix={id}
                  pointsKey={pointsKey}
                  points={points}
                  onPoints={setPoints}
                  value={collectionPointId}
                  error={err('collectionPointId')}
                  onChange={choose('collectionPointId', setCollectionPointId)}
                />
              </Suspense>
            )}

            {option?.needs === 'store' && (
              <Suspense fallback={<p role="status">{c.storesLoading}</p>}>
                <StoreChoice
                  api={api}
                  id={`${id}-store`}
                  stores={stores}
                  onStores={setStores}
                  value={pickupStoreId}
                  error={err('pickupStoreId')}
                  onChange={choose('pickupStoreId', setPickupStoreId)}
                />
              </Suspense>
            )}
          </fieldset>

          <fieldset>
            <legend>{c.discountLegend}</legend>
            {choices.discountCode && ready && (
              <p className="applied">
                {c.discountApplied(ready.discountCode ?? choices.discountCode, formatDkk(ready.discount))}{' '}
                <button type="button" className="link-button" aria-label={c.removeDiscount(ready.discountCode ?? choices.discountCode)} onClick={() => void requote({ ...choices, discountCode: undefined })}>
                  {c.remove}
                </button>
              </p>
            )}
            <div className="apply-row">
              <TextField id={`${id}-discount`} label={c.discountCode} error={err('discountCode')} value={discountInput} autoComplete="off" onChange={(e) => setDiscountInput(e.target.value)} onKeyDown={(e) => onEnter(e, applyDiscount)} />
              <button type="button" className="secondary" disabled={applying} onClick={() => void applyDiscount()}>
                {c.apply}
              </button>
            </div>
          </fieldset>

          <fieldset>
            <legend>{c.giftCardLegend}</legend>
            {choices.giftCards.length > 0 && (
              <ul className="applied-list">
                {choices.giftCards.map((g) => (
                  <li key={g.number}>
                    {c.giftCardApplied(last4(g.number))}{' '}
                    <button type="button" className="link-button" aria-label={c.removeGiftCard(last4(g.number))} onClick={() => void requote({ ...choices, giftCards: choices.giftCards.filter((x) => x.number !== g.number) })}>
                      {c.remove}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {ready && ready.giftCardCover > 0 && <p className="applied">{c.giftCardCover(formatDkk(ready.giftCardCover))}</p>}
            <div className="apply-row">
              <TextField id={`${id}-gift-number`} label={c.giftCardNumber} error={err('giftCards')} value={gift.number} inputMode="numeric" autoComplete="off" onChange={(e) => setGift((g) => ({ ...g, number: e.target.value }))} onKeyDown={(e) => onEnter(e, applyGiftCard)} />
              <TextField id={`${id}-gift-pin`} label={c.giftCardPin} value={gift.pin} inputMode="numeric" autoComplete="off" onChange={(e) => setGift((g) => ({ ...g, pin: e.target.value }))} onKeyDown={(e) => onEnter(e, applyGiftCard)} />
              <button type="button" className="secondary" disabled={applying} onClick={() => void applyGiftCard()}>
                {c.applyGiftCard}
              </button>
            </div>
          </fieldset>

          <fieldset>
            <legend>{c.paymentLegend}</legend>
            {needsPayment ? (
              <PaymentFields key={paymentKey} idPrefix={`${id}-pay`} state={payment} onChange={setPayment} errors={paymentErrors} methodError={err('payment')} />
            ) : (
              <p>{c.giftCardsCoverAll}</p>
            )}
          </fieldset>

          <label className="choice terms">
            <input
              type="checkbox"
              checked={acceptTerms}
              aria-invalid={err('acceptTerms') ? true : undefined}
              aria-describedby={err('acceptTerms') ? `${id}-terms-error` : undefined}
              onChange={(e) => {
                setAcceptTerms(e.target.checked);
                if (e.target.checked) setErrors(({ acceptTerms: _a, ...rest }) => rest);
              }}
            />
            {c.terms}
          </label>
          <p className="terms-link">
            <a href="/købs-og-leveringsbetingelser" target="_blank" rel="noreferrer">
              {c.termsLink}
            </a>
          </p>
          {err('acceptTerms') && <FieldError id={`${id}-terms-error`}>{err('acceptTerms')}</FieldError>}

          {alert && (
            <p role="alert" className="error">
              {alert}
            </p>
          )}
          <button type="submit" className="checkout-submit" disabled={busy}>
            {busy ? c.submitting : ready ? c.submit(formatDkk(ready.toPay)) : c.submitNoAmount}
          </button>
        </form>

        <QuoteSummary quote={quote} shippingChosen={choices.deliveryMethodId !== undefined} />
      </div>
    </div>
  );
}

/** One amount in the summary's list of totals. */
function Amount({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function QuoteSummary({ quote, shippingChosen }: { quote: Loaded<CheckoutQuote>; shippingChosen: boolean }) {
  const headingId = useId();
  return (
    <section className="checkout-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{c.summaryHeading}</h2>
      {quote.state === 'loading' && <p role="status">{c.loading}</p>}
      {quote.state === 'error' && (
        <p role="alert" className="error">
          {quote.message}
        </p>
      )}
      {quote.state === 'ready' && (
        <>
          {quote.data.pricesChanged && <p className="error">{c.pricesChanged}</p>}
          <OrderLinesTable lines={quote.data.lines} />
          <dl className="quote-totals">
            <Amount label={c.goods}>{formatDkk(quote.data.goods)}</Amount>
            {quote.data.friendsDiscount > 0 && <Amount label={c.friendsDiscount}>−{formatDkk(quote.data.friendsDiscount)}</Amount>}
            {quote.data.discount > 0 && <Amount label={c.discount(quote.data.discountCode)}>−{formatDkk(quote.data.discount)}</Amount>}
            <Amount label={c.shipping}>{shippingChosen ? (quote.data.shipping === 0 ? c.free : formatDkk(quote.data.shipping)) : c.shippingNotChosen}</Amount>
            <Amount label={c.total} className="total">
              {formatDkk(quote.data.total)}
            </Amount>
            <Amount label={c.vat}>{formatDkk(quote.data.vat)}</Amount>
            {quote.data.giftCardCover > 0 && <Amount label={c.giftCard}>−{formatDkk(quote.data.giftCardCover)}</Amount>}
            <Amount label={c.toPay} className="total">
              {formatDkk(quote.data.toPay)}
            </Amount>
          </dl>
          <p role="status" className="visually-hidden">
            {c.toPayStatus(formatDkk(quote.data.toPay))}
          </p>
        </>
      )}
    </section>
  );
}
