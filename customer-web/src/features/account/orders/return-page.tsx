import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useParams } from '@tanstack/react-router';
import { formatCopenhagenDate, formatDkk, giftCardName, returnRequestSchema, type MyOrder, type MyOrderLine, type OrderReturn, type ReturnReason, type ReturnRequest } from '@optik/shared';
import { api } from '../../../api';
import { FieldError } from '../../../text-field';
import { AccountPage } from '../account-page';
import { om } from './messages';
import { orderHref, ordersApi, type OrdersApi } from './orders-api';
import { OrderLoadError, useOrder } from './order-page';
import './orders.css';

interface Choice {
  selected: boolean;
  quantity: number;
  opened: boolean;
}

type Errors = Record<string, string>;
const REASONS = Object.keys(om.reasons) as ReturnReason[];
const lineKey = (index: number) => `line.${index}`;

/** What the chosen items bring back, as the API will count it (SPEC §9 opened monthly lenses: the months left). */
export function refundPreview(order: MyOrder, choices: Record<number, Choice>): { amount: number; shipping: number } {
  let amount = 0;
  for (const line of order.lines) {
    const c = choices[line.index];
    if (!c?.selected || !line.returnable) continue;
    const unit = c.opened && line.lensKind === 'monthly' ? (line.returnable.openedUnitRefund ?? 0) : line.returnable.unitRefund;
    amount += unit * c.quantity;
  }
  const everything = order.lines.every((l) => {
    const c = choices[l.index];
    return l.returnedQuantity + l.pendingReturnQuantity + (c?.selected ? c.quantity : 0) >= l.quantity;
  });
  const shipping = everything && amount > 0 ? order.shippingRefundable : 0;
  return { amount: amount + shipping, shipping };
}

