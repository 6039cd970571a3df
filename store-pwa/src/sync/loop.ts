import type { SyncEngine } from './engine';

export interface LoopEnv {
  /** `window` in the app: 'online' and 'focus' events. */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** document.visibilityState check, so a hidden tab does not poll. */
  isVisible?: () => boolean;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export const SYNC_INTERVAL_MS = 30_000;

/** What one run of the loop did: commands applied and rejected, and why it stopped (the last round's outcome). */
export type LoopRun = Awaited<ReturnType<SyncEngine['drain']>>;

/**
 * When the outbox is sent: at start, on the `online` event, when the tab gets focus, on an
 * interval, and when a backoff delay ends. Background Sync is not used — Safari and Firefox
 * lack it. Runs never overlap: a trigger during a run schedules one more run after it.
 */
export function startSyncLoop(engine: Pick<SyncEngine, 'drain' | 'resetBackoff'>, env: LoopEnv, onRun?: (r: Awaited<ReturnType<SyncEngine['drain']>>) => void) {
  let running: Promise<LoopRun> | null = null;
  let again = false;
  let retryTimer: unknown = null;
  let stopped = false;

  const run = (): Promise<LoopRun> => {
    if (stopped) return Promise.resolve({ applied: 0, rejected: 0, stoppedBy: { kind: 'idle' } });
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      // A run that went again (triggered meanwhile) reports both rounds' counts and the last round's stop.
      const total: LoopRun = { applied: 0, rejected: 0, stoppedBy: { kind: 'idle' } };
      try {
        do {
          again = false;
          const r = await engine.drain();
          onRun?.(r);
          total.applied += r.applied;
          total.rejected += r.rejected;
          total.stoppedBy = r.stoppedBy;
          const next = r.stoppedBy;
          if ((next.kind === 'offline' || next.kind === 'waiting') && !stopped) {
            if (retryTimer !== null) env.clearTimeout(retryTimer);
            const at = next.kind === 'offline' ? next.retryAt : next.until;
            retryTimer = env.setTimeout(() => {
              retryTimer = null;
              void run();
            }, Math.max(0, at - Date.now()));
          }
        } while (again && !stopped);
        return total;
      } finally {
        // Cleared in the same step as the last `again` check, so no trigger falls in between.
        running = null;
      }
    })();
    return running;
  };

  const onTrigger = () => void run();
  const onOnline = () => void engine.resetBackoff().then(run);
  env.events.addEventListener('online', onOnline);
  env.events.addEventListener('focus', onTrigger);
  const interval = env.setInterval(() => {
    if (!env.isVisible || env.isVisible()) void run();
  }, SYNC_INTERVAL_MS);
  void run();

  return {
    /** Sync now (e.g. right after staff save a change); answers what the run did. */
    trigger: run,
    stop() {
      stopped = true;
      env.events.removeEventListener('online', onOnline);
      env.events.removeEventListener('focus', onTrigger);
      env.clearInterval(interval);
      if (retryTimer !== null) env.clearTimeout(retryTimer);
    },
  };
}
