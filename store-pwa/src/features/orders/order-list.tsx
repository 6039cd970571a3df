import { useId, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatDkk, formatPhone, type PaymentChannel } from '@optik/shared';
import type { LocalCustomer, LocalOrder, LocalPaymentRequest } from '../../db/db';
import { t } from '../../messages';
import { db, syncServices } from '../../services';
import { ActionOpener } from './action-opener';
import { GiftCardPayment } from './gift-card-payment';

/** A payment request and its command in one transaction; it waits for the order's command when the order is not sent yet. */
async function sendPaymentRequest(order: LocalOrder, channel: PaymentChannel): Promise<void> {
  const { engine, trigger } = await syncServices();
  const id = crypto.randomUUID();
  const waitFor = await engine.pendingCommandFor(order.id);
  const local: LocalPaymentRequest = { id, orderId: order.id, channel, sentTo: null, createdAt: new Date().toISOString(), syncState: 'pending' };
  await engine.record(
    { type: 'paymentRequest.send', payload: { requestId: id, orderId: order.id, channel }, entity: { table: 'paymentRequests', id }, dependsOn: waitFor ? [waitFor] : [] },
    () => db.paymentRequests.add(local),
  );
  void trigger();
}

/** The customer's orders on the device, with their payment state, gift cards taken at the counter and payment links (SPEC §6). */
export function OrderList({ customer, orders }: { customer: LocalCustomer; orders: LocalOrder[] }) {
  const requests = useLiveQuery(() => db.paymentRequests.where('orderId').anyOf(orders.map((o) => o.id)).sortBy('createdAt'), [orders], []);
  return (
    <section aria-labelledby="ordrer">
      <h2 id="ordrer">{t.orders.list}</h2>
      <ul className="customer-list">
        {orders.map((o) => (
          <li key={o.id}>
            <strong>{o.orderNumber ?? t.orders.awaitingNumber}</strong>
            <span>{formatDkk(o.totalPrice)}</span>
            <span>{o.paymentStatus === 'paid' ? (o.paidAt ? t.orders.paidAt(o.paidAt) : t.orders.paid) : t.orders.awaitingPayment}</span>
            {o.giftCardAmount ? (
              <span>
                {t.giftCard.paidPart(formatDkk(o.giftCardAmount))}
                {o.paymentStatus !== 'paid' && ` · ${t.giftCard.rest(formatDkk(o.totalPrice - o.giftCardAmount))}`}
              </span>
            ) : null}
            <span className={`state state-${o.syncState}`}>{t.syncState[o.syncState]}</span>
            {requests
              .filter((r) => r.orderId === o.id)
              .map((r) => (
                <span key={r.id} className={`state state-${r.syncState}`}>
                  {r.syncState === 'synced' ? t.payment.sent(r.channel, r.sentTo) : r.syncState === 'failed' ? t.payment.failed : t.payment.queued(r.channel)}
                </span>
              ))}
            <GiftCardPayment order={o} />
            {o.paymentStatus !== 'paid' && <PaymentRequestForm order={o} customer={customer} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PaymentRequestForm({ order, customer }: { order: LocalOrder; customer: LocalCustomer }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<PaymentChannel>(customer.phone ? 'sms' : 'email');
  const [notice, setNotice] = useState<string | null>(null);
  const label = order.orderNumber ?? t.orders.awaitingNumber;

  async function submit(e: FormEvent) {
    e.preventDefault();
    await sendPaymentRequest(order, channel);
    setOpen(false);
    setNotice(t.payment.saved);
  }

  if (!open) return <ActionOpener notice={notice} label={t.payment.sendTo(label)} text={t.payment.send} onOpen={() => (setOpen(true), setNotice(null))} />;
  return (
    <form onSubmit={(e) => void submit(e)} className="inline-form" aria-label={t.payment.sendTo(label)}>
      <fieldset>
        <legend>{t.payment.channel}</legend>
        <label className="choice">
          <input type="radio" name={`${id}-channel`} value="sms" checked={channel === 'sms'} disabled={!customer.phone} onChange={() => setChannel('sms')} />
          {t.payment.sms(customer.phone ? formatPhone(customer.phone) : null)}
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-channel`} value="email" checked={channel === 'email'} disabled={!customer.email} onChange={() => setChannel('email')} />
          {t.payment.email(customer.email)}
        </label>
      </fieldset>
      <div className="actions">
        <button type="submit" disabled={(channel === 'sms' && !customer.phone) || (channel === 'email' && !customer.email)}>
          {t.payment.submit}
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          {t.payment.cancel}
        </button>
      </div>
    </form>
  );
}
