import type { LoopRun } from '../../sync/loop';
import { dm } from './messages';

export interface SyncNowDeps {
  /** Staff asked to send now: a backoff delay still running is not waited for. */
  resetBackoff(): Promise<void>;
  /** The sync loop's trigger (never a second, overlapping run). */
  trigger(): Promise<LoopRun>;
  /** Commands still pending after the run (those it could not send). */
  pendingCount(): Promise<number>;
}

/** "Synkronisér nu": one run of the sync loop, told in a sentence — what went, what was refused, or why nothing could go. */
export async function syncNow(deps: SyncNowDeps): Promise<string> {
  await deps.resetBackoff();
  const { applied, rejected, stoppedBy } = await deps.trigger();
  const cut = stoppedBy.kind === 'offline' || stoppedBy.kind === 'waiting';
  if (applied || rejected) return dm.syncNow.done(applied, rejected) + (cut ? dm.syncNow.restWaits : '');
  if (cut) return dm.syncNow.offline;
  if (stoppedBy.kind === 'unauthenticated') return dm.syncNow.loggedOut;
  const blocked = await deps.pendingCount();
  return blocked ? dm.syncNow.blocked(blocked) : dm.syncNow.nothing;
}
