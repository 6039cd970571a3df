import { useEffect, useId } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatCopenhagenShortDate, formatDkk, returnReasonNames, type ReturnReason } from '@optik/shared';
import type { LocalReturn, OutboxRow } from '../../db/db';
import { useCardAction, useRefusedCommands } from '../../counter-actions';
import { t } from '../../messages';
import { db, refreshReturns } from '../../services';
import { ReceiveReturnForm } from './receive-return-form';
import { approveReturn, discardReturnChange, resendApproval } from './return-actions';
import { rm } from './messages';
import './returns.css';

/** Returer (/returer): receive a return at the counter, approve it (the refund), and see the returns this store received. */
export function Returns() {
  useEffect(() => {
    void refreshReturns();
  }, []);
  return (
    <div className="card wide store-returns">
      <h1>{rm.title}</h1>
      <p>{rm.intro}</p>
      <ReceiveReturnForm />
      <ReceivedReturns />
    </div>
  );
}

function ReceivedReturns() {
  const id = useId();
  const returns = useLiveQuery(() => db.returns.orderBy('createdAt').reverse().toArray(), []);
  const refused = useRefusedCommands(['return.receive', 'return.confirm']);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{rm.listTitle}</h2>
      {returns && <p>{returns.length === 0 ? rm.none : rm.shown(returns.length)}</p>}
      <ul className="return-cards" aria-labelledby={`${id}-title`}>
        {(returns ?? []).map((r) => (
          <ReturnCard key={r.id} ret={r} refused={refused?.get(r.id) ?? null} />
        ))}
      </ul>
    </section>
  );
}

function ReturnCard({ ret, refused }: { ret: LocalReturn; refused: OutboxRow | null }) {
  const id = useId();
  const { notice, busy, run } = useCardAction();
  const label = ret.returnNumber ?? rm.awaitingNumber;
  const name = ret.returnNumber ?? rm.thisReturn;

  const amount =
    ret.refundAmount === null ? rm.amountLater : ret.status === 'refunded' ? rm.refundedAmount(formatDkk(ret.refundAmount)) : rm.toRefund(formatDkk(ret.refundAmount));
  return (
    <li className="return-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{label}</h3>
      <p className="return-meta">
        <span>{rm.ofOrder(ret.orderNumber)}</span>
        <span>{rm.receivedOn(formatCopenhagenShortDate(ret.createdAt))}</span>
        <span>{returnReasonNames[ret.reason as ReturnReason] ?? ret.reason}</span>
      </p>
      <ul className="return-lines-list">
        {ret.lines.map((l, i) => (
          <li key={i}>
            {l.quantity} × {l.description}
          </li>
        ))}
      </ul>
      <p>
        <strong>{rm.status[ret.status]}</strong> · {amount}
        {ret.syncState && ret.syncState !== 'synced' && <span className={`state state-${ret.syncState}`}> · {t.syncState[ret.syncState]}</span>}
      </p>
      {refused && (
        <div className="return-refused">
          <p role="alert" className="field-error">
            {rm.refused(refused.error?.message ?? '')}
          </p>
          <div className="actions">
            {refused.type === 'return.confirm' && (
              <button type="button" disabled={busy} aria-label={rm.retryFor(name)} onClick={() => void run(() => resendApproval(refused.id, refused.payload as Record<string, unknown>), rm.retried(name))}>
                {rm.retry}
              </button>
            )}
            <button type="button" className="secondary" disabled={busy} aria-label={rm.discardFor(refused.type === 'return.confirm' ? rm.discardApproval : rm.discardReturn, name)} onClick={() => void run(() => discardReturnChange(refused.id), rm.approvalUndone)}>
              {refused.type === 'return.confirm' ? rm.discardApproval : rm.discardReturn}
            </button>
          </div>
        </div>
      )}
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {ret.status === 'received' && !refused && (
        <button type="button" disabled={busy} aria-label={rm.approveFor(name)} onClick={() => void run(() => approveReturn(ret), rm.approved(name))}>
          {rm.approve}
        </button>
      )}
    </li>
  );
}
