import { Router } from 'express';
import {
  accountDetailsUpdateSchema,
  da,
  eidCallbackRequestSchema,
  eidStartRequestSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { readSessionToken, requireCsrf, verifiedShopperId } from '../../http/identity';
import type { AccountService } from './account-service';
import type { EidService } from './eid-service';
import { currentUser, requireRole } from './guard';
import { attemptLimiter, loginLimiter, pendingLoginCookie, signIn } from './http';
import type { AuthService } from './service';
import type { RateLimitService } from '../rate-limits/service';

export interface AccountFeatureDeps {
  config: AppConfig;
  auth: AuthService;
  account: AccountService;
  eid: EidService;
  rateLimits: RateLimitService;
}

/**
 * Account features beyond login (SPEC §2 /min-konto/*): password reset by a mailed one-time
 * link, the customer's details and password, and login by national e-ID (SPEC §6).
 */
export function accountFeatureRoutes(deps: AccountFeatureDeps): Router {
  const { config, auth, account, eid } = deps;

  const r = Router();
  const csrf = requireCsrf(config);
  const limiter = loginLimiter(deps, 'account');
  // Every request counts: the answer is always the same, so "failed" cannot be told apart.
  const mailLimiter = attemptLimiter(deps, { name: 'password-reset-mail', failedOnly: false, message: da.errors.rateLimited });
  const customer = requireRole(auth, ['customer']);

  r.post('/api/auth/password-reset/request', csrf, mailLimiter, async (req, res) => {
    const { email } = parseOr400(passwordResetRequestSchema, req.body ?? {});
    await account.requestPasswordReset(email);
    res.json({ success: true });
  });

  r.post('/api/auth/password-reset', csrf, limiter, async (req, res) => {
    const body = parseOr400(passwordResetSchema, req.body ?? {});
    signIn(res, config, await account.resetPassword(body));
  });

  r.get('/api/account/details', customer, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await account.details(currentUser(res).id) });
  });

  r.post('/api/account/details', csrf, customer, async (req, res) => {
    const body = parseOr400(accountDetailsUpdateSchema, req.body ?? {});
    res.json({ data: await account.updateDetails(currentUser(res).id, body) });
  });

  r.post('/api/account/password', csrf, customer, limiter, async (req, res) => {
    const body = parseOr400(passwordChangeSchema, req.body ?? {});
    await account.changePassword(currentUser(res).id, readSessionToken(req), body);
    res.json({ success: true });
  });

  r.post('/api/eid/start', csrf, async (req, res) => {
    const { requestCpr } = parseOr400(eidStartRequestSchema, req.body ?? {});
    res.json(await eid.start(verifiedShopperId(res), requestCpr));
  });

  // No limiter: the callback proves nothing by guessing (the code is single-use and bound to this
  // shopper's state at the broker), and a cancelled MitID login must never hold up the next one (issue 15).
  r.post('/api/eid/callback', csrf, async (req, res) => {
    const body = parseOr400(eidCallbackRequestSchema, req.body ?? {});
    // A customer signed in here links an e-ID not linked yet to their own account.
    const who = await auth.resolve(readSessionToken(req));
    signIn(res, config, await eid.callback(verifiedShopperId(res), body, who?.user.role === 'customer' ? who.user : null));
  });

  // The simulator's own pages (/api/eid/sim/*) exist in demo mode only.
  if (config.demo && eid.provider.routes) r.use(eid.provider.routes());
  r.use(pendingLoginCookie(config));
  return r;
}
