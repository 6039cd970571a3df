import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import {
  checkoutPlaceRequestSchema,
  formatDkk,
  validatePostcode,
  type CheckoutPlaceRequest,
  type CheckoutQuote,
  type CheckoutQuoteRequest,
  type DeliveryOption,
} from '@optik/shared';
import type { Api } from '../../api';
import { loadAccountPrefill, prefillAddress, prefillContact } from '../account/auth/prefill';
import { FieldError, TextField } from '../../text-field';
import type { PlacedOrder } from './checkout-state';
import { checkoutText as c } from './messages';
import { OrderLinesTable } from './order-lines';
import { initialPayment, PAYMENT_FIELDS, paymentDetails, paymentFailureStep, PaymentFields, type PaymentField, type PaymentState } from './payment-form';
import './checkout.css';

/** With `get`, a signed-in customer's saved details fill the form (features/account). */
export type CheckoutApi = Pick<Api, 'deliveryOptions' | 'collectionPoints' | 'checkoutQuote' | 'checkoutPlace' | 'getStores'> & Partial<Pick<Api, 'get'>>;

type Loaded<T> = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ready'; data: T };
type GiftCardInput = { number: string; pin: string };
type CollectionPoint = Extract<Awaited<ReturnType<CheckoutApi['collectionPoints']>>, { ok: true }>['data']['data'][number];
/** What the quote depends on; applied only once the API accepted it. */
interface Choices {
  deliveryMethodId?: number;
  discountCode?: string;
  giftCards: GiftCardInput[];
}
type Contact = { firstName: string; lastName: string; email: string; phone: string };
type Address = { zip: string; city: string; street: string };
/** Field errors keyed by request path, as the API reports them ('contact.email', 'payment.cvc', …). */
type Errors = Record<string, string>;

const last4 = (n: string) => n.slice(-4);

/** Request paths the form shows next to a field; anything else goes in the form-level alert. */
function fieldKey(path: string): string {
  if (path.startsWith('giftCards')) return 'giftCards';
  if (path === 'payment.method') return 'payment';
  return path;
}

/**
 * The web checkout (SPEC §2 /checkout): contact, postcode-first address, delivery from the API
 * (parcel shop or store where the option needs one), discount code and gift cards, a live quote,
 * and payment as on the pay-by-link page with the SPEC §3 failure results. The shared request
 * schema checks the form before sending; the API's 400 field errors land on the same fields.
 */
