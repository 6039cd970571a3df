import { describe, expect, it, vi } from 'vitest';
import { startSyncLoop, SYNC_INTERVAL_MS } from './loop';

function env() {
  const events = new EventTarget();
  const intervals: (() => void)[] = [];
  const timeouts = new Map<number, { fn: () => void; ms: number }>();
  let id = 0;
  return {
    events,
    intervals,
    timeouts,
    api: {
      events,
      isVisible: () => true,
      setInterval: (fn: () => void) => intervals.push(fn),
      clearInterval: vi.fn(),
      setTimeout: (fn: () => void, ms: number) => {
        timeouts.set(++id, { fn, ms });
        return id;
      },
      clearTimeout: (t: unknown) => timeouts.delete(t as number),
    },
  };
}

const idle = { applied: 0, rejected: 0, stoppedBy: { kind: 'idle' as const } };

describe('sync loop', () => {
  it('syncs at start, on online, on focus and on the interval', async () => {
    const drain = vi.fn(async () => idle);
    const e = env();
    const resetBackoff = vi.fn(async () => {});
    const loop = startSyncLoop({ drain, resetBackoff }, e.api);
    await vi.waitFor(() => expect(drain).toHaveBeenCalledTimes(1));
    e.events.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(drain).toHaveBeenCalledTimes(2));
    expect(resetBackoff).toHaveBeenCalledTimes(1);
    e.events.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(drain).toHaveBeenCalledTimes(3));
    expect(e.intervals).toHaveLength(1);
    e.intervals[0]!();
    await vi.waitFor(() => expect(drain).toHaveBeenCalledTimes(4));
    loop.stop();
    e.events.dispatchEvent(new Event('online'));
    expect(e.api.clearInterval).toHaveBeenCalled();
    expect(drain).toHaveBeenCalledTimes(4);
    expect(SYNC_INTERVAL_MS).toBe(30_000);
  });

  it('never overlaps runs: a trigger during a run gives exactly one more run', async () => {
    let release!: () => void;
    let calls = 0;
    const drain = vi.fn(async () => {
      calls += 1;
      if (calls === 1) await new Promise<void>((r) => (release = r));
      return idle;
    });
    const e = env();
    startSyncLoop({ drain, resetBackoff: async () => {} }, e.api);
    await vi.waitFor(() => expect(drain).toHaveBeenCalledTimes(1));
    e.events.dispatchEvent(new Event('online'));
    e.events.dispatchEvent(new Event('focus'));
    release();
    await vi.waitFor(() => expect(drain).toHaveBeenCalledTimes(2));
    expect(drain).toHaveBeenCalledTimes(2);
  });

  it('schedules a retry when the server could not be reached', async () => {
    const drain = vi.fn(async () => ({ applied: 0, rejected: 0, stoppedBy: { kind: 'offline' as const, retryAt: Date.now() + 250 } }));
    const e = env();
    startSyncLoop({ drain, resetBackoff: async () => {} }, e.api);
    await vi.waitFor(() => expect(e.timeouts.size).toBe(1));
    const [timer] = [...e.timeouts.values()];
    expect(timer!.ms).toBeGreaterThan(200);
    expect(timer!.ms).toBeLessThanOrEqual(250);
    timer!.fn();
    await vi.waitFor(() => expect(drain).toHaveBeenCalledTimes(2));
  });
});

describe('sync loop: what a run did', () => {
  it('answers a trigger with the counts of the run it joined and why that run stopped', async () => {
    const rounds = [
      { applied: 2, rejected: 1, stoppedBy: { kind: 'idle' as const } },
      { applied: 1, rejected: 0, stoppedBy: { kind: 'offline' as const, retryAt: Date.now() + 60_000 } },
    ];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const drain = vi.fn(async () => {
      if (drain.mock.calls.length === 1) await gate;
      return rounds.shift() ?? idle;
    });
    const loop = startSyncLoop({ drain, resetBackoff: async () => {} }, env().api);
    // Triggered during the start-up run: the run goes once more, and the answer covers both rounds.
    const answer = loop.trigger();
    release();
    expect(await answer).toEqual({ applied: 3, rejected: 1, stoppedBy: { kind: 'offline', retryAt: expect.any(Number) } });
    expect(await loop.trigger()).toEqual(idle);
  });
});
