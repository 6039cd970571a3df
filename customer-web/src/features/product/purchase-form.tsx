import { useId, useState, type FormEvent } from 'react';
import {
  MAX_LINE_QUANTITY,
  validateContactLensPair,
  type Article,
  type CartHead,
  type CartUpdateRequest,
  type ContactLensPrescription,
  type GlassesPrescription,
  type Sku,
  type SubscriptionInterval,
} from '@optik/shared';
import type { Api } from '../../api';
import { checkGlasses, emptyGlasses, GlassesPrescriptionFields, type GlassesKey, type GlassesValues } from './glasses-prescription';
import { emptyLensEye, LensPrescriptionFields, toLensPrescription, type Eye, type LensField, type LensValues } from './lens-prescription';
import { pt } from './messages';
import { Amount } from './price';

export type PurchaseApi = Pick<Api, 'cartUpdate' | 'getShopper'>;

/** The agreed contract with the header badge and cart drawer: they listen for this event. */
export const CART_UPDATED_EVENT = 'optik:cart-updated';

const INTERVALS: SubscriptionInterval[] = ['m1', 'm2', 'm3', 'm6'];
const QUANTITIES = Array.from({ length: MAX_LINE_QUANTITY }, (_, i) => i + 1);

export const skuLabel = (s: Sku) => [s.color, s.size].filter((v) => v && v.trim()).join(' – ') || s.name;

export function defaultSku(skus: readonly Sku[], wanted: string | undefined): Sku {
  const inStock = skus.filter((s) => s.stock > 0);
  return inStock.find((s) => s.id === wanted) ?? inStock[0] ?? skus[0]!;
}

/** SPEC §3: contact lenses are ordered per eye; glasses, and sunglasses that can take a prescription, optionally with one. */
export const isLens = (a: Article) => a.category === 'kontaktlinser' && a.lensParameters !== null;
export const takesGlassesPrescription = (a: Article) => a.category === 'briller' || (a.category === 'solbriller' && a.attributes.prescriptionCapable === true);

const isBlank = (p: ContactLensPrescription) => Object.values(p).every((v) => v === null);
const samePrescription = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'added' } | { kind: 'error'; message: string; details: string[] };

interface Props {
  article: Article;
  api: PurchaseApi;
  initialSkuId?: string;
}

