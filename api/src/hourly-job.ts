import type { Logger } from 'pino';

export const HOUR_MS = 60 * 60 * 1000;

interface HourlyJobOptions {
  /** Where a failed run is logged, with `failure` as its message. */
  logger?: Logger;
  failure: string;
  /** Tests run it faster. */
  intervalMs?: number;
}

/**
 * Runs an idempotent background job now and then every hour (the lens deliveries, the Lifestyle
 * monthly run). A failed run is logged and the next one tries again — it never throws into the
 * timer or stops the server; the timer does not keep the process alive. Returns the stop function
 * the server calls on close.
 */
export function startHourlyJob(run: () => Promise<unknown>, { logger, failure, intervalMs = HOUR_MS }: HourlyJobOptions): () => void {
  // async: a job that throws before its first await is logged like one that rejects.
  const tick = () => void (async () => run())().catch((err: unknown) => logger?.error({ err }, failure));
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
