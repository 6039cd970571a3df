import { useId, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { foldDanish, formatDkk, type Article } from '@optik/shared';
import type { LocalOrder } from '../../db/db';
import { t } from '../../messages';
import { CATALOGUE_FETCHED_KEY, db } from '../../services';

type Line = LocalOrder['lines'][number] & { article: Article };
const INTERVALS = [1, 2, 3, 6] as const;

/** Order from the catalogue kept on the device: unit or subscription lines, collect in store or home delivery. */
export function OrderForm({
  customerName,
  prescriptions,
  onSubmit,
  onCancel,
}: {
  customerName: string;
  /** The customer's prescriptions, newest first: the order is made to one of them (or none, e.g. accessories). */
  prescriptions: { id: string; label: string }[];
  onSubmit: (o: Pick<LocalOrder, 'lines' | 'deliveryMethodId' | 'totalPrice'> & { prescriptionId: string | null }) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [delivery, setDelivery] = useState<101 | 119>(119);
  const [prescriptionId, setPrescriptionId] = useState<string>(prescriptions[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const fetchedAt = useLiveQuery(async () => ((await db.meta.get(CATALOGUE_FETCHED_KEY))?.value as string | undefined) ?? null, [], null);
  const hits = useLiveQuery(async () => {
    const needle = foldDanish(q.trim());
    if (needle.length < 2) return [];
    const all = await db.catalogue.toArray();
    return all.filter((a) => a.price.unit.publicationStatus !== 30 && foldDanish(`${a.brand} ${a.name}`).includes(needle)).slice(0, 8);
  }, [q]);

  const priceOf = (l: Pick<Line, 'article' | 'subscriptionInterval'>) => (l.subscriptionInterval && l.article.price.subscription ? l.article.price.subscription.amount : l.article.price.unit.amount);
  const total = lines.reduce((s, l) => s + priceOf(l) * l.quantity, 0);

  function add(a: Article) {
    const sku = a.skus[0]!;
    setLines([...lines, { article: a, skuId: sku.id, description: `${a.packageName ?? a.name}, ${sku.name}`, quantity: 1, subscriptionInterval: null, unitPrice: a.price.unit.amount }]);
    setQ('');
    setError(null);
  }
  const update = (i: number, patch: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (lines.length === 0) return setError(t.orders.empty);
    await onSubmit({
      lines: lines.map(({ article: _a, ...l }) => ({ ...l, unitPrice: priceOf({ article: _a, subscriptionInterval: l.subscriptionInterval }) })),
      deliveryMethodId: delivery,
      totalPrice: total,
      prescriptionId: prescriptionId || null,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="card wide" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t.orders.title(customerName)}</h1>
      <p>{fetchedAt ? t.orders.pricesUpdated(fetchedAt) : t.orders.noCatalogue}</p>
      <div className="field">
        <label htmlFor={`${id}-q`}>{t.orders.search}</label>
        <input id={`${id}-q`} type="search" autoComplete="off" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {hits && hits.length > 0 && (
        <ul className="hits">
          {hits.map((a) => (
            <li key={a.id}>
              <button type="button" className="secondary" onClick={() => add(a)}>
                {t.orders.addLine(a.packageName ?? a.name)} – {formatDkk(a.price.unit.amount)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2>{t.orders.lines}</h2>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <ul className="customer-list">
        {lines.map((l, i) => (
          <li key={`${l.skuId}-${i}`}>
            <strong>{l.description}</strong>
            <label htmlFor={`${id}-qty-${i}`}>{t.orders.quantity}</label>
            <input id={`${id}-qty-${i}`} type="number" min={1} max={12} className="qty" value={l.quantity} onChange={(e) => update(i, { quantity: Math.min(12, Math.max(1, Number(e.target.value) || 1)) })} />
            <label htmlFor={`${id}-type-${i}`}>{t.orders.purchase}</label>
            <select id={`${id}-type-${i}`} value={l.subscriptionInterval ?? ''} onChange={(e) => update(i, { subscriptionInterval: (e.target.value || null) as Line['subscriptionInterval'] })}>
              <option value="">{t.orders.unit}</option>
              {l.article.allowSubscription &&
                l.article.price.subscription &&
                INTERVALS.map((n) => (
                  <option key={n} value={`m${n}`}>
                    {t.orders.every(n)}
                  </option>
                ))}
            </select>
            <span>{formatDkk(priceOf(l) * l.quantity)}</span>
            <button type="button" className="secondary" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
              {t.orders.remove}
            </button>
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor={`${id}-rx`}>{t.orders.prescription}</label>
        <select id={`${id}-rx`} value={prescriptionId} onChange={(e) => setPrescriptionId(e.target.value)}>
          <option value="">{t.orders.noPrescription}</option>
          {prescriptions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="delivery">
        <legend>{t.orders.delivery}</legend>
        <div className="checkbox">
          <input type="radio" id={`${id}-collect`} name="delivery" checked={delivery === 119} onChange={() => setDelivery(119)} />
          <label htmlFor={`${id}-collect`}>{t.orders.collect}</label>
        </div>
        <div className="checkbox">
          <input type="radio" id={`${id}-home`} name="delivery" checked={delivery === 101} onChange={() => setDelivery(101)} />
          <label htmlFor={`${id}-home`}>{t.orders.home}</label>
        </div>
      </fieldset>
      <p>
        <strong>
          {t.orders.total}: {formatDkk(total)}
        </strong>
      </p>
      <div className="actions">
        <button type="submit">{t.orders.save}</button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t.form.cancel}
        </button>
      </div>
    </form>
  );
}
