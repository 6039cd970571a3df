import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatDkk, giftCardLookupRequestSchema, type StaffGiftCardPayment } from '@optik/shared';
import { payGiftCardAtCounter } from '../../api';
import type { LocalOrder } from '../../db/db';
import { t } from '../../messages';
import { db, refreshOrders } from '../../services';
import { ActionOpener } from './action-opener';

type Field = 'number' | 'pin';

/** The server's answer on the device: the order's gift card part and, when covered, paid. */
async function record(r: StaffGiftCardPayment): Promise<void> {
  await db.orders.update(r.orderId, { giftCardAmount: r.giftCardAmount, paymentStatus: r.paymentStatus, paidAt: r.paidAt });
}

/**
 * A gift card at the counter (SPEC §1 store app): the customer types number and PIN, and the
 * server checks the balance and takes it at once — so it needs the network, and an order the
 * server already has. Offline or unsynced, the form says so and keeps what was typed. Covering
 * all, the order turns paid; otherwise the rest is paid through a payment request.
 */
export function GiftCardPayment({
  order,
  pay = payGiftCardAtCounter,
  online = () => navigator.onLine,
}: {
  order: LocalOrder;
  pay?: typeof payGiftCardAtCounter;
  online?: () => boolean;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ number: '', pin: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusError, setFocusError] = useState(0);
  const label = order.orderNumber ?? t.orders.awaitingNumber;

  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setAlert(null);
    // Card numbers are printed in groups: spaces do not matter.
    const check = giftCardLookupRequestSchema.safeParse({ number: values.number.replace(/\s+/g, ''), pin: values.pin });
    if (!check.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of check.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      setFocusError((n) => n + 1);
      return;
    }
    setErrors({});
    if (!online()) return setAlert(t.giftCard.offline);
    if (order.syncState !== 'synced') return setAlert(t.giftCard.notSynced);
    setBusy(true);
    const r = await pay(order.id, check.data);
    setBusy(false);
    if (r.ok) {
      const answer = r.data.data;
      await record(answer);
      setValues({ number: '', pin: '' });
      setOpen(false);
      setNotice(answer.paymentStatus === 'paid' ? t.giftCard.paid(formatDkk(answer.used)) : t.giftCard.partial(formatDkk(answer.used), formatDkk(answer.toPay)));
      return;
    }
    if (r.status === 0) return setAlert(t.giftCard.offline);
    // Paid meanwhile (a link, another device): the device learns it.
    if (r.status === 409) void refreshOrders();
    const { giftCards, number, pin } = r.error.fields ?? {};
    if (number || pin) {
      setErrors({ number, pin });
      setFocusError((n) => n + 1);
    }
    setAlert(giftCards ?? r.error.message);
  }

  if (!open) {
    return <ActionOpener notice={notice} label={t.giftCard.openFor(label)} text={t.giftCard.open} show={order.paymentStatus !== 'paid'} onOpen={() => (setOpen(true), setNotice(null))} />;
  }

  const input = (name: Field, text: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{text}</label>
      <input
        id={`${id}-${name}`}
        value={values[name]}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="inline-form" aria-label={t.giftCard.formLabel(label)}>
      <p className="hint">{t.giftCard.intro}</p>
      {input('number', t.giftCard.number)}
      {input('pin', t.giftCard.pin)}
      {alert && (
        <p role="alert" className="error">
          {alert}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? t.giftCard.submitting : t.giftCard.submit}
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          {t.giftCard.cancel}
        </button>
      </div>
    </form>
  );
}
