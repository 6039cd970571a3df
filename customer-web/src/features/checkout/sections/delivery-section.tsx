import { lazy, Suspense, useCallback, type Dispatch } from 'react';
import { formatDkk, type CheckoutQuote, type DeliveryOption } from '@optik/shared';
import { FieldError } from '../../../text-field';
import type { CheckoutApi, Errors, Loaded } from '../checkout-form';
import type { CheckoutAction, CheckoutState } from '../checkout-reducer';
import { checkoutText as c } from '../messages';
import type { Points, StoreOption } from '../pickup-choice';

/** Only for the options that need them: loaded when one is chosen (first-load JS, issue 5). */
const CollectionPointChoice = lazy(() => import('../pickup-choice').then((m) => ({ default: m.CollectionPointChoice })));
const StoreChoice = lazy(() => import('../pickup-choice').then((m) => ({ default: m.StoreChoice })));

/**
 * Delivery from the API's options, with the price it has for this order ("Gratis" from the
 * free-shipping amount), and the parcel shop or store where the option needs one.
 */
export function DeliverySection({
  api,
  idPrefix,
  state,
  quote,
  pointsKey,
  errors,
  dispatch,
  onChoose,
}: {
  api: Pick<CheckoutApi, 'collectionPoints' | 'getStores'>;
  idPrefix: string;
  state: Pick<CheckoutState, 'options' | 'selectedDelivery' | 'points' | 'stores' | 'collectionPointId' | 'pickupStoreId'>;
  quote: CheckoutQuote | null;
  /** `{zip}:{delivery method}` once the postcode is valid and a parcel-shop option is chosen. */
  pointsKey: string | null;
  errors: Errors;
  dispatch: Dispatch<CheckoutAction>;
  onChoose: (option: DeliveryOption) => void;
}) {
  const { options, selectedDelivery } = state;
  // Stable: the pickers fetch in effects that depend on them.
  const onPoints = useCallback((points: Points) => dispatch({ type: 'points', points }), [dispatch]);
  const onStores = useCallback((stores: Loaded<StoreOption[]>) => dispatch({ type: 'stores', stores }), [dispatch]);
  const option = options.state === 'ready' ? options.data.find((o) => o.id === selectedDelivery) : undefined;
  const goodsAfterDiscount = quote ? quote.goods - quote.friendsDiscount - quote.discount : 0;
  const isFree = (o: DeliveryOption) => o.price === 0 || (quote !== null && o.freeFrom !== null && goodsAfterDiscount >= o.freeFrom);
  const deliveryError = errors.deliveryMethodId;
  return (
    <fieldset aria-describedby={deliveryError ? `${idPrefix}-delivery-error` : undefined}>
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
            <input type="radio" name={`${idPrefix}-delivery`} value={o.id} checked={selectedDelivery === o.id} aria-invalid={deliveryError ? true : undefined} onChange={() => onChoose(o)} />
            <span>
              <span className="delivery-title">{o.title}</span> <span className="delivery-price">{isFree(o) ? c.free : formatDkk(o.price)}</span>
              <span className="line-note">
                {o.description}
                {o.freeFrom !== null && o.freeFrom > 0 && !isFree(o) ? ` · ${c.freeFrom(formatDkk(o.freeFrom))}` : ''}
              </span>
            </span>
          </label>
        ))}
      {deliveryError && <FieldError id={`${idPrefix}-delivery-error`}>{deliveryError}</FieldError>}

      {option?.needs === 'collection-point' && (
        <Suspense fallback={<p role="status">{c.collectionPointsLoading}</p>}>
          <CollectionPointChoice
            api={api}
            idPrefix={idPrefix}
            pointsKey={pointsKey}
            points={state.points}
            onPoints={onPoints}
            value={state.collectionPointId}
            error={errors.collectionPointId}
            onChange={(value) => dispatch({ type: 'pick', field: 'collectionPointId', value })}
          />
        </Suspense>
      )}

      {option?.needs === 'store' && (
        <Suspense fallback={<p role="status">{c.storesLoading}</p>}>
          <StoreChoice
            api={api}
            id={`${idPrefix}-store`}
            stores={state.stores}
            onStores={onStores}
            value={state.pickupStoreId}
            error={errors.pickupStoreId}
            onChange={(value) => dispatch({ type: 'pick', field: 'pickupStoreId', value })}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
