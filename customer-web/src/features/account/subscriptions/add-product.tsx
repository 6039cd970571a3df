import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams, useRouter } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import {
  articleListResponseSchema,
  articleResponseSchema,
  formatDiopter,
  formatDkk,
  lensParameterValues,
  lensPrescriptionErrors,
  MAX_LINE_QUANTITY,
  subscriptionMessages,
  type Article,
  type ContactLensPrescription,
  type Subscription,
  type SubscriptionAddProductRequest,
} from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { api } from '../../../api';
import { FieldError } from '../../../text-field';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { st } from './messages';
import { lensHref, subscriptionCalls, subscriptionFlashAtom, type SubscriptionApi } from './subscription-api';
import { loadingOrFailed, Refused } from './subscription-state';
import './subscriptions.css';

type RxField = keyof ContactLensPrescription;
const QUANTITIES = Array.from({ length: MAX_LINE_QUANTITY }, (_, i) => i + 1);

const formatRx = (field: RxField, v: number) =>
  field === 'axis' ? `${v}°` : field === 'baseCurve' || field === 'diameter' ? `${v.toFixed(1).replace('.', ',')} mm` : formatDiopter(v);

/** The subscription the product goes into (a cancelled one cannot take new products). */
function useChangeableSubscription(client: SubscriptionApi, id: string) {
  const calls = useMemo(() => subscriptionCalls(client), [client]);
  return useApi(`lens-subscription:${id}`, () => calls.lens(id));
}

/** /min-konto/abonnement/linse/{id}/nyt-produkt: the catalogue's subscription lenses to choose from. */
export function AddProductListPage() {
  const { subscriptionId } = useParams({ from: '/min-konto/abonnement/linse/$subscriptionId' });
  return <AccountPage title={st.addTitle}>{() => <AddProductListView api={api} id={subscriptionId} />}</AccountPage>;
}

export function AddProductListView({ api: client, id }: { api: SubscriptionApi; id: string }) {
  const [sub, reloadSub] = useChangeableSubscription(client, id);
  const [lenses, reload] = useApi('subscription-lenses', () => client.get(articleListResponseSchema, `/api/catalogue/articles?${new URLSearchParams({ route: '/linseabonnement', limit: '100' }).toString()}`));
  if (sub.state !== 'ready') return loadingOrFailed(sub, reloadSub, st.loading);
  if (sub.data.data.statusCode === 200) return <Refused text={st.cannotChange} id={id} />;
  if (lenses.state !== 'ready') return loadingOrFailed(lenses, reload, st.loading);
  const available = lenses.data.data.filter((a) => a.allowSubscription && a.price.subscription && a.price.unit.publicationStatus === 20);
  return (
    <>
      <p>{st.addIntro}</p>
      <ul className="subscription-products" aria-label={st.addListLabel}>
        {available.map((a) => (
          <li key={a.id}>
            <a href={lensHref(id, `/nyt-produkt/${encodeURIComponent(a.id)}`)}>{a.packageName ?? a.name}</a>
            <span className="line-note">{st.subscriptionPrice(formatDkk(a.price.subscription!.amount))}</span>
          </li>
        ))}
      </ul>
      <p>
        <a href={lensHref(id)}>{st.backToSubscription}</a>
      </p>
    </>
  );
}

/** /min-konto/abonnement/linse/{id}/nyt-produkt/{articleId} */
export function AddProductPage() {
  const { subscriptionId, articleId } = useParams({ from: '/min-konto/abonnement/linse/$subscriptionId/nyt-produkt/$articleId' });
  const router = useRouter();
  return (
    <AccountPage title={st.addTitle}>
      {() => <AddProductView api={api} id={subscriptionId} articleId={articleId} onAdded={() => void router.navigate({ href: lensHref(subscriptionId) })} />}
    </AccountPage>
  );
}

interface AddProps {
  api: SubscriptionApi;
  id: string;
  articleId: string;
  /** After the product is added (the subscription page then shows the message). */
  onAdded: () => void;
}

export function AddProductView({ api: client, id, articleId, onAdded }: AddProps) {
  const calls = useMemo(() => subscriptionCalls(client), [client]);
  const [sub, reloadSub] = useChangeableSubscription(client, id);
  const [loaded, reload] = useApi(`article:${articleId}`, () => client.get(articleResponseSchema, `/api/article/${encodeURIComponent(articleId)}`));
  if (sub.state !== 'ready') return loadingOrFailed(sub, reloadSub);
  if (sub.data.data.statusCode === 200) return <Refused text={st.cannotChange} id={id} />;
  if (loaded.state === 'error' && loaded.status === 404) return <Refused text={subscriptionMessages.notForSubscription} id={id} />;
  if (loaded.state !== 'ready') return loadingOrFailed(loaded, reload);
  const article = loaded.data.data;
  // SPEC §8: "product not available for subscription".
  if (!article.allowSubscription || !article.price.subscription) return <Refused text={st.notForSubscription} id={id} />;
  return <AddProductForm article={article} onSubmit={(body) => calls.addProduct(id, article.id, body)} onAdded={onAdded} subscriptionId={id} />;
}