function ReturnLine({ line, choice, error, onChange }: { line: MyOrderLine; choice: Choice; error?: string; onChange: (c: Choice) => void }) {
  const id = useId();
  const r = line.returnable;
  if (!r) {
    return (
      <div className="return-line">
        <p>
          <strong>{line.description}</strong>
        </p>
        <p className="unavailable muted">{om.notReturnable(line.notReturnableReason ?? '')}</p>
      </div>
    );
  }
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const openedHintId = `${id}-opened-hint`;
  return (
    <div className="return-line">
      <label className="choice">
        <input type="checkbox" checked={choice.selected} aria-invalid={error ? true : undefined} aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')} onChange={(e) => onChange({ ...choice, selected: e.target.checked })} />
        {om.chooseLine(line.description)}
      </label>
      <p className="hint" id={hintId}>
        {`${line.withdrawalDeadline ? om.deadline(formatCopenhagenDate(line.withdrawalDeadline)) : ''} · ${formatDkk(r.unitRefund)} pr. stk.`}
      </p>
      {choice.selected && (
        <div className="line-options">
          {r.maxQuantity > 1 && (
            <>
              <label htmlFor={`${id}-quantity`}>{om.quantityLabel}</label>
              <select id={`${id}-quantity`} value={choice.quantity} onChange={(e) => onChange({ ...choice, quantity: Number(e.target.value) })}>
                {Array.from({ length: r.maxQuantity }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </>
          )}
          {line.lensKind === 'monthly' && (
            <>
              <label className="choice">
                <input type="checkbox" checked={choice.opened} aria-describedby={openedHintId} onChange={(e) => onChange({ ...choice, opened: e.target.checked })} />
                {om.openedLabel}
              </label>
              <p className="hint" id={openedHintId}>
                {r.openedUnitRefund !== null && line.monthsLeft !== null ? om.openedMonthlyHint(formatDkk(r.openedUnitRefund), line.monthsLeft) : om.openedMonthlyNone}
              </p>
            </>
          )}
          {line.lensKind === 'other-lens' && <p className="hint">{om.openedOtherHint}</p>}
        </div>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The return form: lines and quantities, opened lens boxes, reason; then the confirmation with the label. */
export function ReturnForm({ api, order, email, onDone }: { api: OrdersApi; order: MyOrder; email: string | null; onDone?: (r: OrderReturn) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<OrderReturn | null>(null);
  const [focusError, setFocusError] = useState(0);

  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <section className="return-done" aria-labelledby={`${id}-done`}>
        <h2 id={`${id}-done`} ref={doneRef} tabIndex={-1}>
          {om.doneTitle}
        </h2>
        <p role="status">{email ? om.doneBody(done.returnNumber, email) : om.doneBodyNoEmail(done.returnNumber)}</p>
        <p>
          {`${om.labelCode}: `}
          <span className="label-code">{done.label.code}</span>
        </p>
        <h3>{om.howTo}</h3>
        <ol>
          {om.steps(done.returnNumber, done.label.code).map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>
          <strong>{om.refundTo(done)}</strong> {om.refundAfterReceipt}
        </p>
        <a href={orderHref(order.id)}>{om.backToOrder}</a>
      </section>
    );
  }

  const returnable = order.lines.filter((l) => l.returnable);
  const choiceOf = (line: MyOrderLine): Choice => choices[line.index] ?? { selected: false, quantity: 1, opened: false };
  const preview = refundPreview(order, choices);

  function body(): ReturnRequest {
    const lines = order.lines.filter((l) => l.returnable && choiceOf(l).selected).map((l) => ({ lineIndex: l.index, quantity: choiceOf(l).quantity, opened: l.lensKind !== null && choiceOf(l).opened }));
    return { lines, reason: reason as ReturnReason, comment };
  }

  function validate(req: ReturnRequest): Errors {
    const out: Errors = {};
    const check = returnRequestSchema.safeParse(req);
    if (!check.success) {
      for (const issue of check.error.issues) {
        const key = issue.path[0] === 'lines' ? 'lines' : String(issue.path[0] ?? 'lines');
        out[key] ??= key === 'lines' && req.lines.length === 0 ? om.nothingChosen : issue.message;
      }
    }
    for (const l of req.lines) {
      const line = order.lines[l.lineIndex];
      if (l.opened && line?.lensKind === 'monthly' && line.returnable?.openedUnitRefund === null) out[lineKey(l.lineIndex)] = om.openedMonthlyNone;
    }
    return out;
  }

  function fail(next: Errors, message: string) {
    setErrors(next);
    setAlert(message);
    setFocusError((n) => n + 1);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const req = body();
    const found = validate(req);
    if (Object.keys(found).length > 0) return fail(found, om.fixFields);
    setBusy(true);
    setAlert(null);
    const r = await ordersApi.createReturn(api, order.id, req);
    setBusy(false);
    if (!r.ok) {
      // The API names request lines by their position in the request: map them back to the order's lines.
      const next: Errors = {};
      for (const [key, message] of Object.entries(r.error.fields ?? {})) {
        const m = /^lines\.(\d+)\./.exec(key);
        const line = m ? req.lines[Number(m[1])] : undefined;
        next[line ? lineKey(line.lineIndex) : key.split('.')[0]!] ??= message;
      }
      return fail(next, r.error.message);
    }
    setErrors({});
    setDone(r.data.data);
    onDone?.(r.data.data);
  }

  if (returnable.length === 0) {
    return (
      <>
        <p>{om.nothingReturnable}</p>
        {order.lines.map((l) => (
          <ReturnLine key={l.index} line={l} choice={choiceOf(l)} onChange={() => undefined} />
        ))}
        <a href={orderHref(order.id)}>{om.backToOrder}</a>
      </>
    );
  }

  const reasonErrorId = `${id}-reason-error`;
  const linesErrorId = `${id}-lines-error`;
  const commentHintId = `${id}-comment-hint`;
  const commentErrorId = `${id}-comment-error`;
  const method = order.paymentMethod ? om.methodTo[order.paymentMethod] : null;
  const giftCards = (order.giftCards ?? []).map((c) => giftCardName(c.last4));
  return (
    <form ref={formRef} className="stack return-form" onSubmit={submit} noValidate>
      <p>{om.returnIntro(order.orderNumber)}</p>
      {alert && (
        <p role="alert" className="error">
          {alert}
        </p>
      )}
      <fieldset aria-describedby={errors.lines ? linesErrorId : undefined}>
        <legend>{om.linesLegend}</legend>
        {order.lines.map((l) => (
          <ReturnLine
            key={l.index}
            line={l}
            choice={choiceOf(l)}
            error={errors[lineKey(l.index)]}
            onChange={(c) => {
              setChoices((all) => ({ ...all, [l.index]: c }));
              setErrors(({ [lineKey(l.index)]: _line, lines: _lines, ...rest }) => rest);
            }}
          />
        ))}
        {errors.lines && <FieldError id={linesErrorId}>{errors.lines}</FieldError>}
      </fieldset>
      <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
        <legend>{om.reasonLegend}</legend>
        {REASONS.map((r) => (
          <label key={r} className="choice">
            <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} aria-invalid={errors.reason ? true : undefined} onChange={() => setReason(r)} />
            {om.reasons[r]}
          </label>
        ))}
        {errors.reason && <FieldError id={reasonErrorId}>{errors.reason}</FieldError>}
      </fieldset>
      <label htmlFor={`${id}-comment`}>{om.commentLabel}</label>
      <p className="hint" id={commentHintId}>
        {om.commentHint}
      </p>
      <textarea
        id={`${id}-comment`}
        value={comment}
        maxLength={500}
        aria-invalid={errors.comment ? true : undefined}
        aria-describedby={[commentHintId, errors.comment ? commentErrorId : ''].filter(Boolean).join(' ')}
        onChange={(e) => setComment(e.target.value)}
      />
      {errors.comment && <FieldError id={commentErrorId}>{errors.comment}</FieldError>}
      <section aria-live="polite" aria-labelledby={`${id}-total`}>
        <h2 id={`${id}-total`}>{om.youGetBack}</h2>
        <p className="return-total">{formatDkk(preview.amount)}</p>
        {preview.shipping > 0 && <p>{om.shippingBack}</p>}
        {(method || giftCards.length > 0) && <p className="muted">{om.refundVia(method, giftCards)}</p>}
      </section>
      <button type="submit" disabled={busy}>
        {busy ? om.submitting : om.submit}
      </button>
    </form>
  );
}

function ReturnView({ api, orderId, email, onTitle }: { api: OrdersApi; orderId: string; email: string | null; onTitle: (title: string) => void }) {
  const [order, reload] = useOrder(api, orderId);
  const number = order.state === 'ready' ? order.data.data.orderNumber : null;
  useEffect(() => {
    if (number) onTitle(`${om.returnTitle} – ${om.orderTitle(number)}`);
  }, [number, onTitle]);
  if (order.state === 'loading') return <p role="status">{om.loadingOrder}</p>;
  if (order.state === 'error') return <OrderLoadError status={order.status} onRetry={reload} />;
  return <ReturnForm api={api} order={order.data.data} email={email} />;
}

/** /min-konto/ordrer/{orderId}/returnering */
export function ReturnPage() {
  const { orderId } = useParams({ from: '/min-konto/ordrer/$orderId' });
  const [title, setTitle] = useState<string>(om.returnTitle);
  return (
    <AccountPage title={title} description={om.returnDescription}>
      {(user) => <ReturnView api={api} orderId={orderId} email={user.email} onTitle={setTitle} />}
    </AccountPage>
  );
}
