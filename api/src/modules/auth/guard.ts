import type { RequestHandler, Response } from 'express';
import { da, type Role, type SessionUser } from '@optik/shared';
import { HttpError } from '../../http/errors';
import { readSessionToken } from '../../http/identity';
import type { AuthService } from './service';

/** Lets the request through only for a live session with one of `roles`; the user is left in res.locals. */
export function requireRole(auth: AuthService, roles: readonly Role[]): RequestHandler {
  return async (req, res, next) => {
    const who = await auth.resolve(readSessionToken(req));
    if (!who) throw new HttpError(401, 'unauthenticated', da.errors.unauthenticated);
    if (!roles.includes(who.user.role)) throw new HttpError(403, 'forbidden', da.errors.forbidden);
    res.locals.user = who.user;
    next();
  };
}

export function currentUser(res: Response): SessionUser {
  const user = res.locals.user as SessionUser | undefined;
  if (!user) throw new Error('requireRole must run before this handler');
  return user;
}

export const STAFF_ROLES: readonly Role[] = ['store-staff', 'manager'];
