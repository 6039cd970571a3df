import { useId, useState, type FormEvent } from 'react';
import { MAX_LINE_QUANTITY, type Article, type CartHead, type Sku, type SubscriptionInterval } from '@optik/shared';
import { LoadError } from '../../load-error';
import { loadOnce, useLoaded } from '../../load-once';
import { t } from '../../messages';
import { pt } from './messages';
import { Amount } from './price';
import type { PurchaseApi } from './add-to-cart';
import { SubscriptionAccountNotice } from '../cart/subscription-notice';
import { emptyGlasses, emptyLensEye, type Eye, type GlassesKey, type GlassesValues, type LensField, type LensValues } from './prescription-values';

export type { PurchaseApi } from './add-to-cart';

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

// The prescription inputs and their SPEC §5 rules load when the form first needs them (a contact
// lens at once, glasses when "Med styrke" is ticked), the adding on the first submit.
type Inputs = { lens?: typeof import('./lens-prescription'); glasses?: typeof import('./glasses-prescription') };
const loadLensInputs = loadOnce(() => import('./lens-prescription').then((lens): Inputs => ({ lens })));
const loadGlassesInputs = loadOnce(() => import('./glasses-prescription').then((glasses): Inputs => ({ glasses })));
const loadAddToCart = loadOnce(() => import('./add-to-cart'));

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
  const needsPrescription = lens !== null || (glassesCapable && withPrescription);
  const loadInputs = lens ? loadLensInputs : loadGlassesInputs;
  const { value: inputs, failed: loadFailed, retry: retryLoad, set: setInputs } = useLoaded<Inputs>(loadInputs, needsPrescription);

  /** The SPEC §5 checks of what is entered, once the rules are loaded. */
  function check(loaded: Inputs | null) {
    const lensCheck = lens && loaded?.lens ? loaded.lens.checkLenses(lensValues) : null;
    const glassesCheck = glassesCapable && withPrescription && loaded?.glasses ? loaded.glasses.checkGlasses(glasses, confirmed, new Date()) : null;
    return { glassesCheck, errors: { ...lensCheck?.errors, ...glassesCheck?.errors } };
  }
  const { glassesCheck, errors: fieldErrors } = check(inputs);
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (outcome.kind === 'sending') return;
    setTried(true);
    setOutcome({ kind: 'sending' });
    try {
      // A submit before the rules have loaded waits for them, then checks as always.
      const loaded = needsPrescription ? (inputs ?? (await loadInputs())) : null;
      if (loaded && loaded !== inputs) setInputs(loaded);
      const { glassesCheck: checked, errors } = check(loaded);
      if (Object.keys(errors).length > 0) {
        setOutcome({ kind: 'error', message: pt.fixErrors, details: [] });
        return;
      }
      const { addToCart } = await loadAddToCart();
      const { error, cartHead } = await addToCart(api, {
        skuId,
        quantity,
        subscriptionInterval: subscriptionPrice && purchase === 'subscription' ? interval : null,
        lens: lens ? lensValues : null,
        prescriptionGlasses: checked?.prescription ?? null,
      });
      setOutcome(error ? { kind: 'error', ...error } : { kind: 'added' });
      if (cartHead) window.dispatchEvent(new CustomEvent<CartHead>(CART_UPDATED_EVENT, { detail: cartHead }));
    } catch {
      setOutcome({ kind: 'error', message: t.error.generic, details: [] });
    }
  }

  const sending = outcome.kind === 'sending';
  const LensFields = inputs?.lens?.LensPrescriptionFields;
  const GlassesFields = inputs?.glasses?.GlassesPrescriptionFields;
  // In place of the prescription inputs for the moment they load; what is entered is kept here meanwhile.
  const loading = loadFailed ? (
    <LoadError onRetry={retryLoad} />
  ) : (
    <p role="status" className="hint">
      {pt.prescriptionLoading}
    </p>
  );
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
          {purchase === 'subscription' ? <SubscriptionAccountNotice api={api} returnTo={`${window.location.pathname}${window.location.search}`} /> : null}
        </fieldset>
      ) : null}

      {lens && LensFields ? <LensFields params={lens} values={lensValues} onChange={changeLens} errors={shownErrors} idPrefix={id} /> : null}
      {lens && !LensFields ? loading : null}

      {glassesCapable ? (
        <fieldset className="product-fieldset">
          <legend>{pt.withPrescription}</legend>
          <label className="choice">
            <input type="checkbox" checked={withPrescription} onChange={(e) => setWithPrescription(e.target.checked)} />
            {pt.withPrescriptionHint}
          </label>
          {withPrescription && !glassesCheck ? loading : null}
          {glassesCheck && GlassesFields ? (
            <GlassesFields
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
