import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { da } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { HttpError } from '../../http/errors';
import type { RateLimitService } from './service';

/** Wrong passwords an account takes at full speed; after them each attempt waits for its pause. */
export const LOGIN_FREE_ATTEMPTS = 5;
/** The longest pause between two attempts on one account: the owner never waits longer than this. */
export const LOGIN_MAX_PAUSE_MS = 60_000;

/**
 * An account's count is forgotten this long after its last attempt (or the login window, when
 * longer): well beyond the longest pause, so waiting out a pause never starts the count afresh.
 */
export const LOGIN_MEMORY_MS = 15 * 60_000;

/** The pause before the next attempt after `failures` counted ones: 1 s, 2 s, 4 s … up to a minute. */
export const loginPause = (failures: number): number => (failures < LOGIN_FREE_ATTEMPTS ? 0 : Math.min(LOGIN_MAX_PAUSE_MS, 1_000 * 2 ** (failures - LOGIN_FREE_ATTEMPTS)));

const tooMany = (ms: number) => new HttpError(429, 'rate_limited', da.errors.loginExpiredOrTooMany, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) });

/**
 * Password logins (issue 15 finding 2): failed attempts slow an account down instead of locking
 * its owner out, and one address may not try many accounts.
 *
 * - Per account (whatever the address): after `LOGIN_FREE_ATTEMPTS` wrong passwords each further
 *   attempt must wait a growing pause after the last one (1 s, 2 s, 4 s … at most
 *   `LOGIN_MAX_PAUSE_MS`); earlier it is answered 429 with Retry-After, computed from the stored
 *   time of the last attempt — nothing sleeps on the server. The right password resets it.
 * - Per address: at most `loginRateLimit.max` different accounts with failed attempts per window;
 *   it never counts the same account twice, so a customer mistyping their own password is paced
 *   by the account rule only, and the owner's e-ID login and password reset are not touched.
 *
 * Both are counted before the password is checked (atomic upserts: concurrent guesses cannot slip
 * past) and given back when the attempt was not a wrong password. Only a 401 counts as wrong.
 */
export class LoginThrottle {
  constructor(
    private readonly deps: { config: AppConfig; rateLimits: RateLimitService },
    /** Names the counters: shop logins and store logins count apart. */
    private readonly name: string,
  ) {}

  /** Runs a login attempt for `account` (e-mail or user name) from the request's address, throttled. */
  async run<T>(req: Request, account: string, attempt: () => Promise<T>): Promise<T> {
    const { rateLimits, config } = this.deps;
    const windowMs = config.loginRateLimit.windowMs;
    const who = account.trim().toLowerCase();
    const address = ipKeyGenerator(req.ip ?? '');
    const pair = `${address}|${who}`;

    // The address's guard: the first attempt on an account from this address takes a place among its accounts.
    const first = (await rateLimits.hit(`${this.name}-address-account`, pair, windowMs)).totalHits === 1;
    let placed = false;
    if (first) {
      const taken = await rateLimits.hit(`${this.name}-address`, address, windowMs);
      placed = true;
      if (taken.totalHits > config.loginRateLimit.max) {
        await Promise.all([rateLimits.unhit(`${this.name}-address`, address), rateLimits.unhit(`${this.name}-address-account`, pair)]);
        throw tooMany(taken.resetTime.getTime() - rateLimits.now().getTime());
      }
    }
    const giveBackPlace = async () => {
      if (placed) await Promise.all([rateLimits.unhit(`${this.name}-address`, address), rateLimits.unhit(`${this.name}-address-account`, pair)]);
    };

    // The account's pace.
    const paced = await rateLimits.paced(this.name, who, { pause: loginPause, windowMs: Math.max(windowMs, LOGIN_MEMORY_MS) });
    if (!paced.allowed) {
      await giveBackPlace();
      throw tooMany(paced.retryAfterMs);
    }

    try {
      const result = await attempt();
      await Promise.all([rateLimits.reset(this.name, who), giveBackPlace()]);
      return result;
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 500;
      if (status === 403) {
        // The password was right (the e-mail is not verified yet, or the terms wait): as a success.
        await Promise.all([rateLimits.reset(this.name, who), giveBackPlace()]);
      } else if (status !== 401) {
        await Promise.all([rateLimits.unhit(this.name, who), giveBackPlace()]);
      }
      throw err;
    }
  }
}
