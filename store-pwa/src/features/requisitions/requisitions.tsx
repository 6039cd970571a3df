import { useEffect, useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatDkk, requisitionDecisionSchema } from '@optik/shared';
import type { LocalRequisition } from '../../db/db';
import { t } from '../../messages';
import { db, refreshRequisitions, syncServices } from '../../services';
import { sessionAtom } from '../../session';

/** A manager's requisitions (SPEC §4, §6): decided on the device, sent through the outbox like every change. */
export function Requisitions() {
  const session = useAtomValue(sessionAtom);
  const rows = useLiveQuery(() => db.requisitions.toArray(), []);
  useEffect(() => {
    if (session?.user.role === 'manager') void refreshRequisitions();
  }, [session]);

  if (session?.user.role !== 'manager') {
    return (
      <div className="card wide">
        <h1>{t.requisitions.title}</h1>
        <p role="alert">{t.requisitions.managersOnly}</p>
      </div>
    );
  }
  const mine = (rows ?? []).filter((r) => r.storeId === session.user.storeId);
  mine.sort((a, b) => Number(a.status !== 'pending') - Number(b.status !== 'pending') || b.requestedAt.localeCompare(a.requestedAt));
  return (
    <div className="card wide">
      <h1>{t.requisitions.title}</h1>
      <p>{t.requisitions.intro}</p>
      {rows === undefined ? <p role="status">{t.requisitions.loading}</p> : mine.length === 0 ? <p>{t.requisitions.none}</p> : null}
      <ul className="requisitions">
        {mine.map((r) => (
          <RequisitionItem key={r.id} r={r} managerName={session.user.name} />
        ))}
      </ul>
    </div>
  );
}

function RequisitionItem({ r, managerName }: { r: LocalRequisition; managerName: string }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const extras = [r.protectiveGlasses && t.requisitions.protective, r.photochromic && t.requisitions.photochromic].filter(Boolean).join(', ');

  async function decide(decision: 'approved' | 'rejected') {
    const parsed = requisitionDecisionSchema.safeParse({ requisitionId: r.id, decision, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    const { engine, trigger } = await syncServices();
    const decidedAt = new Date().toISOString();
    await engine.record({ type: 'requisition.decide', payload: parsed.data, entity: { table: 'requisitions', id: r.id } }, () =>
      db.requisitions.update(r.id, { status: decision, note: parsed.data.note || null, decidedBy: managerName, decidedAt, syncState: 'pending' }),
    );
    setNotice(t.requisitions.saved(decision));
    void trigger();
  }

  return (
    <li className="requisition" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.requisitions.employee(r.employeeName, r.employeeNumber)}</h2>
      <p>
        {r.companyName} · {t.requisitions.requested(r.requestedAt)} · <strong>{t.requisitions.status[r.status]}</strong>
        {r.decidedBy && r.decidedAt && <> {t.requisitions.decidedBy(r.decidedBy, r.decidedAt)}</>}
        {r.syncState && <span className={`state state-${r.syncState}`}> {t.syncState[r.syncState]}</span>}
      </p>
      <dl>
        <dt>{t.requisitions.glass}</dt>
        <dd>{t.requisitions.levels[r.glassLevel]}</dd>
        <dt>{t.requisitions.frame}</dt>
        <dd>{t.requisitions.levels[r.frameLevel]}</dd>
        <dt>{t.requisitions.extras}</dt>
        <dd>{extras || t.requisitions.noExtras}</dd>
        <dt>{t.requisitions.maxAmount}</dt>
        <dd>{formatDkk(r.maxAmount)}</dd>
        {r.note && r.status !== 'pending' && (
          <>
            <dt>Note</dt>
            <dd>{r.note}</dd>
          </>
        )}
      </dl>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {r.status === 'pending' && (
        <div className="field">
          <label htmlFor={`${id}-note`}>{t.requisitions.note}</label>
          <textarea
            id={`${id}-note`}
            value={note}
            maxLength={500}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-note-error` : undefined}
          />
          {error && (
            <p id={`${id}-note-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="button" onClick={() => void decide('approved')} aria-describedby={`${id}-title`}>
              {t.requisitions.approve}
            </button>
            <button type="button" className="secondary" onClick={() => void decide('rejected')} aria-describedby={`${id}-title`}>
              {t.requisitions.reject}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
