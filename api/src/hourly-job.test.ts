import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from 'pino';
import { HOUR_MS, hourSlot, LEASE_MS, leasedJob, RENEW_MS, startHourlyJob } from './hourly-job';
import { jobLeasesCollection } from './jobs/records';
import { createMemoryStorage } from './storage/memory';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Only intervals are faked (the job's looks and its lease renewals); promises settle as usual.
 * vi.waitFor moves fake time 50 ms per check, far below the intervals used here.
 */
const fakeIntervals = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

class Clock {
  constructor(private t = Date.parse('2026-11-26T10:00:00Z')) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

/** One storage shared by the "instances" of a test. */
function shared() {
  const storage = createMemoryStorage([jobLeasesCollection]);
  const clock = new Clock();
  const lease = () => storage.collection(jobLeasesCollection).get('job');
  return { storage, clock, lease };
}

/** A run that waits until the test lets it finish. */
function blockedRun() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const run = vi.fn(() => done);
  return { run, finish };
}

/** A logger that only records what was logged as an error. */
function errorLog() {
  const errors: { err: unknown; msg: string }[] = [];
  const logger = { error: (obj: { err: unknown }, msg: string) => errors.push({ err: obj.err, msg }) } as unknown as Logger;
  return { logger, errors };
}

describe('leasedJob', () => {
  it('runs once per hour across two instances on one storage, and again the next hour', async () => {
    const { storage, clock, lease } = shared();
    const run = vi.fn(async () => undefined);
    const a = leasedJob(run, { name: 'job', storage, clock, holder: 'a' });
    const b = leasedJob(run, { name: 'job', storage, clock, holder: 'b' });

    const first = await Promise.all([a.tick(), b.tick()]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await lease()).toEqual({ id: 'job', holder: null, leaseUntil: null, lastRunSlot: '2026-11-26T10' });
    // Later in the same hour neither runs it again.
    clock.advance(59 * 60 * 1000);
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([false, false]);
    expect(run).toHaveBeenCalledTimes(1);

    clock.advance(60 * 1000);
    expect(await b.tick()).toBe(true);
    expect(await a.tick()).toBe(false);
    expect(run).toHaveBeenCalledTimes(2);
    expect((await lease())!.lastRunSlot).toBe('2026-11-26T11');
  });

  it('skips while another instance runs the job', async () => {
    const { storage, clock, lease } = shared();
    const { run, finish } = blockedRun();
    const a = leasedJob(run, { name: 'job', storage, clock, holder: 'a' });
    const b = leasedJob(run, { name: 'job', storage, clock, holder: 'b' });
    const running = a.tick();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(await lease()).toMatchObject({ holder: 'a', leaseUntil: new Date(clock.now().getTime() + LEASE_MS).toISOString(), lastRunSlot: null });
    expect(await b.tick()).toBe(false);
    // Its own next look while the run is under way skips too.
    expect(await a.tick()).toBe(false);
    finish();
    expect(await running).toBe(true);
    expect(await b.tick()).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("takes over a crashed holder's lease once it has expired", async () => {
    fakeIntervals(); // the crashed instance renews nothing
    const { storage, clock, lease } = shared();
    const crashed = blockedRun();
    const a = leasedJob(crashed.run, { name: 'job', storage, clock, holder: 'a' });
    void a.tick();
    await vi.waitFor(() => expect(crashed.run).toHaveBeenCalledTimes(1));

    const run = vi.fn(async () => undefined);
    const b = leasedJob(run, { name: 'job', storage, clock, holder: 'b' });
    clock.advance(LEASE_MS - 1);
    expect(await b.tick()).toBe(false);
    clock.advance(1);
    expect(await b.tick()).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await lease()).toEqual({ id: 'job', holder: null, leaseUntil: null, lastRunSlot: '2026-11-26T10' });
  });

  it('renews the lease while a long run goes on, so no other instance takes it over', async () => {
    fakeIntervals();
    const { storage, clock, lease } = shared();
    const { run, finish } = blockedRun();
    const a = leasedJob(run, { name: 'job', storage, clock, holder: 'a' });
    const b = leasedJob(async () => undefined, { name: 'job', storage, clock, holder: 'b' });
    const running = a.tick();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    for (let i = 1; i <= 6; i++) {
      clock.advance(RENEW_MS);
      vi.advanceTimersByTime(RENEW_MS);
      const until = new Date(clock.now().getTime() + LEASE_MS).toISOString();
      await vi.waitFor(async () => expect((await lease())!.leaseUntil).toBe(until));
    }
    // 12 minutes in: past the first lease, still held.
    expect(await b.tick()).toBe(false);
    finish();
    expect(await running).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('frees the lease after a failed run without recording the hour, so a later look runs it again', async () => {
    const { storage, clock, lease } = shared();
    const boom = new Error('nede');
    const a = leasedJob(() => Promise.reject(boom), { name: 'job', storage, clock, holder: 'a' });
    await expect(a.tick()).rejects.toBe(boom);
    expect(await lease()).toEqual({ id: 'job', holder: null, leaseUntil: null, lastRunSlot: null });
    const run = vi.fn(async () => undefined);
    expect(await leasedJob(run, { name: 'job', storage, clock, holder: 'b' }).tick()).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('names the hour in UTC', () => {
    expect(hourSlot(new Date('2026-11-26T10:59:59.999Z'))).toBe('2026-11-26T10');
    expect(hourSlot(new Date('2026-11-26T11:00:00.000+01:00'))).toBe('2026-11-26T10');
  });
});

describe('startHourlyJob', () => {
  it('runs now, looks again every interval, runs in the next hour, and stops', async () => {
    fakeIntervals();
    const { storage, clock } = shared();
    const run = vi.fn(async () => undefined);
    const stop = startHourlyJob(run, { name: 'job', storage, clock, failure: 'fejl', intervalMs: 60_000 });
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    clock.advance(HOUR_MS);
    vi.advanceTimersByTime(60_000);
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    stop();
    // Nothing is left to look again: no interval of the job (nor a lease renewal) remains.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a failed run, rejected or thrown, and a later look tries again', async () => {
    fakeIntervals();
    const { storage, clock } = shared();
    const { logger, errors } = errorLog();
    const boom = new Error('nede');
    let calls = 0;
    const run = () => {
      calls += 1;
      if (calls === 1) return Promise.reject(boom);
      if (calls === 2) throw boom;
      return Promise.resolve();
    };
    const stop = startHourlyJob(run, { name: 'job', storage, clock, logger, failure: 'månedskørsel mislykkedes', intervalMs: 60_000 });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(() => vi.advanceTimersByTime(60_000)).not.toThrow();
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    expect(errors).toEqual([
      { err: boom, msg: 'månedskørsel mislykkedes' },
      { err: boom, msg: 'månedskørsel mislykkedes' },
    ]);
    // The third look, still in the same hour, runs it (failures recorded no hour) and succeeds.
    vi.advanceTimersByTime(60_000);
    await vi.waitFor(async () => expect((await storage.collection(jobLeasesCollection).get('job'))!.lastRunSlot).toBe('2026-11-26T10'));
    expect(calls).toBe(3);
    expect(errors).toHaveLength(2);
    stop();
  });

  it('does not keep the process alive', () => {
    const { storage, clock } = shared();
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const stop = startHourlyJob(async () => undefined, { name: 'job', storage, clock, failure: 'fejl' });
    const timer = setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    stop();
    setIntervalSpy.mockRestore();
  });
});
