import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from 'pino';
import { HOUR_MS, startHourlyJob } from './hourly-job';

afterEach(() => {
  vi.useRealTimers();
});

/** Only the interval is faked; a real macrotask lets a run's promise settle. */
const fakeInterval = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A logger that only records what was logged as an error. */
function errorLog() {
  const errors: { err: unknown; msg: string }[] = [];
  const logger = { error: (obj: { err: unknown }, msg: string) => errors.push({ err: obj.err, msg }) } as unknown as Logger;
  return { logger, errors };
}

describe('startHourlyJob', () => {
  it('runs now and then every hour until stopped', () => {
    fakeInterval();
    const run = vi.fn(async () => undefined);
    const stop = startHourlyJob(run, { failure: 'fejl' });
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(HOUR_MS - 1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2 * HOUR_MS);
    expect(run).toHaveBeenCalledTimes(4);
    stop();
    vi.advanceTimersByTime(3 * HOUR_MS);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('logs a failed run, rejected or thrown, and keeps running', async () => {
    fakeInterval();
    const { logger, errors } = errorLog();
    const boom = new Error('nede');
    let calls = 0;
    const run = () => {
      calls += 1;
      if (calls === 1) return Promise.reject(boom);
      throw boom;
    };
    const stop = startHourlyJob(run, { logger, failure: 'månedskørsel mislykkedes', intervalMs: 1000 });
    await settled();
    expect(errors).toHaveLength(1);
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
    await settled();
    expect(errors).toEqual([
      { err: boom, msg: 'månedskørsel mislykkedes' },
      { err: boom, msg: 'månedskørsel mislykkedes' },
    ]);
    stop();
  });

  it('does not keep the process alive', () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const stop = startHourlyJob(async () => undefined, { failure: 'fejl' });
    const timer = setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    stop();
    setIntervalSpy.mockRestore();
  });
});
