/** Wall clock as a port so tests can move time (session expiry, rate-limit windows). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
