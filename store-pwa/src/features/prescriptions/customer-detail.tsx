import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from '@tanstack/react-router';
import { contactLensLines, glassesLines, type PrescriptionCreate } from '@optik/shared';
import { openVault } from '../../db/vault';
import type { LocalOrder, LocalPrescription } from '../../db/db';
import { t } from '../../messages';
import { db, refreshCustomerRecords, syncServices } from '../../services';
import { sessionAtom } from '../../session';
import { PrescriptionForm } from './prescription-form';
import { OrderForm } from '../orders/order-form';
import { OrderList } from '../orders/order-list';
import { LinkedAccount } from '../customers/linked-account';
import { queueAccountLink } from '../customers/queue-account-link';
import { CustomerEdit } from '../customers/customer-edit';

type Entry = PrescriptionCreate['entry'];

/** A customer on the device with their prescriptions; new ones are entered here (SPEC §5). */
export function CustomerDetail({ customerId }: { customerId: string }) {
  const session = useAtomValue(sessionAtom);
  const customer = useLiveQuery(() => db.customers.get(customerId), [customerId]);
  const prescriptions = useLiveQuery(async () => {
    const rows = await db.prescriptions.where('customerId').equals(customerId).toArray();
    const vault = await openVault(db);
    return Promise.all(rows.map(async (r) => ({ row: r, entry: await vault.open<Entry>(r.sealed) })));
  }, [customerId]);
  const orders = useLiveQuery(() => db.orders.where('customerId').equals(customerId).toArray(), [customerId]);
  const linkQueued = useLiveQuery(async () => (await db.outbox.where('status').equals('pending').toArray()).some((r) => r.type === 'accountLink.send' && (r.payload as { customerId?: string }).customerId === customerId), [customerId]);
  const [adding, setAdding] = useState<Entry['kind'] | 'order' | null>(null);
  // Online, what the server has for this customer comes down; offline the device's copy is shown as it is.
  useEffect(() => {
    void refreshCustomerRecords(customerId);
  }, [customerId]);
  const [notice, setNotice] = useState<string | null>(null);

  if (!customer || !session) return <p role="status">{t.session.checking}</p>;
  const name = `${customer.firstName} ${customer.lastName}`;

  if (adding === 'order') {
    return (
      <OrderForm
        customerName={name}
        prescriptions={(prescriptions ?? [])
          .slice()
          .sort((a, b) => b.row.examDate.localeCompare(a.row.examDate))
          .map(({ row }) => ({ id: row.id, label: `${row.kind === 'glasses' ? t.prescriptions.glassesTitle : t.prescriptions.lensesTitle}, ${t.prescriptions.examined(row.examDate).toLowerCase()}` }))}
        onCancel={() => setAdding(null)}
        onSubmit={async (o) => {
          const { engine, trigger } = await syncServices();
          const id = crypto.randomUUID();
          const waitFor = [await engine.pendingCommandFor(customerId), o.prescriptionId && (await engine.pendingCommandFor(o.prescriptionId))].filter((x): x is string => Boolean(x));
          const { prescriptionId, ...fields } = o;
          const local: LocalOrder = { id, customerId, orderNumber: null, ...fields, paymentStatus: 'awaiting-payment', status: 'handled', createdBy: 'store', createdAt: new Date().toISOString(), syncState: 'pending' };
          await engine.record(
            {
              type: 'order.create',
              payload: {
                orderId: id,
                customerId,
                prescriptionId,
                deliveryMethodId: o.deliveryMethodId,
                lines: o.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity, subscriptionInterval: l.subscriptionInterval })),
              },
              entity: { table: 'orders', id },
              dependsOn: waitFor,
            },
            () => db.orders.add(local),
          );
          setAdding(null);
          setNotice(t.orders.saved);
          void trigger();
        }}
      />
    );
  }

  if (adding) {
    return (
      <PrescriptionForm
        kind={adding}
        today={new Date()}
        onCancel={() => setAdding(null)}
        onSubmit={async ({ entry, examDate }) => {
          const { engine, trigger } = await syncServices();
          const vault = await openVault(db);
          const id = crypto.randomUUID();
          const sealed = await vault.seal(entry);
          // A prescription for a customer made offline waits for that customer's command.
          const waitFor = await engine.pendingCommandFor(customerId);
          const local: LocalPrescription = { id, customerId, kind: entry.kind, examDate, sealed, createdAt: new Date().toISOString(), syncState: 'pending' };
          await engine.record(
            {
              type: 'prescription.create',
              payload: { prescriptionId: id, customerId, examDate, confirmedNotOlderThanYear: true },
              secret: { entry },
              entity: { table: 'prescriptions', id },
              dependsOn: waitFor ? [waitFor] : [],
            },
            () => db.prescriptions.add(local),
          );
          setAdding(null);
          setNotice(t.prescriptions.saved);
          void trigger();
        }}
      />
    );
  }

  return (
    <div className="card wide">
      <p>
        <Link to="/kunder">{t.prescriptions.back}</Link>
      </p>
      <h1>{t.prescriptions.title(name)}</h1>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <CustomerEdit customer={customer} />
      <div className="actions">
        <button type="button" onClick={() => setAdding('glasses')}>
          {t.prescriptions.addGlasses}
        </button>
        <button type="button" onClick={() => setAdding('contact-lens')}>
          {t.prescriptions.addLenses}
        </button>
        <button type="button" onClick={() => setAdding('order')}>
          {t.orders.add}
        </button>
      </div>
      {orders && orders.length > 0 && <OrderList customer={customer} orders={orders} />}
      <LinkedAccount customerId={customerId} hasEmail={Boolean(customer.email)} queued={Boolean(linkQueued)} onQueue={() => queueAccountLink(customerId)} />
      {prescriptions && prescriptions.length === 0 && <p>{t.prescriptions.none}</p>}
      <ul className="customer-list">
        {prescriptions?.map(({ row, entry }) => {
          const lines =
            entry.kind === 'glasses'
              ? glassesLines(entry.glasses)
              : [...contactLensLines(entry.right).map((l) => ({ ...l, label: `H ${l.label}` })), ...contactLensLines(entry.left).map((l) => ({ ...l, label: `V ${l.label}` }))];
          return (
            <li key={row.id}>
              <strong>{entry.kind === 'glasses' ? t.prescriptions.glassesTitle : t.prescriptions.lensesTitle}</strong>
              <span>{t.prescriptions.examined(row.examDate)}</span>
              <span className={`state state-${row.syncState}`}>{t.syncState[row.syncState]}</span>
              <dl className="rx-lines">
                {lines.map((l) => (
                  <div key={l.label}>
                    <dt>{l.label}</dt>
                    <dd>{l.value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
