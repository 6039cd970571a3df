import { useId, useRef, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { orderStatusChangeRequestSchema, returnMessages, returnReasonNames, returnRequestSchema, TEXT_MAX, type ReturnReason } from '@optik/shared';
import type { LocalOrder } from '../../db/db';
import { db } from '../../services';
import { receiveReturn } from './return-actions';
import { rm } from './messages';

type Errors = Partial<Record<'orderNumber' | 'lines' | 'reason' | 'comment', string>>;

/** The order number as typed, checked with the order-status request's rule ("O" and digits). */
const orderNumberSchema = orderStatusChangeRequestSchema.shape.orderNumber;

/** Which field a Danish message from returnRequestSchema belongs to. */
function fieldOf(path: readonly PropertyKey[]): keyof Errors {
  const head = path[0];
  return head === 'reason' || head === 'comment' ? head : 'lines';
}

/** "Modtag retur": find the order on the device, pick lines and quantities and a reason; queued as `return.receive`. */
export function ReceiveReturnForm() {
  const id = useId();
  const [number, setNumber] = useState('');
  const [orderId, setOrderId] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const order = useLiveQuery(async () => (orderId ? ((await db.orders.get(orderId)) ?? null) : null), [orderId]);
  const customerName = useLiveQuery(async () => {
    if (!order) return null;
    if (order.contactName) return order.contactName;
    const c = await db.customers.get(order.customerId);
    return c ? `${c.firstName} ${c.lastName}` : null;
  }, [order]);

  async function find(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    const parsed = orderNumberSchema.safeParse(number);
    if (!parsed.success) {
      setErrors({ orderNumber: parsed.error.issues[0]?.message });
      numberRef.current?.focus();
      return;
    }
    const found = await db.orders.where('orderNumber').equals(parsed.data).first();
    if (!found) {
      setErrors({ orderNumber: rm.notOnDevice(parsed.data) });
      numberRef.current?.focus();
      return;
    }
    setErrors({});
    setOrderId(found.id);
    setQuantities({});
  }

  async function submit(e: FormEvent, o: LocalOrder) {
    e.preventDefault();
    const lines = Object.entries(quantities)
      .map(([i, q]) => ({ lineIndex: Number(i), quantity: q.trim() === '' ? 0 : Number(q) }))
      .filter((l) => l.quantity !== 0);
    const parsed = returnRequestSchema.safeParse({ lines, reason: reason || undefined, comment });
    const next: Errors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) next[fieldOf(issue.path)] ??= issue.message;
    // No more than the order line holds (the server also counts what earlier returns took).
    const over = lines.find((l) => l.quantity > (o.lines[l.lineIndex]?.quantity ?? 0));
    if (over) next.lines ??= returnMessages.tooMany(o.lines[over.lineIndex]!.quantity);
    if (!parsed.success || over) {
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    await receiveReturn(o, parsed.data);
    setNotice(rm.received(o.orderNumber ?? ''));
    setOrderId(null);
    setNumber('');
    setQuantities({});
    setReason('');
    setComment('');
    numberRef.current?.focus();
  }

  const described = (field: keyof Errors, hint?: string) => [hint, errors[field] && `${id}-${field}-error`].filter(Boolean).join(' ') || undefined;
  const errorOf = (field: keyof Errors) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field-error" role="alert">
        {errors[field]}
      </p>
    );

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{rm.receiveTitle}</h2>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <form onSubmit={(e) => void find(e)} noValidate className="return-find">
        <label htmlFor={`${id}-orderNumber`}>{rm.orderNumber}</label>
        <input
          id={`${id}-orderNumber`}
          ref={numberRef}
          value={number}
          maxLength={TEXT_MAX.code}
          autoComplete="off"
          aria-invalid={errors.orderNumber ? true : undefined}
          aria-describedby={described('orderNumber', `${id}-orderNumber-hint`)}
          onChange={(e) => setNumber(e.target.value)}
        />
        <p id={`${id}-orderNumber-hint`} className="hint">
          {rm.orderNumberHint}
        </p>
        {errorOf('orderNumber')}
        <button type="submit">{rm.find}</button>
      </form>
      {order && (
        <form onSubmit={(e) => void submit(e, order)} noValidate aria-labelledby={`${id}-order`}>
          <h3 id={`${id}-order`}>{rm.orderFound(order.orderNumber ?? '', customerName ?? null)}</h3>
          {order.status !== 'delivered' ? (
            <p role="alert">{rm.notHandedOver}</p>
          ) : (
            <>
              <fieldset id={`${id}-lines`} tabIndex={-1} aria-describedby={described('lines')} className="return-lines">
                <legend>{rm.lines}</legend>
                {order.lines.map((l, i) => (
                  <div className="field" key={i}>
                    <label htmlFor={`${id}-q${i}`}>{rm.quantity(l.description, l.quantity)}</label>
                    <input id={`${id}-q${i}`} className="qty" type="number" inputMode="numeric" min={0} max={l.quantity} step={1} value={quantities[i] ?? ''} onChange={(e) => setQuantities({ ...quantities, [i]: e.target.value })} />
                  </div>
                ))}
                {errorOf('lines')}
              </fieldset>
              <div className="field">
                <label htmlFor={`${id}-reason`}>{rm.reason}</label>
                <select id={`${id}-reason`} value={reason} aria-invalid={errors.reason ? true : undefined} aria-describedby={described('reason')} onChange={(e) => setReason(e.target.value as ReturnReason | '')}>
                  <option value="">{rm.chooseReason}</option>
                  {(Object.keys(returnReasonNames) as ReturnReason[]).map((r) => (
                    <option key={r} value={r}>
                      {returnReasonNames[r]}
                    </option>
                  ))}
                </select>
                {errorOf('reason')}
              </div>
              <div className="field">
                <label htmlFor={`${id}-comment`}>{rm.comment}</label>
                <textarea
                  id={`${id}-comment`}
                  value={comment}
                  maxLength={TEXT_MAX.freeText}
                  rows={2}
                  aria-invalid={errors.comment ? true : undefined}
                  aria-describedby={described('comment')}
                  onChange={(e) => setComment(e.target.value)}
                />
                {errorOf('comment')}
              </div>
              <div className="actions">
                <button type="submit">{rm.submit}</button>
                <button type="button" className="secondary" onClick={() => (setOrderId(null), setErrors({}))}>
                  {rm.cancel}
                </button>
              </div>
            </>
          )}
        </form>
      )}
    </section>
  );
}
