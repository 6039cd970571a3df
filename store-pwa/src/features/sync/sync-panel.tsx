import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from '../../db/db';
import { openVault } from '../../db/vault';
import { LAST_SYNC_KEY } from '../../sync/engine';
import { formatDateTime } from '../../dates';
import { t } from '../../messages';
import { db, syncServices } from '../../services';
import type { PrescriptionCreate } from '@optik/shared';
import { CustomerForm, emptyCustomer, type CustomerFormValues } from '../customers/customer-form';
import { PrescriptionForm } from '../prescriptions/prescription-form';
import { cprIndexOf } from '../device/cpr-index';
import { CustomerEditFix } from '../customers/customer-edit';

type Entry = PrescriptionCreate['entry'];

/** Every pending, sent and rejected change on the device; a rejected one can be fixed or discarded — nothing vanishes silently. */
export function SyncPanel() {
  const rows = useLiveQuery(() => db.outbox.where('status').anyOf('pending', 'rejected', 'sent').reverse().sortBy('seq'), [], []);
  const lastSync = useLiveQuery(async () => ((await db.meta.get(LAST_SYNC_KEY))?.value as string | undefined) ?? null, [], null);
  const [fixing, setFixing] = useState<{ row: OutboxRow; values: CustomerFormValues } | null>(null);
  const [fixingRx, setFixingRx] = useState<{ row: OutboxRow; entry: Entry; examDate: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [fixingEdit, setFixingEdit] = useState<OutboxRow | null>(null);
  const rejected = new Set(rows.filter((r) => r.status === 'rejected').map((r) => r.id));

  async function startFixPrescription(row: OutboxRow) {
    const { entry } = await (await openVault(db)).open<{ entry: Entry }>(row.sealed!);
    setFixingRx({ row, entry, examDate: (row.payload as { examDate: string }).examDate });
  }

  async function startFix(row: OutboxRow) {
    const p = row.payload as Partial<CustomerFormValues>;
    const secret = row.sealed ? await (await openVault(db)).open<{ cpr?: string }>(row.sealed) : {};
    setFixing({ row, values: { ...emptyCustomer, ...p, email: p.email ?? '', cpr: secret.cpr ?? '', cprCheckDigitConfirmed: false } });
  }

  if (fixingEdit) return <CustomerEditFix row={fixingEdit} onDone={() => setFixingEdit(null)} />;

  if (fixingRx) {
    const { row } = fixingRx;
    return (
      <PrescriptionForm
        kind={fixingRx.entry.kind}
        today={new Date()}
        title={t.form.fixTitle}
        initial={fixingRx}
        serverErrors={row.error?.fields ?? {}}
        onCancel={() => setFixingRx(null)}
        onSubmit={async ({ entry, examDate }) => {
          const { engine, trigger } = await syncServices();
          const sealed = await (await openVault(db)).seal(entry);
          const payload = { ...(row.payload as object), examDate, confirmedNotOlderThanYear: true };
          await engine.fixAndResend(row.id, { payload, secret: { entry } }, async () => {
            if (row.entity) await db.prescriptions.update(row.entity.id, { examDate, sealed, kind: entry.kind });
          });
          setFixingRx(null);
          void trigger();
        }}
      />
    );
  }

  if (fixing) {
    const fields = (fixing.row.error?.fields ?? {}) as Partial<Record<keyof CustomerFormValues, string>>;
    return (
      <CustomerForm
        title={t.form.fixTitle}
        initial={fixing.values}
        serverErrors={fields}
        onCancel={() => setFixing(null)}
        onSubmit={async (r) => {
          const { engine, trigger } = await syncServices();
          const entityId = fixing.row.entity?.id;
          const cprIndex = await cprIndexOf(db, r.cpr?.value);
          await engine.fixAndResend(
            fixing.row.id,
            {
              payload: { customerId: entityId, ...r.fields, email: r.fields.email || undefined },
              secret: r.cpr ? { cpr: r.cpr.value, cprCheckDigitConfirmed: r.cpr.confirmed } : undefined,
            },
            async () => {
              if (entityId) await db.customers.update(entityId, { ...r.fields, email: r.fields.email || null, cprMasked: r.cpr?.masked ?? null, cprIndex });
            },
          );
          setFixing(null);
          void trigger();
        }}
      />
    );
  }

  return (
    <div className="card wide">
      <h1>{t.sync.title}</h1>
      <p>{t.sync.lastSync(lastSync)}</p>
      {/* "Synkronisér nu" is in the connection banner above every screen (features/device). */}
      {rows.length === 0 ? (
        <p>{t.sync.empty}</p>
      ) : (
        <ul className="outbox">
          {rows.map((r) => (
            <li key={r.id} className={`outbox-${r.status}`}>
              <strong>{t.sync.types[r.type] ?? r.type}</strong> <span className={`state state-${r.status}`}>{t.sync.status[r.status]}</span>{' '}
              <span>{formatDateTime(r.createdAt)}</span>
              {r.status === 'pending' && r.dependsOn.some((d) => rejected.has(d)) && <p>{t.sync.waitingFor}</p>}
              {r.status === 'rejected' && (
                <div>
                  <p className="field-error">{r.error?.message}</p>
                  {r.error?.fields && (
                    <ul>
                      {Object.entries(r.error.fields).map(([f, m]) => (
                        <li key={f}>{m}</li>
                      ))}
                    </ul>
                  )}
                  {(r.type === 'customer.create' || r.type === 'prescription.create') && (
                    <button type="button" onClick={() => void (r.type === 'customer.create' ? startFix(r) : startFixPrescription(r))}>
                      {t.sync.fix}
                    </button>
                  )}
                  {r.type === 'customer.update' && (
                    <button type="button" onClick={() => setFixingEdit(r)}>
                      {t.sync.fix}
                    </button>
                  )}{' '}
                  {confirming === r.id ? (
                    <button type="button" className="danger" onClick={() => void syncServices().then((s) => s.engine.discard(r.id)).then(() => setConfirming(null))}>
                      {t.sync.confirmDiscard}
                    </button>
                  ) : (
                    <button type="button" className="secondary" onClick={() => setConfirming(r.id)}>
                      {t.sync.discard}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
