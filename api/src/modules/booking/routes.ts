import { Router, type Request } from 'express';
import {
  availabilityQuerySchema,
  bookingAccessRequestSchema,
  bookingCreateRequestSchema,
  bookingRebookRequestSchema,
  bookingRescheduleRequestSchema,
  bookingUpdateRequestSchema,
} from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { readSessionToken, requireCsrf } from '../../http/identity';
import { currentUser, requireRole } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { BookingService } from './service';

/**
 * Eye-exam booking over HTTP (SPEC §2 /bestil-tid-til-synstest, /min-konto/bestil-tid-til-synstest).
 * Visitors book without an account. A booking is then opened with the manage link's token,
 * which travels in the request body (never in a URL, so never in a log), or by the signed-in
 * customer who owns it. Every change is a POST with the CSRF token.
 */
export function bookingRoutes(deps: { config: AppConfig; auth: AuthService; bookings: BookingService }): Router {
  const { auth, bookings } = deps;
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const customer = requireRole(auth, ['customer']);

  /** The signed-in customer, if any: their bookings are theirs without a link. */
  const customerId = async (req: Request): Promise<string | null> => {
    const who = await auth.resolve(readSessionToken(req));
    return who?.user.role === 'customer' ? who.user.id : null;
  };
  const access = async (req: Request, token: string | undefined) => ({ token, customerId: await customerId(req) });

  r.get('/api/bookings/availability', async (req, res) => {
    const q = parseOr400(availabilityQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    res.json({ data: await bookings.availability(q) });
  });

  r.post('/api/bookings', csrf, async (req, res) => {
    const body = parseOr400(bookingCreateRequestSchema, req.body ?? {});
    const { booking, token } = await bookings.create(body, await customerId(req));
    res.status(201).json({ data: booking, manageToken: token });
  });

  r.post('/api/bookings/:id/view', csrf, async (req, res) => {
    const { token } = parseOr400(bookingAccessRequestSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.json({ data: await bookings.get(req.params.id as string, await access(req, token)) });
  });

  r.post('/api/bookings/:id/update', csrf, async (req, res) => {
    const { token, ...details } = parseOr400(bookingUpdateRequestSchema, req.body ?? {});
    res.json({ data: await bookings.update(req.params.id as string, await access(req, token), details) });
  });

  r.post('/api/bookings/:id/reschedule', csrf, async (req, res) => {
    const { token, start } = parseOr400(bookingRescheduleRequestSchema, req.body ?? {});
    res.json({ data: await bookings.reschedule(req.params.id as string, await access(req, token), start) });
  });

  r.post('/api/bookings/:id/cancel', csrf, async (req, res) => {
    const { token } = parseOr400(bookingAccessRequestSchema, req.body ?? {});
    res.json({ data: await bookings.cancel(req.params.id as string, await access(req, token)) });
  });

  r.post('/api/bookings/:id/rebook', csrf, async (req, res) => {
    const body = parseOr400(bookingRebookRequestSchema, req.body ?? {});
    const { booking, token } = await bookings.rebook(req.params.id as string, await access(req, body.token), body);
    res.status(201).json({ data: booking, manageToken: token });
  });

  r.get('/api/account/bookings', customer, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await bookings.listForCustomer(currentUser(res).id) });
  });

  // The store's bookings (/api/staff/bookings…) are served by modules/staff/routes.ts.

  return r;
}
