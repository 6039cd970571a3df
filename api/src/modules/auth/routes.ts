import { Router } from 'express';
import { acceptTermsRequestSchema, loginRequestSchema, registerRequestSchema, resendVerificationRequestSchema, storeLoginRequestSchema, verifyEmailRequestSchema, type MeResponse } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { SESSION_COOKIE, readSessionToken, requireCsrf } from '../../http/identity';
import { loginLimiter, pendingLoginCookie, readPendingToken, signIn } from './http';
import type { AuthService } from './service';
import { LoginThrottle } from '../rate-limits/login-throttle';
import type { RateLimitService } from '../rate-limits/service';

export function authRoutes(deps: { config: AppConfig; auth: AuthService; rateLimits: RateLimitService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  // Links and the terms step try long random tokens: failed attempts are limited per address (the client's, TRUST_PROXY).
  const limiter = loginLimiter(deps, 'login');
  // Passwords: paced per account, and one address may not try many accounts (LoginThrottle).
  const shopLogins = new LoginThrottle(deps, 'login-account');
  const storeLogins = new LoginThrottle(deps, 'store-login-account');

  r.post('/api/auth/register', csrf, async (req, res) => {
    const body = parseOr400(registerRequestSchema, req.body ?? {});
    res.status(201).json(await deps.auth.register(body));
  });

  r.post('/api/auth/verify-email', csrf, limiter, async (req, res) => {
    const { token } = parseOr400(verifyEmailRequestSchema, req.body ?? {});
    signIn(res, deps.config, await deps.auth.verifyEmail(token));
  });

  r.post('/api/auth/resend-verification', csrf, limiter, async (req, res) => {
    const { email } = parseOr400(resendVerificationRequestSchema, req.body ?? {});
    await deps.auth.resendVerification(email);
    res.json({ success: true });
  });

  r.post('/api/auth/login', csrf, async (req, res) => {
    const body = parseOr400(loginRequestSchema, req.body ?? {});
    signIn(res, deps.config, await shopLogins.run(req, body.email, () => deps.auth.login(body)));
  });

  r.post('/api/auth/store/login', csrf, async (req, res) => {
    const body = parseOr400(storeLoginRequestSchema, req.body ?? {});
    signIn(res, deps.config, await storeLogins.run(req, body.username, () => deps.auth.storeLogin(body)));
  });

  /** SPEC §3 "terms not accepted": the latest terms, then accepting them completes the login. */
  r.get('/api/auth/terms', async (_req, res) => {
    res.json(await deps.auth.terms());
  });

  r.post('/api/auth/accept-terms', csrf, limiter, async (req, res) => {
    const { version } = parseOr400(acceptTermsRequestSchema, req.body ?? {});
    signIn(res, deps.config, await deps.auth.acceptTerms(readPendingToken(req), version));
  });

  r.post('/api/auth/logout', csrf, async (req, res) => {
    await deps.auth.logout(readSessionToken(req));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ success: true });
  });

  r.get('/api/auth/me', async (req, res) => {
    const who = await deps.auth.resolve(readSessionToken(req));
    res.set('Cache-Control', 'no-store');
    // Not signed in is an answer (issue 16): a visitor's page load logs no failed request.
    const body: MeResponse = who ? { user: who.user, expiresAt: who.session.expiresAt } : { user: null };
    res.json(body);
  });

  r.use(pendingLoginCookie(deps.config));
  return r;
}
