import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { da } from '@optik/shared';
import type { AppConfig } from '../deps';
import { HttpError } from './errors';

/**
 * Who is calling. The shopper cookie identifies an anonymous (or logged-in) shopper and is
 * the anchor of the CSRF token; the session cookie identifies a logged-in account.
 * Both are httpOnly and never readable by page scripts.
 */
export const SHOPPER_COOKIE = 'optik_shopper';
export const SESSION_COOKIE = 'optik_session';
export const CSRF_HEADER = 'csrf-token';

export function newId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

export function cookieOptions(config: AppConfig, maxAgeMs: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/', maxAge: maxAgeMs, signed: true };
}

/** The CSRF token is derived from the shopper id, so it needs no storage and survives restarts. */
export function csrfTokenFor(config: AppConfig, shopperId: string): string {
  return createHmac('sha256', config.secret).update(`csrf:${shopperId}`).digest('base64url');
}

/** Sessions and verification links are stored by a hash of their token: the data files hold no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function readShopperId(req: Request): string | null {
  const v = (req.signedCookies as Record<string, unknown> | undefined)?.[SHOPPER_COOKIE];
  return typeof v === 'string' && /^[\w-]{16,64}$/.test(v) ? v : null;
}

export function readSessionToken(req: Request): string | null {
  const v = (req.signedCookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof v === 'string' && v.length >= 32 ? v : null;
}

const SHOPPER_MAX_AGE = 1000 * 60 * 60 * 24 * 90;

/** Returns the caller's shopper id, issuing a new shopper cookie when there is none. */
export function ensureShopper(req: Request, res: Response, config: AppConfig): string {
  const existing = readShopperId(req);
  if (existing) return existing;
  const id = newId();
  res.cookie(SHOPPER_COOKIE, id, cookieOptions(config, SHOPPER_MAX_AGE));
  return id;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * State-changing calls must carry the shopper token in the CSRF-TOKEN header (SPEC §7).
 * A missing shopper cookie or a wrong header is refused with 403 before anything changes.
 * On success the verified shopper id is left in `res.locals.shopperId`.
 */
export function requireCsrf(config: AppConfig): RequestHandler {
  return (req, res, next) => {
    const shopperId = readShopperId(req);
    const header = req.get(CSRF_HEADER);
    if (!shopperId || !header || !safeEqual(header, csrfTokenFor(config, shopperId))) {
      throw new HttpError(403, 'csrf_invalid', da.errors.csrf);
    }
    res.locals.shopperId = shopperId;
    next();
  };
}

/** The shopper id verified by `requireCsrf`. */
export function verifiedShopperId(res: Response): string {
  const id: unknown = res.locals.shopperId;
  if (typeof id !== 'string') throw new Error('requireCsrf must run before this handler');
  return id;
}