type Values = Record<RxField, string> & { skuId: string; quantity: string };

function AddProductForm({
  article,
  subscriptionId,
  onSubmit,
  onAdded,
}: {
  article: Article;
  subscriptionId: string;
  onSubmit: (body: SubscriptionAddProductRequest) => Promise<ApiResult<{ data: Subscription }>>;
  onAdded: () => void;
}) {
  const id = useId();
  const fields = article.lensParameters ? lensParameterValues(article.lensParameters) : [];
  const setFlash = useSetAtom(subscriptionFlashAtom);
  const inStock = article.skus.filter((s) => s.stock > 0);
  const [values, setValues] = useState<Values>(() => {
    const v: Values = { power: '', baseCurve: '', diameter: '', cylinder: '', axis: '', addition: '', skuId: (inStock[0] ?? article.skus[0]!).id, quantity: '1' };
    // A lens made in one base curve or diameter only: that value is chosen already.
    for (const [f, options] of fields) if (f !== 'power' && options.length === 1) v[f] = String(options[0]);
    return v;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusError, setFocusError] = useState(0);
  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"] p')?.focus();
  }, [focusError]);

  const prescription = (): ContactLensPrescription | null => {
    if (!article.lensParameters) return null;
    const n = (s: string) => (s === '' ? null : Number(s));
    return { power: n(values.power), baseCurve: n(values.baseCurve), diameter: n(values.diameter), cylinder: n(values.cylinder), axis: n(values.axis), addition: n(values.addition) };
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setAlert(null);
    const rx = prescription();
    const found = article.lensParameters ? lensPrescriptionErrors(rx, article.lensParameters) : {};
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFocusError((n) => n + 1);
      return;
    }
    setBusy(true);
    const r = await onSubmit({ skuId: values.skuId, quantity: Number(values.quantity), prescription: rx });
    setBusy(false);
    if (r.ok) {
      setFlash({ subscriptionId, message: st.added(article.packageName ?? article.name) });
      onAdded();
      return;
    }
    const fromApi: Record<string, string> = {};
    for (const [k, m] of Object.entries(r.error.fields ?? {})) fromApi[k.replace(/^prescription\./, '')] = m;
    setErrors(fromApi);
    setAlert(Object.keys(fromApi).length > 0 ? st.fixFields : r.error.message);
    setFocusError((n) => n + 1);
  }

  const select = (name: keyof Values, label: string, options: { value: string; label: string }[], placeholder: boolean) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className="field" key={name}>
        <label htmlFor={fieldId}>{label}</label>
        <select id={fieldId} value={values[name]} aria-invalid={error ? true : undefined} aria-describedby={error ? `${fieldId}-error` : undefined} onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}>
          {placeholder ? <option value="">{st.choosePlaceholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {error ? <FieldError id={`${fieldId}-error`}>{error}</FieldError> : null}
      </div>
    );
  };

  return (
    <form ref={formRef} className="stack subscription-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      <p className="lead">{article.packageName ?? article.name}</p>
      <p>{st.subscriptionPrice(formatDkk(article.price.subscription!.amount))}</p>
      {article.skus.length > 1
        ? select(
            'skuId',
            st.variant,
            inStock.map((s) => ({ value: s.id, label: s.name })),
            false,
          )
        : null}
      {fields.length > 0 ? (
        <fieldset>
          <legend>{st.prescriptionLegend}</legend>
          <p className="hint">{st.prescriptionHint}</p>
          {fields.map(([f, options]) =>
            select(
              f,
              st.rxLabels[f],
              options.map((v) => ({ value: String(v), label: formatRx(f, v) })),
              true,
            ),
          )}
        </fieldset>
      ) : null}
      {select(
        'quantity',
        st.addQuantity,
        QUANTITIES.map((n) => ({ value: String(n), label: String(n) })),
        false,
      )}
      <div role="alert" className={alert ? 'error' : undefined}>
        {alert ? <p tabIndex={-1}>{alert}</p> : null}
      </div>
      <button type="submit" disabled={busy}>
        {busy ? st.working : st.addSubmit}
      </button>
      <p>
        <a href={lensHref(subscriptionId)}>{st.backToSubscription}</a>
      </p>
    </form>
  );
}
