import type { ErrorRequestHandler, Request, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { da, type SessionResponse } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { errorBody } from '../../http/errors';
import { SESSION_COOKIE, cookieOptions } from '../../http/identity';
import type { RateLimitService } from '../rate-limits/service';
import { TERMS_STEP_TTL_MS, TermsPendingError } from './service';

/** Holds the token of a login waiting for the terms to be accepted (httpOnly, signed, 15 minutes). */
export const PENDING_LOGIN_COOKIE = 'optik_login_pending';

/** Which account a login attempt is for, so one attacker cannot lock out everyone behind a shared IP. */
function attemptKey(req: Request): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const who = typeof body.email === 'string' ? body.email : typeof body.username === 'string' ? body.username : '';
  return `${ipKeyGenerator(req.ip ?? '')}|${who.trim().toLowerCase()}`;
}

/** What a limiter is built from: the limits in the config, the counters in storage (shared by every instance). */
export interface LimiterDeps {
  config: AppConfig;
  rateLimits: RateLimitService;
}

/**
 * Rate limit per IP and account. `failedOnly` counts only refused attempts (a customer who logs
 * in and out all day is never throttled); without it every request counts (mailing links,
 * whose answer is always the same). `name` names its counters: limiters of the same name count
 * together, on every API instance.
 */
export function attemptLimiter(deps: LimiterDeps, opts: { name: string; failedOnly: boolean; message: string }) {
  return rateLimit({
    windowMs: deps.config.loginRateLimit.windowMs,
    limit: deps.config.loginRateLimit.max,
    skipSuccessfulRequests: opts.failedOnly,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: attemptKey,
    store: deps.rateLimits.store(opts.name),
    handler: (_req, res) => {
      res.status(429).json(errorBody('rate_limited', opts.message));
    },
  });
}

/** The login limiter: failed attempts only, with the SPEC §8 "too many attempts" message. */
export const loginLimiter = (deps: LimiterDeps, name: string) => attemptLimiter(deps, { name, failedOnly: true, message: da.errors.loginExpiredOrTooMany });

/** Answers a successful login: the session cookie, and the session as JSON. */
export function signIn(res: Response, config: AppConfig, { token, session }: { token: string; session: SessionResponse }) {
  res.cookie(SESSION_COOKIE, token, cookieOptions(config, config.sessionTtlMs));
  res.clearCookie(PENDING_LOGIN_COOKIE, { path: '/' });
  res.json(session);
}

/** A router's last middleware: a "terms not accepted" answer leaves its token in the browser, then the app's error handler answers. */
export function pendingLoginCookie(config: AppConfig): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (err instanceof TermsPendingError) res.cookie(PENDING_LOGIN_COOKIE, err.pendingToken, cookieOptions(config, TERMS_STEP_TTL_MS));
    next(err);
  };
}

export function readPendingToken(req: Request): string | null {
  const v = (req.signedCookies as Record<string, unknown> | undefined)?.[PENDING_LOGIN_COOKIE];
  return typeof v === 'string' && v.length >= 32 ? v : null;
}