export function CheckoutPage({ api, onPaid }: { api: CheckoutApi; onPaid: (placed: PlacedOrder) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);

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
  useEffect(() => {
    if (!api.get) return;
    let live = true;
    void loadAccountPrefill(api.get).then((d) => {
      if (!live || !d) return;
      setContact((v) => prefillContact(v, d));
      setAddress((v) => prefillAddress(v, d));
    });
    return () => {
      live = false;
    };
  }, [api]);

  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);
  useEffect(() => {
    if (focusField) document.getElementById(focusField.id)?.focus();
  }, [focusField]);

  const option = options.state === 'ready' ? options.data.find((o) => o.id === selectedDelivery) : undefined;
  const postcode = validatePostcode(address.zip);

  // Parcel shops near the postcode, for an option that needs one.
  const pointsKey = option?.needs === 'collection-point' && postcode.ok ? `${postcode.postcode}:${option.id}` : null;
  const [points, setPoints] = useState<{ key: string; value: Loaded<CollectionPoint[]> } | null>(null);
  useEffect(() => {
    if (!pointsKey) return;
    const [zip, methodId] = pointsKey.split(':') as [string, string];
    let live = true;
    void api.collectionPoints(zip, Number(methodId)).then((r) => {
      if (live) setPoints({ key: pointsKey, value: r.ok ? { state: 'ready', data: r.data.data } : { state: 'error', status: r.status, message: r.error.message } });
    });
    return () => {
      live = false;
    };
  }, [api, pointsKey]);
  const currentPoints: Loaded<CollectionPoint[]> | null = pointsKey ? (points?.key === pointsKey ? points.value : { state: 'loading' }) : null;

  // Stores for click and collect, fetched the first time that option is chosen.
  const needsStore = option?.needs === 'store';
  const [stores, setStores] = useState<Loaded<{ id: string; name: string; city: string }[]> | null>(null);
  const storesWanted = needsStore || stores !== null;
  useEffect(() => {
    if (!storesWanted) return;
    let live = true;
    void api.getStores().then((r) => {
      if (!live) return;
      if (!r.ok) return setStores({ state: 'error', status: r.status, message: r.error.message });
      const cc = r.data.data.filter((s) => s.services.includes('click-and-collect'));
      setStores({ state: 'ready', data: (cc.length > 0 ? cc : r.data.data).map((s) => ({ id: s.id, name: s.name, city: s.city })) });
    });
    return () => {
      live = false;
    };
  }, [api, storesWanted]);

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

  function onZipChange(zip: string) {
    const pc = validatePostcode(zip);
    setAddress((a) => ({ ...a, zip, ...(pc.ok ? { city: pc.city } : {}) }));
    if (pc.ok) setErrors(({ 'address.zip': _z, 'address.city': _c, ...rest }) => rest);
  }
  function onZipBlur() {
    if (!address.zip.trim()) return;
    const pc = validatePostcode(address.zip);
    if (!pc.ok) setErrors((e) => ({ ...e, 'address.zip': pc.message }));
  }

  const ready = quote.state === 'ready' ? quote.data : null;
  const needsPayment = !ready || ready.toPay > 0;

  function request(): CheckoutPlaceRequest {
    return {
      contact,
      address: { street: address.street, zip: address.zip, city: address.city },
      // Undefined when nothing is chosen: the schema then says 'Vælg en leveringsmetode.'
      deliveryMethodId: selectedDelivery as number,
      ...(option?.needs === 'collection-point' && collectionPointId ? { collectionPointId } : {}),
      ...(option?.needs === 'store' && pickupStoreId ? { pickupStoreId } : {}),
      ...(choices.discountCode ? { discountCode: choices.discountCode } : {}),
      giftCards: choices.giftCards,
      ...(needsPayment ? { payment: paymentDetails(payment) } : {}),
      // The schema wants the literal true; false is sent to it so it gives its Danish message.
      acceptTerms: acceptTerms as true,
    };
  }

  /** Client-side checks: the shared schema, plus what it cannot know (postcode list, a chosen parcel shop or store). */
  function validate(body: CheckoutPlaceRequest): Errors {
    const out: Errors = {};
    const check = checkoutPlaceRequestSchema.safeParse(body);
    if (!check.success) for (const issue of check.error.issues) out[fieldKey(issue.path.join('.'))] ??= issue.message;
    if (!out['address.zip'] && !postcode.ok) out['address.zip'] = postcode.message;
    if (option?.needs === 'collection-point' && !collectionPointId) out.collectionPointId = c.noCollectionPoint;
    if (option?.needs === 'store' && !pickupStoreId) out.pickupStoreId = c.noStore;
    return out;
  }

  function showErrors(next: Errors, message: string) {
    setErrors(next);
    setAlert(message);
    setFocusError((x) => x + 1);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = request();
    const found = validate(body);
    if (Object.keys(found).length > 0) return showErrors(found, c.fixFields);
    setBusy(true);
    setAlert(null);
    const r = await api.checkoutPlace(body);
    setBusy(false);
    if (!r.ok) {
      const fields: Errors = {};
      for (const [k, v] of Object.entries(r.error.fields ?? {})) fields[fieldKey(k)] ??= v;
      if (Object.keys(fields).length > 0) return showErrors(fields, r.error.message);
      setErrors({});
      setAlert(r.error.message);
      return;
    }
    const answer = r.data;
    if (answer.outcome === 'paid') return onPaid({ order: answer.order, email: contact.email.trim() });
    // SPEC §3 failure results; the cart stays as it was on the server.
    setErrors({});
    const step = paymentFailureStep(answer.failureResult, answer.message, c);
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
              <fieldset className="nested" aria-describedby={err('collectionPointId') ? `${id}-point-error` : undefined}>
                <legend>{c.collectionPointLegend}</legend>
                {!currentPoints && <p className="hint">{c.collectionPointNeedsZip}</p>}
                {currentPoints?.state === 'loading' && <p role="status">{c.collectionPointsLoading}</p>}
                {currentPoints?.state === 'error' && (
                  <p role="alert" className="error">
                    {currentPoints.message}
                  </p>
                )}
                {currentPoints?.state === 'ready' && currentPoints.data.length === 0 && <p>{c.collectionPointsNone}</p>}
                {currentPoints?.state === 'ready' &&
                  currentPoints.data.map((p) => (
                    <label key={p.id} className="choice">
                      <input
                        type="radio"
                        name={`${id}-point`}
                        value={p.id}
                        checked={collectionPointId === p.id}
                        aria-invalid={err('collectionPointId') ? true : undefined}
                        onChange={() => {
                          setCollectionPointId(p.id);
                          setErrors(({ collectionPointId: _c, ...rest }) => rest);
                        }}
                      />
                      <span>
                        {p.name}
                        <span className="line-note">
                          {p.street}, {p.zip} {p.city} · {p.openingHours}
                        </span>
                      </span>
                    </label>
                  ))}
                {err('collectionPointId') && <FieldError id={`${id}-point-error`}>{err('collectionPointId')}</FieldError>}
              </fieldset>
            )}

            {needsStore && (
              <div className="field">
                <label htmlFor={`${id}-store`}>{c.store}</label>
                {stores?.state === 'ready' ? (
                  <select
                    id={`${id}-store`}
                    value={pickupStoreId}
                    aria-invalid={err('pickupStoreId') ? true : undefined}
                    aria-describedby={err('pickupStoreId') ? `${id}-store-error` : undefined}
                    onChange={(e) => {
                      setPickupStoreId(e.target.value);
                      setErrors(({ pickupStoreId: _p, ...rest }) => rest);
                    }}
                  >
                    <option value="">{c.storeChoose}</option>
                    {stores.data.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                ) : stores?.state === 'error' ? (
                  <p role="alert" className="error">
                    {stores.message}
                  </p>
                ) : (
                  <p role="status">{c.storesLoading}</p>
                )}
                {err('pickupStoreId') && <FieldError id={`${id}-store-error`}>{err('pickupStoreId')}</FieldError>}
              </div>
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
