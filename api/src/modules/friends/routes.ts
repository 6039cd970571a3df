import { Router } from 'express';
import { friendsSignupRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { currentUser, requireRole } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { FriendsService } from './service';

/** SPEC §2 /min-konto/friends: the signed-in customer's own membership. */
export function friendsRoutes(deps: { config: AppConfig; auth: AuthService; friends: FriendsService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const customer = requireRole(deps.auth, ['customer']);

  r.get('/api/friends/membership', customer, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.friends.membership(currentUser(res).id) });
  });

  r.post('/api/friends/signup', csrf, customer, async (req, res) => {
    parseOr400(friendsSignupRequestSchema, req.body ?? {});
    res.json({ data: await deps.friends.signup(currentUser(res).id) });
  });

  r.post('/api/friends/leave', csrf, customer, async (_req, res) => {
    res.json({ data: await deps.friends.leave(currentUser(res).id) });
  });

  return r;
}
