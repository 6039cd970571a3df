import { useEffect } from 'react';
import { FieldError } from '../../text-field';
import type { CheckoutApi, Loaded } from './checkout-form';
import { checkoutText as c } from './messages';

export type CollectionPoint = Extract<Awaited<ReturnType<CheckoutApi['collectionPoints']>>, { ok: true }>['data']['data'][number];
export type StoreOption = { id: string; name: string; city: string };
/** Parcel shops for `key` (`{zip}:{delivery method}`), kept by the page so a switch back shows them at once. */
export type Points = { key: string; value: Loaded<CollectionPoint[]> } | null;

/**
 * Where a parcel-shop or click-and-collect option is delivered. Loaded when such an option is
 * chosen, not with the page (first-load JS, issue 5); the page keeps the choice, the lists and
 * the errors, so nothing is lost when the shopper switches between options.
 */
export function CollectionPointChoice({
  api,
  idPrefix,
  pointsKey,
  points,
  onPoints,
  value,
  onChange,
  error,
}: {
  api: Pick<CheckoutApi, 'collectionPoints'>;
  idPrefix: string;
  /** `{zip}:{delivery method}` once the postcode is valid. */
  pointsKey: string | null;
  points: Points;
  /** The page's state setter (stable). */
  onPoints: (points: Points) => void;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  useEffect(() => {
    if (!pointsKey) return;
    const [zip, methodId] = pointsKey.split(':') as [string, string];
    let live = true;
    void api.collectionPoints(zip, Number(methodId)).then((r) => {
      if (live) onPoints({ key: pointsKey, value: r.ok ? { state: 'ready', data: r.data.data } : { state: 'error', status: r.status, message: r.error.message } });
    });
    return () => {
      live = false;
    };
  }, [api, pointsKey, onPoints]);
  const current: Loaded<CollectionPoint[]> | null = pointsKey ? (points?.key === pointsKey ? points.value : { state: 'loading' }) : null;

  return (
    <fieldset className="nested" aria-describedby={error ? `${idPrefix}-point-error` : undefined}>
      <legend>{c.collectionPointLegend}</legend>
      {!current && <p className="hint">{c.collectionPointNeedsZip}</p>}
      {current?.state === 'loading' && <p role="status">{c.collectionPointsLoading}</p>}
      {current?.state === 'error' && (
        <p role="alert" className="error">
          {current.message}
        </p>
      )}
      {current?.state === 'ready' && current.data.length === 0 && <p>{c.collectionPointsNone}</p>}
      {current?.state === 'ready' &&
        current.data.map((p) => (
          <label key={p.id} className="choice">
            <input type="radio" name={`${idPrefix}-point`} value={p.id} checked={value === p.id} aria-invalid={error ? true : undefined} onChange={() => onChange(p.id)} />
            <span>
              {p.name}
              <span className="line-note">
                {p.street}, {p.zip} {p.city} · {p.openingHours}
              </span>
            </span>
          </label>
        ))}
      {error && <FieldError id={`${idPrefix}-point-error`}>{error}</FieldError>}
    </fieldset>
  );
}

/** The store to collect in; the list is fetched the first time the option is chosen and kept by the page. */
export function StoreChoice({
  api,
  id,
  stores,
  onStores,
  value,
  onChange,
  error,
}: {
  api: Pick<CheckoutApi, 'getStores'>;
  id: string;
  stores: Loaded<StoreOption[]> | null;
  /** The page's state setter (stable). */
  onStores: (stores: Loaded<StoreOption[]>) => void;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const wanted = stores === null;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void api.getStores().then((r) => {
      if (!live) return;
      if (!r.ok) return onStores({ state: 'error', status: r.status, message: r.error.message });
      const cc = r.data.data.filter((s) => s.services.includes('click-and-collect'));
      onStores({ state: 'ready', data: (cc.length > 0 ? cc : r.data.data).map((s) => ({ id: s.id, name: s.name, city: s.city })) });
    });
    return () => {
      live = false;
    };
  }, [api, wanted, onStores]);

  return (
    <div className="field">
      <label htmlFor={id}>{c.store}</label>
      {stores?.state === 'ready' ? (
        <select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)}>
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
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
