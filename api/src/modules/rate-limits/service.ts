import { createHmac } from 'node:crypto';
import type { Options, Store } from 'express-rate-limit';
import type { Clock } from '../../deps';
import type { Storage } from '../../storage/port';
import { RateLimitRepository } from './repository';

/**
 * The rate limiters' hit counters, kept in storage so that every API instance on it counts the
 * same attempts (issue 14: nothing that must hold across instances lives in one process). A
 * limiter names its counters; limiters with the same name count together.
 */
export class RateLimitService {
  private readonly repo: RateLimitRepository;

  constructor(
    storage: Storage,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {
    this.repo = new RateLimitRepository(storage);
  }

  /** The time on the limiters' clock (windows and pauses run on it). */
  now(): Date {
    return this.clock.now();
  }

  /** A client's counter id: keyed hash of the limiter's name and the client's key (IP, e-mail …), so none is stored in clear. */
  private id(name: string, key: string): string {
    return createHmac('sha256', this.secret).update(`rate-limit:${name}:${key}`).digest('base64url');
  }

  /** An express-rate-limit store for one limiter (a new one per limiter: the library refuses a shared instance). */
  store(name: string): Store {
    return new StorageRateLimitStore(this, this.clock, name);
  }

  /** Counts a hit of `key` in limiter `name`; `resetTime`: when its window ends, on the clock. */
  async hit(name: string, key: string, windowMs: number): Promise<{ totalHits: number; resetTime: Date }> {
    const r = await this.repo.hit(this.id(name, key), this.clock.now(), windowMs);
    return { totalHits: r.hits, resetTime: new Date(r.resetAt) };
  }

  /**
   * Counts an attempt of `key` unless `limit` attempts are counted already; the counter lasts
   * `windowMs` after the last counted attempt (so a full one blocks for `windowMs`). Atomic: of
   * concurrent attempts no more than `limit` are counted. `allowed`: this one was counted.
   */
  async attempt(name: string, key: string, opts: { limit: number; windowMs: number }): Promise<{ allowed: boolean; totalHits: number; retryAfterMs: number }> {
    const now = this.clock.now();
    const { row, counted } = await this.repo.attempt(this.id(name, key), now, opts.limit, opts.windowMs);
    return { allowed: counted, totalHits: row.hits, retryAfterMs: counted ? 0 : Date.parse(row.resetAt) - now.getTime() };
  }

  /**
   * Counts an attempt of `key` when the pause after the last one has passed: `pause(hits)` (ms)
   * after `hits` counted attempts. Otherwise nothing is counted and `retryAfterMs` says how long
   * is left (computed from the stored time of the last attempt, so no one sleeps on the server).
   */
  async paced(name: string, key: string, opts: { pause: (hits: number) => number; windowMs: number }): Promise<{ allowed: boolean; totalHits: number; retryAfterMs: number }> {
    const { row, waitMs } = await this.repo.paced(this.id(name, key), this.clock.now(), opts.pause, opts.windowMs);
    return { allowed: waitMs === 0, totalHits: row.hits, retryAfterMs: waitMs };
  }

  async unhit(name: string, key: string): Promise<void> {
    await this.repo.unhit(this.id(name, key), this.clock.now());
  }

  async current(name: string, key: string): Promise<{ totalHits: number; resetTime: Date } | undefined> {
    const r = await this.repo.current(this.id(name, key), this.clock.now());
    return r && { totalHits: r.hits, resetTime: new Date(r.resetAt) };
  }

  async reset(name: string, key: string): Promise<void> {
    await this.repo.remove(this.id(name, key));
  }

  /** Removes the counters whose window has ended (the hourly clean-up); returns how many. */
  removeExpired(): Promise<number> {
    return this.repo.removeExpired(this.clock.now());
  }
}

/**
 * express-rate-limit's Store interface over the service: the window comes from the limiter's
 * options. The library reads a window's end against the process's own `Date.now()` (for the
 * headers, and whether a hit may still be taken back); the window runs on the injected clock,
 * so the store hands it the time left, from now on the process's clock (the same on the system clock).
 */
class StorageRateLimitStore implements Store {
  /** Counts are shared with every limiter (and instance) of the same name. */
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;

  constructor(
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    private readonly name: string,
  ) {
    this.prefix = `${name}:`;
  }

  private local<T extends { resetTime: Date } | undefined>(info: T): T {
    if (!info) return info;
    return { ...info, resetTime: new Date(Date.now() + (info.resetTime.getTime() - this.clock.now().getTime())) };
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string) {
    return this.local(await this.limits.current(this.name, key));
  }

  async increment(key: string) {
    return this.local(await this.limits.hit(this.name, key, this.windowMs));
  }

  decrement(key: string) {
    return this.limits.unhit(this.name, key);
  }

  resetKey(key: string) {
    return this.limits.reset(this.name, key);
  }
}