/** Variant, purchase type, prescription, quantity and "Læg i kurv" (SPEC §3, §5, §9). */
export function PurchaseForm({ article, api, initialSkuId }: Props) {
  const id = useId();
  const lens = isLens(article) ? article.lensParameters : null;
  const subscriptionPrice = article.allowSubscription ? article.price.subscription : null;
  const glassesCapable = takesGlassesPrescription(article);

  const [skuId, setSkuId] = useState(() => defaultSku(article.skus, initialSkuId).id);
  const [quantity, setQuantity] = useState(1);
  const [purchase, setPurchase] = useState<'unit' | 'subscription'>('unit');
  const [interval, setDeliveryInterval] = useState<SubscriptionInterval>('m1');
  const [lensValues, setLensValues] = useState<LensValues>(() => ({ right: emptyLensEye(), left: emptyLensEye() }));
  const [withPrescription, setWithPrescription] = useState(false);
  const [glasses, setGlasses] = useState<GlassesValues>(emptyGlasses);
  const [confirmed, setConfirmed] = useState(false);
  /** Field errors show once the customer has tried to add; after that they follow the input. */
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const lensCheck = lens ? validateContactLensPair(toLensPrescription(lensValues.right), toLensPrescription(lensValues.left)) : null;
  const glassesCheck = glassesCapable && withPrescription ? checkGlasses(glasses, confirmed, new Date()) : null;
  const fieldErrors = { ...lensCheck?.errors, ...glassesCheck?.errors };
  const shownErrors = tried ? fieldErrors : {};

  const changeLens = (eye: Eye, field: LensField, value: string) =>
    setLensValues((prev) => {
      const next = { ...prev[eye], [field]: value };
      // A lens made in one base curve or diameter only: choosing a power fills it in.
      if (lens && field === 'power' && value !== '') {
        if (next.baseCurve === '' && lens.baseCurves.length === 1) next.baseCurve = String(lens.baseCurves[0]);
        if (next.diameter === '' && lens.diameters.length === 1) next.diameter = String(lens.diameters[0]);
      }
      return { ...prev, [eye]: next };
    });

  /**
   * The cart lines the lens prescription makes: one for a single eye or two equal eyes (then
   * boxes for both), one per eye when they differ (the cart keeps a line per prescription).
   */
  function lensLines(): { prescription: ContactLensPrescription; quantity: number }[] {
    const right = toLensPrescription(lensValues.right);
    const left = toLensPrescription(lensValues.left);
    if (isBlank(right)) return [{ prescription: left, quantity }];
    if (isBlank(left)) return [{ prescription: right, quantity }];
    if (samePrescription(right, left)) return [{ prescription: right, quantity: Math.min(MAX_LINE_QUANTITY, quantity * 2) }];
    return [
      { prescription: right, quantity },
      { prescription: left, quantity },
    ];
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (outcome.kind === 'sending') return;
    setTried(true);
    if (Object.keys(fieldErrors).length > 0) {
      setOutcome({ kind: 'error', message: pt.fixErrors, details: [] });
      return;
    }
    const prescriptionGlasses: GlassesPrescription | null = glassesCheck?.prescription ?? null;
    const subscriptionInterval = subscriptionPrice && purchase === 'subscription' ? interval : null;
    const lines: { prescription: ContactLensPrescription | null; quantity: number }[] = lens ? lensLines() : [{ prescription: null, quantity }];

    setOutcome({ kind: 'sending' });
    // "Læg i kurv" adds to a line already in the cart with the same prescription (the API sets a line's quantity).
    const shopper = await api.getShopper();
    const inCart = shopper.ok ? shopper.data.cartHead.cart.items : [];
    const bodies: CartUpdateRequest[] = [];
    for (const l of lines) {
      const existing = inCart.find(
        (i) => i.skuId === skuId && i.subscriptionInterval === subscriptionInterval && samePrescription(i.prescription, l.prescription) && samePrescription(i.prescriptionGlasses, prescriptionGlasses),
      );
      const total = (existing?.quantity ?? 0) + l.quantity;
      if (total > MAX_LINE_QUANTITY) {
        setOutcome({ kind: 'error', message: pt.lineMax, details: [] });
        return;
      }
      bodies.push({
        skuId,
        quantity: total,
        noCheckoutInfo: false,
        ...(subscriptionInterval ? { subscriptionInterval } : {}),
        ...(l.prescription ? { prescription: l.prescription } : {}),
        ...(prescriptionGlasses ? { prescriptionGlasses } : {}),
      });
    }
    let last: CartHead | null = null;
    for (const body of bodies) {
      const r = await api.cartUpdate(body);
      if (!r.ok) {
        // SPEC §8 texts come from the API in Danish (422 sold out / store only, 400 per field); the form keeps its input.
        const details = Object.values(r.error.fields ?? {}).filter((m) => m !== r.error.message);
        setOutcome({ kind: 'error', message: r.error.message, details });
        if (last) window.dispatchEvent(new CustomEvent<CartHead>(CART_UPDATED_EVENT, { detail: last }));
        return;
      }
      last = r.data.cartHead;
    }
    setOutcome({ kind: 'added' });
    if (last) window.dispatchEvent(new CustomEvent<CartHead>(CART_UPDATED_EVENT, { detail: last }));
  }

  const sending = outcome.kind === 'sending';
  return (
    <form className="product-purchase" onSubmit={(e) => void submit(e)} noValidate aria-busy={sending}>
      {article.skus.length > 1 ? (
        <fieldset className="product-fieldset product-skus">
          <legend>{pt.variants}</legend>
          {article.skus.map((s) => (
            <label key={s.id} className="choice">
              <input type="radio" name={`${id}-sku`} value={s.id} checked={s.id === skuId} disabled={s.stock === 0} onChange={() => setSkuId(s.id)} />
              <span>
                {skuLabel(s)}
                {s.stock === 0 ? <span className="product-sku-soldout">{` (${pt.variantSoldOut})`}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {subscriptionPrice ? (
        <fieldset className="product-fieldset">
          <legend>{pt.purchaseType}</legend>
          <label className="choice">
            <input type="radio" name={`${id}-purchase`} value="unit" checked={purchase === 'unit'} onChange={() => setPurchase('unit')} />
            <span>
              {pt.single} – <Amount {...article.price.unit} />
            </span>
          </label>
          <label className="choice">
            <input type="radio" name={`${id}-purchase`} value="subscription" checked={purchase === 'subscription'} onChange={() => setPurchase('subscription')} />
            <span>
              {pt.subscription} – <Amount {...subscriptionPrice} /> {pt.perDelivery}
            </span>
          </label>
          {purchase === 'subscription' ? (
            <div className="product-field">
              <label htmlFor={`${id}-interval`}>{pt.interval}</label>
              <select id={`${id}-interval`} value={interval} onChange={(e) => setDeliveryInterval(e.target.value as SubscriptionInterval)}>
                {INTERVALS.map((i) => (
                  <option key={i} value={i}>
                    {pt.intervals[i]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {lens ? <LensPrescriptionFields params={lens} values={lensValues} onChange={changeLens} errors={shownErrors} idPrefix={id} /> : null}

      {glassesCapable ? (
        <fieldset className="product-fieldset">
          <legend>{pt.withPrescription}</legend>
          <label className="choice">
            <input type="checkbox" checked={withPrescription} onChange={(e) => setWithPrescription(e.target.checked)} />
            {pt.withPrescriptionHint}
          </label>
          {withPrescription && glassesCheck ? (
            <GlassesPrescriptionFields
              values={glasses}
              onChange={(k: GlassesKey, v: string) => setGlasses((prev) => ({ ...prev, [k]: v }))}
              confirmed={confirmed}
              onConfirmedChange={setConfirmed}
              errors={shownErrors}
              warnings={glassesCheck.warnings}
              idPrefix={id}
            />
          ) : null}
        </fieldset>
      ) : null}

      <div className="product-buy-row">
        <div className="product-field">
          <label htmlFor={`${id}-quantity`}>{lens ? pt.quantityPerEye : pt.quantity}</label>
          <select id={`${id}-quantity`} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
            {QUANTITIES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="product-add" disabled={sending}>
          {sending ? pt.adding : pt.addToCart}
        </button>
      </div>

      <p role="status" className="product-added">
        {outcome.kind === 'added' ? pt.added : ''}
      </p>
      <div role="alert" className={outcome.kind === 'error' ? 'error product-error' : 'product-error-empty'}>
        {outcome.kind === 'error' ? (
          <>
            <p>{outcome.message}</p>
            {outcome.details.length > 0 ? (
              <ul>
                {outcome.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
    </form>
  );
}
