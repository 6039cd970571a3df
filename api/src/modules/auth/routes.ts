import { Router, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { da, loginRequestSchema, registerRequestSchema, resendVerificationRequestSchema, storeLoginRequestSchema, verifyEmailRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { errorBody, HttpError, parseOr400 } from '../../http/errors';
import { SESSION_COOKIE, cookieOptions, readSessionToken, requireCsrf } from '../../http/identity';
import type { SessionResponse } from '@optik/shared';
import type { AuthService } from './service';

/** Which account a login attempt is for, so one attacker cannot lock out everyone behind a shared IP. */
function attemptKey(req: Request): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const who = typeof body.email === 'string' ? body.email : typeof body.username === 'string' ? body.username : '';
  return `${ipKeyGenerator(req.ip ?? '')}|${who.trim().toLowerCase()}`;
}

export function authRoutes(deps: { config: AppConfig; auth: AuthService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  // Failed attempts only: a customer who logs in and out all day is never throttled.
  const limiter = rateLimit({
    windowMs: deps.config.loginRateLimit.windowMs,
    limit: deps.config.loginRateLimit.max,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: attemptKey,
    handler: (_req, res) => {
      res.status(429).json(errorBody('rate_limited', da.errors.loginExpiredOrTooMany));
    },
  });

  function signIn(res: Response, { token, session }: { token: string; session: SessionResponse }) {
    res.cookie(SESSION_COOKIE, token, cookieOptions(deps.config, deps.config.sessionTtlMs));
    res.json(session);
  }

  r.post('/api/auth/register', csrf, async (req, res) => {
    const body = parseOr400(registerRequestSchema, req.body ?? {});
    res.status(201).json(await deps.auth.register(body));
  });

  r.post('/api/auth/verify-email', csrf, limiter, async (req, res) => {
    const { token } = parseOr400(verifyEmailRequestSchema, req.body ?? {});
    signIn(res, await deps.auth.verifyEmail(token));
  });

  r.post('/api/auth/resend-verification', csrf, limiter, async (req, res) => {
    const { email } = parseOr400(resendVerificationRequestSchema, req.body ?? {});
    await deps.auth.resendVerification(email);
    res.json({ success: true });
  });

  r.post('/api/auth/login', csrf, limiter, async (req, res) => {
    const body = parseOr400(loginRequestSchema, req.body ?? {});
    signIn(res, await deps.auth.login(body));
  });

  r.post('/api/auth/store/login', csrf, limiter, async (req, res) => {
    const body = parseOr400(storeLoginRequestSchema, req.body ?? {});
    signIn(res, await deps.auth.storeLogin(body));
  });

  r.post('/api/auth/logout', csrf, async (req, res) => {
    await deps.auth.logout(readSessionToken(req));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ success: true });
  });

  r.get('/api/auth/me', async (req, res) => {
    const who = await deps.auth.resolve(readSessionToken(req));
    if (!who) throw new HttpError(401, 'unauthenticated', da.errors.unauthenticated);
    res.set('Cache-Control', 'no-store');
    res.json({ user: who.user, expiresAt: who.session.expiresAt });
  });

  return r;
}
